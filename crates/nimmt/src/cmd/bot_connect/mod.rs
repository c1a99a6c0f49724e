//! `nimmt bot connect`: plays a bot account in the online room with a program that speaks the
//! outside-bot protocol (`docs/bot-protocol.md`), or with a built-in bot.
//!
//! The bridge says `hello` with the account's API token, declares what it plays (`bot_ready`),
//! and joins each table the room seats it at (`bot_seated`). Every table runs a process of its
//! own (the protocol is one seat per process), fed by the arena's driver: `hello`, `new_game`
//! seeded from the table's number, a `decide` whenever the room asks the seat, `end_deal` and
//! `end_game`; then the process's input closes. A lost connection is reconnected with back-off;
//! the processes keep running meanwhile, and the room resends each table's state.

mod declaration;
mod endings;
mod seat;
mod session;
mod table;

use anyhow::{bail, Context};
pub use declaration::DeclarationArgs;
use nimmt_bots::spec::BotSpec;
use std::path::PathBuf;
use std::time::Duration;

/// Options of `nimmt bot connect`.
#[derive(clap::Args, Debug)]
#[command(group = clap::ArgGroup::new("bot").required(true).args(["spec", "command"]))]
pub struct Args {
    /// The room's WebSocket URL, e.g. ws://127.0.0.1:8080/ws or wss://example.org/ws.
    #[arg(long)]
    pub server: String,
    /// A file holding the bot account's API token (`t.` and 64 hex digits; made on the account
    /// page).
    #[arg(long)]
    pub token_file: PathBuf,
    #[command(flatten)]
    pub declaration: DeclarationArgs,
    /// Play a built-in bot (as `nimmt arena --seat` takes them: greedy, mcts:iters=4000, …).
    #[arg(long)]
    pub spec: Option<String>,
    /// Time the bot has for each decision, in milliseconds (the first gets at least 5 s); a late
    /// answer is replaced by the game's default bot.
    #[arg(long, default_value_t = 5000)]
    pub bot_timeout_ms: u64,
    /// Write each table's protocol lines to DIR/table-ID.jsonl: the room's frames for the table,
    /// each move the bridge sends, and each move the room acknowledged (`{"type": "acked", …}`).
    #[arg(long, value_name = "DIR")]
    pub log_dir: Option<PathBuf>,
    /// The bot program and its arguments, after `--`; one process per table.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

/// What a session needs, fixed for the run.
pub struct Config {
    pub url: String,
    pub token: String,
    pub declaration: nimmt_protocol::bot_accounts::BotDeclaration,
    /// The shell command line of each table's process.
    pub command: String,
    pub timeout: Duration,
    pub log_dir: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    let config = config(args)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(session::run(config))
}

fn config(args: Args) -> anyhow::Result<Config> {
    let token = read_token(&args.token_file)?;
    let declaration = args.declaration.declaration()?;
    let command = match (&args.spec, args.command.is_empty()) {
        (Some(_), false) => bail!("give either --spec or a command after --, not both"),
        (Some(spec), true) => {
            check_spec(spec, &declaration)?;
            let exe = std::env::current_exe().context("the path of this program")?;
            format!(
                "{} bot {}",
                shell_quote(&exe.to_string_lossy()),
                shell_quote(spec)
            )
        }
        (None, false) => args
            .command
            .iter()
            .map(|a| shell_quote(a))
            .collect::<Vec<_>>()
            .join(" "),
        (None, true) => bail!("give the bot: --spec SPEC or -- COMMAND ARGS…"),
    };
    if let Some(dir) = &args.log_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("--log-dir {}", dir.display()))?;
    }
    if !args.server.starts_with("ws://") && !args.server.starts_with("wss://") {
        bail!(
            "--server {:?}: give the room's WebSocket URL, e.g. ws://127.0.0.1:8080/ws",
            args.server
        );
    }
    Ok(Config {
        url: args.server,
        token,
        declaration,
        command,
        timeout: Duration::from_millis(args.bot_timeout_ms.max(1)),
        log_dir: args.log_dir,
    })
}

/// The API token in `path`, trimmed.
fn read_token(path: &std::path::Path) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the token file {}", path.display()))?;
    let token = text.trim();
    if token.is_empty() {
        bail!(
            "the token file {} is empty: put the bot account's API token in it (made on the account page)",
            path.display()
        );
    }
    Ok(token.to_owned())
}

/// A built-in spec must name a bot of every game declared.
fn check_spec(
    spec: &str,
    declaration: &nimmt_protocol::bot_accounts::BotDeclaration,
) -> anyhow::Result<()> {
    let parsed: BotSpec = spec.parse().with_context(|| format!("--spec {spec}"))?;
    if matches!(parsed, BotSpec::Cmd(_)) {
        bail!("--spec {spec}: give a built-in bot; a program goes after --");
    }
    for game in &declaration.games {
        nimmt_bots::registry::family(game.game)
            .and_then(|f| f.check(&parsed))
            .with_context(|| format!("--spec {spec} for {}", game.game))?;
    }
    Ok(())
}

/// `arg` as the shell reads it back as one word.
fn shell_quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%".contains(c));
    if plain {
        arg.to_owned()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_reach_the_shell_as_they_were() {
        assert_eq!(shell_quote("python3"), "python3");
        assert_eq!(shell_quote("mcts:iters=40"), "mcts:iters=40");
        assert_eq!(shell_quote("my bot.py"), "'my bot.py'");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn a_missing_or_empty_token_file_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let missing = read_token(&dir.path().join("none")).unwrap_err();
        assert!(missing.to_string().contains("cannot read the token file"));
        let empty = dir.path().join("empty");
        std::fs::write(&empty, " \n").unwrap();
        assert!(read_token(&empty)
            .unwrap_err()
            .to_string()
            .contains("is empty"));
        let good = dir.path().join("good");
        std::fs::write(&good, "t.abc\n").unwrap();
        assert_eq!(read_token(&good).unwrap(), "t.abc");
    }
}
