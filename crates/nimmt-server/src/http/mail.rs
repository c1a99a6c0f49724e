//! The e-mail routes. For a logged-in account (`Authorization: Bearer` with a session token):
//! `GET /api/account/mail` (the address, whether it is verified, the "your move" setting),
//! `POST /api/account/mail` (set or change the address: a verification mail goes out),
//! `POST /api/account/mail/remove`, `POST /api/account/mail/your_move`. For anyone:
//! `POST /api/mail/forgot` (a reset mail, the same answer whether or not the name exists) and
//! `POST /api/mail/reset` (the new password, with the link's token). The links in mails open
//! small pages here: `GET /mail/verify` and `GET /mail/unsubscribe` ask, and a `POST` to the
//! same URL does it (a mail scanner that follows links changes nothing; the unsubscribe POST is
//! the one-click of RFC 8058). Refusals are `{"code", "error"}` in the caller's language.

use super::{lang_of, Answer, LangQuery};
use crate::accounts::{account, password, sessions};
use crate::forwarded::ClientIp;
use crate::mail::address::{self, YourMove};
use crate::mail::texts::text;
use crate::mail::{reset, MailError, Mailer};
use crate::refused::Refused;
use crate::session_end;
use crate::state::AppState;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use nimmt_protocol::{Lang, Text};
use serde::{Deserialize, Serialize};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/account/mail", get(show).post(set))
        .route("/api/account/mail/remove", post(remove))
        .route("/api/account/mail/your_move", post(your_move))
        .route("/api/mail/forgot", post(forgot))
        .route("/api/mail/reset", post(reset_password))
        .route("/mail/verify", get(verify_page).post(verify))
        .route("/mail/unsubscribe", get(unsubscribe_page).post(unsubscribe))
}

/// A mail action's failure as an HTTP refusal.
fn refused(e: MailError) -> Refused {
    match e {
        MailError::Refused(key) => {
            let status = match key {
                "mail_address_taken" | "mail_no_address" => StatusCode::CONFLICT,
                "mail_too_many" | "mail_reset_wait" => StatusCode::TOO_MANY_REQUESTS,
                "mail_link_used" | "mail_link_expired" => StatusCode::GONE,
                "mail_link_unknown" => StatusCode::NOT_FOUND,
                _ => StatusCode::BAD_REQUEST,
            };
            Refused::new(status, key)
        }
        MailError::Db(e) => Refused::storage(e),
        MailError::Send(e) => {
            tracing::warn!("a mail was not sent: {e}");
            Refused::new(StatusCode::SERVICE_UNAVAILABLE, "mail_not_sent")
        }
    }
}

fn mailer(state: &AppState) -> Result<&Mailer, Refused> {
    state
        .mailer
        .as_ref()
        .ok_or_else(|| Refused::new(StatusCode::NOT_FOUND, "mail_not_offered"))
}

/// The account of the request's session token (a guest gets `account_needed`).
async fn account_of(state: &AppState, headers: &HeaderMap) -> Result<account::Account, Refused> {
    Ok(super::accounts::account_caller(state, headers).await?.0)
}

/// An account's mail settings as its page shows them.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub struct MailSettings {
    /// Whether the room sends mail at all.
    pub offered: bool,
    pub address: Option<String>,
    pub verified: bool,
    pub your_move: YourMove,
}

async fn settings(state: &AppState, player: &str) -> Result<MailSettings, Refused> {
    let found = address::of_player(state.store.pool(), player)
        .await
        .map_err(Refused::storage)?;
    Ok(MailSettings {
        offered: state.mailer.is_some(),
        verified: found.as_ref().is_some_and(|a| a.verified),
        your_move: found.as_ref().map_or(YourMove::Off, |a| a.your_move),
        address: found.map(|a| a.address),
    })
}

async fn show(State(state): State<AppState>, headers: HeaderMap) -> Answer {
    let a = account_of(&state, &headers).await?;
    Ok(Json(settings(&state, &a.player).await?).into_response())
}

#[derive(Deserialize)]
struct SetAddress {
    address: String,
}

