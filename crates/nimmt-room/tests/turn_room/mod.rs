//! A table in simulated time, as the tests drive it: one table, its store and its people (Ann,
//! Bea, Cem at a turn-based table; some may be bot accounts, looked up by the table as the lobby
//! lists them); the table takes the time as an input, and `wait` moves it on, waking the table
//! whenever it asked to.
#![allow(dead_code)]

use nimmt_core::{registry, OptionMap, Seat};
use nimmt_protocol::{OnlineBot, PlayerId, Role};
use nimmt_room::sim::client::Client;
use nimmt_room::sim::store::SimStore;
use nimmt_room::table::{Meta, TableNews};
use nimmt_room::{Effect, Input, Moment, Table, TableConfig};
use serde_json::Value;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

pub const HOUR: Duration = Duration::from_secs(3600);
pub const TABLE: u64 = 7;

/// One table, its store and its people, in simulated time.
pub struct Room {
    pub table: Option<Table>,
    pub store: SimStore,
    pub config: Arc<TableConfig>,
    pub now: Moment,
    pub people: Vec<Client>,
    pub next_conn: u64,
    /// What the table told the lobby, latest last.
    pub news: Vec<TableNews>,
    /// The people who are bot accounts (by index), and the bot accounts online.
    pub bot_accounts: HashSet<usize>,
    pub online: Vec<OnlineBot>,
    /// What the table asked the shell to tell someone: `(player, message)`.
    pub told: Vec<(PlayerId, Value)>,
    /// The bot accounts' faults the table reported, by player.
    pub faults: Vec<PlayerId>,
}

impl Room {
    /// Ann opens a classic table for three with `options`; Bea and Cem sit down.
    pub fn three_at(options: &[(&str, &str)]) -> Room {
        Room::three_of("classic", options)
    }

    /// Ann opens a table of `game` for three with `options`; Bea and Cem sit down.
    pub fn three_of(game: &str, options: &[(&str, &str)]) -> Room {
        let mut room = Room::opened(game, 3, options, &["Ann", "Bea", "Cem"], &[]);
        room.come(1);
        room.come(2);
        room
    }

    /// The first of `names` opens a table of `game` for `seats` with `options`; the others are
    /// not there yet. The people of `bots` are bot accounts.
    pub fn opened(
        game: &str,
        seats: usize,
        options: &[(&str, &str)],
        names: &[&str],
        bots: &[usize],
    ) -> Room {
        let mut room = Room::new(names, bots);
        let ann = room.connect(0);
        let mut map = OptionMap::default();
        for (k, v) in options {
            map.set(k, v);
        }
        let kind = registry::find(game).unwrap().kind();
        let meta = Meta::new(&ann, kind, map, Some(seats), &room.config).unwrap();
        let table = Table::create(TABLE, meta, room.config.clone(), 1, room.now).with_member(&ann);
        room.table = Some(table);
        room.feed(Input::Opened);
        room
    }

    /// The people of `names` (those of `bots` are bot accounts), none connected; no table yet.
    pub fn new(names: &[&str], bots: &[usize]) -> Room {
        let mut room = Room {
            table: None,
            store: SimStore::default(),
            config: Arc::new(TableConfig::default()),
            now: Moment {
                wall_ms: 1_800_000_000_000,
                ..Moment::default()
            },
            people: (0..names.len()).map(Client::new).collect(),
            next_conn: 1,
            news: Vec::new(),
            bot_accounts: bots.iter().copied().collect(),
            online: Vec::new(),
            told: Vec::new(),
            faults: Vec::new(),
        };
        for (i, name) in names.iter().enumerate() {
            room.people[i].name = (*name).to_owned();
        }
        room
    }

    pub fn table(&self) -> &Table {
        self.table.as_ref().expect("the table is there")
    }

    /// Person `i` connects (a bot account's connection is marked so).
    pub fn connect(&mut self, i: usize) -> nimmt_room::Conn {
        self.next_conn += 1;
        let bot = self.bot_accounts.contains(&i);
        let conn = self.people[i].connect(self.next_conn).as_bot(bot);
        if let Some(c) = self.people[i].conn.as_mut() {
            c.0 = conn.clone();
        }
        conn
    }

    /// Person `i` connects and joins the table as a player (or comes back to their seat).
    pub fn come(&mut self, i: usize) {
        self.attach(i, Role::Player);
    }

    /// Person `i` connects and joins the table as `role`.
    pub fn attach(&mut self, i: usize, role: Role) {
        let conn = self.connect(i);
        self.feed(Input::Attach {
            conn,
            role,
            req: None,
            muted: HashSet::new(),
            invite: None,
        });
    }

    /// Person `i`'s connection drops.
    pub fn drop_connection(&mut self, i: usize) {
        let (conn, _) = self.people[i].conn.take().expect("connected");
        self.feed(Input::Detach {
            player: conn.player.clone(),
            conn_id: conn.id,
        });
    }

