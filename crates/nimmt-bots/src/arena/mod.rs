//! The arena: many seeded games between bots, with statistics. For classic each game is one
//! deal, unless the options say how it ends (`end_at`, `deals`); for HELP! each game is played
//! to its end (someone reaches `end_at` points).
//!
//! Deal `i` is dealt from a seed derived from (seed, i); the bot of spec `j` sits at seat
//! `(i + j) mod n` (so every spec plays every position equally often) and is reseeded from
//! (seed, i, j). Deals are shared out among threads, but each deal's result depends only on its
//! index, and results are summed in deal order: the numbers do not depend on the thread count
//! (with iteration budgets; a time budget depends on the machine anyway). So a run can be split
//! into ranges of deals ([`Run::first_deal`]) and pooled again exactly ([`Run::done`],
//! [`deal_log`]).

pub mod deal_log;
pub mod json_report;
mod stats;

pub use stats::{report, ArenaReport, DealWins, PairStats, Partial, SeatStats};

use crate::build_error::BuildError;
use crate::endings::Endings;
use crate::spec::{BotSpec, SpecError};
use crate::Bot;
use nimmt_core::{ActionError, GameKind, OptionMap, Rules, Seat, SetupError, Viewer};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub game: GameKind,
    pub players: usize,
    /// One spec per seat, with its label (the text the user wrote, or a short name).
    pub seats: Vec<(String, BotSpec)>,
    /// Table options (`key=value`). A classic arena game is one deal unless `deals` or `end_at`
    /// says how the game ends.
    pub options: OptionMap,
    pub deals: u64,
    pub seed: u64,
    pub threads: usize,
    /// Time an outside bot has per decision.
    pub bot_timeout: Duration,
}

/// Why an arena could not run.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    #[error("{seats} seats given for {players} players: give one --seat per player")]
    SeatCount { seats: usize, players: usize },
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Bot(#[from] BuildError),
    #[error("bot {spec} chose an illegal action: {error}")]
    Illegal { spec: String, error: ActionError },
}

/// Builds the bot of a spec with a seed.
type MakeBot<'a, R> = dyn Fn(&BotSpec, u64) -> Result<Box<dyn Bot<R>>, ArenaError> + Sync + 'a;

impl From<SpecError> for ArenaError {
    fn from(e: SpecError) -> Self {
        ArenaError::Bot(BuildError::Spec(e))
    }
}

/// The result of one deal, by spec (not by seat).
#[derive(Clone, Debug, PartialEq)]
pub struct DealResult {
    /// The deal's index in the run (its seed is [`deal_seed`]`(seed, deal)`).
    pub deal: u64,
    pub points: Vec<i32>,
    /// In a game of several deals: each deal's points by spec, in the order the deals were
    /// played (empty for a game of one deal, or one that does not show its deals' points).
    pub deal_points: Vec<Vec<i32>>,
    /// Share of the win: 1 for a sole winner, 1/k for k tied winners, 0 otherwise. In a team
    /// game (`descriptor().team`) every member of a winning team gets 1: a seat's win share is
    /// the team's win rate.
    pub win: Vec<f64>,
    /// Thinking time, without [`DealResult::overhead`].
    pub decision_time: Vec<Duration>,
    pub decisions: Vec<u64>,
    /// Time the engine spent on an outside bot's decisions: encoding views, decoding answers.
    pub overhead: Vec<Duration>,
}

/// How a run goes beyond the config: which deals, what is done already, when to stop, and who
/// hears of each deal.
pub struct Run<'a> {
    /// Deals `first_deal .. first_deal + config.deals` are played, each with the seeds it has
    /// in one long run.
    pub first_deal: u64,
    /// Deals finished before (read back from a deal log): not played again, pooled into the
    /// report. Deals outside the run's range are left out.
    pub done: Vec<DealResult>,
    /// Once set (by Ctrl-C, say), no further deal starts; the deals in play are finished and the
    /// report covers the deals finished, marked [`Partial::Interrupted`].
    pub stop: Option<&'a AtomicBool>,
    /// Called with the number of deals finished so far (resumed ones included).
    pub progress: &'a (dyn Fn(u64) + Sync),
    /// Called with every newly played deal, in deal order.
    pub on_deal: Option<&'a mut dyn FnMut(&DealResult)>,
}

