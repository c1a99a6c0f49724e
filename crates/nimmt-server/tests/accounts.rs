//! Accounts against a real server on both databases: a guest becomes an account and keeps its
//! identity and seat, logs in from another connection as the same identity, logs out, changes
//! its password (other sessions end), deletes its account; names that differ only by case or
//! width collide, reserved names are refused, failed logins wait longer and longer, a player
//! reads only its own data, and a database of the previous release keeps every identity and game.

mod common;

use common::accounts::{get, log_in, post, sign_up};
use common::{http_get, server, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, ServerMsg, PROTOCOL_VERSION};
use nimmt_server::client::Client;
use serde_json::json;
use sqlx::Row;

/// Runs a scenario on SQLite and on PostgreSQL.
macro_rules! on_both {
    ($scenario:ident, $sqlite:ident, $postgres:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            let db = Db::sqlite();
            $scenario(&db).await;
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            let db = Db::postgres().await;
            $scenario(&db).await;
            db.drop_schema().await;
        }
    };
}

const PASSWORD: &str = "a long enough password";

/// Milliseconds since the epoch, `ms` ago.
fn ms_ago(ms: i64) -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
        - ms
}

/// Says hello with `token`; the welcome's (player, name, seated), or the refusal's code and key.
async fn hello(
    url: &str,
    name: &str,
    token: Option<&str>,
) -> Result<(String, String, Vec<u64>), (ErrorCode, String)> {
    let mut c = Client::connect(url).await.unwrap();
    c.send(ClientMsg::Hello {
        protocol: PROTOCOL_VERSION,
        name: name.to_owned(),
        token: token.map(str::to_owned),
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
        ServerMsg::Welcome {
            player,
            name,
            seated,
            ..
        } => Ok((player, name, seated)),
        ServerMsg::Error { code, text, .. } => Err((code, text.key)),
        other => panic!("{other:?}"),
    }
}

async fn a_guest_becomes_an_account_and_keeps_its_seat(db: &Db) {
    let (srv, url) = server(db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(4)).await;
    let guest_token = ann.me.token.clone();

    let (player, session) = sign_up(srv.addr, Some(&guest_token), "Ann", PASSWORD).await;
    assert_eq!(player, ann.me.player, "the identity stays");
    assert!(session.starts_with("s."));
    // The guest token no longer reaches the identity; the session does, with its seat.
    assert_eq!(
        hello(&url, "Ann", Some(&guest_token)).await,
        Err((ErrorCode::BadToken, "bad_token".to_owned()))
    );
    let (again, name, seated) = hello(&url, "Ann", Some(&session)).await.unwrap();
    assert_eq!((again.as_str(), name.as_str()), (player.as_str(), "Ann"));
    assert_eq!(seated, [table]);
    // Another browser logs in: the same identity, the same seat.
    let (status, body) = log_in(srv.addr, "ann", PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["player"], player);
    let other = body["token"].as_str().unwrap();
    assert_ne!(other, session);
    let (third, _, seated) = hello(&url, "whatever", Some(other)).await.unwrap();
    assert_eq!((third, seated), (player.clone(), vec![table]));
    // Who am I, for the HTTP routes of the room.
    let (status, me) = get(srv.addr, "/api/account", Some(other)).await;
    assert_eq!(status, 200);
    assert_eq!(
        me,
        json!({"player": player, "name": "Ann", "account": true, "operator": false, "bot": false})
    );
    // Signing up twice is refused.
    let (status, body) = post(
        srv.addr,
        "/api/account/signup",
        Some(other),
        json!({"name": "Ann Two", "password": PASSWORD}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("already_account"))
    );
    srv.stop().await;
}
on_both!(
    a_guest_becomes_an_account_and_keeps_its_seat,
    sign_up_keeps_identity_and_seat_sqlite,
    sign_up_keeps_identity_and_seat_postgres
);

async fn names_that_read_alike_are_one_account_name(db: &Db) {
    let (srv, url) = server(db).await;
    sign_up(srv.addr, None, "Ann", PASSWORD).await;
    for name in ["ann", "ＡＮＮ", "\u{0410}nn", " ANN "] {
        let (status, body) = post(
            srv.addr,
            "/api/account/signup",
            None,
            json!({"name": name, "password": PASSWORD}),
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("name_owned")),
            "{name:?}"
        );
        // A guest may not call itself so either.
        assert_eq!(
            hello(&url, name, None).await,
            Err((ErrorCode::NameTaken, "name_owned".to_owned())),
            "{name:?}"
        );
    }
    for (name, code) in [
        ("Bot 1", "name_reserved"),
        ("ADMIN", "name_reserved"),
        ("System", "name_reserved"),
        ("Ann\u{200b}B", "name_invisible"),
    ] {
        let (status, body) = post(
            srv.addr,
            "/api/account/signup",
            None,
            json!({"name": name, "password": PASSWORD}),
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some(code)),
            "{name:?}"
        );
    }
    let (status, body) = post(
        srv.addr,
        "/api/account/signup",
        None,
        json!({"name": "Bob", "password": "too short"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("password_short"))
    );
    srv.stop().await;
}
on_both!(
    names_that_read_alike_are_one_account_name,
    names_collide_sqlite,
    names_collide_postgres
);

