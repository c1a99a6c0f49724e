//! Bot accounts and their API tokens against a real server, on both databases: an account becomes
//! a bot account (once, before any rated game, never as an operator), makes a token that is shown
//! once and listed without its secret, connects with it under its own name as a bot, and the
//! token opens none of the account's own routes; revoking it closes its connection (4005) and
//! refuses it from then on, on every node of a cluster. Leaderboards count bots apart from
//! people; profiles and game lists mark bot accounts.

mod common;

use common::accounts::{get, post, request, sign_up};
use common::{http_get, Db, Player};
use futures_util::StreamExt;
use nimmt_protocol::{CloseReason, ErrorCode, Lang, ServerMsg};
use nimmt_server::client::Client;
use nimmt_server::moderation::operators;
use nimmt_server::ratings::shown;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

const PASSWORD: &str = "a long enough password";
const NEW_PASSWORD: &str = "another long enough password";

/// Runs a scenario on SQLite and on PostgreSQL.
macro_rules! on_both {
    ($scenario:ident, $sqlite:ident, $postgres:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            $scenario(&Db::sqlite()).await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            let db = Db::postgres().await;
            $scenario(&db).await;
            db.drop_schema().await;
        }
    };
}

/// The close code `c` gets within `secs` (frames before it are skipped).
async fn close_code(c: &mut Client, secs: u64) -> Option<u16> {
    let mut close = None;
    let _ = tokio::time::timeout(Duration::from_secs(secs), async {
        while let Some(m) = c.socket.next().await {
            match m {
                Ok(Message::Close(f)) => {
                    close = f.map(|f| u16::from(f.code));
                    break;
                }
                Ok(_) => {}
                Err(_) => break,
            }
        }
    })
    .await;
    close
}

/// The refusal of a hello as `name` with `token`, or the welcome's (player, name).
async fn hello(url: &str, name: &str, token: &str) -> Result<(String, String), ErrorCode> {
    let mut c = Client::connect(url).await.unwrap();
    c.send(nimmt_protocol::ClientMsg::Hello {
        protocol: nimmt_protocol::PROTOCOL_VERSION,
        name: name.to_owned(),
        token: Some(token.to_owned()),
        lang: Lang::En,
    })
    .await
    .unwrap();
    match c
        .recv_until(10, |m| {
            matches!(m, ServerMsg::Welcome { .. } | ServerMsg::Error { .. })
        })
        .await
        .unwrap()
    {
        ServerMsg::Welcome { player, name, .. } => Ok((player, name)),
        ServerMsg::Error { code, .. } => Err(code),
        other => panic!("{other:?}"),
    }
}

/// Makes the account of `session` a bot account; the status and answer.
async fn become_bot(addr: SocketAddr, session: &str) -> (u16, Value) {
    post(
        addr,
        "/api/account/bot",
        Some(session),
        json!({"confirm": true}),
    )
    .await
}

/// Asks for a token named `name` for the account of `token`: the status and the refusal's code.
async fn ask_token(addr: SocketAddr, token: &str, name: &str) -> (u16, Option<String>) {
    let (status, body) = post(
        addr,
        "/api/account/tokens",
        Some(token),
        json!({"name": name}),
    )
    .await;
    (status, body["code"].as_str().map(str::to_owned))
}

