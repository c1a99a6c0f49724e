//! A refused HTTP request, on every route of the room: its status, its text key with
//! parameters, and how long to wait before trying again; answered as `{"code", "error"}` — the
//! one shape of every HTTP error — with the text in the caller's language. What went wrong
//! inside (a database error, an unreadable record) goes to the log, never to the caller.
//!
//! A handler returns a `Refused` as it is (`Result<_, Refused>`, `?`): the room's layer
//! `http::localize` answers it in the language the request asks for.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use nimmt_protocol::{Lang, Text};
use nimmt_room::Refusal;

/// The body of every HTTP error: a stable code and a text for people in the caller's language.
#[derive(serde::Serialize, serde::Deserialize, Debug)]
pub struct ApiError {
    pub code: String,
    pub error: String,
}

#[derive(Clone, Debug)]
pub struct Refused {
    pub status: StatusCode,
    pub key: &'static str,
    pub params: Vec<(&'static str, String)>,
    /// Seconds to wait before trying again (the `Retry-After` header).
    pub retry_after: Option<u64>,
}

impl Refused {
    pub fn new(status: StatusCode, key: &'static str) -> Refused {
        Refused {
            status,
            key,
            params: Vec::new(),
            retry_after: None,
        }
    }

    /// A WebSocket refusal's text (its key and parameters) answered with `status`.
    pub fn of(status: StatusCode, refusal: Refusal) -> Refused {
        Refused {
            params: refusal.params,
            ..Refused::new(status, refusal.key)
        }
    }

    pub fn with(mut self, name: &'static str, value: impl ToString) -> Refused {
        self.params.push((name, value.to_string()));
        self
    }

    /// Something of the room's own failed (an unreadable record): `key` (500); the cause goes
    /// to the log.
    pub fn internal(key: &'static str, e: impl std::fmt::Display) -> Refused {
        tracing::error!("{key}: {e}");
        Refused::new(StatusCode::INTERNAL_SERVER_ERROR, key)
    }

    /// The database failed: `storage` (503); the cause goes to the log.
    pub fn storage(e: impl std::fmt::Display) -> Refused {
        tracing::warn!("a request could not be stored or read: {e}");
        Refused::new(StatusCode::SERVICE_UNAVAILABLE, "storage")
    }

    pub fn respond(self, lang: Lang) -> Response {
        let text = Text::new(lang, self.key, self.params).text;
        let body = ApiError {
            code: self.key.to_owned(),
            error: text,
        };
        let mut r = (self.status, Json(body)).into_response();
        if let Some(secs) = self.retry_after {
            r.headers_mut().insert(
                header::RETRY_AFTER,
                secs.to_string().parse().expect("digits"),
            );
        }
        r
    }
}

/// A refusal answered without knowing the caller's language: in English, and carried along in
/// the response's extensions so that `http::localize` answers it again in the caller's.
impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let mut r = self.clone().respond(Lang::En);
        r.extensions_mut().insert(self);
        r
    }
}
