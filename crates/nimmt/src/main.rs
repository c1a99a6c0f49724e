//! `nimmt`: the one binary of the project. Each subcommand lives in its own module under `cmd/`.

mod cmd;
mod data;

use clap::{Parser, Subcommand};

/// The home of the 6 nimmt! family: an online room, bots, and tools for players and researchers.
#[derive(Parser)]
#[command(name = "nimmt", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
// Parsed once per run: the size of the largest variant (serve's settings) costs nothing.
#[allow(clippy::large_enum_variant)]
enum Command {
    /// Serve the online room: lobby, tables, chat commands, bots (HTTP and WebSocket).
    Serve(cmd::serve::Args),
    /// Play real games against a running server and report actions/s and latency.
    Loadtest(cmd::loadtest::Args),
    /// Play games with random legal choices and print each seat's mean points per deal.
    Sim(cmd::sim::Args),
    /// Simulate the room (tables, clients, timers, a failing store, crashes) in simulated time
    /// and check its invariants after every step.
    RoomSim(cmd::room_sim::Args),
    /// Replay a game record, check it, and print the result.
    Replay(cmd::replay::Args),
    /// Measure random-play deals per second on one thread.
    Bench(cmd::bench::Args),
    /// Let bots play many seeded deals against each other and compare them.
    Arena(cmd::arena::Args),
    /// Analyse a finished game: each decision's choices as the search sees them, marks, a summary.
    Analyse(cmd::analyse::Args),
    /// Be a bot for any host: a built-in bot speaking the outside-bot protocol on stdin/stdout.
    Bot(cmd::bot::Args),
    /// Play in the terminal: offline at seat 0 against bots, or online with --server.
    Play(cmd::play::Args),
    /// Give or take the operator role of the room (moderation).
    Admin(cmd::admin::Args),
    /// Ratings: rebuild them from the stored games, or measure the history routes at scale.
    Ratings(cmd::ratings::Args),
    /// Train the classic `net` bot's weights on the search's self-play.
    Train(cmd::train::Args),
    /// Train the classic card-token network `net2` (self-play records, distillation, checks).
    Learn(cmd::learn::Args),
    /// Write a consistent copy of a SQLite room's database while it plays.
    Backup(cmd::backup::Args),
    /// Put a backup back as the room's SQLite database (with the room stopped).
    Restore(cmd::backup::RestoreArgs),
    /// Print a new Web Push (VAPID) private key in PEM, for `nimmt serve --vapid-key FILE`.
    VapidKey,
}

/// The server allocates a frame per seat and move from many threads at once: a thread-caching
/// allocator keeps that off the system allocator's locks.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(a) => cmd::serve::run(a),
        Command::Loadtest(a) => cmd::loadtest::run(a),
        Command::RoomSim(a) => cmd::room_sim::run(a),
        Command::Sim(a) => cmd::sim::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::Arena(a) => cmd::arena::run(a),
        Command::Play(a) => cmd::play::run(a),
        Command::Bot(a) => cmd::bot::run(a),
        Command::Analyse(a) => cmd::analyse::run(a),
        Command::Admin(a) => cmd::admin::run(a),
        Command::Ratings(a) => cmd::ratings::run(a),
        Command::Train(a) => cmd::train::run(a),
        Command::Learn(a) => cmd::learn::run(a),
        Command::Backup(a) => cmd::backup::run(a),
        Command::Restore(a) => cmd::backup::restore(a),
        Command::VapidKey => {
            print!("{}", nimmt_server::push::Vapid::generate_pem());
            Ok(())
        }
    }
}
