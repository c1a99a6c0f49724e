//! Bot accounts at tables over the WebSocket: a host seats an online bot account by name
//! (`/bot add @NAME`) and the bot is told where it sits; a challenge to a bot account is
//! accepted or declined at once by what the bot declared; a bot's illegal move is refused with
//! the rule's reason and its seat is played by the default move, the game going on.

mod common;

use common::accounts::{bot_account, sign_up};
use common::{Db, Player};
use nimmt_core::OptionMap;
use nimmt_protocol::{ChallengeOutcome, ClientMsg, ErrorCode, ServerMsg};
use serde_json::{json, Value};
use std::net::SocketAddr;

const PASSWORD: &str = "a long enough password";

/// A bot account `name` made over HTTP, connected with a token of its own and ready with
/// `declared`.
async fn bot(url: &str, addr: SocketAddr, name: &str, declared: Value) -> Player {
    let (_, token) = bot_account(addr, name, PASSWORD).await;
    let mut p = Player::join_as(url, name, Some(&token)).await;
    let declaration = serde_json::from_value(declared).unwrap();
    let id = p.send(ClientMsg::BotReady { declaration }).await;
    let m = answer(&mut p, id).await;
    assert!(matches!(m, ServerMsg::Ack { .. }), "{m:?}");
    p
}

/// The answer to the request `id` of `p`: its `ack` or its refusal.
async fn answer(p: &mut Player, id: u64) -> ServerMsg {
    p.recv_until(|m| {
        matches!(m, ServerMsg::Ack { id: i } if *i == id)
            || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
    })
    .await
}

/// The table the bot is told it was seated at.
async fn seated(bot: &mut Player) -> u64 {
    match bot
        .recv_until(|m| matches!(m, ServerMsg::BotSeated { .. }))
        .await
    {
        ServerMsg::BotSeated { table, game } => {
            assert_eq!(game.name(), "classic");
            table
        }
        _ => unreachable!(),
    }
}

