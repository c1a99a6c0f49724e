//! `nimmt backup` and `nimmt restore`: a consistent copy of a SQLite room while it plays, and
//! that copy put back in place of the room's database (`nimmt_server::store::backup`).

use nimmt_server::store::backup;
use std::path::PathBuf;

/// Options of `nimmt backup`.
#[derive(clap::Args)]
pub struct Args {
    /// The file to write the backup to (it must not exist yet).
    #[arg(long)]
    pub to: PathBuf,
    /// The room's database, sqlite://FILE (the one `nimmt serve` uses; it may be playing).
    #[arg(long, default_value = "sqlite://nimmt.db", env = "NIMMT_DATABASE")]
    pub database: String,
}

/// Options of `nimmt restore`.
#[derive(clap::Args)]
pub struct RestoreArgs {
    /// The backup to put back (a file `nimmt backup` wrote).
    #[arg(long)]
    pub from: PathBuf,
    /// The database to restore into, sqlite://FILE; the room must not be running on it.
    #[arg(long, default_value = "sqlite://nimmt.db", env = "NIMMT_DATABASE")]
    pub database: String,
    /// Put the backup in place of an existing database (otherwise an existing one is refused).
    #[arg(long)]
    pub replace: bool,
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?)
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let (contents, took) = runtime()?.block_on(backup::backup(&args.database, &args.to))?;
    println!(
        "backed up {} to {} in {:.2} s: {contents}",
        args.database,
        args.to.display(),
        took.as_secs_f64()
    );
    Ok(())
}

pub fn restore(args: RestoreArgs) -> anyhow::Result<()> {
    let contents =
        runtime()?.block_on(backup::restore(&args.from, &args.database, args.replace))?;
    println!(
        "restored {} into {}: {contents}; start the room on it with `nimmt serve --database {}`",
        args.from.display(),
        args.database,
        args.database
    );
    Ok(())
}
