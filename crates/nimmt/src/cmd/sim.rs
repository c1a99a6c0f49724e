//! `nimmt sim`: plays any registered game with random legal choices and prints each seat's mean
//! points per deal; `--trace` writes the game's trace (a header line, then one JSON line per turn
//! or step, docs/record-format.md, "Trace"), `--record` the first game's record.

use crate::data;
use anyhow::{bail, Context};
use nimmt_core::game::DynTracer;
use nimmt_core::record::RecordedGame;
use nimmt_core::{Game, GameKind, OptionMap, Seat, Setup};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Write;
use std::path::PathBuf;

/// Options of `nimmt sim`.
#[derive(clap::Args)]
pub struct Args {
    /// The game to play: any registered game (classic, help, …).
    #[arg(long, default_value = "classic")]
    pub game: String,
    /// Number of seats.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// A table option as KEY=VALUE (repeatable, each key once), e.g. --option deck=tactic.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Game data from a JSON file as KEY=FILE (repeatable), e.g. --data board=board.json.
    #[arg(long = "data", value_name = "KEY=FILE")]
    pub data: Vec<String>,
    /// Deals to play in all (games are played back to back until this many deals are done; a
    /// game without deals counts as one).
    #[arg(long, default_value_t = 100)]
    pub deals: u64,
    /// Seed of the deals and of the random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Write the trace to this file: a header line, then one JSON line per turn or step.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<PathBuf>,
    /// Write the game record of the first game to this file.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let kind: GameKind = args.game.parse()?;
    let options = OptionMap::parse(args.options.iter().map(String::as_str))?;
    let data = data::load(&args.data)?;
    if args.deals == 0 {
        bail!("--deals must be at least 1");
    }
    let setup = Setup {
        game: kind,
        players: args.players,
        options,
        data,
        seed: args.seed,
    };
    // Check the setup once, with its clear error, before any file is written.
    let first = Game::new(&setup)?;
    let mut trace = match &args.trace {
        Some(path) => Some(TraceFile::create(path, &first, args.seed)?),
        None => None,
    };
    let sums = simulate(&args, &setup, trace.as_mut())?;
    if let Some(t) = trace {
        t.finish()?;
    }
    println!(
        "{} deals of {} with {} players, seed {}",
        args.deals, kind, args.players, args.seed
    );
    for (s, sum) in sums.iter().enumerate() {
        println!(
            "{}: {:.3} points per deal",
            Seat(s as u8),
            *sum as f64 / args.deals as f64
        );
    }
    Ok(())
}

/// The seed of the `index`-th game of a run (the first has the run's seed).
fn game_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// Plays games back to back with random legal choices until `args.deals` deals are done.
/// Returns the points per seat, summed over the deals.
fn simulate(
    args: &Args,
    setup: &Setup,
    mut trace: Option<&mut TraceFile>,
) -> anyhow::Result<Vec<i64>> {
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut sums = vec![0i64; args.players];
    let mut deals_done = 0u64;
    let mut game_index = 0u64;
    while deals_done < args.deals {
        let setup = Setup {
            seed: game_seed(args.seed, game_index),
            ..setup.clone()
        };
        let mut game = RecordedGame::new(setup)?;
        let mut tracer = match trace.as_deref_mut() {
            Some(t) => Some(t.start(game.game(), deals_done + 1)?),
            None => None,
        };
        let mut counted = 0;
        while !game.game().is_over() && deals_done < args.deals {
            let (seat, _) = game.game().pending()[0].clone();
            let legal = game.game().legal_actions(seat);
            let action = legal[rng.random_range(0..legal.len())].clone();
            let events = game.act(seat, &action).map_err(anyhow::Error::msg)?;
            if let (Some(t), Some(tracer)) = (trace.as_deref_mut(), tracer.as_mut()) {
                t.write(tracer.lines(game.game(), seat, &action, &events))?;
            }
            let scores = game.game().deal_scores();
            for deal in &scores[counted..] {
                for (s, p) in sums.iter_mut().zip(deal) {
                    *s += i64::from(*p);
                }
                deals_done += 1;
            }
            counted = scores.len();
        }
        // A game without deals counts as one, scored by its outcome.
        if counted == 0 && deals_done < args.deals {
            if let Some(outcome) = game.game().outcome() {
                for (s, p) in sums.iter_mut().zip(&outcome.scores) {
                    *s += i64::from(*p);
                }
                deals_done += 1;
            }
        }
        if let (Some(path), 0) = (&args.record, game_index) {
            std::fs::write(path, serde_json::to_string_pretty(&game.record())? + "\n")
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        game_index += 1;
    }
    Ok(sums)
}

/// The trace file: the header line, then the lines of each game's tracer.
struct TraceFile {
    path: PathBuf,
    out: std::io::BufWriter<std::fs::File>,
}

impl TraceFile {
    fn create(path: &PathBuf, first: &Game, seed: u64) -> anyhow::Result<TraceFile> {
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        let mut t = TraceFile {
            path: path.clone(),
            out: std::io::BufWriter::new(file),
        };
        t.write(vec![first.trace_header(seed)])?;
        Ok(t)
    }

    /// A tracer for a new game, its opening lines written.
    fn start(&mut self, game: &Game, first_deal: u64) -> anyhow::Result<Box<dyn DynTracer>> {
        let mut tracer = game.tracer(first_deal);
        self.write(tracer.opening(game))?;
        Ok(tracer)
    }

    fn write(&mut self, lines: Vec<String>) -> anyhow::Result<()> {
        for line in lines {
            writeln!(self.out, "{line}")
                .with_context(|| format!("cannot write {}", self.path.display()))?;
        }
        Ok(())
    }

    fn finish(mut self) -> anyhow::Result<()> {
        self.out
            .flush()
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}
