//! The search every game's `mcts` bot runs: flat Monte-Carlo over sampled worlds, with
//! sequential halving. It builds no tree (the spec name `mcts` stays for what users already
//! write): for a decision, the game samples whole worlds that agree with what the deciding seat
//! sees (a determinisation), every choice is tried in the same world with the same playout luck
//! (common random numbers, so the choices' differences are not drowned in the deal's luck), and
//! the mean result of each choice decides.
//!
//! A game supplies only what differs, as a [`Worlds`]: how a world is sampled and what a choice
//! is worth in one. The search spends a [`Budget`] either flat ([`flat`], [`flat_in`]: every
//! choice in every world, each estimate as sure as the others) or by sequential halving
//! ([`halving`]: every choice in the first round, the better half in the next, and so on).

use cpu_time::ThreadTime;
use std::time::{Duration, Instant};

/// How much a search may spend on one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Playouts, shared among the choices: deterministic for a given seed.
    Iters(u64),
    /// Wall-clock milliseconds (results then depend on the machine).
    Millis(u64),
    /// Milliseconds of the deciding thread's processor time: as many playouts on a busy machine
    /// as on an idle one of the same speed, for measuring bots on a shared machine.
    CpuMillis(u64),
}

impl Budget {
    /// The spec of an `mcts` bot with this budget: `mcts:iters=N` or `mcts:ms=N`.
    pub fn spec(self) -> String {
        match self {
            Budget::Iters(n) => format!("mcts:iters={n}"),
            Budget::Millis(ms) => format!("mcts:ms={ms}"),
            Budget::CpuMillis(ms) => format!("mcts:cpu={ms}"),
        }
    }
}

/// The time a search has spent: on the wall clock, or the thread's processor time.
enum Clock {
    Wall(Instant),
    Cpu(ThreadTime),
}

impl Clock {
    fn start(budget: Budget) -> Clock {
        match budget {
            Budget::CpuMillis(_) => Clock::Cpu(ThreadTime::now()),
            _ => Clock::Wall(Instant::now()),
        }
    }

    fn elapsed(&self) -> Duration {
        match self {
            Clock::Wall(t) => t.elapsed(),
            Clock::Cpu(t) => t.elapsed(),
        }
    }
}

/// A game's worlds as one seat sees them, and what its choices are worth in them.
pub trait Worlds {
    /// What the seat chooses among.
    type Choice: PartialEq;
    /// A sampled world with whatever luck its playouts use.
    type World;
    /// A world that agrees with the seat's view.
    fn sample(&mut self) -> Self::World;
    /// The seat's result of `choice` in `world`, played out. [`halving`] keeps the choices
    /// with the higher results; [`flat`] reports the means as they are.
    fn play_out(&mut self, world: &Self::World, choice: &Self::Choice) -> f64;
}

/// The worlds `playouts` buy when each world costs one playout of each of `choices` choices
/// (rounded down), at least `least`.
pub fn worlds_for(playouts: u64, choices: u64, least: u64) -> u64 {
    (playouts / choices.max(1)).max(least)
}

/// What a flat search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Flat {
    /// Each choice's mean result, in the order of the choices.
    pub means: Vec<f64>,
    /// The worlds every choice was tried in.
    pub worlds: u64,
}

/// Every choice tried in the same worlds until `done(worlds so far)` (asked after each world,
/// so at least one world is sampled): the mean result of each choice.
fn flat_until<W: Worlds>(
    worlds: &mut W,
    choices: &[W::Choice],
    mut done: impl FnMut(u64) -> bool,
) -> Flat {
    let mut sums = vec![0.0f64; choices.len()];
    let mut sampled = 0u64;
    loop {
        let world = worlds.sample();
        for (sum, choice) in sums.iter_mut().zip(choices) {
            *sum += worlds.play_out(&world, choice);
        }
        sampled += 1;
        if done(sampled) {
            break;
        }
    }
    Flat {
        means: sums.into_iter().map(|s| s / sampled as f64).collect(),
        worlds: sampled,
    }
}

/// The flat search within `budget`: `Iters(n)` shares `n` playouts among the choices, rounded
/// up to whole worlds; `Millis(ms)` and `CpuMillis(ms)` sample worlds until the time is spent.
/// At least one world.
pub fn flat<W: Worlds>(worlds: &mut W, choices: &[W::Choice], budget: Budget) -> Flat {
    match budget {
        Budget::Iters(n) => flat_in(worlds, choices, n.div_ceil(choices.len().max(1) as u64)),
        Budget::Millis(ms) | Budget::CpuMillis(ms) => {
            let clock = Clock::start(budget);
            let time = Duration::from_millis(ms);
            flat_until(worlds, choices, |_| clock.elapsed() >= time)
        }
    }
}

/// The flat search in `count` worlds (at least one).
pub fn flat_in<W: Worlds>(worlds: &mut W, choices: &[W::Choice], count: u64) -> Flat {
    flat_until(worlds, choices, |sampled| sampled >= count)
}

/// Sequential halving within `budget`; the index of the choice left standing. ⌈log₂ k⌉ rounds
/// of k choices: each round tries the surviving choices in the same fresh worlds (`Iters(n)`:
/// n ÷ (rounds × survivors) worlds; `Millis(ms)`: until the round's share of the time is spent;
/// at least `least` worlds either way), then keeps the half with the higher means (all worlds
/// so far counted); among equal means `prior` first.
pub fn halving<W: Worlds>(
    worlds: &mut W,
    choices: &[W::Choice],
    budget: Budget,
    least: u64,
    prior: Option<&W::Choice>,
) -> usize {
    let k = choices.len();
    assert!(k > 0, "a search without a choice");
    let mut sum = vec![0.0f64; k];
    let mut visits = vec![0u32; k];
    let rounds = (usize::BITS - (k - 1).leading_zeros()) as u64; // ⌈log2 k⌉
    let clock = Clock::start(budget);
    let mut alive: Vec<usize> = (0..k).collect();
    let mut round = 0u64;
    while alive.len() > 1 {
        round += 1;
        let mut sampled = 0u64;
        loop {
            let more = match budget {
                Budget::Iters(n) => sampled < worlds_for(n, rounds * alive.len() as u64, least),
                Budget::Millis(ms) | Budget::CpuMillis(ms) => {
                    sampled < least
                        || clock.elapsed().as_millis() * (rounds as u128)
                            < ms as u128 * round as u128
                }
            };
            if !more {
                break;
            }
            sampled += 1;
            let world = worlds.sample();
            for &arm in &alive {
                sum[arm] += worlds.play_out(&world, &choices[arm]);
                visits[arm] += 1;
            }
        }
        let mean = |i: usize| sum[i] / f64::from(visits[i].max(1));
        let is_prior = |i: usize| prior == Some(&choices[i]);
        alive.sort_by(|&a, &b| {
            mean(b)
                .total_cmp(&mean(a))
                .then(is_prior(b).cmp(&is_prior(a)))
        });
        alive.truncate(alive.len().div_ceil(2));
    }
    alive[0]
}

#[cfg(test)]
mod tests;
