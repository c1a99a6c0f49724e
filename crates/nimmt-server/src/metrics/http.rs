//! Per-route HTTP latency: a middleware that times every request by the route it matched (the
//! route's pattern such as `/api/games/{id}/record`, never the raw path, so the label sets stay
//! few) and counts its responses by status class. `/ws` is timed up to the upgrade.

use super::histogram::{Family, Histogram};
use axum::extract::{MatchedPath, Request};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Upper bounds (seconds) of the request latency histogram.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
];

/// The route label of a request no route matched (the browser client's files, or nothing).
pub const FALLBACK: &str = "fallback";

/// One route and method: its latency and its responses by status class (1xx … 5xx).
pub struct Route {
    pub latency: Histogram,
    pub statuses: [AtomicU64; 5],
}

/// (method, route) → what was measured.
pub static ROUTES: Family<(&'static str, String), Route> = Family::new();

/// A method as a label: the usual ones by name, any other as `other`.
fn method(m: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *m {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// Times the request and counts its answer under its route.
pub async fn track(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method(req.method());
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned());
    let response = next.run(req).await;
    let took = started.elapsed();
    let route = route.unwrap_or_else(|| FALLBACK.to_owned());
    let key = (method, route);
    let m = ROUTES.get(&key, || {
        (
            key.clone(),
            Route {
                latency: Histogram::new(BUCKETS),
                statuses: Default::default(),
            },
        )
    });
    m.latency.observe(took);
    let class = (response.status().as_u16() / 100).clamp(1, 5) as usize - 1;
    m.statuses[class].fetch_add(1, Ordering::Relaxed);
    response
}
