//! `nimmt bench`.

/// Options of `nimmt bench`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("not yet")
}
