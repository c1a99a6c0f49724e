//! `nimmt bot SPEC`: one of the built-in bots as an outside program, speaking
//! `docs/bot-protocol.md` on standard input and output, for any host of any game.

use anyhow::Context;

/// Options of `nimmt bot`.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    /// The bot: NAME[:KEY=VALUE,…] as in `nimmt arena --seat` (e.g. greedy, mcts:iters=4000);
    /// the game is the one the host's `hello` names.
    #[arg(required = true)]
    pub spec: Option<String>,
    #[command(subcommand)]
    pub command: Option<BotCommand>,
}

/// What `nimmt bot` does besides speaking the protocol.
#[derive(clap::Subcommand, Debug)]
pub enum BotCommand {
    /// Play a bot account in the online room: a program speaking the outside-bot protocol
    /// (after --), or a built-in bot (--spec); see docs/bot-accounts.md.
    Connect(super::bot_connect::Args),
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let spec = match (args.command, args.spec) {
        (Some(BotCommand::Connect(a)), _) => return super::bot_connect::run(a),
        (None, Some(spec)) => spec,
        (None, None) => anyhow::bail!("give a bot: nimmt bot SPEC, or nimmt bot connect …"),
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    nimmt_bots::registry::speak(&spec, &mut input, &mut output)
        .with_context(|| format!("bot {spec}"))
}
