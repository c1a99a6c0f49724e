//! `nimmt train`: makes the weights of the classic `net` bot. The search plays whole games
//! against itself, its card choices are written down, and the network learns them
//! (`nimmt_bots::classic::net::train`; the recipe in docs/bots.md, "The learned model").

use anyhow::Context;
use nimmt_bots::classic::mcts::Opponents;
use nimmt_bots::classic::net::train::{self, Sample, SelfPlay, TrainConfig};
use nimmt_bots::classic::net::{Features, FEATURES};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of `nimmt train`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Whole games (to 66 points) the search plays against itself for the data.
    #[arg(long, default_value_t = 400)]
    pub games: u64,
    /// The search's playouts per decision in those games.
    #[arg(long, default_value_t = 4000)]
    pub iters: u64,
    /// Who the searching seats take the others to be: table (the learnt styles) or net (the
    /// network of --model; a round of expert iteration).
    #[arg(long, default_value = "table")]
    pub opponents: String,
    /// Seats at the table.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Seed of the games and of the training.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Passes over the data.
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Decisions per step.
    #[arg(long, default_value_t = 64)]
    pub batch: usize,
    /// Adam's learning rate (falling linearly to a tenth).
    #[arg(long, default_value_t = 3e-3)]
    pub learning_rate: f32,
    /// Worker threads of the self-play (default: every core). The data does not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Keep the decisions in FILE: read from it if it exists (no games are played), else
    /// written to it after the games.
    #[arg(long, value_name = "FILE")]
    pub samples: Option<PathBuf>,
    /// Where the weights go.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let opponents = match args.opponents.as_str() {
        "table" => Opponents::Table,
        "net" => Opponents::Net,
        other => anyhow::bail!("--opponents {other}: expected table or net"),
    };
    let samples = match args.samples.as_deref().filter(|p| p.exists()) {
        Some(path) => read_samples(path)?,
        None => {
            let config = SelfPlay {
                games: args.games,
                iters: args.iters,
                opponents,
                players: args.players,
                seed: args.seed,
                threads: args
                    .threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            };
            let start = Instant::now();
            let games = args.games;
            let samples = train::self_play(&config, &|done| {
                if done % 10 == 0 || done == games {
                    eprintln!(
                        "{done}/{games} games, {:.0} s",
                        start.elapsed().as_secs_f64()
                    );
                }
            });
            if let Some(path) = &args.samples {
                write_samples(path, &samples)?;
            }
            samples
        }
    };
    eprintln!("{} decisions", samples.len());
    let config = TrainConfig {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        seed: args.seed,
        ..TrainConfig::default()
    };
    let net = train::train(&samples, &config, &mut |(e, learn, held)| {
        eprintln!(
            "epoch {e}: loss {:.4}, agrees {:.1}% | held out: loss {:.4}, agrees {:.1}%",
            learn.loss,
            100.0 * learn.agree,
            held.loss,
            100.0 * held.agree
        );
    });
    let bytes = net.to_bytes();
    std::fs::write(&args.out, &bytes)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    println!("{} ({} bytes)", args.out.display(), bytes.len());
    Ok(())
}

/// Decisions as little-endian words: the hand's size and the chosen index (u32), then every
/// card's inputs (f32).
fn write_samples(path: &Path, samples: &[Sample]) -> anyhow::Result<()> {
    let mut out = Vec::new();
    for s in samples {
        out.extend((s.cards.len() as u32).to_le_bytes());
        out.extend((s.chosen as u32).to_le_bytes());
        for x in s.cards.iter().flatten() {
            out.extend(x.to_le_bytes());
        }
    }
    std::fs::write(path, out).with_context(|| format!("cannot write {}", path.display()))
}

fn read_samples(path: &Path) -> anyhow::Result<Vec<Sample>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut words = bytes
        .chunks_exact(4)
        .map(|b| <[u8; 4]>::try_from(b).expect("4 bytes"));
    let mut samples = Vec::new();
    while let Some(n) = words.next() {
        let n = u32::from_le_bytes(n) as usize;
        let chosen = u32::from_le_bytes(words.next().context("a cut samples file")?) as usize;
        let mut cards = Vec::with_capacity(n);
        for _ in 0..n {
            let mut x: Features = [0.0; FEATURES];
            for v in &mut x {
                *v = f32::from_le_bytes(words.next().context("a cut samples file")?);
            }
            cards.push(x);
        }
        anyhow::ensure!(chosen < n, "a bad samples file");
        samples.push(Sample { cards, chosen });
    }
    Ok(samples)
}