fn refused_key(m: &ServerMsg) -> Option<(ErrorCode, String)> {
    match m {
        ServerMsg::Error { code, text, .. } => Some((*code, text.key.clone())),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_seats_an_online_bot_whose_illegal_move_is_played_by_default() {
    let db = Db::sqlite();
    let (srv, url) = common::server(&db).await;
    let mut robo = bot(
        &url,
        srv.addr,
        "Robo",
        json!({"games": [{"game": "classic", "players": [3]}], "most_games": 2}),
    )
    .await;
    let mut ann = Player::join(&url, "Ann").await;
    let table = ann.create(&[], Some(3)).await;
    // Not online, then online.
    let m = ann.command("/bot add @Nobody").await;
    assert_eq!(
        refused_key(&m),
        Some((ErrorCode::BotUnavailable, "bot_unavailable".into()))
    );
    let m = ann.command("/bot add @robo").await;
    assert!(matches!(m, ServerMsg::Ack { .. }), "{m:?}");
    assert_eq!(seated(&mut robo).await, table);
    robo.sit(table).await;
    let mut bea = Player::join(&url, "Bea").await;
    bea.sit(table).await;
    let m = ann
        .recv_until(|m| matches!(m, ServerMsg::State { table, .. } if table.seats.len() == 3))
        .await;
    let ServerMsg::State { table: info, .. } = m else {
        unreachable!()
    };
    assert!(info.seats[1].bot_account && !info.seats[0].bot_account);
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    robo.recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;
    assert!(robo.choice().is_some(), "Robo is asked for a card");
    // An illegal card: refused with the rule's reason, and the table plays Robo's default.
    let m = robo
        .act_answer(robo.version, json!({"type": "play", "card": 1000}))
        .await;
    let (code, _) = refused_key(&m).expect("refused");
    assert!(
        matches!(code, ErrorCode::IllegalAction | ErrorCode::Malformed),
        "{m:?}"
    );
    ann.recv_until(|m| matches!(m, ServerMsg::Notice { text, .. } if text.key == "bot_fault"))
        .await;
    robo.drain(300).await;
    assert!(robo.choice().is_none(), "Robo's card was played for it");
    // The game goes on: the people choose, and Robo is asked again.
    ann.drain(200).await;
    bea.drain(200).await;
    assert!(ann.act_first().await);
    assert!(bea.act_first().await);
    let mut asked = false;
    for _ in 0..40 {
        robo.drain(100).await;
        if robo.choice().is_some() {
            asked = true;
            break;
        }
        ann.drain(50).await;
        bea.drain(50).await;
        while ann.act_first().await || bea.act_first().await {}
    }
    assert!(asked, "Robo was never asked again");
    assert!(robo.act_first().await);
    // Robo chats at its table, not in the lobby.
    let id = robo
        .send(ClientMsg::Chat {
            table: None,
            text: "hi all".into(),
        })
        .await;
    let m = answer(&mut robo, id).await;
    assert_eq!(
        refused_key(&m),
        Some((ErrorCode::NotBot, "bot_chat_seated".into()))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_to_a_bot_is_answered_at_once_by_what_it_declared() {
    let db = Db::sqlite();
    let (srv, url) = common::server(&db).await;
    let mut robo = bot(
        &url,
        srv.addr,
        "Robo",
        json!({"games": [{"game": "classic", "players": [2]}]}),
    )
    .await;
    let _casey = bot(
        &url,
        srv.addr,
        "Casey",
        json!({"games": [{"game": "classic"}], "rated": false}),
    )
    .await;
    let (_, session) = sign_up(srv.addr, None, "Ann", PASSWORD).await;
    let mut ann = Player::join_as(&url, "Ann", Some(&session)).await;
    let challenge = |name: &str, options: &[&str]| ClientMsg::Challenge {
        name: name.to_owned(),
        game: "classic".parse().unwrap(),
        options: OptionMap::parse(options.iter().copied()).unwrap(),
    };
    // Casey plays only casual games: a rated challenge is declined with the reason.
    let id = ann.send(challenge("Casey", &[])).await;
    let m = answer(&mut ann, id).await;
    assert_eq!(
        refused_key(&m),
        Some((ErrorCode::BotUnavailable, "bot_declines_rated".into()))
    );
    // A bot account that is not connected declines: not online.
    bot_account(srv.addr, "Dozy", PASSWORD).await;
    let id = ann.send(challenge("Dozy", &["rated=no"])).await;
    let m = answer(&mut ann, id).await;
    assert_eq!(
        refused_key(&m),
        Some((ErrorCode::BotUnavailable, "bot_unavailable".into()))
    );
    // Robo takes a rated game of two: accepted on its behalf, the table opens for both.
    ann.send(challenge("Robo", &[])).await;
    let table = match ann
        .recv_until(|m| matches!(m, ServerMsg::ChallengeAnswered { .. }))
        .await
    {
        ServerMsg::ChallengeAnswered { outcome, table, .. } => {
            assert_eq!(outcome, ChallengeOutcome::Accepted);
            table.expect("the table")
        }
        _ => unreachable!(),
    };
    assert_eq!(seated(&mut robo).await, table);
    robo.sit(table).await;
    ann.sit(table).await;
    let m = robo
        .recv_until(|m| matches!(m, ServerMsg::State { view: Some(_), .. }))
        .await;
    let ServerMsg::State { table: info, .. } = m else {
        unreachable!()
    };
    assert_eq!(info.seats.len(), 2);
    assert!(info.seats[1].bot_account);
    assert_eq!(info.seats[1].name, "Robo");
    assert!(robo.act_first().await);
    assert!(ann.act_first().await);
    // A bot account that challenges someone is marked at its seat and told where it sits.
    robo.send(challenge("Ann", &["rated=no"])).await;
    let received = match ann
        .recv_until(|m| matches!(m, ServerMsg::ChallengeReceived { .. }))
        .await
    {
        ServerMsg::ChallengeReceived { challenge } => challenge,
        _ => unreachable!(),
    };
    assert_eq!(received.from, "Robo");
    ann.send(ClientMsg::AnswerChallenge {
        challenge: received.id,
        accept: true,
    })
    .await;
    let next = seated(&mut robo).await;
    assert_ne!(next, table);
    robo.sit(next).await;
    robo.send(ClientMsg::Resync { table: next }).await;
    let m = robo
        .recv_until(|m| matches!(m, ServerMsg::State { table, .. } if table.id == next))
        .await;
    let ServerMsg::State { table: info, .. } = m else {
        unreachable!()
    };
    assert!(info.seats[0].bot_account && !info.seats[1].bot_account);
}
