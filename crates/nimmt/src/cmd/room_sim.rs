//! `nimmt room-sim`: the room's deterministic simulation (`nimmt_room::sim`) for as long as
//! asked: clients at many tables, timers, a failing and slow store and crashes, in simulated
//! time, with the invariants checked after every step. A broken invariant prints the seed and
//! the shortest list of actions that breaks it; `--fault` puts a known bug in to see it found.

use anyhow::bail;
use nimmt_room::sim::{self, SimConfig};
use nimmt_room::table::Fault;
use std::time::Instant;

/// Options of `nimmt room-sim`.
#[derive(clap::Args)]
pub struct Args {
    /// Steps per run.
    #[arg(long, default_value_t = 100_000)]
    pub steps: u64,
    /// The first run's seed (each further run takes the next).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Runs, one per seed.
    #[arg(long, default_value_t = 1)]
    pub runs: u64,
    /// A known bug to put in (tell-before-stored, drop-timer, hand-to-neighbour,
    /// write-move-twice, forget-kick-on-restore): the run should find it.
    #[arg(long)]
    pub fault: Option<String>,
    /// Simulate the bot accounts and the ladder instead, with this many bots (online, resting,
    /// at many tables at once, some making faults).
    #[arg(long)]
    pub ladder: Option<usize>,
    /// Simulate tournaments instead: a 64-player Swiss and a 27-player elimination per run, to
    /// their end, with crashes, late and repeated results (`--steps` does not apply).
    #[arg(long)]
    pub tournament: bool,
}

/// `--tournament`: the tournaments' simulation, one run per seed, and the totals.
fn run_tournament(a: &Args) -> anyhow::Result<()> {
    let mut failed = 0;
    let mut total = sim::tournament::TournamentStats::default();
    let started = Instant::now();
    for seed in a.seed..a.seed + a.runs {
        match sim::tournament::run(seed) {
            Ok(s) => total.add(&s),
            Err((step, violation)) => {
                failed += 1;
                println!("seed {seed}: broken at step {step}: {violation}");
            }
        }
    }
    let t = &total;
    println!(
        "{} runs in {:.1} s: {} tournaments ({} finished), {} rounds, {} tables, {} crashes, {} results delivered twice, {} surplus tables closed, {} seats played by a bot, {} withdrawals; invariants held after {} steps",
        a.runs,
        started.elapsed().as_secs_f64(),
        t.tournaments,
        t.finished,
        t.rounds,
        t.tables,
        t.crashes,
        t.delivered_twice,
        t.surplus,
        t.missing,
        t.withdrawals,
        t.checks,
    );
    if failed > 0 {
        bail!("{failed} of {} runs broke an invariant", a.runs);
    }
    Ok(())
}

/// `--ladder BOTS`: the ladder's simulation, one run per seed.
fn run_ladder(a: &Args, bots: usize) -> anyhow::Result<()> {
    let mut failed = 0;
    for seed in a.seed..a.seed + a.runs {
        let started = Instant::now();
        match sim::ladder::run(seed, bots, a.steps) {
            Ok(s) => println!(
                "seed {seed}: {} steps in {:.1} s: {} ladder tables, {} finished, {} moves, {} faults, {} rests",
                a.steps,
                started.elapsed().as_secs_f64(),
                s.tables,
                s.finished,
                s.moves,
                s.faults,
                s.rests,
            ),
            Err((step, violation)) => {
                failed += 1;
                println!("seed {seed}: broken at step {step}: {violation}");
            }
        }
    }
    if failed > 0 {
        bail!("{failed} of {} runs broke an invariant", a.runs);
    }
    Ok(())
}

pub fn run(a: Args) -> anyhow::Result<()> {
    if let Some(bots) = a.ladder {
        return run_ladder(&a, bots);
    }
    if a.tournament {
        return run_tournament(&a);
    }
    let fault = match &a.fault {
        None => None,
        Some(name) => match Fault::named(name) {
            Some(f) => Some(f),
            None => bail!(
                "unknown fault {name:?}; one of: {}",
                Fault::ALL.map(Fault::name).join(", ")
            ),
        },
    };
    let mut failed = 0;
    for seed in a.seed..a.seed + a.runs {
        let started = Instant::now();
        let report = sim::run(SimConfig {
            seed,
            steps: a.steps,
            fault,
        });
        let took = started.elapsed();
        let s = &report.stats;
        println!(
            "seed {seed}: {} steps in {:.1} s ({:.0} simulated hours): {} tables, {} moves, {} wake-ups, {} crashes, {} writes ({} refused)",
            report.steps,
            took.as_secs_f64(),
            report.simulated.as_secs_f64() / 3600.0,
            s.tables_opened,
            s.moves_sent,
            s.wakes,
            s.crashes,
            report.writes,
            report.refused_writes,
        );
        if let Some((step, violation, actions)) = report.failure {
            failed += 1;
            let shortest = sim::shrink(seed, fault, &actions);
            println!("  broken at step {step}: {violation}");
            println!(
                "  the shortest input that breaks it ({} actions):",
                shortest.len()
            );
            for action in shortest {
                println!("    {action:?}");
            }
        }
    }
    if failed > 0 && fault.is_none() {
        bail!("{failed} of {} runs broke an invariant", a.runs);
    }
    Ok(())
}
