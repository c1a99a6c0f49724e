//! Turn-based tables (`pace=1d`): a game that runs for days, driven here in simulated time (the
//! table takes the time as an input; nothing waits on the clock). A deadline plays the default
//! move and everyone hears of it; three missed deadlines put a bot in the seat until its player
//! is back; nobody connected neither pauses nor closes the table; a restart keeps the deadlines.

mod turn_room;

use nimmt_room::table::{Pace, TableOptions, MOST_MISSED};
use std::time::Duration;
use turn_room::{Room, HOUR};

fn said(notices: &[(String, String)], key: &str, name: &str) -> bool {
    notices.iter().any(|(k, n)| k == key && n == name)
}

#[test]
fn a_day_per_move_plays_the_default_once_the_day_is_over_and_tells_everyone() {
    let mut room = Room::three_at(&[("pace", "1d"), ("timer", "30")]);
    room.say(0, "/start");
    assert!(room.table().running_game().is_some());
    // Ann and Bea choose their cards at once; Cem does not.
    assert!(room.move_if_asked(0));
    assert!(room.move_if_asked(1));
    for i in 0..3 {
        room.notices(i);
    }
    // The 30-second timer does not count at a turn-based table: 23 hours later nothing happened.
    room.wait(23 * HOUR);
    assert_eq!(room.moves_of(2), 0);
    assert!(room.notices(0).is_empty());
    // At 24 hours Cem's default card is played, and everyone hears of it.
    room.wait(HOUR);
    assert_eq!(room.moves_of(2), 1);
    for i in 0..3 {
        let told = room.notices(i);
        assert!(said(&told, "deadline_missed", "Cem"), "{i}: {told:?}");
    }
    assert_eq!(room.missed(2), 1);
    assert!(!room.table().played_by_bot(2));
}

#[test]
fn three_missed_deadlines_put_a_bot_in_the_seat_until_its_player_comes_back() {
    let mut room = Room::three_at(&[("pace", "1d")]);
    room.say(0, "/start");
    room.drop_connection(2);
    // Ann and Bea move whenever asked; Cem misses every deadline.
    let mut days = 0;
    while room.missed(2) < MOST_MISSED {
        while room.move_if_asked(0) || room.move_if_asked(1) {}
        room.wait(24 * HOUR);
        days += 1;
        assert!(days < 10, "Cem missed {} deadlines", room.missed(2));
    }
    let told = room.notices(0);
    assert!(said(&told, "deadline_missed", "Cem"), "{told:?}");
    assert!(said(&told, "deadline_bot", "Cem"), "{told:?}");
    assert!(room.table().played_by_bot(2));
    assert!(room.table().info().seats[2].bot_standing_in);
    // From now on the bot answers for Cem at once, not a day later.
    let before = room.moves_of(2);
    for _ in 0..4 {
        while room.move_if_asked(0) || room.move_if_asked(1) {}
        room.wait(Duration::from_secs(5));
    }
    assert!(room.moves_of(2) > before, "the bot did not move for Cem");
    // Cem comes back and has his seat again; everyone hears of it.
    room.come(2);
    assert!(!room.table().played_by_bot(2));
    assert!(said(&room.notices(0), "seat_back", "Cem"));
    assert_eq!(
        room.table().meta().seats[2].player.as_deref(),
        Some(room.people[2].player.as_str())
    );
}

#[test]
fn nobody_connected_for_two_days_leaves_the_table_running() {
    let mut room = Room::three_at(&[("pace", "1d")]);
    room.say(0, "/start");
    for i in 0..3 {
        room.drop_connection(i);
    }
    room.wait(48 * HOUR);
    let table = room.table();
    assert!(!table.closing());
    assert!(!table.is_paused());
    assert_eq!(table.state(), nimmt_protocol::TableState::Playing);
    // The deadlines went on: the first day's cards were played at the end of the day, then the
    // next question's default at the end of the second (a row to take, or the next cards), each
    // a missed deadline; no bot took over for the absent players.
    let moves = table.action_log().len();
    assert!(moves >= 4, "{moves} moves");
    let missed: usize = (0..3).map(|i| usize::from(room.missed(i))).sum();
    assert_eq!(missed, moves);
    for i in 0..3 {
        assert!(room.moves_of(i as u8) >= 1, "seat {i}");
        assert!(!table.played_by_bot(i));
    }
    assert!(table.next_wake().is_some());
}

#[test]
fn a_realtime_table_with_nobody_connected_pauses_as_before() {
    let mut room = Room::three_at(&[]);
    room.say(0, "/start");
    for i in 0..3 {
        room.drop_connection(i);
    }
    room.wait(Duration::from_secs(61));
    assert!(room.table().is_paused());
    assert!(room.table().played_by_bot(0));
}

#[test]
fn a_restart_keeps_the_deadlines_and_the_missed_count() {
    let mut room = Room::three_at(&[("pace", "1d")]);
    room.say(0, "/start");
    room.drop_connection(2);
    assert!(room.move_if_asked(0));
    assert!(room.move_if_asked(1));
    room.wait(12 * HOUR);
    room.restart();
    // Eleven hours later the day since the start is not over yet.
    room.wait(11 * HOUR);
    assert_eq!(room.moves_of(2), 0);
    // The deadline is the one from before the restart, not a fresh day.
    room.wait(HOUR);
    assert_eq!(room.moves_of(2), 1);
    assert_eq!(room.missed(2), 1);
    room.restart();
    assert_eq!(room.missed(2), 1);
}