impl<'a> Run<'a> {
    /// Every deal from 0, nothing done before, no stop, only `progress`.
    pub fn new(progress: &'a (dyn Fn(u64) + Sync)) -> Run<'a> {
        Run {
            first_deal: 0,
            done: Vec::new(),
            stop: None,
            progress,
            on_deal: None,
        }
    }
}

/// SplitMix64: a well-mixed seed from a seed and an index.
pub fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x632B_E59B_D9B4_E019);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of deal `deal` and of the bot of spec `spec` in it.
pub fn deal_seed(seed: u64, deal: u64) -> u64 {
    mix(seed, deal)
}
/// The seed the bot of spec `spec` is reseeded with at deal `deal`.
pub fn bot_seed(seed: u64, deal: u64, spec: usize) -> u64 {
    mix(deal_seed(seed, deal), spec as u64 + 1)
}

/// The table position of spec `spec` in deal `deal` of `n` players.
pub fn position(deal: u64, spec: usize, n: usize) -> usize {
    ((deal % n as u64) as usize + spec) % n
}

impl ArenaConfig {
    fn check(&self) -> Result<(), ArenaError> {
        if self.seats.len() != self.players {
            return Err(ArenaError::SeatCount {
                seats: self.seats.len(),
                players: self.players,
            });
        }
        Ok(())
    }

    /// The bots of every spec, for game `R`, built by `make`.
    fn bots<R: Rules>(
        &self,
        thread: usize,
        make: &MakeBot<'_, R>,
    ) -> Result<Vec<Box<dyn Bot<R>>>, ArenaError> {
        self.seats
            .iter()
            .enumerate()
            .map(|(j, (_, spec))| make(spec, mix(self.seed ^ 0xA5A5, (thread * 64 + j) as u64)))
            .collect()
    }
}

/// Plays deal `deal` with `bots` (one per spec, in spec order). Bots that want to hear how deals
/// and games end ([`Bot::hears_endings`]) are told.
pub fn play_deal<R: Rules>(
    config: &ArenaConfig,
    options: &OptionMap,
    bots: &mut [Box<dyn Bot<R>>],
    deal: u64,
) -> Result<DealResult, ArenaError> {
    let n = config.players;
    let mut game = R::from_setup(n, options, deal_seed(config.seed, deal))?;
    for (j, bot) in bots.iter_mut().enumerate() {
        bot.reseed(bot_seed(config.seed, deal, j));
    }
    // Spec j sits at seat (deal + j) mod n.
    let spec_at = |seat: Seat| (seat.index() + n - (deal % n as u64) as usize) % n;
    let mut decision_time = vec![Duration::ZERO; n];
    let mut overhead = vec![Duration::ZERO; n];
    let mut decisions = vec![0u64; n];
    let hear = bots.iter().any(|b| b.hears_endings());
    let mut endings = Endings::new(n);
    let mut deal_points = Vec::new();
    let mut shown = true;
    // The first seat asked decides; with a simultaneous choice the others follow in turn.
    while let Some((seat, _)) = game.pending().first().cloned() {
        let view = game.view(Viewer::Seat(seat));
        let j = spec_at(seat);
        let start = Instant::now();
        let action = bots[j].decide(&view);
        let spent = start.elapsed();
        let engine = bots[j].take_overhead();
        decision_time[j] += spent.saturating_sub(engine);
        overhead[j] += engine;
        decisions[j] += 1;
        game.act(seat, &action)
            .map_err(|error| ArenaError::Illegal {
                spec: config.seats[j].0.clone(),
                error,
            })?;
        let (ends, outcome) = endings.after_action(&game);
        for end in &ends {
            match &end.points {
                Some(p) => {
                    let mut by_spec = vec![0; n];
                    for seat in Seat::all(n) {
                        by_spec[spec_at(seat)] = p[seat.index()];
                    }
                    deal_points.push(by_spec);
                }
                None => shown = false,
            }
        }
        if hear {
            for end in &ends {
                for seat in Seat::all(n) {
                    let bot = &mut bots[spec_at(seat)];
                    if bot.hears_endings() {
                        bot.deal_ended(&game.view(Viewer::Seat(seat)), end);
                    }
                }
            }
            if let Some(outcome) = outcome {
                for bot in bots.iter_mut().filter(|b| b.hears_endings()) {
                    bot.game_ended(&outcome);
                }
            }
        }
    }
    let outcome = game.outcome().expect("the game is over");
    let mut points = vec![0; n];
    let mut win = vec![0.0; n];
    for seat in Seat::all(n) {
        points[spec_at(seat)] = outcome.scores[seat.index()];
    }
    let share = if R::descriptor().team {
        1.0
    } else {
        1.0 / outcome.winners.len() as f64
    };
    for w in &outcome.winners {
        win[spec_at(*w)] = share;
    }
    if !shown || deal_points.len() < 2 {
        deal_points.clear();
    }
    Ok(DealResult {
        deal,
        points,
        deal_points,
        win,
        decision_time,
        decisions,
        overhead,
    })
}

