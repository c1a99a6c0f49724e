//! The Your-move lists as players see them: which turn-based tables wait for them, soonest
//! deadline first, sent again when a table's wait changes; a new wait of a player who is not
//! online goes to the other channels once; the most turn-based tables one sits at.

use super::tests::{conn, only_answer, table_news, Room};
use super::*;
use crate::table::{TableNews, Waiting, MOST_TURN_BASED_TABLES};
use nimmt_core::Seat;
use nimmt_protocol::{ErrorCode, SeatInfo, SeatKind, TableState, YourMove};

/// A running turn-based table of `players` (seat order) waiting for `waiting` (player, deadline).
fn turn_based(id: TableId, players: &[&str], waiting: &[(&str, u64)]) -> TableNews {
    let mut news = table_news(id, TableState::Playing, players);
    news.info.table_options.insert("pace".into(), "1d".into());
    news.info.seats = players
        .iter()
        .enumerate()
        .map(|(i, p)| SeatInfo {
            seat: Seat(i as u8),
            name: p.to_string(),
            kind: SeatKind::Human,
            level: None,
            connected: false,
            bot_standing_in: false,
            bot_account: false,
            rating: None,
        })
        .collect();
    news.waiting = waiting
        .iter()
        .map(|(p, d)| Waiting {
            player: p.to_string(),
            seat: players.iter().position(|q| q == p).unwrap(),
            deadline_ms: *d,
        })
        .collect();
    news
}

/// The lists sent to connection `id` in these effects.
fn lists(effects: &[LobbyEffect<u64>], id: u64) -> Vec<Vec<YourMove>> {
    effects
        .iter()
        .filter_map(|e| match e {
            LobbyEffect::Send { to, frame } if to.id == id => {
                match serde_json::from_str(frame.as_str()).unwrap() {
                    ServerMsg::YourMove { tables } => Some(tables),
                    _ => None,
                }
            }
            _ => None,
        })
        .collect()
}

/// The new waits handed to the other channels: (player, table, deadline).
fn handed_on(effects: &[LobbyEffect<u64>]) -> Vec<(String, TableId, u64)> {
    effects
        .iter()
        .filter_map(|e| match e {
            LobbyEffect::Waits {
                player,
                table,
                deadline_ms,
                ..
            } => Some((player.clone(), *table, *deadline_ms)),
            _ => None,
        })
        .collect()
}

/// The lobby learns of a table (restored, waiting for nobody yet).
fn known(room: &mut Room, id: TableId, players: &[&str]) {
    room.feed(LobbyInput::Adopt {
        handle: id,
        news: turn_based(id, players, &[]),
    });
}

fn your_moves(room: &mut Room, player: &str) -> Vec<YourMove> {
    match only_answer(room.feed(LobbyInput::YourMoves {
        player: player.into(),
    })) {
        LobbyAnswer::YourMoves(list) => list,
        other => panic!("not a list: {other:?}"),
    }
}

#[test]
fn the_list_holds_every_table_waiting_for_the_player_soonest_deadline_first() {
    let mut room = Room::new(LobbySettings::default());
    known(&mut room, 1, &["ann", "bea"]);
    known(&mut room, 3, &["ann", "bea"]);
    room.feed(LobbyInput::Changed(turn_based(
        1,
        &["ann", "bea"],
        &[("ann", 9_000)],
    )));
    room.feed(LobbyInput::Adopt {
        handle: 2,
        news: turn_based(2, &["cem", "ann"], &[("ann", 5_000), ("cem", 5_000)]),
    });
    room.feed(LobbyInput::Changed(turn_based(
        3,
        &["ann", "bea"],
        &[("bea", 1_000)],
    )));
    let list = your_moves(&mut room, "ann");
    let tables: Vec<_> = list.iter().map(|m| (m.table, m.deadline_ms)).collect();
    assert_eq!(
        tables,
        [(2, 5_000), (1, 9_000)],
        "table 3 waits for Bea only"
    );
    assert_eq!(list[0].with, ["cem"], "the others at the table, by name");
    assert!(your_moves(&mut room, "dan").is_empty());
}

