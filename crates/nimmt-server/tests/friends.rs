//! Friends over real WebSocket connections, on both databases: an account follows another and
//! sees where they play (unless they hide it); a challenge accepted opens a table with both
//! seated, its options and pace; a declined one tells the challenger; a challenge expires after
//! a day (its stored time moved back, as a day passing would); and every refusal changes nothing.

mod common;

use common::accounts::{post, request, sign_up};
use common::{config, server_with, Db, Player};
use nimmt_core::OptionMap;
use nimmt_protocol::{
    Challenge, ChallengeOutcome, ChallengePolicy, ClientMsg, ErrorCode, Followed, FriendSettings,
    ServerMsg, TableState,
};
use serde_json::json;
use sqlx::Row;
use std::net::SocketAddr;

const PASSWORD: &str = "a long enough password";

/// A room without the cap on hosted tables (a test opens thirty).
async fn room(db: &Db) -> (nimmt_server::Running, String) {
    let mut c = config(db);
    c.limits.tables_per_identity = 0;
    c.limits.burst = 500.0;
    server_with(c).await
}

/// `name` as a logged-in account, connected.
async fn account(url: &str, addr: SocketAddr, name: &str) -> Player {
    let (_, session) = sign_up(addr, None, name, PASSWORD).await;
    Player::join_as(url, name, Some(&session)).await
}

/// A room with Ann and Cem logged in.
async fn ann_and_cem(db: &Db) -> (nimmt_server::Running, String, Player, Player) {
    let (srv, url) = room(db).await;
    let ann = account(&url, srv.addr, "Ann").await;
    let cem = account(&url, srv.addr, "Cem").await;
    (srv, url, ann, cem)
}

async fn close(srv: nimmt_server::Running, db: Db) {
    srv.stop().await;
    db.drop_schema().await;
}

/// Types `text` in the lobby's chat and waits for its ack.
async fn typed(p: &mut Player, text: &str) {
    let id = p
        .send(ClientMsg::Chat {
            table: None,
            text: text.to_owned(),
        })
        .await;
    p.recv_until(|m| matches!(m, ServerMsg::Ack { id: i } if *i == id))
        .await;
}

/// Sends `msg` and waits for its answer: the ack, or the refusal's code and key.
async fn ask(p: &mut Player, msg: ClientMsg) -> Result<(), (ErrorCode, String)> {
    let id = p.send(msg).await;
    match p
        .recv_until(|m| {
            matches!(m, ServerMsg::Ack { id: i } if *i == id)
                || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
        })
        .await
    {
        ServerMsg::Error { code, text, .. } => Err((code, text.key)),
        _ => Ok(()),
    }
}

