//! The lobby's bot accounts and the ladder in simulated time, with real tables: bot accounts
//! (`bot_client`) come and go, say `bot_ready` with declarations of every kind (on the ladder or
//! not, rated or casual, sizes, options, most games), join the tables they are told of and play
//! them by their temperament (illegal, malformed and late moves among them: the tables play the
//! default move and report the fault, five of which within ten minutes rest a bot); the ladder
//! ticks every 10 simulated seconds. The lobby and the tables are driven as the server's shell
//! drives them. After every step:
//!
//! 7. no bot sits at more open or running tables than its `most_games`;
//! 8. no bot is seated at a table its declaration refuses (`bot_accounts::takes`);
//! 9. a ladder table holds only online bots that opted in (`ladder`, `rated`), each told
//!    `bot_seated`, and it is rated;
//! 10. a bot that rests (its faults counted here, by the rule) is never newly seated, nor listed.

use super::bot_client::{BotMove, SimBot, Temperament};
use super::store::SimStore;
use super::Violation;
use crate::bot_accounts::{takes, Offer};
use crate::clock::{Instant, Moment};
use crate::lobby::{
    Lobby, LobbyAnswer, LobbyEffect, LobbyInput, LobbySettings, TableRequest, FAULT_WINDOW_MS,
    MOST_FAULTS, REST_MS,
};
use crate::table::{Effect, Input, Meta, Table, TableConfig};
use nimmt_protocol::{BotDeclaration, Role, TableId, TableState};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

/// Simulated time between two ladder ticks.
pub const TICK: Duration = Duration::from_secs(10);
/// Rounds of reading and answering within one step, at most (games run to their end in a step).
const MOST_ROUNDS: usize = 5_000;

/// What a run of the ladder did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LadderStats {
    pub tables: u64,
    pub finished: u64,
    pub moves: u64,
    pub faults: u64,
    pub rests: u64,
}

/// The simulated lobby with its bots and tables.
pub struct LadderSim {
    lobby: Lobby<u64>,
    config: Arc<TableConfig>,
    store: SimStore,
    now: Moment,
    rng: ChaCha8Rng,
    bots: Vec<SimBot>,
    tables: BTreeMap<TableId, Table>,
    /// The tables whose game ended.
    ended: HashSet<TableId>,
    next_conn: u64,
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
        let config = super::table_config(None);
        let settings = LobbySettings {
            tables: config.clone(),
            ..Default::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let temperaments = [
            Temperament::Careful,
            Temperament::Sloppy,
            Temperament::Slow,
            Temperament::Flaky,
        ];
        let bots = (0..bots)
            .map(|i| SimBot::new(i, declaration(&mut rng), temperaments[i % 4]))
            .collect();
        LadderSim {
            lobby: Lobby::new(0, settings),
            config: Arc::new(config),
            store: SimStore::default(),
            now: Moment {
                at: Instant::default(),
                wall_ms: 1_800_000_000_000,
            },
            rng,
            bots,
            tables: BTreeMap::new(),
            ended: HashSet::new(),
            next_conn: 1,
            next_tick: 1_800_000_000_000,
            stats: LadderStats::default(),
        }
    }

    /// One step: a bot comes or goes, or time passes (deadlines, the ladder's tick); then the
    /// bots play what they were sent, and the invariants are checked.
    pub fn step(&mut self) -> Result<(), Violation> {
        let b = self.rng.random_range(0..self.bots.len());
        match self.rng.random_range(0..10) {
            0..=2 if self.bots[b].conn.is_none() => self.connect(b)?,
            3 if self.bots[b].temperament == Temperament::Flaky => self.disconnect(b)?,
            _ => {
                let ms = self.rng.random_range(0..15_000);
                self.advance(ms)?;
            }
        }
        self.play()?;
        self.check()
    }

    /// Bot `b` connects and says `bot_ready`: taken unless it rests.
    fn connect(&mut self, b: usize) -> Result<(), Violation> {
        let conn = self.bots[b].connect(self.next_conn);
        self.next_conn += 1;
        self.feed_lobby(LobbyInput::Online { conn: conn.clone() })?;
        // Back at the tables where it sits, as a `hello` does.
        let at: Vec<TableId> = self.bots[b].tables.keys().copied().collect();
        for id in at {
            self.feed(id, attach(&conn))?;
        }
        let declaration = self.bots[b].declaration.clone();
        let answer = self.feed_lobby(LobbyInput::BotReady {
            conn,
            declaration,
            ratings: Default::default(),
        })?;
        let ok = answer
            .iter()
            .any(|e| matches!(e, LobbyEffect::Answer(LobbyAnswer::BotReady(Ok(())))));
        let resting = self.bots[b].rests_until > self.now.wall_ms;
        if ok == resting {
            let name = &self.bots[b].name;
            return Err(Violation::new(
                10,
                format!("{name}'s bot_ready taken: {ok}, resting: {resting}"),
            ));
        }
        self.bots[b].ready = ok;
        Ok(())
    }

