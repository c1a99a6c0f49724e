//! The answers of the ratings routes when they have nothing to show: nobody of that address, or
//! a database that failed (the one error shape, `crate::refused`, in the caller's language).

use crate::refused::Refused;
use axum::http::StatusCode;
use axum::response::Response;
use nimmt_protocol::Lang;

/// The answer for an address that names nobody.
pub fn no_such_player(address: &str, lang: Lang) -> Response {
    Refused::new(StatusCode::NOT_FOUND, "no_such_address")
        .with("address", address)
        .respond(lang)
}

/// The answer when the database failed (the cause goes to the log).
pub fn storage_failed(e: sqlx::Error, lang: Lang) -> Response {
    Refused::storage(format!("ratings: {e}")).respond(lang)
}

/// The language of a request to a ratings route (`?lang=` or `Accept-Language`).
pub fn lang(headers: &axum::http::HeaderMap) -> Lang {
    crate::http::lang_of(&crate::http::LangQuery::default(), headers)
}
