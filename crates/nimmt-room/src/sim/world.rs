//! The simulated room: tables driven exactly as the server's shell drives them (writes first,
//! then effects, answers before anything else), a store, clients, and a clock that only moves
//! when the simulation says so.

use super::action::{MoveKind, SimAction};
use super::client::Client;
use super::store::SimStore;
use super::Violation;
use crate::clock::{Instant, Moment};
use crate::table::{Effect, Input, Meta, Table, TableConfig};
use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{Role, TableId};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

/// The games the simulation opens tables of.
const GAMES: [&str; 4] = ["classic", "help", "buffalo", "board"];
/// Most tables live at once.
const MOST_TABLES: usize = 8;
/// Most wake-ups while time moves by one step before the simulation calls it a busy loop.
const MOST_WAKES: u32 = 5_000;

/// What the simulation counted.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub tables_opened: u64,
    pub moves_sent: u64,
    pub frames: u64,
    pub crashes: u64,
    pub wakes: u64,
}

pub struct World {
    pub config: Arc<TableConfig>,
    seed: u64,
    pub now: Moment,
    pub store: SimStore,
    pub tables: BTreeMap<TableId, Table>,
    next_table: TableId,
    next_conn: u64,
    pub clients: Vec<Client>,
    pub stats: Stats,
    /// Invitation codes handed to tables so far (the simulated shell's randomness).
    codes: u64,
    /// Who came to a private table with the code it had then (see `checks::invitations_kept`).
    admitted: HashSet<(TableId, String, String)>,
}

impl World {
    pub fn new(seed: u64, clients: usize, config: TableConfig) -> World {
        World {
            config: Arc::new(config),
            seed,
            now: Moment {
                at: Instant::default(),
                wall_ms: 1_800_000_000_000,
            },
            store: SimStore::default(),
            tables: BTreeMap::new(),
            next_table: 1,
            next_conn: 1,
            clients: (0..clients).map(Client::new).collect(),
            stats: Stats::default(),
            codes: 0,
            admitted: HashSet::new(),
        }
    }

