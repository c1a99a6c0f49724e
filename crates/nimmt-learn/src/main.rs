//! `nimmt-learn`: the same as `nimmt learn`, built without the server.

use clap::Parser;

/// Train the classic card-token network `net2`.
#[derive(Parser)]
#[command(name = "nimmt-learn")]
struct Cli {
    #[command(flatten)]
    args: nimmt_learn::cli::Args,
}

fn main() -> anyhow::Result<()> {
    nimmt_learn::cli::run(Cli::parse().args)
}