async fn logout_and_password_change_revoke_tokens(db: &Db) {
    let (srv, url) = server(db).await;
    let (_, first) = sign_up(srv.addr, None, "Cleo", PASSWORD).await;
    let second = log_in(srv.addr, "Cleo", PASSWORD).await.1["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let third = log_in(srv.addr, "Cleo", PASSWORD).await.1["token"]
        .as_str()
        .unwrap()
        .to_owned();

    // Log out: that token is refused everywhere, the others still work.
    let (status, _) = post(srv.addr, "/api/account/logout", Some(&second), json!({})).await;
    assert_eq!(status, 204);
    assert_eq!(get(srv.addr, "/api/account", Some(&second)).await.0, 401);
    assert!(matches!(
        hello(&url, "Cleo", Some(&second)).await,
        Err((ErrorCode::BadToken, _))
    ));
    assert_eq!(get(srv.addr, "/api/account", Some(&third)).await.0, 200);

    // A wrong current password changes nothing.
    let (status, body) = post(
        srv.addr,
        "/api/account/password",
        Some(&first),
        json!({"password": "not the password", "new_password": "a brand new password"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("wrong_password"))
    );
    assert_eq!(get(srv.addr, "/api/account", Some(&third)).await.0, 200);

    // Change the password from the first session: the third ends, the first stays.
    let (status, _) = post(
        srv.addr,
        "/api/account/password",
        Some(&first),
        json!({"password": PASSWORD, "new_password": "a brand new password"}),
    )
    .await;
    assert_eq!(status, 204);
    assert_eq!(get(srv.addr, "/api/account", Some(&third)).await.0, 401);
    assert!(hello(&url, "Cleo", Some(&first)).await.is_ok());
    assert_eq!(log_in(srv.addr, "Cleo", PASSWORD).await.0, 401);
    assert_eq!(
        log_in(srv.addr, "Cleo", "a brand new password").await.0,
        200
    );

    // A session unused for longer than the idle limit ends by itself.
    let limit = nimmt_server::accounts::sessions::IDLE_LIMIT.as_millis() as i64;
    sqlx::query("UPDATE nimmt_sessions SET last_seen_at = $1")
        .bind(ms_ago(limit + 60_000))
        .execute(srv.store.pool())
        .await
        .unwrap();
    assert!(matches!(
        hello(&url, "Cleo", Some(&first)).await,
        Err((ErrorCode::BadToken, _))
    ));
    srv.stop().await;
}
on_both!(
    logout_and_password_change_revoke_tokens,
    revocation_sqlite,
    revocation_postgres
);

async fn failed_logins_wait_longer_and_longer(db: &Db) {
    let (srv, _url) = server(db).await;
    sign_up(srv.addr, None, "Dora", PASSWORD).await;
    // A wrong password and a name nobody has: the same answer.
    let wrong = log_in(srv.addr, "Dora", "wrong password!").await;
    let unknown = log_in(srv.addr, "Nobody Here", "wrong password!").await;
    assert_eq!(wrong.0, 401);
    assert_eq!(wrong, unknown);
    for _ in 1..5 {
        assert_eq!(log_in(srv.addr, "Dora", "wrong password!").await.0, 401);
    }
    // After five failures the name waits, even with the right password.
    let (status, body) = log_in(srv.addr, "Dora", PASSWORD).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("login_wait")),
        "{body}"
    );
    let first_wait: u64 = body["error"]
        .as_str()
        .and_then(|t| t.split_whitespace().find_map(|w| w.parse().ok()))
        .unwrap();
    assert_eq!(first_wait, 1, "{body}");
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    // One more failure: the wait doubles.
    assert_eq!(log_in(srv.addr, "Dora", "wrong password!").await.0, 401);
    let (status, body) = log_in(srv.addr, "Dora", PASSWORD).await;
    assert_eq!(status, 429);
    assert!(body["error"].as_str().unwrap().contains(" 2 s"), "{body}");
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    // The right password after the wait: in, and the count starts again.
    assert_eq!(log_in(srv.addr, "Dora", PASSWORD).await.0, 200);
    assert_eq!(log_in(srv.addr, "Dora", "wrong password!").await.0, 401);
    assert_eq!(log_in(srv.addr, "Dora", PASSWORD).await.0, 200);
    // A name nobody has is limited alike.
    for _ in 1..5 {
        log_in(srv.addr, "Nobody Here", "wrong password!").await;
    }
    assert_eq!(log_in(srv.addr, "Nobody Here", "x").await.0, 429);
    srv.stop().await;
}
on_both!(
    failed_logins_wait_longer_and_longer,
    login_limits_sqlite,
    login_limits_postgres
);