#[test]
fn the_pace_is_a_checked_option_shown_in_the_table_list() {
    let mut room = Room::three_at(&[]);
    assert_eq!(room.table().meta().table_options.pace, Pace::Realtime);
    room.notices(0);
    room.say(0, "/option pace=2d");
    assert_eq!(room.table().meta().table_options.pace, Pace::TwoDays);
    assert_eq!(room.table().info().table_options["pace"], "2d");
    room.say(0, "/option pace=4d");
    assert_eq!(room.table().meta().table_options.pace, Pace::TwoDays);
    // A table stored before paces existed reads as real time.
    let old: TableOptions =
        serde_json::from_str(r#"{"timer": 0, "reconnect": 60, "rated": true}"#).unwrap();
    assert_eq!(old.pace, Pace::Realtime);
}

/// Whom the table last told the lobby it waits for: (seat, deadline).
fn waiting(room: &Room) -> Vec<(usize, u64)> {
    let news = room.news.last().expect("the lobby heard of the table");
    news.waiting
        .iter()
        .map(|w| (w.seat, w.deadline_ms))
        .collect()
}

#[test]
fn the_lobby_hears_whose_move_the_table_waits_for_and_until_when() {
    let mut room = Room::three_at(&[("pace", "1d")]);
    let start = room.now.wall_ms;
    room.say(0, "/start");
    let day = 24 * 3_600_000;
    assert_eq!(
        waiting(&room),
        [(0, start + day), (1, start + day), (2, start + day)]
    );
    let players: Vec<_> = room
        .news
        .last()
        .unwrap()
        .waiting
        .iter()
        .map(|w| w.player.clone())
        .collect();
    assert_eq!(players, room.table().seated_players());
    room.wait(HOUR);
    assert!(room.move_if_asked(0));
    assert!(room.move_if_asked(1));
    // Ann and Bea chose: only Cem is waited for, still until a day after the start.
    assert_eq!(waiting(&room), [(2, start + day)]);
    // After a restart the table waits for the same move until the same time.
    room.restart();
    let restored: Vec<_> = room
        .table()
        .news()
        .waiting
        .iter()
        .map(|w| (w.seat, w.deadline_ms))
        .collect();
    assert_eq!(restored, [(2, start + day)]);
}

#[test]
fn a_realtime_table_waits_for_nobody_in_the_lobbys_eyes() {
    let mut room = Room::three_at(&[("timer", "30")]);
    room.say(0, "/start");
    assert!(room.table().running_game().is_some());
    assert!(room.news.iter().all(|n| n.waiting.is_empty()));
}

/// Cem's deadline as the lobby last heard it.
fn cem_deadline(room: &Room) -> Option<u64> {
    let news = room.news.last()?;
    news.waiting
        .iter()
        .find(|w| w.seat == 2)
        .map(|w| w.deadline_ms)
}

#[test]
fn a_vacation_moves_the_deadline_and_counts_against_seven_days_in_thirty() {
    let day = 24 * 3_600_000;
    // Without the host's leave there is no vacation.
    let mut room = Room::three_at(&[("pace", "1d")]);
    room.say(0, "/start");
    room.notices(2);
    room.say(2, "/vacation 2");
    assert!(room.errors(2).contains(&"vacation_not_allowed".to_owned()));
    let mut room = Room::three_at(&[("pace", "1d"), ("vacation", "yes")]);
    room.say(0, "/start");
    let first = cem_deadline(&room).expect("Cem is asked");
    room.say(2, "/vacation 5");
    assert_eq!(cem_deadline(&room), Some(first + 5 * day));
    room.wait(24 * HOUR);
    // Back after a day: the clock runs again, one day later than without the vacation.
    room.say(2, "/vacation off");
    assert_eq!(cem_deadline(&room), Some(first + day));
    room.errors(2);
    // One day was taken: seven more are too many, six are fine.
    room.say(2, "/vacation 7");
    assert!(room.errors(2).contains(&"vacation_too_long".to_owned()));
    room.say(2, "/vacation 6");
    assert!(room.errors(2).is_empty());
    room.say(2, "/vacation 1");
    assert!(room.errors(2).contains(&"vacation_already".to_owned()));
    // A restart keeps the vacation and the deadline it gave.
    let before = cem_deadline(&room);
    room.restart();
    let restored = room.table().news();
    let after = restored
        .waiting
        .iter()
        .find(|w| w.seat == 2)
        .map(|w| w.deadline_ms);
    assert_eq!(after, before);
}

#[test]
fn a_turn_based_table_nobody_looks_at_may_leave_memory_and_comes_back_the_same() {
    let mut room = Room::three_at(&[("pace", "1d")]);
    assert!(!room.table().may_sleep(), "people are connected");
    room.say(0, "/start");
    assert!(room.move_if_asked(0));
    for i in 0..3 {
        room.drop_connection(i);
    }
    assert!(room.table().may_sleep());
    let before = (room.table().news(), room.table().action_log());
    // Dropped and loaded from the store, as the server does: the same table.
    room.restart();
    assert_eq!((room.table().news(), room.table().action_log()), before);
    assert!(room.table().may_sleep());
    // Someone back: it stays in memory.
    room.come(1);
    assert!(!room.table().may_sleep());
    // A table in real time never leaves memory.
    let mut realtime = Room::three_at(&[]);
    realtime.say(0, "/start");
    for i in 0..3 {
        realtime.drop_connection(i);
    }
    assert!(!realtime.table().may_sleep());
}
