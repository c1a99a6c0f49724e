//! A bot account plays many tables at once over one connection: its message budget is
//! `BOT_BUDGET_FACTOR` times a person's, so a burst that a person's connection is refused
//! (`rate_limited`) passes for the bot.

mod common;

use common::accounts::bot_account;
use common::Db;
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, ServerMsg};
use nimmt_server::client::Client;
use std::time::Duration;

const PASSWORD: &str = "a long enough password";

/// Sends `n` pings at once; how many were refused as over the budget.
async fn refused_of(c: &mut Client, n: usize) -> usize {
    for _ in 0..n {
        c.send(ClientMsg::Ping {}).await.unwrap();
    }
    let (mut pongs, mut refused) = (0, 0);
    while pongs + refused < n {
        match tokio::time::timeout(Duration::from_secs(10), c.recv()).await {
            Ok(Ok(ServerMsg::Pong { .. })) => pongs += 1,
            Ok(Ok(ServerMsg::Error {
                code: ErrorCode::RateLimited,
                ..
            })) => refused += 1,
            Ok(Ok(_)) => {}
            _ => break,
        }
    }
    refused
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_account_may_send_ten_times_a_persons_burst() {
    let db = Db::sqlite();
    let (srv, url) = common::server(&db).await;
    let burst = nimmt_server::limits::Limits::default().burst as usize;
    let (_, token) = bot_account(srv.addr, "Robo", PASSWORD).await;
    let mut bot = Client::connect(&url).await.unwrap();
    bot.hello("Robo", Some(&token), Lang::En).await.unwrap();
    assert_eq!(refused_of(&mut bot, 3 * burst).await, 0);
    let mut person = Client::connect(&url).await.unwrap();
    person.hello("Ann", None, Lang::En).await.unwrap();
    assert!(refused_of(&mut person, 3 * burst).await > 0);
}