/// Sets or changes the address; the verification mail goes out in the request's language.
async fn set(
    State(state): State<AppState>,
    Query(q): Query<LangQuery>,
    headers: HeaderMap,
    Json(body): Json<SetAddress>,
) -> Answer {
    let lang = lang_of(&q, &headers);
    let a = account_of(&state, &headers).await?;
    let mailer = mailer(&state)?;
    address::set(
        state.store.pool(),
        mailer,
        &a.player,
        &a.name,
        &body.address,
        lang,
    )
    .await
    .map_err(refused)?;
    Ok((
        StatusCode::ACCEPTED,
        Json(settings(&state, &a.player).await?),
    )
        .into_response())
}

async fn remove(State(state): State<AppState>, headers: HeaderMap) -> Answer {
    let a = account_of(&state, &headers).await?;
    address::remove(state.store.pool(), &a.player)
        .await
        .map_err(Refused::storage)?;
    Ok(Json(settings(&state, &a.player).await?).into_response())
}

#[derive(Deserialize)]
struct SetYourMove {
    your_move: YourMove,
}

async fn your_move(
    State(state): State<AppState>,
    headers: HeaderMap,
    Json(body): Json<SetYourMove>,
) -> Answer {
    let a = account_of(&state, &headers).await?;
    mailer(&state)?;
    address::set_your_move(state.store.pool(), &a.player, body.your_move)
        .await
        .map_err(refused)?;
    Ok(Json(settings(&state, &a.player).await?).into_response())
}

#[derive(Deserialize)]
struct Forgot {
    /// The account's name or its address.
    who: String,
}

/// "Forgot password": always `202` for a name or address (known or not), unless over the limit.
async fn forgot(
    State(state): State<AppState>,
    ClientIp(peer): ClientIp,
    Json(body): Json<Forgot>,
) -> Answer {
    let mailer = mailer(&state)?;
    let client = crate::addr::client_key(peer).to_string();
    reset::request(state.store.pool(), mailer, &body.who, &client)
        .await
        .map_err(refused)?;
    Ok(StatusCode::ACCEPTED.into_response())
}

#[derive(Deserialize)]
struct NewPassword {
    token: String,
    password: String,
}

/// Sets the new password with a reset link's token; every session of the account ends.
async fn reset_password(State(state): State<AppState>, Json(body): Json<NewPassword>) -> Answer {
    let mailer = mailer(&state)?;
    super::accounts::check_password(&body.password)?;
    let pool = state.store.pool();
    reset::check(pool, &body.token, mailer.clock.now_ms())
        .await
        .map_err(refused)?;
    let hash = password::hash(body.password).await;
    let player = reset::redeem(pool, &body.token, &hash, mailer.clock.now_ms())
        .await
        .map_err(refused)?;
    session_end::end(&state, &player, sessions::Ending::All).await;
    tracing::info!("the password of identity {player} was reset by mail");
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize, Default)]
struct LinkQuery {
    #[serde(default)]
    token: String,
    lang: Option<String>,
}

fn link_lang(q: &LinkQuery, headers: &HeaderMap) -> Lang {
    lang_of(&LangQuery::of(q.lang.clone()), headers)
}

/// `<`, `>`, `&` and quotes written as entities.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// A small page: a title, a line, and a button that POSTs to the same URL if `button` is given.
fn page(lang: Lang, status: StatusCode, title: &str, line: &str, button: Option<&str>) -> Response {
    let form = button.map_or(String::new(), |b| {
        format!("<form method=\"post\"><button type=\"submit\" data-testid=\"confirm\">{}</button></form>", escape(b))
    });
    let back = text(lang, "page_back", &[]);
    let html = format!(
        "<!doctype html><html lang=\"{l}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{t}</title><style>body{{font-family:system-ui,sans-serif;max-width:32rem;\
         margin:3rem auto;padding:0 1rem;line-height:1.5}}button{{font-size:1rem;\
         padding:.5rem 1rem}}</style></head><body><h1>{t}</h1><p data-testid=\"message\">{m}</p>\
         {form}<p><a href=\"/\">{back}</a></p></body></html>",
        l = crate::mail::texts::lang_name(lang),
        t = escape(title),
        m = escape(line),
        back = escape(&back),
    );
    (status, Html(html)).into_response()
}