/// Runs the arena for game `R` with the options of one arena game, its bots built by `make`
/// (see `registry::run_arena`). An error before any deal is finished (a bad setup, a bot that
/// cannot be built) is returned; a fault later ends the run early, and the report covers the
/// deals finished, marked [`Partial::Failed`].
pub fn run_typed<R: Rules>(
    config: &ArenaConfig,
    options: &OptionMap,
    make: &MakeBot<'_, R>,
    run: Run<'_>,
) -> Result<ArenaReport, ArenaError> {
    config.check()?;
    // Checks players and options once, before any thread starts.
    R::from_setup(config.players, options, 0)?;
    let Run {
        first_deal,
        done,
        stop,
        progress,
        mut on_deal,
    } = run;
    let range = first_deal..first_deal.saturating_add(config.deals);
    let mut results: BTreeMap<u64, DealResult> = done
        .into_iter()
        .filter(|r| range.contains(&r.deal))
        .map(|r| (r.deal, r))
        .collect();
    let todo: Vec<u64> = range.clone().filter(|d| !results.contains_key(d)).collect();
    let resumed = results.len() as u64;
    if resumed > 0 {
        progress(resumed);
    }
    let threads = config.threads.clamp(1, todo.len().max(1));
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let stopped =
        || halt.load(Ordering::Relaxed) || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let (tx, rx) = mpsc::channel::<Result<DealResult, ArenaError>>();
    let mut failure = None;
    let mut played = 0u64;
    std::thread::scope(|scope| {
        for t in 0..threads.min(todo.len()) {
            let tx = tx.clone();
            let (next, todo, stopped, halt) = (&next, &todo, &stopped, &halt);
            scope.spawn(move || {
                let mut bots = match config.bots(t, make) {
                    Ok(b) => b,
                    Err(e) => {
                        halt.store(true, Ordering::Relaxed);
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                while !stopped() {
                    let Some(&deal) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        return;
                    };
                    let result = play_deal(config, options, &mut bots, deal);
                    let failed = result.is_err();
                    if failed {
                        halt.store(true, Ordering::Relaxed);
                    }
                    if tx.send(result).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(tx);
        // Results come in as they finish; they are handed on in deal order.
        let mut waiting: BTreeMap<u64, DealResult> = BTreeMap::new();
        let mut order = todo.iter().peekable();
        for message in rx {
            match message {
                Ok(result) => {
                    waiting.insert(result.deal, result);
                    played += 1;
                    progress(resumed + played);
                    while let Some(result) = order.peek().and_then(|d| waiting.remove(d)) {
                        order.next();
                        if let Some(f) = on_deal.as_mut() {
                            f(&result);
                        }
                        results.insert(result.deal, result);
                    }
                }
                Err(e) => {
                    failure.get_or_insert(e);
                }
            }
        }
        // A run that stopped early leaves gaps: the rest, still in deal order.
        for (_, result) in std::mem::take(&mut waiting) {
            if let Some(f) = on_deal.as_mut() {
                f(&result);
            }
            results.insert(result.deal, result);
        }
    });
    let partial = match failure {
        Some(e) if played == 0 => return Err(e),
        Some(e) => Some(Partial::Failed(e.to_string())),
        None if (results.len() as u64) < config.deals => Some(Partial::Interrupted),
        None => None,
    };
    let results: Vec<DealResult> = results.into_values().collect();
    let mut report = report(config, &results, R::descriptor().sense);
    report.planned = config.deals;
    report.partial = partial;
    Ok(report)
}
