//! A refused HTTP request of the room's JSON routes (accounts, moderation): its status, its text
//! key with parameters, and how long to wait before trying again; answered as
//! `{"code", "error"}` with the text in the caller's language.

use crate::conn::Refusal;
use crate::http::ApiError;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use nimmt_protocol::{Lang, Text};

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

    /// The database failed: `storage` (503); the cause goes to the log.
    pub fn storage(e: impl std::fmt::Display) -> Refused {
        tracing::warn!("a request could not be stored or read: {e}");
        Refused::new(StatusCode::SERVICE_UNAVAILABLE, "storage")
    }

    pub fn respond(self, lang: Lang) -> Response {
        let text = Text::new(lang, self.key, self.params).text;
        let body = ApiError {
            code: self.key,
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