    pub fn say(&mut self, i: usize, text: &str) {
        let (conn, _) = self.people[i].conn.clone().expect("connected");
        self.feed(Input::Chat {
            conn,
            text: text.to_owned(),
            req: None,
            muting: HashSet::new(),
        });
    }

    /// Person `i` makes their first legal move, if asked.
    pub fn move_if_asked(&mut self, i: usize) -> bool {
        let Some(game) = self.table().running_game() else {
            return false;
        };
        let Some(action) = game.legal_actions(Seat(i as u8)).into_iter().next() else {
            return false;
        };
        self.act(i, action);
        true
    }

    /// Person `i` sends `action` for the table's current version.
    pub fn act(&mut self, i: usize, action: Value) {
        let (conn, _) = self.people[i].conn.clone().expect("connected");
        let version = self.table().version();
        self.feed(Input::Act {
            conn,
            version,
            action,
            req: None,
        });
    }

    /// Whether seat `i` is asked something now.
    pub fn asked(&self, i: usize) -> bool {
        self.table()
            .running_game()
            .is_some_and(|g| !g.legal_actions(Seat(i as u8)).is_empty())
    }

    /// Hands the table one input and carries out its steps as a shell does: writes stored
    /// first, then the effects, then the answers to them.
    pub fn feed(&mut self, input: Input) {
        let mut pending = vec![input];
        while let Some(input) = pending.pop() {
            let table = self.table.as_mut().expect("the table is there");
            let mut step = table.handle(input, self.now);
            loop {
                for effect in step.effects {
                    match effect {
                        Effect::Send { to, frame } => to.send_frame(frame),
                        Effect::Lobby(news) => self.news.push(news),
                        Effect::Think(job) => pending.push(Input::Thought(job.run())),
                        Effect::ReadRatings(query) => {
                            let seats = Some(vec![None; query.identities.len()]);
                            pending.push(Input::Ratings { query, seats });
                        }
                        Effect::SeekBot(seek) => {
                            let bot = self
                                .online
                                .iter()
                                .find(|b| nimmt_room::names::same(&b.name, &seek.name));
                            pending.push(seek.answer(bot));
                        }
                        Effect::Tell { player, msg } => self
                            .told
                            .push((player, serde_json::to_value(&msg).unwrap())),
                        Effect::BotFault { player } => self.faults.push(player),
                        // A rematch opens as the next table.
                        Effect::OpenRematch { by, req, .. } => {
                            let result = Ok(TABLE + 1);
                            pending.push(Input::RematchOpened { by, req, result });
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
    pub fn wait(&mut self, d: Duration) {
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
    pub fn restart(&mut self) {
        self.table = None;
        for p in &mut self.people {
            p.conn = None;
        }
        let stored = self.store.open_tables().pop().expect("the table is stored");
        let table = Table::restore(stored, self.config.clone(), 2, self.now).unwrap();
        self.table = Some(table);
        self.feed(Input::Opened);
    }

    /// The messages person `i` was sent since last asked.
    pub fn frames(&mut self, i: usize) -> Vec<Value> {
        let Some((_, link)) = &self.people[i].conn else {
            return Vec::new();
        };
        link.take()
            .iter()
            .filter_map(|f| serde_json::from_str::<Value>(f.as_str()).ok())
            .collect()
    }

    /// The messages of type `kind` person `i` was sent since last asked (their other frames
    /// are dropped).
    fn taken(&mut self, i: usize, kind: &str) -> Vec<Value> {
        let mut frames = self.frames(i);
        frames.retain(|msg| msg["type"] == kind);
        frames
    }

    /// The keys of the notices and refusals person `i` was sent since last asked.
    pub fn keys(&mut self, i: usize) -> Vec<String> {
        self.frames(i)
            .iter()
            .filter(|m| m["type"] == "notice" || m["type"] == "error")
            .map(|m| m["key"].as_str().unwrap_or("").to_owned())
            .collect()
    }

    /// The notices person `i` was sent since last asked: `(key, name)`.
    pub fn notices(&mut self, i: usize) -> Vec<(String, String)> {
        let text = |v: &Value| v.as_str().unwrap_or("").to_owned();
        self.taken(i, "notice")
            .iter()
            .map(|msg| (text(&msg["key"]), text(&msg["params"]["name"])))
            .collect()
    }

    /// The keys of the refusals person `i` was sent since last asked.
    pub fn errors(&mut self, i: usize) -> Vec<String> {
        self.taken(i, "error")
            .iter()
            .map(|msg| msg["key"].as_str().unwrap_or("").to_owned())
            .collect()
    }

    /// How many moves seat `i` made (or had made for it) so far.
    pub fn moves_of(&self, i: u8) -> usize {
        self.table()
            .action_log()
            .iter()
            .filter(|(s, _)| *s == i)
            .count()
    }

    pub fn missed(&self, i: usize) -> u8 {
        self.table()
            .meta()
            .turns
            .as_ref()
            .map_or(0, |t| t.missed[i])
    }
}
