//! `nimmt loadtest`.

/// Options of `nimmt loadtest`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("not yet")
}