/// What `p` is told by `friends`.
async fn friends(p: &mut Player) -> (Vec<Followed>, Vec<Challenge>, FriendSettings) {
    ask(p, ClientMsg::Friends {}).await.unwrap();
    let logged = p
        .log
        .iter()
        .rev()
        .find(|t| t.contains(r#""type":"friends""#));
    match serde_json::from_str(logged.expect("friends answered")).unwrap() {
        ServerMsg::Friends {
            following,
            challenges,
            settings,
        } => (following, challenges, settings),
        _ => unreachable!(),
    }
}

fn options(pairs: &[&str]) -> OptionMap {
    OptionMap::parse(pairs.iter().copied()).unwrap()
}

fn challenge(name: &str, pairs: &[&str]) -> ClientMsg {
    ClientMsg::Challenge {
        name: name.to_owned(),
        game: "classic".parse().unwrap(),
        options: options(pairs),
    }
}

/// The next challenge `p` receives.
async fn received(p: &mut Player) -> Challenge {
    match p
        .recv_until(|m| matches!(m, ServerMsg::ChallengeReceived { .. }))
        .await
    {
        ServerMsg::ChallengeReceived { challenge } => challenge,
        _ => unreachable!(),
    }
}

/// The next answer to a challenge `p` hears of.
async fn answered(p: &mut Player) -> (ChallengeOutcome, Option<u64>) {
    match p
        .recv_until(|m| matches!(m, ServerMsg::ChallengeAnswered { .. }))
        .await
    {
        ServerMsg::ChallengeAnswered { outcome, table, .. } => (outcome, table),
        _ => unreachable!(),
    }
}

async fn stored_challenges(srv: &nimmt_server::Running) -> i64 {
    sqlx::query("SELECT COUNT(*) FROM nimmt_challenges")
        .fetch_one(srv.store.pool())
        .await
        .unwrap()
        .get(0)
}

async fn following_and_where_they_play(db: Db) {
    let (srv, url) = room(&db).await;
    let mut ann = account(&url, srv.addr, "Ann").await;
    let mut bea = account(&url, srv.addr, "Bea").await;
    assert!(friends(&mut ann).await.0.is_empty());
    // By the chat command in the lobby: a notice in her language, and Bea in the list.
    let id = ann
        .send(ClientMsg::Chat {
            table: None,
            text: "/follow Bea".into(),
        })
        .await;
    let notice = ann
        .recv_until(|m| matches!(m, ServerMsg::Notice { .. } | ServerMsg::Error { .. }))
        .await;
    assert!(
        matches!(&notice, ServerMsg::Notice { text, .. } if text.text == "You follow Bea now."),
        "{notice:?}"
    );
    ann.recv_until(|m| matches!(m, ServerMsg::Ack { id: i } if *i == id))
        .await;
    let (list, _, _) = friends(&mut ann).await;
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].name.as_str(), list[0].online), ("Bea", true));
    assert!(list[0].tables.is_empty());

    let table = bea.create(&[], Some(4)).await;
    let (list, _, _) = friends(&mut ann).await;
    assert_eq!(list[0].tables.len(), 1);
    assert_eq!(list[0].tables[0].table, table);
    assert_eq!(list[0].tables[0].state, TableState::Open);

    // Bea hides where she plays: online, no table.
    let hidden = FriendSettings {
        challenges: ChallengePolicy::Everyone,
        show_tables: false,
    };
    ask(&mut bea, ClientMsg::FriendSettings { settings: hidden })
        .await
        .unwrap();
    let (list, _, _) = friends(&mut ann).await;
    assert!(list[0].online && list[0].tables.is_empty(), "{list:?}");

    // Refused: following oneself, nobody, and as a guest; the list stays as it is.
    let refused = ask(&mut ann, ClientMsg::Follow { name: "ann".into() }).await;
    assert_eq!(refused, Err((ErrorCode::BadCommand, "follow_self".into())));
    let refused = ask(
        &mut ann,
        ClientMsg::Follow {
            name: "Nobody".into(),
        },
    )
    .await;
    assert_eq!(
        refused,
        Err((ErrorCode::NoSuchPlayer, "no_such_account".into()))
    );
    let mut guest = Player::join(&url, "Gus").await;
    let refused = ask(&mut guest, ClientMsg::Follow { name: "Bea".into() }).await;
    assert_eq!(
        refused,
        Err((ErrorCode::NotAllowed, "account_needed".into()))
    );
    assert_eq!(friends(&mut ann).await.0.len(), 1);

    ask(&mut ann, ClientMsg::Unfollow { name: "Bea".into() })
        .await
        .unwrap();
    assert!(friends(&mut ann).await.0.is_empty());

    // Two hundred followed accounts (stored as a sign-up and a follow would store them): no more.
    let pool = srv.store.pool();
    for i in 0..nimmt_server::friends::MOST_FOLLOWED {
        let (id, name) = (format!("f{i}"), format!("Friend{i}"));
        sqlx::query(
            "INSERT INTO nimmt_accounts (player_id, name, name_key, name_skeleton, password_hash, \
             created_at, password_changed_at) VALUES ($1, $2, $3, $3, 'x', 0, 0)",
        )
        .bind(&id)
        .bind(&name)
        .bind(name.to_lowercase())
        .execute(pool)
        .await
        .unwrap();
        nimmt_server::friends::store::follow(pool, &ann.me.player, &id, 0)
            .await
            .unwrap();
    }
    let refused = ask(&mut ann, ClientMsg::Follow { name: "Bea".into() }).await;
    assert_eq!(
        refused,
        Err((ErrorCode::RateLimited, "too_many_followed".into()))
    );
    let (list, _, _) = friends(&mut ann).await;
    assert_eq!(list.len(), nimmt_server::friends::MOST_FOLLOWED);
    assert!(list.iter().all(|f| f.name != "Bea"));
    close(srv, db).await;
}

