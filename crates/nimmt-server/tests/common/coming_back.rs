//! A player who comes back: a running table left at a turn where everyone is to choose a card,
//! and the return with the identity's token to that table, which must look as it was left.

use super::Player;
use nimmt_protocol::ServerMsg;
use serde_json::Value;

/// Ann and Bob play some moves each (six or more in all), up to a turn where both are asked to
/// choose a card.
pub async fn play_until_both_choose(ann: &mut Player, bob: &mut Player) {
    let mut moves = 0;
    loop {
        ann.drain(50).await;
        bob.drain(50).await;
        let asked = |p: &Player| {
            p.view
                .as_ref()
                .is_some_and(|v| v["asked"]["type"] == "play_card")
        };
        if moves >= 6 && asked(ann) && asked(bob) {
            return;
        }
        for p in [&mut *ann, &mut *bob] {
            if p.choice().is_some() {
                p.act_first().await;
                moves += 1;
            }
        }
    }
}

/// Ann and Bob play a rated game with a bot to its end, then leave a second game running at a
/// turn where both are to choose a card: (Ann, Bob, the finished table, the running table).
pub async fn a_finished_and_a_running_game(url: &str) -> (Player, Player, u64, u64) {
    let mut ann = Player::join(url, "Ann").await;
    let mut bob = Player::join(url, "Bob").await;
    let finished = ann.create(&[], Some(3)).await;
    bob.sit(finished).await;
    for c in ["/bot add", "/start"] {
        assert!(matches!(ann.command(c).await, ServerMsg::Ack { .. }), "{c}");
    }
    let mut players = super::all_to_the_end(vec![ann, bob], Vec::new()).await;
    let mut bob = players.pop().unwrap();
    let mut ann = players.pop().unwrap();
    ann.drain(200).await;
    bob.drain(200).await;
    ann.table = 0; // her next state is the new table's
    let running = ann.create(&[], Some(2)).await;
    bob.sit(running).await;
    let m = ann.command("/start").await;
    assert!(matches!(m, ServerMsg::Ack { .. }), "{m:?}");
    play_until_both_choose(&mut ann, &mut bob).await;
    (ann, bob, finished, running)
}

/// `name` comes back with `token`: the welcome seats it at `table` again and the table's whole
/// state follows. The player returned holds the view it was shown.
pub async fn come_back(url: &str, name: &str, token: &str, table: u64) -> Player {
    let mut player = Player::join_as(url, name, Some(token)).await;
    assert!(
        player.me.seated.contains(&table),
        "{name} is seated at table {table} again: {:?}",
        player.me.seated
    );
    player.table = table;
    player
        .recv_until(|m| matches!(m, ServerMsg::State { table: t, .. } if t.id == table))
        .await;
    player
}

/// `name` comes back with `token` to `table` and finds exactly `before`, the view it last had.
pub async fn come_back_to_the_same_view(
    url: &str,
    name: &str,
    token: &str,
    table: u64,
    before: &Value,
) -> Player {
    let player = come_back(url, name, token, table).await;
    assert_eq!(
        player.view.as_ref(),
        Some(before),
        "{name} comes back to the same view at table {table}"
    );
    player
}
