//! `nimmt learn`: record the search's self-play, train `net2` on it, check the bot's forward
//! pass against the trainer's.

use crate::network::Network;
use crate::record::{self_play, Record, SelfPlay};
use crate::records_file;
use crate::train::{train, Fit, TrainConfig};
use anyhow::{Context, Result};
use candle_nn::VarMap;
use clap::Subcommand;
use nimmt_bots::classic::net2::model::Model;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Options of `nimmt learn`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: Step,
}

#[derive(Subcommand, Debug)]
pub enum Step {
    /// The search plays whole games to 66 against itself (4 seats); every decision is written.
    Record {
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// The search's playouts per decision.
        #[arg(long, default_value_t = 2000)]
        iters: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The first game's index (split one run into parts).
        #[arg(long, default_value_t = 0)]
        first: u64,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[arg(long)]
        out: PathBuf,
    },
    /// Trains the network on records (files in game order; the last share held out) and writes
    /// its weights (safetensors).
    Fit {
        /// Records files, read in order.
        #[arg(long = "data", required = true)]
        data: Vec<PathBuf>,
        #[arg(long, default_value_t = 12)]
        epochs: usize,
        #[arg(long, default_value_t = 128)]
        batch: usize,
        #[arg(long, default_value_t = 2e-3)]
        lr: f64,
        #[arg(long, default_value_t = 64)]
        width: usize,
        #[arg(long, default_value_t = 0.1)]
        held_out: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        out: PathBuf,
    },
    /// The whole recipe in one command: `record`, then `fit` on its records (also written to
    /// --records), then `check`.
    Recipe {
        #[arg(long, default_value_t = 500)]
        games: u64,
        #[arg(long, default_value_t = 4000)]
        iters: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[arg(long, default_value_t = 12)]
        epochs: usize,
        #[arg(long, default_value_t = 64)]
        width: usize,
        #[arg(long)]
        records: PathBuf,
        #[arg(long)]
        out: PathBuf,
    },
    /// Compares the weights' plain-Rust forward pass (the bot's) with the trainer's on records.
    Check {
        #[arg(long)]
        data: PathBuf,
        #[arg(long)]
        weights: PathBuf,
        #[arg(long, default_value_t = 64)]
        width: usize,
    },
}

fn read(paths: &[PathBuf]) -> Result<Vec<Record>> {
    let mut all = Vec::new();
    for p in paths {
        let bytes = std::fs::read(p).with_context(|| format!("reading {}", p.display()))?;
        all.extend(records_file::from_bytes(&bytes).with_context(|| p.display().to_string())?);
    }
    Ok(all)
}

fn show(fit: &Fit) -> String {
    format!(
        "policy {:.3} nats, agrees {:.1}%, value {:.4}, belief {:.3} nats",
        fit.policy,
        100.0 * fit.agree,
        fit.value,
        fit.belief
    )
}

fn record(config: &SelfPlay, out: &Path, started: Instant) -> Result<Vec<Record>> {
    let games = config.games;
    let records = self_play(config, &|n| {
        eprintln!("record: {n}/{games} games, {:.0?}", started.elapsed())
    });
    std::fs::write(out, records_file::to_bytes(&records))
        .with_context(|| format!("writing {}", out.display()))?;
    println!(
        "{} decisions of {games} games in {:.0?} → {}",
        records.len(),
        started.elapsed(),
        out.display()
    );
    Ok(records)
}

fn fit(records: &[Record], config: &TrainConfig, out: &Path, started: Instant) -> Result<()> {
    eprintln!("fit: {} decisions", records.len());
    let t = train(records, config, &|epoch, fit| {
        eprintln!(
            "epoch {epoch}: held out {} ({:.0?})",
            show(fit),
            started.elapsed()
        )
    })?;
    t.vars.save(out)?;
    println!("before: {}", show(&t.first));
    println!("trained ({} steps): {}", t.steps, show(&t.train));
    println!("held out: {}", show(&t.held));
    println!("{:.0?} → {}", started.elapsed(), out.display());
    Ok(())
}

fn check(records: &[Record], weights: &Path, width: usize) -> Result<()> {
    let mut vars = VarMap::new();
    let net = Network::new(&vars, width, 0)?;
    vars.load(weights)?;
    let model = Model::from_safetensors(&std::fs::read(weights)?)?;
    let worst = crate::parity::largest_difference(&net, &model, records)?;
    println!(
        "{} weights; the bot's and the trainer's forward passes differ by at most {worst:.2e} over {} positions",
        model.params(),
        records.len()
    );
    Ok(())
}

pub fn run(args: Args) -> Result<()> {
    let started = Instant::now();
    match args.command {
        Step::Record {
            games,
            iters,
            seed,
            first,
            threads,
            out,
        } => {
            let config = SelfPlay {
                games,
                iters,
                seed,
                first,
                threads,
            };
            record(&config, &out, started)?;
        }
        Step::Fit {
            data,
            epochs,
            batch,
            lr,
            width,
            held_out,
            seed,
            out,
        } => {
            let config = TrainConfig {
                epochs,
                batch,
                learning_rate: lr,
                held_out,
                width,
                seed,
                max_steps: None,
            };
            fit(&read(&data)?, &config, &out, started)?;
        }
        Step::Recipe {
            games,
            iters,
            seed,
            threads,
            epochs,
            width,
            records,
            out,
        } => {
            let play = SelfPlay {
                games,
                iters,
                seed,
                first: 0,
                threads,
            };
            let all = record(&play, &records, started)?;
            let config = TrainConfig {
                epochs,
                width,
                seed,
                ..TrainConfig::default()
            };
            fit(&all, &config, &out, started)?;
            check(&all, &out, width)?;
        }
        Step::Check {
            data,
            weights,
            width,
        } => check(&read(&[data])?, &weights, width)?,
    }
    Ok(())
}