async fn an_accepted_challenge_seats_both(db: Db) {
    let (srv, _, mut ann, mut cem) = ann_and_cem(&db).await;
    let pairs = ["pace=1d", "rated=no", "end_at=33"];
    ask(&mut ann, challenge("Cem", &pairs)).await.unwrap();
    let c = received(&mut cem).await;
    assert_eq!((c.from.as_str(), c.to.as_str()), ("Ann", "Cem"));
    assert_eq!(c.options, options(&pairs));
    // Both see it among their open challenges.
    assert_eq!(friends(&mut ann).await.1, vec![c.clone()]);
    assert_eq!(friends(&mut cem).await.1, vec![c.clone()]);

    let answer = ClientMsg::AnswerChallenge {
        challenge: c.id.clone(),
        accept: true,
    };
    cem.send(answer.clone()).await;
    let (outcome, table) = answered(&mut cem).await;
    assert_eq!(outcome, ChallengeOutcome::Accepted);
    assert_eq!(answered(&mut ann).await, (outcome, table));
    let table = table.expect("the new table");
    for p in [&mut ann, &mut cem] {
        p.sit(table).await;
    }
    let state = cem
        .log
        .iter()
        .rev()
        .find_map(|t| match serde_json::from_str(t).unwrap() {
            ServerMsg::State { table, you, .. } => Some((table, you)),
            _ => None,
        })
        .unwrap();
    let (info, you) = state;
    assert_eq!(info.host.as_deref(), Some("Ann"));
    let names: Vec<&str> = info.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ann", "Cem"]);
    assert_eq!(you.seat.map(|s| s.index()), Some(1));
    assert_eq!(info.table_options["pace"], "1d");
    assert_eq!(info.table_options["rated"], "no");
    assert_eq!(info.options.0.get("end_at").map(String::as_str), Some("33"));
    assert_eq!(info.state, TableState::Playing);
    // Answered: no longer open, and a second answer is refused.
    assert!(friends(&mut cem).await.1.is_empty());
    let again = ask(&mut cem, answer).await;
    assert_eq!(
        again,
        Err((ErrorCode::ChallengeClosed, "challenge_answered".into()))
    );
    close(srv, db).await;
}

async fn a_declined_challenge_tells_the_challenger(db: Db) {
    let (srv, _, mut ann, mut cem) = ann_and_cem(&db).await;
    // Typed in chat, in any order after the name.
    typed(&mut ann, "/challenge Cem casual 12h").await;
    let c = received(&mut cem).await;
    assert_eq!(c.options, options(&["pace=12h", "rated=no"]));
    typed(&mut cem, &format!("/decline {}", c.id)).await;
    assert_eq!(answered(&mut ann).await, (ChallengeOutcome::Declined, None));
    // Ann cannot answer her own challenge, and nobody can answer it again.
    let refused = ask(
        &mut ann,
        ClientMsg::AnswerChallenge {
            challenge: c.id.clone(),
            accept: true,
        },
    )
    .await;
    assert_eq!(
        refused,
        Err((ErrorCode::NotAllowed, "not_your_challenge".into()))
    );
    assert!(friends(&mut ann).await.1.is_empty());
    close(srv, db).await;
}

async fn a_challenge_expires_after_a_day(db: Db) {
    let (srv, _, mut ann, mut cem) = ann_and_cem(&db).await;
    ask(&mut ann, challenge("Cem", &[])).await.unwrap();
    let c = received(&mut cem).await;
    let made_ago = |ms: i64| {
        sqlx::query("UPDATE nimmt_challenges SET created_at_ms = created_at_ms - $1")
            .bind(ms)
            .execute(srv.store.pool())
    };
    // A minute short of a day: still open.
    made_ago(24 * 3600 * 1000 - 60_000).await.unwrap();
    assert_eq!(friends(&mut cem).await.1.len(), 1);
    // A day and a minute: expired, gone from the list, and accepting it is refused.
    made_ago(120_000).await.unwrap();
    assert!(friends(&mut cem).await.1.is_empty());
    let refused = ask(
        &mut cem,
        ClientMsg::AnswerChallenge {
            challenge: c.id,
            accept: true,
        },
    )
    .await;
    assert_eq!(
        refused,
        Err((ErrorCode::ChallengeClosed, "challenge_expired".into()))
    );
    let opened: Option<i64> = sqlx::query("SELECT table_id FROM nimmt_challenges")
        .fetch_one(srv.store.pool())
        .await
        .unwrap()
        .get(0);
    assert_eq!(opened, None, "no table opened");
    close(srv, db).await;
}