/// A refusal as a page.
fn refused_page(lang: Lang, title: &str, r: Refused) -> Response {
    let line = Text::new(lang, r.key, r.params).text;
    page(lang, r.status, title, &line, None)
}

async fn verify_page(
    State(state): State<AppState>,
    Query(q): Query<LinkQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = link_lang(&q, &headers);
    let title = text(lang, "page_verify_title", &[]);
    let Some(mailer) = state.mailer.as_ref() else {
        return refused_page(
            lang,
            &title,
            Refused::new(StatusCode::NOT_FOUND, "mail_not_offered"),
        );
    };
    let pool = state.store.pool();
    let found = async {
        let mut conn = pool.acquire().await?;
        let link =
            crate::mail::links::find(&mut conn, crate::mail::links::Purpose::Verify, &q.token)
                .await?
                .ok_or(MailError::Refused("mail_link_unknown"))?;
        link.usable(mailer.clock.now_ms())
            .map_err(|r| MailError::Refused(r.key()))?;
        let a = address::of_player(pool, &link.player)
            .await?
            .filter(|a| address::key(&a.address) == link.address_key)
            .ok_or(MailError::Refused("mail_link_unknown"))?;
        Ok::<_, MailError>(a.address)
    }
    .await;
    match found {
        Ok(a) => {
            let ask = text(lang, "page_verify_ask", &[("address", &a)]);
            let button = text(lang, "page_verify_button", &[]);
            page(lang, StatusCode::OK, &title, &ask, Some(&button))
        }
        Err(e) => refused_page(lang, &title, refused(e)),
    }
}

async fn verify(
    State(state): State<AppState>,
    Query(q): Query<LinkQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = link_lang(&q, &headers);
    let title = text(lang, "page_verify_title", &[]);
    let Some(mailer) = state.mailer.as_ref() else {
        return refused_page(
            lang,
            &title,
            Refused::new(StatusCode::NOT_FOUND, "mail_not_offered"),
        );
    };
    match address::verify(state.store.pool(), &q.token, mailer.clock.now_ms()).await {
        Ok(a) => page(
            lang,
            StatusCode::OK,
            &title,
            &text(lang, "page_verified", &[("address", &a)]),
            None,
        ),
        Err(e) => refused_page(lang, &title, refused(e)),
    }
}

async fn unsubscribe_page(
    State(state): State<AppState>,
    Query(q): Query<LinkQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = link_lang(&q, &headers);
    let title = text(lang, "page_unsubscribe_title", &[]);
    match address::by_unsubscribe(state.store.pool(), &q.token).await {
        Ok(Some(a)) => {
            let ask = text(lang, "page_unsubscribe_ask", &[("address", &a.address)]);
            let button = text(lang, "page_unsubscribe_button", &[]);
            page(lang, StatusCode::OK, &title, &ask, Some(&button))
        }
        Ok(None) => refused_page(
            lang,
            &title,
            refused(MailError::Refused("mail_link_unknown")),
        ),
        Err(e) => refused_page(lang, &title, Refused::storage(e)),
    }
}

/// The one-click unsubscribe (RFC 8058: the mail program POSTs `List-Unsubscribe=One-Click`
/// to the link; the page's button POSTs to it too).
async fn unsubscribe(
    State(state): State<AppState>,
    Query(q): Query<LinkQuery>,
    headers: HeaderMap,
) -> Response {
    let lang = link_lang(&q, &headers);
    let title = text(lang, "page_unsubscribe_title", &[]);
    match address::unsubscribe(state.store.pool(), &q.token).await {
        Ok(a) => page(
            lang,
            StatusCode::OK,
            &title,
            &text(lang, "page_unsubscribed", &[("address", &a)]),
            None,
        ),
        Err(e) => refused_page(lang, &title, refused(e)),
    }
}