    /// Bot `b`'s connection drops.
    fn disconnect(&mut self, b: usize) -> Result<(), Violation> {
        let Some((conn, _)) = self.bots[b].conn.take() else {
            return Ok(());
        };
        self.bots[b].ready = false;
        let (player, conn_id) = (conn.player.clone(), conn.id);
        let at: Vec<TableId> = self.bots[b].tables.keys().copied().collect();
        for id in at {
            let player = player.clone();
            self.feed(id, Input::Detach { player, conn_id })?;
        }
        self.feed_lobby(LobbyInput::Offline { player, conn_id })?;
        Ok(())
    }

    /// Every connected bot reads what it was sent, joins the tables it was seated at and moves
    /// where it is asked, until nothing is left to do.
    fn play(&mut self) -> Result<(), Violation> {
        for _ in 0..MOST_ROUNDS {
            let mut moves = Vec::new();
            for b in 0..self.bots.len() {
                self.bots[b].read();
                let Some((conn, _)) = self.bots[b].conn.clone() else {
                    continue;
                };
                for id in std::mem::take(&mut self.bots[b].seated) {
                    moves.push((id, attach(&conn)));
                }
                let at: Vec<TableId> = self.bots[b].tables.keys().copied().collect();
                for id in at {
                    if self.bots[b].over(id) || !self.tables.contains_key(&id) {
                        self.bots[b].tables.remove(&id);
                        let conn = conn.clone();
                        moves.push((id, Input::Leave { conn, req: None }));
                        continue;
                    }
                    if let Some(BotMove::Act { version, action }) =
                        self.bots[b].decide(id, &mut self.rng)
                    {
                        // Answered: not asked again until the table says so.
                        if let Some(p) = self.bots[b].tables.get_mut(&id) {
                            p.legal.clear();
                        }
                        let conn = conn.clone();
                        let req = None;
                        moves.push((
                            id,
                            Input::Act {
                                conn,
                                version,
                                action,
                                req,
                            },
                        ));
                    }
                }
            }
            if moves.is_empty() {
                return Ok(());
            }
            for (id, input) in moves {
                if matches!(input, Input::Act { .. }) {
                    self.stats.moves += 1;
                }
                self.feed(id, input)?;
            }
        }
        Ok(())
    }

    /// Time passes: every table's timer due on the way fires at its time, and the ladder ticks
    /// when due.
    fn advance(&mut self, ms: u64) -> Result<(), Violation> {
        let until = self.now.wall_ms + ms;
        loop {
            let wake = self
                .tables
                .iter()
                .filter_map(|(id, t)| Some((t.next_wake()?, *id)))
                .min();
            let wake_ms = wake.map(|(at, _)| {
                self.now.wall_ms + at.saturating_duration_since(self.now.at).as_millis() as u64
            });
            let next = [wake_ms, Some(self.next_tick)]
                .into_iter()
                .flatten()
                .min()
                .filter(|&t| t <= until);
            let Some(t) = next else { break };
            self.move_to(t);
            if wake_ms == Some(t) {
                let (_, id) = wake.expect("a wake");
                self.feed(id, Input::Wake)?;
            } else {
                self.next_tick += TICK.as_millis() as u64;
                self.feed_lobby(LobbyInput::LadderTick)?;
            }
            self.play()?;
        }
        self.move_to(until);
        Ok(())
    }

    fn move_to(&mut self, wall_ms: u64) {
        let d = Duration::from_millis(wall_ms.saturating_sub(self.now.wall_ms));
        self.now = self.now.later(d);
    }

