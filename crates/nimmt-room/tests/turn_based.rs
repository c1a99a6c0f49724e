//! Turn-based tables (`pace=1d`): a game that runs for days, driven here in simulated time (the
//! table takes the time as an input; nothing waits on the clock). A deadline plays the default
//! move and everyone hears of it; three missed deadlines put a bot in the seat until its player
//! is back; nobody connected neither pauses nor closes the table; a restart keeps the deadlines.

use nimmt_core::{registry, OptionMap, Seat};
use nimmt_protocol::Role;
use nimmt_room::sim::client::Client;
use nimmt_room::sim::store::SimStore;
use nimmt_room::table::{Meta, Pace, TableOptions, MOST_MISSED};
use nimmt_room::{Effect, Input, Moment, Table, TableConfig};
use serde_json::Value;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

const HOUR: Duration = Duration::from_secs(3600);
const TABLE: u64 = 7;

/// One table, its store and its people, in simulated time.
struct Room {
    table: Option<Table>,
    store: SimStore,
    config: Arc<TableConfig>,
    now: Moment,
    people: Vec<Client>,
    next_conn: u64,
}

impl Room {
    /// Ann opens a classic table for three with `options`; Bea and Cem sit down.
    fn three_at(options: &[(&str, &str)]) -> Room {
        let mut room = Room {
            table: None,
            store: SimStore::default(),
            config: Arc::new(TableConfig::default()),
            now: Moment {
                wall_ms: 1_800_000_000_000,
                ..Moment::default()
            },
            people: (0..3).map(Client::new).collect(),
            next_conn: 1,
        };
        for (i, name) in ["Ann", "Bea", "Cem"].into_iter().enumerate() {
            room.people[i].name = name.to_owned();
        }
        let ann = room.connect(0);
        let mut map = OptionMap::default();
        for (k, v) in options {
            map.set(k, v);
        }
        let kind = registry::find("classic").unwrap().kind();
        let meta = Meta::new(&ann, kind, map, Some(3), &room.config).unwrap();
        let table = Table::create(TABLE, meta, room.config.clone(), 1, room.now).with_member(&ann);
        room.table = Some(table);
        room.feed(Input::Opened);
        room.come(1);
        room.come(2);
        room
    }

    fn table(&self) -> &Table {
        self.table.as_ref().expect("the table is there")
    }

    fn connect(&mut self, i: usize) -> nimmt_room::Conn {
        self.next_conn += 1;
        self.people[i].connect(self.next_conn)
    }

    /// Person `i` connects and joins the table as a player (or comes back to their seat).
    fn come(&mut self, i: usize) {
        let conn = self.connect(i);
        self.feed(Input::Attach {
            conn,
            role: Role::Player,
            req: None,
            muted: HashSet::new(),
        });
    }

    /// Person `i`'s connection drops.
    fn drop_connection(&mut self, i: usize) {
        let (conn, _) = self.people[i].conn.take().expect("connected");
        self.feed(Input::Detach {
            player: conn.player.clone(),
            conn_id: conn.id,
        });
    }

    fn say(&mut self, i: usize, text: &str) {
        let (conn, _) = self.people[i].conn.clone().expect("connected");
        self.feed(Input::Chat {
            conn,
            text: text.to_owned(),
            req: None,
            muting: HashSet::new(),
        });
    }

    /// Person `i` makes their first legal move, if asked.
    fn move_if_asked(&mut self, i: usize) -> bool {
        let Some(game) = self.table().running_game() else {
            return false;
        };
        let Some(action) = game.legal_actions(Seat(i as u8)).into_iter().next() else {
            return false;
        };
        let (conn, _) = self.people[i].conn.clone().expect("connected");
        let version = self.table().version();
        self.feed(Input::Act {
            conn,
            version,
            action,
            req: None,
        });
        true
    }

    /// Hands the table one input and carries out its steps as a shell does: writes stored
    /// first, then the effects, then the answers to them.
    fn feed(&mut self, input: Input) {
        let mut pending = vec![input];
        while let Some(input) = pending.pop() {
            let table = self.table.as_mut().expect("the table is there");
            let mut step = table.handle(input, self.now);
            loop {
                for effect in step.effects {
                    match effect {
                        Effect::Send { to, frame } => to.send_frame(frame),
                        Effect::Think(job) => pending.push(Input::Thought(job.run())),
                        Effect::ReadRatings(query) => {
                            let seats = Some(vec![None; query.identities.len()]);
                            pending.push(Input::Ratings { query, seats });
                        }
                        _ => {}
                    }
                }
                let Some(ops) = step.write.take() else { break };
                let result = self.store.write(&ops);
                step = self.table.as_mut().unwrap().written(result, self.now);
            }
        }
    }

    /// Time passes (`d`): the table wakes whenever it asked to.
    fn wait(&mut self, d: Duration) {
        let until = self.now.at + d;
        while let Some(at) = self.table().next_wake().filter(|at| *at <= until) {
            let later = at.saturating_duration_since(self.now.at);
            self.now = self.now.later(later);
            self.feed(Input::Wake);
        }
        let rest = until.saturating_duration_since(self.now.at);
        self.now = self.now.later(rest);
    }

    /// The room restarts: the table comes back from the store alone.
    fn restart(&mut self) {
        self.table = None;
        for p in &mut self.people {
            p.conn = None;
        }
        let stored = self.store.open_tables().pop().expect("the table is stored");
        let table = Table::restore(stored, self.config.clone(), 2, self.now).unwrap();
        self.table = Some(table);
        self.feed(Input::Opened);
    }

    /// The notices person `i` was sent since last asked: `(key, name)`.
    fn notices(&mut self, i: usize) -> Vec<(String, String)> {
        let Some((_, link)) = &self.people[i].conn else {
            return Vec::new();
        };
        link.take()
            .iter()
            .filter_map(|f| {
                let msg: Value = serde_json::from_str(f.as_str()).ok()?;
                (msg["type"] == "notice").then(|| {
                    let key = msg["key"].as_str().unwrap_or("").to_owned();
                    let name = msg["params"]["name"].as_str().unwrap_or("").to_owned();
                    (key, name)
                })
            })
            .collect()
    }

    /// How many moves seat `i` made (or had made for it) so far.
    fn moves_of(&self, i: u8) -> usize {
        self.table()
            .action_log()
            .iter()
            .filter(|(s, _)| *s == i)
            .count()
    }

    fn missed(&self, i: usize) -> u8 {
        self.table()
            .meta()
            .turns
            .as_ref()
            .map_or(0, |t| t.missed[i])
    }
}

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
