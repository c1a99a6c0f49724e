//! The HTTP routes of profiles, game histories and leaderboards, and the browser's pages for
//! them (the client's page, whatever the name: a name may hold a dot).

use crate::AppState;
use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use axum::routing::get;
use axum::Router;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/players/{name}", get(super::profile::route))
        .route("/api/players/{name}/games", get(super::games::route))
        .route("/api/leaderboard/{game}", get(super::leaderboard::route))
        .route("/players/{name}", get(page))
        .route("/leaderboard/{game}", get(page))
}

/// The browser client's page (it reads the address itself).
async fn page(state: State<AppState>, headers: axum::http::HeaderMap) -> Response {
    crate::http::assets(state, Uri::from_static("/"), headers).await
}