/// A new token named `name` of the account of `session`: its (id, secret).
async fn new_token(addr: SocketAddr, session: &str, name: &str) -> (String, String) {
    let (status, body) = post(
        addr,
        "/api/account/tokens",
        Some(session),
        json!({"name": name}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["name"], name);
    (
        body["id"].as_str().unwrap().to_owned(),
        body["token"].as_str().unwrap().to_owned(),
    )
}

/// Revokes the token `id` of the account of `session`; the status and answer.
async fn revoke(addr: SocketAddr, session: &str, id: &str) -> (u16, Value) {
    let path = format!("/api/account/tokens/{id}");
    request(addr, "DELETE", &path, Some(session), None).await
}

/// The id of the newest token of the account of `session`.
async fn last_id(addr: SocketAddr, session: &str) -> String {
    let (_, list) = get(addr, "/api/account/tokens", Some(session)).await;
    let list = list.as_array().unwrap();
    list.last().unwrap()["id"].as_str().unwrap().to_owned()
}

/// Stores a finished game of `game` between `seats` (identity, name), the first the winner.
async fn a_finished_game(pool: &sqlx::AnyPool, table: i64, rated: bool, seats: &[(&str, &str)]) {
    for (i, (identity, name)) in seats.iter().enumerate() {
        sqlx::query(
            "INSERT INTO nimmt_results (table_id, seat, seq, game, identity, name, score, place, \
             won, seats, rated, finished_at) VALUES ($1, $2, $3, 'classic', $4, $5, $6, $7, $8, \
             $9, $10, $11)",
        )
        .bind(table)
        .bind(i as i64)
        .bind(table)
        .bind(identity.to_string())
        .bind(name.to_string())
        .bind(i as i64 * 5)
        .bind(i as i64 + 1)
        .bind(i64::from(i == 0))
        .bind(seats.len() as i64)
        .bind(i64::from(rated))
        .bind(1_700_000_000_000_i64 + table)
        .execute(pool)
        .await
        .unwrap();
    }
}

async fn a_bot_account_connects_with_its_token_until_it_is_revoked(db: &Db) {
    let (srv, url) = common::server(db).await;
    let addr = srv.addr;
    let (player, session) = sign_up(addr, None, "Robo", PASSWORD).await;
    let me = get(addr, "/api/account", Some(&session)).await.1;
    assert_eq!(me["bot"], false);

    // A person's account has no tokens; becoming a bot must be confirmed.
    assert_eq!(
        ask_token(addr, &session, "x").await,
        (403, Some("bot_account_needed".to_owned()))
    );
    let (status, body) = post(addr, "/api/account/bot", Some(&session), json!({})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("bot_confirm_needed"))
    );
    assert_eq!(
        get(addr, "/api/account", Some(&session)).await.1["bot"],
        false
    );
    let (status, body) = become_bot(addr, &session).await;
    assert_eq!((status, &body), (200, &json!({"bot": true})));
    assert_eq!(
        get(addr, "/api/account", Some(&session)).await.1["bot"],
        true
    );
    // A bot account is never an operator.
    let refused = operators::grant(srv.store.pool(), &player).await;
    let why = refused.expect_err("a bot account was made an operator");
    assert!(why.to_string().contains("bot account"), "{why}");
    assert!(!operators::is_operator(srv.store.pool(), &player)
        .await
        .unwrap());

    // A token, shown once; its name is checked.
    for bad in ["", "   ", &"x".repeat(41)] {
        assert_eq!(
            ask_token(addr, &session, bad).await,
            (400, Some("token_name_bad".to_owned())),
            "{bad:?}"
        );
    }
    let (id, token) = new_token(addr, &session, "laptop").await;
    assert!(token.starts_with(nimmt_protocol::API_TOKEN_PREFIX) && token.len() == 66);
    let (status, list) = get(addr, "/api/account/tokens", Some(&session)).await;
    assert_eq!(status, 200);
    let listed = list.as_array().unwrap();
    assert_eq!(listed.len(), 1, "{list}");
    assert_eq!(listed[0]["id"], id.as_str());
    assert_eq!(listed[0]["name"], "laptop");
    assert_eq!(listed[0]["last_used_ms"], Value::Null);
    assert!(
        !list.to_string().contains(&token[2..]),
        "the secret is listed"
    );

    // A bot program need not say a name (not even a valid one).
    assert_eq!(
        hello(&url, "", &token).await,
        Ok((player.clone(), "Robo".to_owned()))
    );
    // The account's data lists its tokens, never their secrets.
    let data = get(addr, "/api/account/data", Some(&session)).await.1;
    assert_eq!(
        (&data["bot"], &data["api_tokens"][0]["name"]),
        (&json!(true), &json!("laptop"))
    );
    assert!(!data.to_string().contains(&token[2..]), "{data}");
    // The token connects: the account's identity and name, marked as a bot.
    let mut robo = Player::join_as(&url, "Whatever Name", Some(&token)).await;
    assert_eq!(
        (robo.me.player.as_str(), robo.me.name.as_str()),
        (player.as_str(), "Robo")
    );
    let list = get(addr, "/api/account/tokens", Some(&session)).await.1;
    assert!(list[0]["last_used_ms"].as_i64().unwrap() > 0, "{list}");
    // What it says at its table is marked as a bot's; a person's line is not.
    let table = robo.create(&[], Some(2)).await;
    let mut ann = Player::join(&url, "Ann").await;
    ann.sit(table).await;
    robo.say("good luck").await;
    ann.say("thanks").await;
    // The two lines come in either order.
    let mut marks = std::collections::BTreeMap::new();
    while marks.len() < 2 {
        if let ServerMsg::Chat { text, bot, .. } = ann
            .recv_until(|m| matches!(m, ServerMsg::Chat { .. }))
            .await
        {
            marks.insert(text, bot);
        }
    }
    assert_eq!(
        marks.into_iter().collect::<Vec<_>>(),
        [("good luck".to_owned(), true), ("thanks".to_owned(), false)]
    );

    // The token opens none of the account's own routes.
    let revoke_path = format!("/api/account/tokens/{id}");
    let routes: [(&str, &str, Option<Value>); 10] = [
        ("GET", "/api/account", None),
        ("GET", "/api/account/data", None),
        ("POST", "/api/account/logout", Some(json!({}))),
        (
            "POST",
            "/api/account/password",
            Some(json!({"password": PASSWORD, "new_password": "another long password"})),
        ),
        (
            "POST",
            "/api/account/delete",
            Some(json!({"password": PASSWORD})),
        ),
        (
            "POST",
            "/api/account/signup",
            Some(json!({"name": "Robo Two", "password": PASSWORD})),
        ),
        ("POST", "/api/account/bot", Some(json!({"confirm": true}))),
        ("GET", "/api/account/tokens", None),
        ("POST", "/api/account/tokens", Some(json!({"name": "more"}))),
        ("DELETE", &revoke_path, None),
    ];
    for (method, path, body) in routes {
        let (status, answer) = request(addr, method, path, Some(&token), body.clone()).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (401, Some("api_token_not_session")),
            "{method} {path}: {answer}"
        );
        let de = format!("{path}?lang=de");
        let (_, answer) = request(addr, method, &de, Some(&token), body).await;
        assert!(
            answer["error"].as_str().unwrap().contains("Kontoseite"),
            "{answer}"
        );
    }
    // Nothing of it happened: the token still works, the password is the same, one token.
    assert_eq!(
        get(addr, "/api/account/tokens", Some(&session))
            .await
            .1
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        common::accounts::log_in(addr, "Robo", PASSWORD).await.0,
        200
    );

    // A password change ends the account's other sessions, not its bot's connection.
    let change = json!({"password": PASSWORD, "new_password": NEW_PASSWORD});
    let (status, _) = post(addr, "/api/account/password", Some(&session), change).await;
    assert_eq!(status, 204);
    robo.say("still here").await;
    robo.recv_until(|m| matches!(m, ServerMsg::Chat { text, .. } if text == "still here"))
        .await;

    // An unknown token, and a revoked one: refused at once, and its connection closes.
    assert_eq!(
        hello(&url, "Somebody Else", &format!("t.{}", "0".repeat(64))).await,
        Err(ErrorCode::BadToken)
    );
    let (status, body) = revoke(addr, &session, "000000000000").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("no_such_token"))
    );
    let (status, _) = revoke(addr, &session, &id).await;
    assert_eq!(status, 204);
    assert_eq!(
        close_code(&mut robo.client, 5).await,
        Some(CloseReason::SessionEnded.code())
    );
    assert_eq!(
        hello(&url, "Somebody Else", &token).await,
        Err(ErrorCode::BadToken)
    );
    assert_eq!(
        get(addr, "/api/account/tokens", Some(&session)).await.1,
        json!([])
    );
    // The session of the account page still works.
    assert_eq!(get(addr, "/api/account", Some(&session)).await.0, 200);

    // At most 20 tokens.
    for i in 0..20 {
        new_token(addr, &session, &format!("token {i}")).await;
    }
    assert_eq!(
        ask_token(addr, &session, "one too many").await,
        (409, Some("too_many_tokens".to_owned()))
    );

    // Deleting the account takes its tokens with it.
    let (_, token) = {
        let (status, body) = revoke(addr, &session, &last_id(addr, &session).await).await;
        assert_eq!(status, 204, "{body}");
        new_token(addr, &session, "the last").await
    };
    let mut robo = Player::join_as(&url, "Robo", Some(&token)).await;
    let (status, _) = post(
        addr,
        "/api/account/delete",
        Some(&session),
        json!({"password": NEW_PASSWORD}),
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(
        close_code(&mut robo.client, 5).await,
        Some(CloseReason::SessionEnded.code())
    );
    assert_eq!(
        hello(&url, "Somebody Else", &token).await,
        Err(ErrorCode::BadToken)
    );
    srv.stop().await;
}
on_both!(
    a_bot_account_connects_with_its_token_until_it_is_revoked,
    tokens_sqlite,
    tokens_postgres
);

