//! The lobby's bot accounts and ladder in simulated time: bot accounts come and go, say
//! `bot_ready` with declarations of every kind (on the ladder or not, rated or casual, sizes,
//! options, most games), make faults (their moves illegal, malformed or late), and the ladder
//! ticks every 10 simulated seconds; its tables end after a while. After every step:
//!
//! 6. no bot sits at more open or running tables than its `most_games`;
//! 7. no bot is seated at a table its declaration refuses (`bot_accounts::takes`);
//! 8. a ladder table holds only online bots that opted in (`ladder`, `rated`), each told
//!    `bot_seated`;
//! 9. a bot that rests (five faults within ten minutes, ten minutes long, counted here on its
//!    own) is never newly seated, nor listed.

use super::Violation;
use crate::bot_accounts::{takes, Offer};
use crate::clock::{Instant, Moment};
use crate::conn::{Conn, Frame, Link};
use crate::lobby::{
    Lobby, LobbyAnswer, LobbyEffect, LobbyInput, LobbySettings, FAULT_WINDOW_MS, MOST_FAULTS,
    REST_MS,
};
use crate::table::Meta;
use nimmt_protocol::{BotDeclaration, CloseReason, Lang, PlayerId, TableId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// Simulated time between two ladder ticks.
pub const TICK: Duration = Duration::from_secs(10);

#[derive(Debug)]
struct Quiet;

impl Link for Quiet {
    fn push(&self, _: Frame) -> bool {
        true
    }
    fn close(&self, _: CloseReason) {}
}

/// A bot account as the simulation plays it.
struct SimBot {
    conn: Conn,
    declaration: BotDeclaration,
    /// Connected and said `bot_ready`.
    ready: bool,
    /// Its faults (ms), and until when it rests, by the rule counted here.
    faults: Vec<u64>,
    rests_until: u64,
}

/// A table the ladder opened, and when its game ends.
struct SimTable {
    seats: Vec<PlayerId>,
    ends_ms: u64,
}

/// What a run of the ladder did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LadderStats {
    pub tables: u64,
    pub faults: u64,
    pub rests: u64,
}

/// The simulated lobby with its bots.
pub struct LadderSim {
    lobby: Lobby<u64>,
    now: Moment,
    rng: ChaCha8Rng,
    bots: Vec<SimBot>,
    tables: BTreeMap<TableId, SimTable>,
    next_tick: u64,
    pub stats: LadderStats,
}

/// A declaration drawn at random: mostly on the ladder, of various sizes and capacities; some
/// casual only, some refusing the default options.
fn declaration(rng: &mut ChaCha8Rng) -> BotDeclaration {
    let players: Vec<usize> = match rng.random_range(0..4) {
        0 => vec![],
        1 => vec![2, 3],
        2 => vec![4],
        _ => vec![3, 4, 5],
    };
    let mut game = json!({"game": "classic", "players": players});
    if rng.random_bool(0.1) {
        game["options"] = json!({"deck": ["tactic"]});
    }
    serde_json::from_value(json!({
        "games": [game],
        "ladder": rng.random_bool(0.8),
        "rated": rng.random_bool(0.9),
        "most_games": rng.random_range(1..4),
    }))
    .expect("a declaration")
}

impl LadderSim {
    pub fn new(seed: u64, bots: usize) -> LadderSim {
        let settings = LobbySettings {
            tables: super::table_config(None),
            ..Default::default()
        };
        let bots = (0..bots)
            .map(|i| SimBot {
                conn: Conn::new(
                    i as u64 + 1,
                    format!("bot{i}"),
                    format!("Bot{i}"),
                    Lang::En,
                    Arc::new(Quiet),
                )
                .as_bot(true),
                declaration: declaration(&mut ChaCha8Rng::seed_from_u64(seed ^ i as u64)),
                ready: false,
                faults: Vec::new(),
                rests_until: 0,
            })
            .collect();
        LadderSim {
            lobby: Lobby::new(0, settings),
            now: Moment {
                at: Instant::default(),
                wall_ms: 1_000_000,
            },
            rng: ChaCha8Rng::seed_from_u64(seed),
            bots,
            tables: BTreeMap::new(),
            next_tick: 1_000_000,
            stats: LadderStats::default(),
        }
    }

