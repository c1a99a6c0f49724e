//! The arena: many seeded games between bots, with statistics. For classic each game is one
//! deal; for HELP! each game is played to its end (someone reaches `end_at` points).
//!
//! Deal `i` is dealt from a seed derived from (seed, i); the bot of spec `j` sits at seat
//! `(i + j) mod n` (so every spec plays every position equally often) and is reseeded from
//! (seed, i, j). Deals are shared out among threads, but each deal's result depends only on its
//! index, and results are summed in deal order: the numbers do not depend on the thread count
//! (with iteration budgets; a time budget depends on the machine anyway).

use crate::registry::BuildError;
use crate::spec::{BotSpec, SpecError};
use crate::Bot;
use nimmt_core::{ActionError, GameKind, OptionMap, Rules, ScoreSense, Seat, SetupError, Viewer};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What to play.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub game: GameKind,
    pub players: usize,
    /// One spec per seat, with the text the user wrote for it.
    pub seats: Vec<(String, BotSpec)>,
    /// Table options (`key=value`); the arena plays single deals, so `end_at` and `deals` are
    /// refused.
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
    #[error("the arena plays single deals: option {0} cannot be used (use --deals)")]
    EndOption(String),
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
    pub points: Vec<i32>,
    /// Share of the win: 1 for a sole winner, 1/k for k tied winners, 0 otherwise. In a team
    /// game (`descriptor().team`) every member of a winning team gets 1: a seat's win share is
    /// the team's win rate.
    pub win: Vec<f64>,
    pub decision_time: Vec<Duration>,
    pub decisions: Vec<u64>,
}

/// Statistics of one spec over all deals.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatStats {
    pub seat: String,
    pub mean_points: f64,
    /// Half-width of the 95% confidence interval of the mean.
    pub ci95: f64,
    pub win_share: f64,
    pub mean_decision_ms: f64,
    /// Elo estimate from the pairwise results of all deals (table mean 1500).
    pub elo: f64,
}