    fn table_seed(&self, id: TableId) -> u64 {
        self.seed ^ id.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn live_tables(&self) -> Vec<TableId> {
        self.tables.keys().copied().collect()
    }

    /// Carries out one action of the simulation.
    pub fn act(&mut self, action: SimAction) -> Result<(), Violation> {
        let n = self.clients.len();
        match action {
            SimAction::Open {
                client,
                game,
                seats,
            } => self.open(client as usize % n, game, seats)?,
            SimAction::Join {
                client,
                table,
                watch,
            } => {
                let c = client as usize % n;
                let tables = self.live_tables();
                if tables.is_empty() || self.clients[c].at.is_some() {
                    return Ok(());
                }
                let Some((conn, _)) = self.clients[c].conn.clone() else {
                    return Ok(());
                };
                let id = tables[table as usize % tables.len()];
                let req = self.clients[c].req();
                let role = if watch { Role::Spectator } else { Role::Player };
                // At a private table: no code, the right one, a guess, or one since renewed.
                let t = self.tables.get(&id);
                let current = t.and_then(Table::invite_code);
                let invite = match table / 64 {
                    _ if current.is_none() => None,
                    0 => None,
                    1 => current.map(str::to_owned),
                    2 => Some("guessed-guessed-guess0".to_owned()),
                    _ => t.and_then(|t| t.meta().invitation.as_ref()?.renewed.last().cloned()),
                };
                self.feed(id, attach(conn, role, req, invite))?;
            }
            SimAction::Leave { client } => {
                let c = client as usize % n;
                if let (Some(id), Some((conn, _))) =
                    (self.clients[c].at, self.clients[c].conn.clone())
                {
                    let req = self.clients[c].req();
                    self.feed(id, Input::Leave { conn, req })?;
                }
            }
            SimAction::Disconnect { client } => {
                let c = client as usize % n;
                if let Some((conn, _)) = self.clients[c].conn.take() {
                    if let Some(id) = self.clients[c].at {
                        let player = conn.player.clone();
                        self.feed(
                            id,
                            Input::Detach {
                                player,
                                conn_id: conn.id,
                            },
                        )?;
                    }
                }
            }
            SimAction::Reconnect { client, fresh } => {
                let c = client as usize % n;
                if self.clients[c].conn.is_some() {
                    return Ok(());
                }
                if fresh {
                    // Without its token: someone new, who holds no seat anywhere.
                    self.clients[c].new_identity();
                }
                let conn = self.clients[c].connect(self.next_conn);
                self.next_conn += 1;
                // Back to the table where it holds a seat, as a `hello` does.
                let Some(id) = self.clients[c].at else {
                    return Ok(());
                };
                let seated = self.tables.get(&id).is_some_and(|t| {
                    t.meta()
                        .seats
                        .iter()
                        .any(|s| s.player.as_ref() == Some(&conn.player))
                });
                if !seated {
                    self.clients[c].at = None;
                    return Ok(());
                }
                let req = self.clients[c].req();
                self.feed(id, attach(conn, Role::Player, req, None))?;
            }
            SimAction::Move { client, pick, kind } => {
                // Mostly someone who is asked (a person answers when asked).
                let asked: Vec<usize> = (0..n)
                    .filter(|&c| !self.clients[c].picture.legal.is_empty())
                    .collect();
                let c = match kind {
                    MoveKind::Legal if !asked.is_empty() => asked[client as usize % asked.len()],
                    _ => client as usize % n,
                };
                self.send_move(c, pick, kind)?
            }
            SimAction::Chat { client } => {
                self.say(client as usize % n, |_, _| "Hallo, hello".into())?
            }
            SimAction::Command { client, which } => self
                .say(client as usize % n, |w, (id, c)| {
                    w.command_text(id, c, which)
                })?,
            SimAction::Advance { ms } => self.advance(Duration::from_millis(ms.into()))?,
            SimAction::Crash => self.crash()?,
            SimAction::StoreRefuses { writes } => self.store.refuse_next = writes.into(),
            SimAction::StoreSlow { ms } => self.store.slow_ms = ms.into(),
        }
        // Time a slow store took passed for every table: their timers due by now fire.
        self.advance(Duration::ZERO)
    }

    /// Client `c` says a line (`text` of the table and the client) at its table, if it is at one.
    fn say(
        &mut self,
        c: usize,
        text: impl Fn(&World, (TableId, usize)) -> String,
    ) -> Result<(), Violation> {
        let (Some(id), Some((conn, _))) = (self.clients[c].at, self.clients[c].conn.clone()) else {
            return Ok(());
        };
        let text = text(self, (id, c));
        let req = self.clients[c].req();
        let muting = HashSet::new();
        self.feed(
            id,
            Input::Chat {
                conn,
                text,
                req,
                muting,
            },
        )
    }

    fn open(&mut self, c: usize, game: u8, seats: u8) -> Result<(), Violation> {
        if self.tables.len() >= MOST_TABLES || self.clients[c].at.is_some() {
            return Ok(());
        }
        let Some((conn, _)) = self.clients[c].conn.clone() else {
            return Ok(());
        };
        let name = GAMES[game as usize % GAMES.len()];
        let Ok(found) = nimmt_core::registry::find(name) else {
            return Ok(());
        };
        let (kind, descriptor): (GameKind, _) = (found.kind(), found.descriptor());
        let (min, max) = descriptor.players;
        // Small tables fill up and start more often.
        let least = min.max(2).min(max);
        let seats = least + seats as usize % (max - least + 1).min(3);
        let Ok(meta) = Meta::new(&conn, kind, OptionMap::default(), Some(seats), &self.config)
        else {
            return Ok(());
        };
        let id = self.next_table;
        self.next_table += 1;
        let table = Table::create(id, meta, self.config.clone(), self.table_seed(id), self.now)
            .with_member(&conn);
        self.tables.insert(id, table);
        self.clients[c].at = Some(id);
        self.stats.tables_opened += 1;
        self.feed(id, Input::Opened)
    }

    /// A table command for client `c` at table `id`.
    fn command_text(&self, id: TableId, c: usize, which: u8) -> String {
        match which {
            0..=3 => "/start".into(),
            4..=7 => "/bot add greedy".into(),
            8 => "/bot remove".into(),
            9 => {
                // Someone else at the table.
                let me = &self.clients[c].player;
                let other = self
                    .tables
                    .get(&id)
                    .and_then(|t| t.members().into_iter().find(|m| &m.player != me))
                    .and_then(|m| self.clients.iter().find(|c| c.player == m.player))
                    .map_or("Nobody".to_owned(), |c| c.name.clone());
                format!("/kick {other}")
            }
            10 => "/rematch".into(),
            11 => "/option timer=5".into(),
            // Some tables are turn-based (a day's deadline fires within a run), some go back.
            12 => match (id as usize + c) % 4 {
                0 => "/option pace=1h".into(),
                1 => "/option pace=realtime".into(),
                _ => "/option timer=0".into(),
            },
            13 => "/leave".into(),
            14 => "/join".into(),
            _ if (id as usize + c).is_multiple_of(2) => "/option pace=12h".into(),
            // Some tables are private, and their hosts renew the link now and then.
            _ if (id as usize + c) % 4 == 1 => "/option private=yes".into(),
            _ if (id as usize + c) % 4 == 3 => "/invite renew".into(),
            _ => "/who".into(),
        }
    }

    fn send_move(&mut self, c: usize, pick: u16, kind: MoveKind) -> Result<(), Violation> {
        let client = &self.clients[c];
        let (Some(id), Some((conn, _))) = (client.at, client.conn.clone()) else {
            return Ok(());
        };
        let picture = &client.picture;
        let legal = &picture.legal;
        let (version, action) = match kind {
            MoveKind::Legal | MoveKind::Stale if legal.is_empty() => return Ok(()),
            MoveKind::Legal => (picture.version, legal[pick as usize % legal.len()].clone()),
            MoveKind::Stale => (
                picture.version.saturating_sub(1 + u64::from(pick % 3)),
                legal[pick as usize % legal.len()].clone(),
            ),
            MoveKind::Illegal => (picture.version, json!({"type": "play", "card": 999})),
            MoveKind::Duplicate => match &client.last_act {
                Some(last) => last.clone(),
                None => return Ok(()),
            },
        };
        self.clients[c].last_act = Some((version, action.clone()));
        let req = self.clients[c].req();
        self.stats.moves_sent += 1;
        self.feed(
            id,
            Input::Act {
                conn,
                version,
                action,
                req,
            },
        )
    }

    /// Simulated time passes by `d`; every timer due on the way fires at its time.
    fn advance(&mut self, d: Duration) -> Result<(), Violation> {
        let target = self.now.at + d;
        let wall_target = self.now.wall_ms + d.as_millis() as u64;
        let mut wakes = 0;
        loop {
            let due = self
                .tables
                .iter()
                .filter_map(|(id, t)| t.next_wake().map(|w| (w, *id)))
                .filter(|(w, _)| *w <= target)
                .min();
            let Some((at, id)) = due else { break };
            if at > self.now.at {
                let later = at.saturating_duration_since(self.now.at);
                self.now = self.now.later(later);
            }
            wakes += 1;
            self.stats.wakes += 1;
            if wakes > MOST_WAKES {
                return Err(Violation::new(
                    5,
                    format!("table {id} wakes up again and again at {at:?} without moving on"),
                ));
            }
            self.feed(id, Input::Wake)?;
            self.read_frames()?;
        }
        if target > self.now.at {
            self.now = Moment {
                at: target,
                wall_ms: wall_target.max(self.now.wall_ms),
            };
        }
        Ok(())
    }

    /// The process dies: every table is gone from memory and every connection with it; the
    /// room restarts from the store. What was stored before the crash is what comes back.
    fn crash(&mut self) -> Result<(), Violation> {
        self.stats.crashes += 1;
        let before: BTreeMap<TableId, super::checks::Kept> = self
            .tables
            .iter()
            // Open or running, with someone's seat: an open table nobody sits at closes when
            // its last watcher's connection goes, as it does with the crash.
            .filter(|(_, t)| match t.state() {
                nimmt_protocol::TableState::Finished => false,
                nimmt_protocol::TableState::Playing => true,
                nimmt_protocol::TableState::Open => {
                    t.meta().seats.iter().any(|s| s.player.is_some())
                }
            })
            .map(|(id, t)| (*id, super::checks::Kept::of(t)))
            .collect();
        self.tables.clear();
        for c in &mut self.clients {
            c.conn = None;
        }
        for stored in self.store.open_tables() {
            let id = stored.id;
            let seed = self.table_seed(id) ^ self.stats.crashes;
            match Table::restore(stored, self.config.clone(), seed, self.now) {
                Ok(t) => {
                    self.tables.insert(id, t);
                    self.feed(id, Input::Opened)?;
                }
                Err(e) => {
                    return Err(Violation::new(
                        1,
                        format!("table {id} cannot be restored: {e}"),
                    ))
                }
            }
        }
        super::checks::restored_as_before(&before, &self.tables)
    }

    /// Feeds one input to a table, as the server's shell does: writes stored first, effects
    /// carried out in order, the answers to them fed before anything else.
    pub fn feed(&mut self, id: TableId, input: Input) -> Result<(), Violation> {
        let before = self.tables.get(&id).map(super::checks::seats_of);
        // Who comes with a private table's current code (invariant 6).
        if let (Input::Attach { conn, invite, .. }, Some(t)) = (&input, self.tables.get(&id)) {
            if let Some(code) = invite
                .as_ref()
                .filter(|c| t.invite_code() == Some(c.as_str()))
            {
                self.admitted
                    .insert((id, conn.player.clone(), code.clone()));
            }
        }
        let mut pending = vec![input];
        while let Some(input) = pending.pop() {
            let Some(table) = self.tables.get_mut(&id) else {
                return Ok(());
            };
            if table.wants_code() {
                self.codes += 1;
                table.give_code(format!("sim-code-{:013}", self.codes));
            }
            let mut step = table.handle(input, self.now);
            let mut answers = Vec::new();
            loop {
                let write = step.write.take();
                answers.extend(self.carry_out(id, step.effects)?);
                let Some(ops) = write else { break };
                if self.store.slow_ms > 0 {
                    self.now = self.now.later(Duration::from_millis(self.store.slow_ms));
                }
                let result = self.store.write(&ops);
                let table = self.tables.get_mut(&id).expect("the table is there");
                step = table.written(result, self.now);
            }
            answers.reverse();
            pending.extend(answers);
        }
        if let (Some(t), Some(before)) = (self.tables.get(&id), before) {
            super::checks::invitations_kept(id, t, &before, &self.admitted)?;
        }
        if self.tables.get(&id).is_some_and(Table::closing) {
            self.tables.remove(&id);
        }
        Ok(())
    }

    fn carry_out(&mut self, id: TableId, effects: Vec<Effect>) -> Result<Vec<Input>, Violation> {
        let mut answers = Vec::new();
        for effect in effects {
            match effect {
                Effect::Send { to, frame } => {
                    if let Some(t) = self.tables.get(&id) {
                        super::checks::frame_is_for(t, &to, &frame)?;
                    }
                    self.stats.frames += 1;
                    to.send_frame(frame);
                }
                Effect::Close { conn, reason } => conn.close_for(reason),
                Effect::Lobby(_) | Effect::Moderated(_) | Effect::WrongInvite { .. } => {}
                // Bot accounts at tables: no bot account is online in the simulated room yet.
                Effect::Tell { .. } | Effect::BotFault { .. } => {}
                Effect::SeekBot(seek) => answers.push(seek.answer(None)),
                Effect::Think(job) => answers.push(Input::Thought(job.run())),
                Effect::ReadRatings(query) => {
                    let seats = Some(vec![None; query.identities.len()]);
                    answers.push(Input::Ratings { query, seats });
                }
                Effect::OpenRematch {
                    by,
                    req,
                    game: _,
                    again,
                } => {
                    let new = self.next_table;
                    self.next_table += 1;
                    let seed = self.table_seed(new);
                    let result =
                        Table::again(new, again, self.config.clone(), seed, self.now).map(|t| {
                            self.tables.insert(new, t);
                            new
                        });
                    if result.is_ok() {
                        self.stats.tables_opened += 1;
                        self.feed(new, Input::Opened)?;
                    }
                    answers.push(Input::RematchOpened { by, req, result });
                }
            }
        }
        Ok(answers)
    }

    /// Every client reads what it was sent and updates its picture.
    pub fn read_frames(&mut self) -> Result<(), Violation> {
        for c in &mut self.clients {
            // A table that closed is left behind.
            if c.at.is_some_and(|id| !self.tables.contains_key(&id)) {
                c.at = None;
                c.picture = Default::default();
            }
            let Some((_, link)) = &c.conn else { continue };
            let frames = link.take();
            if link.closed().is_some() {
                c.conn = None;
            }
            for f in frames {
                let msg: Value = serde_json::from_str(f.as_str()).map_err(|e| {
                    Violation::new(3, format!("a frame is not JSON ({e}): {}", f.as_str()))
                })?;
                super::checks::fold(c, &msg);
            }
        }
        Ok(())
    }
}

fn attach(conn: crate::conn::Conn, role: Role, req: Option<u64>, invite: Option<String>) -> Input {
    Input::Attach {
        conn,
        role,
        req,
        muted: HashSet::new(),
        invite,
    }
}