    /// One step: a bot comes, goes or makes a fault, or time passes (tables end, the ladder
    /// ticks); then the invariants are checked.
    pub fn step(&mut self) -> Result<(), Violation> {
        let b = self.rng.random_range(0..self.bots.len());
        match self.rng.random_range(0..10) {
            0..=2 if !self.bots[b].ready => {
                let bot = &mut self.bots[b];
                bot.conn.id += 1000;
                let (conn, declaration) = (bot.conn.clone(), bot.declaration.clone());
                self.feed(LobbyInput::Online { conn: conn.clone() })?;
                let answer = self.feed(LobbyInput::BotReady {
                    conn,
                    declaration,
                    ratings: Default::default(),
                })?;
                let ok = answer
                    .iter()
                    .any(|e| matches!(e, LobbyEffect::Answer(LobbyAnswer::BotReady(Ok(())))));
                let resting = self.bots[b].rests_until > self.now.wall_ms;
                if ok == resting {
                    return Err(Violation::new(
                        9,
                        format!("bot{b}'s bot_ready taken: {ok}, resting: {resting}"),
                    ));
                }
                self.bots[b].ready = ok;
            }
            3 if self.bots[b].ready => {
                let bot = &mut self.bots[b];
                bot.ready = false;
                let input = LobbyInput::Offline {
                    player: bot.conn.player.clone(),
                    conn_id: bot.conn.id,
                };
                self.feed(input)?;
            }
            4 | 5 => self.fault(b)?,
            _ => {
                let ms = self.rng.random_range(0..20_000);
                self.advance(ms)?;
            }
        }
        self.check()
    }

    /// A bot seated somewhere moves wrongly: its seat gets the default move.
    fn fault(&mut self, b: usize) -> Result<(), Violation> {
        let player = self.bots[b].conn.player.clone();
        if !self.tables.values().any(|t| t.seats.contains(&player)) {
            return Ok(());
        }
        self.stats.faults += 1;
        let now = self.now.wall_ms;
        let bot = &mut self.bots[b];
        if bot.rests_until <= now {
            bot.faults.retain(|&t| t + FAULT_WINDOW_MS > now);
            bot.faults.push(now);
            if bot.faults.len() >= MOST_FAULTS {
                bot.faults.clear();
                bot.rests_until = now + REST_MS;
                self.stats.rests += 1;
            }
        }
        self.feed(LobbyInput::BotFault { player })?;
        Ok(())
    }

    /// Time passes: tables whose game ended close, and the ladder ticks when due.
    fn advance(&mut self, ms: u64) -> Result<(), Violation> {
        let until = self.now.wall_ms + ms;
        while self.next_tick <= until {
            self.move_to(self.next_tick)?;
            self.next_tick += TICK.as_millis() as u64;
            self.feed(LobbyInput::LadderTick)?;
        }
        self.move_to(until)
    }

    fn move_to(&mut self, wall_ms: u64) -> Result<(), Violation> {
        let d = Duration::from_millis(wall_ms - self.now.wall_ms);
        self.now = self.now.later(d);
        let ended: Vec<TableId> = self
            .tables
            .iter()
            .filter(|(_, t)| t.ends_ms <= wall_ms)
            .map(|(id, _)| *id)
            .collect();
        for id in ended {
            self.tables.remove(&id);
            self.feed(LobbyInput::Closed { id })?;
        }
        Ok(())
    }

    /// Feeds an input and carries out what it leads to, as the server's shell does: a table to
    /// open is opened (checked first) and the lobby hears so before anything else.
    fn feed(&mut self, input: LobbyInput<u64>) -> Result<Vec<LobbyEffect<u64>>, Violation> {
        let mut all = Vec::new();
        let mut pending = Some(input);
        while let Some(input) = pending.take() {
            for e in self.lobby.handle(input, self.now) {
                if let LobbyEffect::OpenTable { id, request } = &e {
                    self.opens(*id, request)?;
                    pending = Some(LobbyInput::Opened {
                        result: Ok((*id, *id)),
                    });
                }
                all.push(e);
            }
        }
        self.told_seated(&all)?;
        Ok(all)
    }