async fn refused_challenges_change_nothing(db: Db) {
    let (srv, url, mut ann, mut cem) = ann_and_cem(&db).await;
    let (_, dan_session) = sign_up(srv.addr, None, "Dan", PASSWORD).await;
    let (status, _) = post(
        srv.addr,
        "/api/account/delete",
        Some(&dan_session),
        json!({"password": PASSWORD}),
    )
    .await;
    assert_eq!(status, 204);
    let refused = |r: Result<(), (ErrorCode, String)>, code, key: &str| {
        assert_eq!(r, Err((code, key.to_owned())));
    };
    let mut guest = Player::join(&url, "Gus").await;
    refused(
        ask(&mut guest, challenge("Cem", &[])).await,
        ErrorCode::NotAllowed,
        "account_needed",
    );
    refused(
        ask(&mut ann, challenge("Ann", &[])).await,
        ErrorCode::BadCommand,
        "challenge_self",
    );
    refused(
        ask(&mut ann, challenge("Dan", &[])).await,
        ErrorCode::NoSuchPlayer,
        "no_such_account",
    );
    refused(
        ask(&mut ann, challenge("Cem", &["colour=green"])).await,
        ErrorCode::BadOptions,
        "options_unknown_option",
    );
    // Cem's settings: nobody, then only those he follows.
    let policy = |challenges| ClientMsg::FriendSettings {
        settings: FriendSettings {
            challenges,
            show_tables: true,
        },
    };
    ask(&mut cem, policy(ChallengePolicy::Nobody))
        .await
        .unwrap();
    refused(
        ask(&mut ann, challenge("Cem", &[])).await,
        ErrorCode::NotAllowed,
        "challenges_off",
    );
    ask(&mut cem, policy(ChallengePolicy::Followed))
        .await
        .unwrap();
    refused(
        ask(&mut ann, challenge("Cem", &[])).await,
        ErrorCode::NotAllowed,
        "challenges_followed_only",
    );
    // Cem muted Ann: a mute counts as a block, whoever he follows.
    ask(&mut cem, ClientMsg::Follow { name: "Ann".into() })
        .await
        .unwrap();
    let path = format!("/api/mutes/{}", ann.me.player);
    let (status, _) = request(srv.addr, "PUT", &path, Some(&cem.me.token), None).await;
    assert_eq!(status, 200);
    refused(
        ask(&mut ann, challenge("Cem", &[])).await,
        ErrorCode::NotAllowed,
        "challenge_blocked",
    );
    let (status, _) = request(srv.addr, "DELETE", &path, Some(&cem.me.token), None).await;
    assert_eq!(status, 200);
    // Thirty turn-based tables: no turn-based challenge more, a real-time one still.
    for _ in 0..nimmt_room::table::MOST_TURN_BASED_TABLES {
        ann.table = 0;
        ann.create(&["pace=3d"], Some(4)).await;
    }
    refused(
        ask(&mut ann, challenge("Cem", &["pace=1d"])).await,
        ErrorCode::RateLimited,
        "too_many_turn_based",
    );
    assert_eq!(stored_challenges(&srv).await, 0, "nothing stored");
    assert!(friends(&mut cem).await.1.is_empty(), "nothing received");
    assert!(!cem.log.iter().any(|t| t.contains("challenge_received")));
    ask(&mut ann, challenge("Cem", &[])).await.unwrap();
    received(&mut cem).await;
    // One open challenge to the same player at a time.
    refused(
        ask(&mut ann, challenge("Cem", &["pace=realtime"])).await,
        ErrorCode::NotAllowed,
        "challenge_pending",
    );
    // The other way round: Cem's turn-based challenge finds Ann at her limit.
    refused(
        ask(&mut cem, challenge("Ann", &["pace=2d"])).await,
        ErrorCode::RateLimited,
        "too_many_turn_based_other",
    );
    assert_eq!(stored_challenges(&srv).await, 1);
    close(srv, db).await;
}

on_both_databases!(
    following_and_where_they_play,
    following_shows_where_they_play_on_sqlite,
    following_shows_where_they_play_on_postgres
);
on_both_databases!(
    an_accepted_challenge_seats_both,
    an_accepted_challenge_seats_both_on_sqlite,
    an_accepted_challenge_seats_both_on_postgres
);
on_both_databases!(
    a_declined_challenge_tells_the_challenger,
    a_declined_challenge_tells_the_challenger_on_sqlite,
    a_declined_challenge_tells_the_challenger_on_postgres
);
on_both_databases!(
    a_challenge_expires_after_a_day,
    a_challenge_expires_after_a_day_on_sqlite,
    a_challenge_expires_after_a_day_on_postgres
);
on_both_databases!(
    refused_challenges_change_nothing,
    refused_challenges_change_nothing_on_sqlite,
    refused_challenges_change_nothing_on_postgres
);