async fn a_player_reads_only_its_own_data(db: &Db) {
    let (srv, url) = server(db).await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(4)).await;
    let mut bob = Player::join(&url, "Bob").await;
    bob.sit(table).await;
    let (ann_id, ann_session) = sign_up(srv.addr, Some(&ann.me.token), "Ann", PASSWORD).await;

    let (status, data) = get(srv.addr, "/api/account/data", Some(&ann_session)).await;
    assert_eq!(status, 200, "{data}");
    assert_eq!(data["player"], ann_id);
    assert_eq!(data["account"]["name"], "Ann");
    assert_eq!(data["tables"][0]["table"], table);
    assert_eq!(data["tables"][0]["seat_name"], "Ann");
    assert_eq!(data["sessions"].as_array().unwrap().len(), 1);
    assert!(!data.to_string().contains("argon2"), "no password hash");
    assert!(
        !data.to_string().contains(&bob.me.player),
        "nothing of Bob's"
    );

    // Bob (a guest) gets his data, never Ann's.
    let (status, data) = get(srv.addr, "/api/account/data", Some(&bob.me.token)).await;
    assert_eq!(status, 200);
    assert_eq!(data["player"], bob.me.player);
    assert_eq!(data["account"], json!(null));
    assert!(!data.to_string().contains(&ann_id), "nothing of Ann's");
    assert_eq!(data["tables"][0]["seat_name"], "Bob");
    // Without a token, or with a made-up one: nothing.
    assert_eq!(get(srv.addr, "/api/account/data", None).await.0, 401);
    assert_eq!(
        get(srv.addr, "/api/account/data", Some("s.00")).await.0,
        401
    );
    // A guest cannot log out or change a password it does not have.
    assert_eq!(
        post(
            srv.addr,
            "/api/account/logout",
            Some(&bob.me.token),
            json!({})
        )
        .await
        .0,
        403
    );
    srv.stop().await;
}
on_both!(
    a_player_reads_only_its_own_data,
    own_data_only_sqlite,
    own_data_only_postgres
);