    /// A ladder table opens: each seat an online, opted-in, not resting bot with room for it,
    /// that takes the table.
    fn opens(
        &mut self,
        id: TableId,
        request: &crate::lobby::TableRequest,
    ) -> Result<(), Violation> {
        let again = request
            .again
            .as_ref()
            .ok_or_else(|| Violation::new(8, format!("table {id} opened without its seats")))?;
        let meta: Meta = serde_json::from_str(&again.meta).expect("the lobby's meta");
        let seats: Vec<PlayerId> = meta.seats.iter().filter_map(|s| s.player.clone()).collect();
        let options = meta.table_options.to_map();
        let offer = Offer {
            game: meta.game,
            seats: meta.max_seats,
            options: &meta.options,
            table_options: &options,
            rated: meta.table_options.rated,
        };
        let now = self.now.wall_ms;
        for p in &seats {
            let Some(bot) = self.bots.iter().find(|b| &b.conn.player == p) else {
                return Err(Violation::new(8, format!("{p} is no bot")));
            };
            let d = &bot.declaration;
            if !bot.ready || !d.ladder || !d.rated || !meta.table_options.rated {
                return Err(Violation::new(
                    8,
                    format!("{p} seated at ladder table {id}"),
                ));
            }
            if bot.rests_until > now {
                return Err(Violation::new(9, format!("{p} seated while resting")));
            }
            if let Err(r) = takes(&bot.conn.name, d, &offer) {
                return Err(Violation::new(7, format!("{p} at table {id}: {}", r.key)));
            }
            let at = self.tables.values().filter(|t| t.seats.contains(p)).count();
            if at as u32 >= d.most_games {
                return Err(Violation::new(6, format!("{p} at {} tables", at + 1)));
            }
        }
        let ends_ms = now + self.rng.random_range(30_000..300_000);
        self.tables.insert(id, SimTable { seats, ends_ms });
        self.stats.tables += 1;
        Ok(())
    }

    /// Every seat of a table opened by these effects was told `bot_seated`.
    fn told_seated(&self, effects: &[LobbyEffect<u64>]) -> Result<(), Violation> {
        for e in effects {
            let LobbyEffect::OpenTable { id, request } = e else {
                continue;
            };
            let Some(t) = self.tables.get(id) else {
                continue;
            };
            let told = |p: &PlayerId| {
                effects.iter().any(|e| {
                    matches!(e, LobbyEffect::Send { to, frame } if &to.player == p
                        && frame.as_str().contains("\"bot_seated\""))
                })
            };
            if let Some(p) = t.seats.iter().find(|p| !told(p)) {
                let _ = request;
                return Err(Violation::new(8, format!("{p} not told of table {id}")));
            }
        }
        Ok(())
    }

    /// The bot list holds no resting bot, and nobody sits at more tables than declared.
    fn check(&mut self) -> Result<(), Violation> {
        let effects = self.lobby.handle(LobbyInput::ListBots, self.now);
        let Some(LobbyEffect::Answer(LobbyAnswer::Bots(list))) = effects.into_iter().next() else {
            return Err(Violation::new(9, "no bot list".into()));
        };
        let now = self.now.wall_ms;
        for listed in &list {
            let bot = self.bots.iter().find(|b| b.conn.player == listed.player);
            if bot.is_none_or(|b| b.rests_until > now || !b.ready) {
                return Err(Violation::new(9, format!("{} listed", listed.name)));
            }
            if listed.playing > listed.declaration.most_games {
                return Err(Violation::new(
                    6,
                    format!("{} plays {}", listed.name, listed.playing),
                ));
            }
        }
        Ok(())
    }
}

/// Runs `steps` steps of the ladder with `bots` bots from `seed`.
pub fn run(seed: u64, bots: usize, steps: u64) -> Result<LadderStats, (u64, Violation)> {
    let mut sim = LadderSim::new(seed, bots);
    for step in 0..steps {
        sim.step().map_err(|v| (step + 1, v))?;
    }
    Ok(sim.stats)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_ladder_keeps_its_invariants_over_many_seeds() {
        let mut total = super::LadderStats::default();
        for seed in 0..20 {
            let stats = super::run(seed, 8, 2_000)
                .unwrap_or_else(|(step, v)| panic!("seed {seed}, step {step}: {v}"));
            total.tables += stats.tables;
            total.faults += stats.faults;
            total.rests += stats.rests;
        }
        assert!(total.tables > 200, "the ladder opened tables: {total:?}");
        assert!(total.rests > 0, "some bots rested: {total:?}");
    }
}
