//! `nimmt bot SPEC`: one of the built-in bots as an outside program, speaking
//! `docs/bot-protocol.md` on standard input and output, for any host of any game.

use anyhow::Context;

/// Options of `nimmt bot`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The bot: NAME[:KEY=VALUE,…] as in `nimmt arena --seat` (e.g. greedy, mcts:iters=4000);
    /// the game is the one the host's `hello` names.
    pub spec: String,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    nimmt_bots::registry::speak(&args.spec, &mut input, &mut output)
        .with_context(|| format!("bot {}", args.spec))
}