async fn only_an_account_without_rated_games_becomes_a_bot(db: &Db) {
    let (srv, _url) = common::server(db).await;
    let addr = srv.addr;
    let pool = srv.store.pool();
    let (ann, ann_session) = sign_up(addr, None, "Ann", PASSWORD).await;
    let (bob, bob_session) = sign_up(addr, None, "Bob", PASSWORD).await;
    let (olga, olga_session) = sign_up(addr, None, "Olga", PASSWORD).await;
    // Casual games do not count; a rated one does.
    a_finished_game(pool, 1, false, &[(&ann, "Ann"), (&bob, "Bob")]).await;
    assert_eq!(become_bot(addr, &bob_session).await.0, 200);
    a_finished_game(pool, 2, true, &[(&ann, "Ann"), ("bot:easy", "easy")]).await;
    let (status, body) = become_bot(addr, &ann_session).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("bot_after_rated"))
    );
    let (_, body) = post(
        addr,
        "/api/account/bot?lang=de",
        Some(&ann_session),
        json!({"confirm": true}),
    )
    .await;
    assert!(
        body["error"].as_str().unwrap().contains("gewertete"),
        "{body}"
    );
    assert_eq!(
        get(addr, "/api/account", Some(&ann_session)).await.1["bot"],
        false
    );
    // An operator stays a person.
    assert!(operators::grant(pool, &olga).await.unwrap());
    let (status, body) = become_bot(addr, &olga_session).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("bot_operator")));
    // Becoming a bot again changes nothing.
    assert_eq!(become_bot(addr, &bob_session).await.0, 200);
    assert_eq!(
        get(addr, "/api/account", Some(&bob_session)).await.1["bot"],
        true
    );
    srv.stop().await;
}
on_both!(
    only_an_account_without_rated_games_becomes_a_bot,
    becoming_sqlite,
    becoming_postgres
);