/// Statistics of an arena run.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaReport {
    pub deals: u64,
    pub seats: Vec<SeatStats>,
    /// Points of every deal, by spec, in deal order.
    pub points: Vec<Vec<i32>>,
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
fn bot_seed(seed: u64, deal: u64, spec: usize) -> u64 {
    mix(deal_seed(seed, deal), spec as u64 + 1)
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

/// Plays deal `deal` with `bots` (one per spec, in spec order).
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
    let mut decisions = vec![0u64; n];
    // The first seat asked decides; with a simultaneous choice the others follow in turn.
    while let Some((seat, _)) = game.pending().first().cloned() {
        let view = game.view(Viewer::Seat(seat));
        let j = spec_at(seat);
        let start = Instant::now();
        let action = bots[j].decide(&view);
        decision_time[j] += start.elapsed();
        decisions[j] += 1;
        game.act(seat, &action)
            .map_err(|error| ArenaError::Illegal {
                spec: config.seats[j].0.clone(),
                error,
            })?;
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
    Ok(DealResult {
        points,
        win,
        decision_time,
        decisions,
    })
}

/// Runs the arena for game `R` with the options of one arena game, its bots built by `make`
/// (see `registry::run_arena`); `progress` is called with the number of deals finished so far.
pub fn run_typed<R: Rules>(
    config: &ArenaConfig,
    options: &OptionMap,
    make: &MakeBot<'_, R>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<ArenaReport, ArenaError> {
    config.check()?;
    // Checks players and options once, before any thread starts.
    R::from_setup(config.players, options, 0)?;
    let threads = config.threads.clamp(1, config.deals.max(1) as usize);
    let next = AtomicU64::new(0);
    let (tx, rx) = mpsc::channel::<Result<(u64, DealResult), ArenaError>>();
    let mut results: Vec<Option<DealResult>> = vec![None; config.deals as usize];
    let mut failure = None;
    std::thread::scope(|scope| {
        for t in 0..threads {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut bots = match config.bots(t, make) {
                    Ok(b) => b,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                };
                loop {
                    let deal = next.fetch_add(1, Ordering::Relaxed);
                    if deal >= config.deals {
                        return;
                    }
                    let result = play_deal(config, options, &mut bots, deal).map(|r| (deal, r));
                    let failed = result.is_err();
                    if tx.send(result).is_err() || failed {
                        // Stop handing out deals.
                        next.store(config.deals, Ordering::Relaxed);
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut done = 0;
        for message in rx {
            match message {
                Ok((deal, result)) => {
                    results[deal as usize] = Some(result);
                    done += 1;
                    progress(done);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let results: Vec<DealResult> = results
        .into_iter()
        .map(|r| r.expect("every deal played"))
        .collect();
    Ok(report(config, &results, R::descriptor().sense))
}

/// Statistics over deals, summed in deal order.
pub fn report(config: &ArenaConfig, results: &[DealResult], sense: ScoreSense) -> ArenaReport {
    let n = config.seats.len();
    let deals = results.len() as f64;
    let mut seats = Vec::with_capacity(n);
    let elo = elo(n, results, sense == ScoreSense::Lower);
    for (j, &elo) in elo.iter().enumerate() {
        let pts: Vec<f64> = results.iter().map(|r| r.points[j] as f64).collect();
        let mean = pts.iter().sum::<f64>() / deals.max(1.0);
        let var = if pts.len() > 1 {
            pts.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (deals - 1.0)
        } else {
            0.0
        };
        let time: Duration = results.iter().map(|r| r.decision_time[j]).sum();
        let decisions: u64 = results.iter().map(|r| r.decisions[j]).sum();
        seats.push(SeatStats {
            seat: config.seats[j].0.clone(),
            mean_points: mean,
            ci95: 1.96 * (var / deals.max(1.0)).sqrt(),
            win_share: results.iter().map(|r| r.win[j]).sum::<f64>() / deals.max(1.0),
            mean_decision_ms: time.as_secs_f64() * 1000.0 / decisions.max(1) as f64,
            elo,
        });
    }
    ArenaReport {
        deals: results.len() as u64,
        seats,
        points: results.iter().map(|r| r.points.clone()).collect(),
    }
}

/// Elo ratings fitted (Bradley–Terry) to every pair of seats in every deal: the better score
/// beats the worse (classic: fewer points; HELP!: more), equal scores are half a win. One drawn
/// virtual game per pair keeps ratings finite. The table's mean is 1500.
fn elo(n: usize, results: &[DealResult], lower_is_better: bool) -> Vec<f64> {
    let mut score = vec![vec![0.5f64; n]; n];
    let mut games = vec![vec![1.0f64; n]; n];
    for r in results {
        for a in 0..n {
            for b in 0..n {
                if a != b {
                    games[a][b] += 1.0;
                    let order = if lower_is_better {
                        r.points[a].cmp(&r.points[b])
                    } else {
                        r.points[b].cmp(&r.points[a])
                    };
                    score[a][b] += match order {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                }
            }
        }
    }
    let mut strength = vec![1.0f64; n];
    for _ in 0..500 {
        let mut next = strength.clone();
        for a in 0..n {
            let wins: f64 = (0..n).filter(|&b| b != a).map(|b| score[a][b]).sum();
            let denom: f64 = (0..n)
                .filter(|&b| b != a)
                .map(|b| games[a][b] / (strength[a] + strength[b]))
                .sum();
            if denom > 0.0 {
                next[a] = wins / denom;
            }
        }
        let mean_log = next.iter().map(|s| s.ln()).sum::<f64>() / n as f64;
        strength = next.iter().map(|s| (s.ln() - mean_log).exp()).collect();
    }
    strength
        .iter()
        .map(|s| 1500.0 + 400.0 * s.log10())
        .collect()
}