async fn a_deleted_account_leaves_its_games(db: &Db) {
    let (srv, url) = server(db).await;
    let mut eve = Player::join(&url, "Eve").await;
    eve.create(&[], Some(2)).await;
    eve.command("/bot add").await;
    eve.command("/start").await;
    eve.play_to_end().await;
    let table = eve.table;
    let (eve_id, session) = sign_up(srv.addr, Some(&eve.me.token), "Eve", PASSWORD).await;

    let (status, body) = post(
        srv.addr,
        "/api/account/delete",
        Some(&session),
        json!({"password": "not the password"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("wrong_password"))
    );
    let (status, _) = post(
        srv.addr,
        "/api/account/delete",
        Some(&session),
        json!({"password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 204);
    // The session is gone, the name is free, the game stays.
    assert_eq!(get(srv.addr, "/api/account", Some(&session)).await.0, 401);
    assert_eq!(log_in(srv.addr, "Eve", PASSWORD).await.0, 401);
    let (status, _) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200);
    let name: String = sqlx::query("SELECT name FROM nimmt_players WHERE id = $1")
        .bind(eve_id.clone())
        .fetch_one(srv.store.pool())
        .await
        .unwrap()
        .get(0);
    assert_eq!(name, "deleted player");
    // Its results in the history name it so too.
    let results: Vec<String> = sqlx::query("SELECT name FROM nimmt_results WHERE identity = $1")
        .bind(eve_id.clone())
        .fetch_all(srv.store.pool())
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(results, ["deleted player"]);
    sign_up(srv.addr, None, "Eve", "another password").await;
    srv.stop().await;
}
on_both!(
    a_deleted_account_leaves_its_games,
    delete_sqlite,
    delete_postgres
);

/// The previous release's schema: only the first migration.
async fn previous_release_schema(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/0001_init.sql"),
        dir.path().join("0001_init.sql"),
    )
    .unwrap();
    let url = if url.starts_with("sqlite:") {
        format!("{url}?mode=rwc")
    } else {
        url.to_owned()
    };
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap();
    sqlx::migrate::Migrator::new(dir.path())
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    pool
}

/// Copies every row of the room's first-release tables from `from` into `to`.
async fn copy_rows(from: &sqlx::AnyPool, to: &sqlx::AnyPool) {
    for r in sqlx::query("SELECT id, token, name, created_at FROM nimmt_players")
        .fetch_all(from)
        .await
        .unwrap()
    {
        sqlx::query(
            "INSERT INTO nimmt_players (id, token, name, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(r.get::<String, _>(0))
        .bind(r.get::<String, _>(1))
        .bind(r.get::<String, _>(2))
        .bind(r.get::<i64, _>(3))
        .execute(to)
        .await
        .unwrap();
    }
    for r in sqlx::query(
        "SELECT id, game, state, meta, setup, record, version, updated_at FROM nimmt_tables",
    )
    .fetch_all(from)
    .await
    .unwrap()
    {
        sqlx::query(
            "INSERT INTO nimmt_tables (id, game, state, meta, setup, record, version, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(r.get::<i64, _>(0))
        .bind(r.get::<String, _>(1))
        .bind(r.get::<String, _>(2))
        .bind(r.get::<String, _>(3))
        .bind(r.get::<Option<String>, _>(4))
        .bind(r.get::<Option<String>, _>(5))
        .bind(r.get::<i64, _>(6))
        .bind(r.get::<i64, _>(7))
        .execute(to)
        .await
        .unwrap();
    }
    for r in sqlx::query("SELECT table_id, idx, seat, action, version FROM nimmt_actions")
        .fetch_all(from)
        .await
        .unwrap()
    {
        sqlx::query(
            "INSERT INTO nimmt_actions (table_id, idx, seat, action, version) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(r.get::<i64, _>(0))
        .bind(r.get::<i64, _>(1))
        .bind(r.get::<i64, _>(2))
        .bind(r.get::<String, _>(3))
        .bind(r.get::<i64, _>(4))
        .execute(to)
        .await
        .unwrap();
    }
}

async fn a_database_of_the_previous_release_keeps_everyone(db: &Db) {
    // Players, a finished game and an open table, as a room writes them.
    let scratch = Db::sqlite();
    let (srv, url) = server(&scratch).await;
    let mut ann = Player::join(&url, "Ann").await;
    ann.create(&[], Some(2)).await;
    ann.command("/bot add").await;
    ann.command("/start").await;
    ann.play_to_end().await;
    let finished = ann.table;
    let mut bob = Player::join(&url, "Bob").await;
    let open = bob.create(&[], Some(4)).await;
    // The game spent Ann's message budget for a moment.
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    ann.sit(open).await;
    let (ann_me, bob_me) = (ann.me.clone(), bob.me.clone());
    drop((ann, bob));
    let before = previous_release_schema(&db.url()).await;
    copy_rows(srv.store.pool(), &before).await;
    srv.stop().await;
    before.close().await;

    // The new release opens it: every identity, seat and game is there.
    let (srv, url) = server(db).await;
    let (player, name, seated) = hello(&url, "Ann", Some(&ann_me.token)).await.unwrap();
    assert_eq!(
        (player.as_str(), name.as_str()),
        (ann_me.player.as_str(), "Ann")
    );
    assert!(seated.contains(&open), "{seated:?}");
    let (player, _, seated) = hello(&url, "Bob", Some(&bob_me.token)).await.unwrap();
    assert_eq!(
        (player.as_str(), seated),
        (bob_me.player.as_str(), vec![open])
    );
    let (status, record) = http_get(srv.addr, &format!("/api/games/{finished}/record")).await;
    assert_eq!(status, 200, "{record}");
    assert!(record.contains("Ann"));
    // And a guest of then becomes an account now, with its seat.
    let (player, session) = sign_up(srv.addr, Some(&ann_me.token), "Ann", PASSWORD).await;
    assert_eq!(player, ann_me.player);
    assert!(hello(&url, "Ann", Some(&session))
        .await
        .unwrap()
        .2
        .contains(&open));
    srv.stop().await;
}
on_both!(
    a_database_of_the_previous_release_keeps_everyone,
    migration_sqlite,
    migration_postgres
);

async fn an_address_that_guesses_many_names_waits(db: &Db) {
    let (srv, _url) = server(db).await;
    sign_up(srv.addr, None, "Finn", PASSWORD).await;
    // Twenty names, each failing once (no name reaches its own limit).
    for i in 0..20 {
        let (status, _) = log_in(srv.addr, &format!("guess {i}"), "wrong password!").await;
        assert_eq!(status, 401);
    }
    // Now the address waits, whatever name it tries.
    let (status, body) = log_in(srv.addr, "Finn", PASSWORD).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("login_wait")),
        "{body}"
    );
    srv.stop().await;
}
on_both!(
    an_address_that_guesses_many_names_waits,
    address_limit_sqlite,
    address_limit_postgres
);
