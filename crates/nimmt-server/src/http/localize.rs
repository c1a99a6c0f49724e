//! Every refusal in the caller's language: a route's handler or extractor returns a
//! [`Refused`] as it is, and this layer, around every route, answers it in the language the
//! request asks for (`?lang=`, else `Accept-Language`, else English).

use super::{lang_of, LangQuery};
use crate::refused::Refused;
use axum::extract::{Query, Request};
use axum::middleware::Next;
use axum::response::Response;

/// Runs the request; a refusal in the answer is answered again in the request's language.
pub async fn in_callers_language(request: Request, next: Next) -> Response {
    let query = Query::<LangQuery>::try_from_uri(request.uri())
        .map(|q| q.0)
        .unwrap_or_default();
    let lang = lang_of(&query, request.headers());
    let mut response = next.run(request).await;
    match response.extensions_mut().remove::<Refused>() {
        Some(refused) => refused.respond(lang),
        None => response,
    }
}