/// Stores a settled rating of `identity` in classic.
async fn a_rating(pool: &sqlx::AnyPool, identity: &str, mu: f64) {
    sqlx::query(
        "INSERT INTO nimmt_ratings (identity, game, mu, sigma, rated_games, games, won, \
         score_sum) VALUES ($1, 'classic', $2, 2.0, $3, $3, 1, 10)",
    )
    .bind(identity.to_owned())
    .bind(mu)
    .bind(shown::PROVISIONAL_GAMES)
    .execute(pool)
    .await
    .unwrap();
}

/// The (name, bot, bot_account) of each place of a leaderboard.
async fn places(addr: SocketAddr, query: &str) -> Vec<(String, bool, bool)> {
    let (status, body) = http_get(addr, &format!("/api/leaderboard/classic{query}")).await;
    assert_eq!(status, 200, "{body}");
    let board: Value = serde_json::from_str(&body).unwrap();
    board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_owned(),
                p["bot"].as_bool().unwrap(),
                p["bot_account"].as_bool().unwrap(),
            )
        })
        .collect()
}

async fn bots_are_counted_apart_and_marked(db: &Db) {
    let (srv, _url) = common::server(db).await;
    let addr = srv.addr;
    let pool = srv.store.pool();
    let (ann, _) = sign_up(addr, None, "Ann", PASSWORD).await;
    let (robo, robo_session) = sign_up(addr, None, "Robo", PASSWORD).await;
    assert_eq!(become_bot(addr, &robo_session).await.0, 200);
    a_rating(pool, &ann, 30.0).await;
    a_rating(pool, &robo, 35.0).await;
    a_rating(pool, "bot:hard", 40.0).await;
    a_finished_game(pool, 7, true, &[(&robo, "Robo"), (&ann, "Ann")]).await;

    let s = |n: &str, bot: bool, account: bool| (n.to_owned(), bot, account);
    let people = vec![s("Ann", false, false)];
    assert_eq!(places(addr, "").await, people);
    assert_eq!(places(addr, "?who=people").await, people);
    assert_eq!(
        places(addr, "?who=bots").await,
        vec![s("hard", true, false), s("Robo", true, true)]
    );
    assert_eq!(
        places(addr, "?who=all").await,
        vec![
            s("hard", true, false),
            s("Robo", true, true),
            s("Ann", false, false)
        ]
    );
    let (status, body) = http_get(addr, "/api/leaderboard/classic?who=robots").await;
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("leaderboard_who"), "{body}");

    // The profile says bot; a person's says not.
    let (_, body) = http_get(addr, "/api/players/Robo").await;
    let profile: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (profile["kind"].as_str(), profile["bot"].as_bool()),
        (Some("account"), Some(true))
    );
    let (_, body) = http_get(addr, "/api/players/Ann").await;
    let profile: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(profile["bot"], false);
    // Ann's games name Robo as a bot.
    let (_, body) = http_get(addr, "/api/players/Ann/games").await;
    let games: Value = serde_json::from_str(&body).unwrap();
    let seats = games["games"][0]["players"].as_array().unwrap();
    let robo_seat = seats.iter().find(|p| p["name"] == "Robo").unwrap();
    let ann_seat = seats.iter().find(|p| p["name"] == "Ann").unwrap();
    assert_eq!(
        (robo_seat["bot"].as_bool(), ann_seat["bot"].as_bool()),
        (Some(true), Some(false))
    );
    srv.stop().await;
}
on_both!(
    bots_are_counted_apart_and_marked,
    boards_sqlite,
    boards_postgres
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_token_is_refused_at_once_on_every_node() {
    let db = Db::postgres().await;
    let prefix = common::nodes::prefix();
    let (a, url_a) = common::nodes::node(&db, &prefix, "a").await;
    let (b, url_b) = common::nodes::node(&db, &prefix, "b").await;
    let (_, session) = sign_up(a.addr, None, "Robo", PASSWORD).await;
    assert_eq!(become_bot(a.addr, &session).await.0, 200);
    let (id, token) = new_token(a.addr, &session, "cluster").await;
    let mut on_b = Player::join_as(&url_b, "Robo", Some(&token)).await;
    let started = std::time::Instant::now();
    let (status, _) = revoke(a.addr, &session, &id).await;
    assert_eq!(status, 204);
    assert_eq!(
        close_code(&mut on_b.client, 5).await,
        Some(CloseReason::SessionEnded.code())
    );
    let took = started.elapsed();
    assert!(took < Duration::from_secs(2), "closed after {took:?}");
    assert_eq!(
        hello(&url_b, "Somebody Else", &token).await,
        Err(ErrorCode::BadToken)
    );
    assert_eq!(
        hello(&url_a, "Somebody Else", &token).await,
        Err(ErrorCode::BadToken)
    );
    a.stop().await;
    b.stop().await;
    db.drop_schema().await;
}