    /// Feeds the lobby an input and carries out what it leads to, as the server's shell does: a
    /// table to open is opened (checked first) and the lobby hears so before anything else.
    fn feed_lobby(&mut self, input: LobbyInput<u64>) -> Result<Vec<LobbyEffect<u64>>, Violation> {
        let mut all = Vec::new();
        let mut pending = Some(input);
        while let Some(input) = pending.take() {
            for e in self.lobby.handle(input, self.now) {
                match &e {
                    LobbyEffect::Send { to, frame } => to.send_frame(frame.clone()),
                    LobbyEffect::OpenTable { id, request } => {
                        self.opens(*id, request)?;
                        pending = Some(LobbyInput::Opened {
                            result: Ok((*id, *id)),
                        });
                    }
                    _ => {}
                }
                all.push(e);
            }
        }
        self.told_seated(&all)?;
        for e in &all {
            if let LobbyEffect::OpenTable { id, .. } = e {
                self.feed(*id, Input::Opened)?;
            }
        }
        Ok(all)
    }

    /// A ladder table opens: each seat an online, opted-in, not resting bot with room for it,
    /// that takes the table.
    fn opens(&mut self, id: TableId, request: &TableRequest) -> Result<(), Violation> {
        let again = request
            .again
            .clone()
            .ok_or_else(|| Violation::new(9, format!("table {id} opened without its seats")))?;
        let meta: Meta = serde_json::from_str(&again.meta).expect("the lobby's meta");
        let options = meta.table_options.to_map();
        let offer = Offer {
            game: meta.game,
            seats: meta.max_seats,
            options: &meta.options,
            table_options: &options,
            rated: meta.table_options.rated,
        };
        let now = self.now.wall_ms;
        for s in &meta.seats {
            let bot = self
                .bots
                .iter()
                .find(|b| Some(&b.player) == s.player.as_ref());
            let Some(bot) = bot.filter(|_| s.bot_account) else {
                return Err(Violation::new(9, format!("{} is no bot account", s.name)));
            };
            let d = &bot.declaration;
            if !bot.ready || !d.ladder || !d.rated || !meta.table_options.rated {
                let name = &bot.name;
                return Err(Violation::new(9, format!("{name} at ladder table {id}")));
            }
            if bot.rests_until > now {
                let name = &bot.name;
                return Err(Violation::new(10, format!("{name} seated while resting")));
            }
            if let Err(r) = takes(&bot.name, d, &offer) {
                let (name, key) = (&bot.name, r.key);
                return Err(Violation::new(8, format!("{name} at table {id}: {key}")));
            }
        }
        let seed = self.rng.random();
        let table = Table::again(id, again, self.config.clone(), seed, self.now)
            .map_err(|r| Violation::new(9, format!("table {id} not opened: {}", r.key)))?;
        self.tables.insert(id, table);
        self.stats.tables += 1;
        Ok(())
    }

    /// Every seat of a table opened by these effects was told `bot_seated`.
    fn told_seated(&self, effects: &[LobbyEffect<u64>]) -> Result<(), Violation> {
        for e in effects {
            let LobbyEffect::OpenTable { id, .. } = e else {
                continue;
            };
            let Some(t) = self.tables.get(id) else {
                continue;
            };
            let told = |p: &String| {
                effects.iter().any(|e| {
                    matches!(e, LobbyEffect::Send { to, frame } if &to.player == p
                        && frame.as_str().contains("\"bot_seated\""))
                })
            };
            let seats = t.meta().seats.iter().filter_map(|s| s.player.as_ref());
            if let Some(p) = seats.into_iter().find(|p| !told(p)) {
                return Err(Violation::new(9, format!("{p} not told of table {id}")));
            }
        }
        Ok(())
    }

    /// Feeds a table one input, as the server's shell does: writes stored first, effects carried
    /// out in order, the answers to them fed before anything else.
    fn feed(&mut self, id: TableId, input: Input) -> Result<(), Violation> {
        let mut pending = vec![input];
        while let Some(input) = pending.pop() {
            let Some(table) = self.tables.get_mut(&id) else {
                return Ok(());
            };
            let mut step = table.handle(input, self.now);
            let mut answers = Vec::new();
            loop {
                let write = step.write.take();
                answers.extend(self.carry_out(step.effects)?);
                let Some(ops) = write else { break };
                let result = self.store.write(&ops);
                let table = self.tables.get_mut(&id).expect("the table is there");
                step = table.written(result, self.now);
            }
            answers.reverse();
            pending.extend(answers);
        }
        if self.tables.get(&id).is_some_and(Table::closing) {
            self.tables.remove(&id);
            self.feed_lobby(LobbyInput::Closed { id })?;
        }
        Ok(())
    }