#[test]
fn an_online_player_gets_the_list_again_when_a_table_starts_or_stops_waiting_for_them() {
    let mut room = Room::new(LobbySettings::default());
    known(&mut room, 4, &["ann", "bea"]);
    room.feed(LobbyInput::Online {
        conn: conn(1, "ann"),
    });
    let effects = room.feed(LobbyInput::Changed(turn_based(
        4,
        &["ann", "bea"],
        &[("ann", 7_000)],
    )));
    assert_eq!(lists(&effects, 1).len(), 1);
    assert_eq!(lists(&effects, 1)[0][0].table, 4);
    assert!(
        handed_on(&effects).is_empty(),
        "Ann is here: no mail, no push"
    );
    // Ann moved; the table waits for Bea now.
    let effects = room.feed(LobbyInput::Changed(turn_based(
        4,
        &["ann", "bea"],
        &[("bea", 8_000)],
    )));
    assert_eq!(lists(&effects, 1), [Vec::<YourMove>::new()]);
    assert_eq!(handed_on(&effects), [("bea".to_string(), 4, 8_000)]);
    // The same news again changes nobody's list and tells nobody anything.
    let effects = room.feed(LobbyInput::Changed(turn_based(
        4,
        &["ann", "bea"],
        &[("bea", 8_000)],
    )));
    assert!(effects.is_empty(), "{effects:?}");
}

#[test]
fn a_table_of_another_node_counts_in_the_list_but_only_its_own_node_hands_the_wait_on() {
    let mut room = Room::new(LobbySettings::default());
    room.feed(LobbyInput::Online {
        conn: conn(1, "ann"),
    });
    let effects = room.feed(LobbyInput::Peer(PeerNews::Changed {
        handle: 5,
        news: turn_based(5, &["ann", "bea"], &[("ann", 3_000), ("bea", 3_000)]),
    }));
    assert_eq!(lists(&effects, 1)[0][0].table, 5);
    assert!(handed_on(&effects).is_empty());
    // The table closes on the other node: it leaves Ann's list.
    let effects = room.feed(LobbyInput::Peer(PeerNews::Closed { id: 5 }));
    assert_eq!(lists(&effects, 1), [Vec::<YourMove>::new()]);
}

#[test]
fn the_list_says_nothing_of_tables_in_real_time_or_over() {
    let mut room = Room::new(LobbySettings::default());
    let mut finished = turn_based(6, &["ann", "bea"], &[]);
    finished.info.state = TableState::Finished;
    room.feed(LobbyInput::Changed(finished));
    room.feed(LobbyInput::Changed(table_news(
        7,
        TableState::Playing,
        &["ann"],
    )));
    assert!(your_moves(&mut room, "ann").is_empty());
    let seats = room.feed(LobbyInput::TurnBasedSeats {
        player: "ann".into(),
    });
    assert_eq!(only_answer(seats), LobbyAnswer::Count(0));
}

#[test]
fn a_seat_at_one_turn_based_table_too_many_is_refused() {
    let mut room = Room::new(LobbySettings::default());
    for id in 1..=MOST_TURN_BASED_TABLES as TableId {
        known(&mut room, id, &["ann"]);
    }
    let next = MOST_TURN_BASED_TABLES as TableId + 1;
    known(&mut room, next, &["bea"]);
    room.feed(LobbyInput::Adopt {
        handle: next + 1,
        news: table_news(next + 1, TableState::Open, &["bea"]),
    });
    let may = |room: &mut Room, table| match only_answer(room.feed(LobbyInput::MaySit {
        player: "ann".into(),
        table,
    })) {
        LobbyAnswer::MaySit(answer) => answer,
        other => panic!("{other:?}"),
    };
    let refusal = may(&mut room, next).unwrap_err();
    assert_eq!(refusal.code, ErrorCode::RateLimited);
    assert_eq!(refusal.key, "too_many_turn_based");
    assert_eq!(may(&mut room, 1), Ok(()), "a table where Ann sits already");
    // Nor may she open one: its creator sits at it.
    let mut request = TableRequest {
        conn: conn(9, "ann"),
        game: nimmt_core::GameKind::new("classic"),
        options: nimmt_core::OptionMap::default(),
        seats: None,
        again: None,
    };
    request.options.set("pace", "2d");
    match only_answer(room.feed(LobbyInput::Create(request))) {
        LobbyAnswer::Created(Err(r)) => assert_eq!(r.key, "too_many_turn_based"),
        other => panic!("not refused: {other:?}"),
    }
    assert_eq!(may(&mut room, next + 1), Ok(()), "a table in real time");
}