    fn carry_out(&mut self, effects: Vec<Effect>) -> Result<Vec<Input>, Violation> {
        let mut answers = Vec::new();
        for effect in effects {
            match effect {
                Effect::Send { to, frame } => to.send_frame(frame),
                Effect::Close { conn, reason } => conn.close_for(reason),
                Effect::Lobby(news) => {
                    let id = news.info.id;
                    if news.info.state == TableState::Finished && self.ended.insert(id) {
                        self.stats.finished += 1;
                    }
                    self.feed_lobby(LobbyInput::Changed(news))?;
                }
                Effect::BotFault { player } => self.fault(player)?,
                Effect::Moderated(_) | Effect::WrongInvite { .. } | Effect::Tell { .. } => {}
                Effect::SeekBot(seek) => answers.push(seek.answer(None)),
                Effect::Think(job) => answers.push(Input::Thought(job.run())),
                Effect::ReadRatings(query) => {
                    let seats = Some(vec![None; query.identities.len()]);
                    answers.push(Input::Ratings { query, seats });
                }
                Effect::OpenRematch { by, req, .. } => {
                    let result = Err(crate::refusal::Refusal::new(
                        nimmt_protocol::ErrorCode::NotAllowed,
                    ));
                    answers.push(Input::RematchOpened { by, req, result });
                }
            }
        }
        Ok(answers)
    }

    /// A table played the default move for a bot's wrong one: counted here by the rule, and
    /// the lobby hears of it.
    fn fault(&mut self, player: String) -> Result<(), Violation> {
        self.stats.faults += 1;
        let now = self.now.wall_ms;
        if let Some(bot) = self.bots.iter_mut().find(|b| b.player == player) {
            if bot.rests_until <= now {
                bot.faults.retain(|&t| t + FAULT_WINDOW_MS > now);
                bot.faults.push(now);
                if bot.faults.len() >= MOST_FAULTS {
                    bot.faults.clear();
                    bot.rests_until = now + REST_MS;
                    self.stats.rests += 1;
                }
            }
        }
        self.feed_lobby(LobbyInput::BotFault { player })?;
        Ok(())
    }

    /// Nobody sits at more live tables than declared; the bot list holds no resting bot.
    fn check(&mut self) -> Result<(), Violation> {
        let mut at: BTreeMap<&str, u32> = BTreeMap::new();
        for t in self.tables.values() {
            if !matches!(t.state(), TableState::Open | TableState::Playing) {
                continue;
            }
            let seated: HashSet<&str> = t
                .meta()
                .seats
                .iter()
                .filter_map(|s| s.player.as_deref())
                .collect();
            for p in seated {
                *at.entry(p).or_default() += 1;
            }
        }
        for bot in &self.bots {
            let n = at.get(bot.player.as_str()).copied().unwrap_or(0);
            if n > bot.declaration.most_games {
                let (name, most) = (&bot.name, bot.declaration.most_games);
                return Err(Violation::new(7, format!("{name} at {n} tables of {most}")));
            }
        }
        let effects = self.lobby.handle(LobbyInput::ListBots, self.now);
        let Some(LobbyEffect::Answer(LobbyAnswer::Bots(list))) = effects.into_iter().next() else {
            return Err(Violation::new(10, "no bot list".into()));
        };
        let now = self.now.wall_ms;
        for listed in &list {
            let bot = self.bots.iter().find(|b| b.player == listed.player);
            if bot.is_none_or(|b| b.rests_until > now || !b.ready) {
                return Err(Violation::new(10, format!("{} listed", listed.name)));
            }
        }
        Ok(())
    }
}

fn attach(conn: &crate::conn::Conn) -> Input {
    Input::Attach {
        conn: conn.clone(),
        role: Role::Player,
        req: None,
        muted: HashSet::new(),
        invite: None,
    }
}

/// Runs `steps` steps of the ladder with `bots` bots from `seed`: what it did, or the step
/// where an invariant broke.
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
    fn the_ladder_keeps_its_invariants_with_bots_of_every_kind() {
        let mut total = super::LadderStats::default();
        for seed in 0..3 {
            let stats = super::run(seed, 8, 150)
                .unwrap_or_else(|(step, v)| panic!("seed {seed}, step {step}: {v}"));
            total.tables += stats.tables;
            total.finished += stats.finished;
            total.moves += stats.moves;
            total.faults += stats.faults;
            total.rests += stats.rests;
        }
        assert!(total.finished > 20, "ladder games ended: {total:?}");
        assert!(total.rests > 0, "some bots rested: {total:?}");
    }
}
