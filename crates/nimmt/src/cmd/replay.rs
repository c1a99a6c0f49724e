//! `nimmt replay FILE`: re-plays a game record of any registered game, checks every deal and
//! action, prints the result.

use anyhow::Context;
use nimmt_core::record::{replay, GameRecord};
use std::path::PathBuf;

/// Options of `nimmt replay`.
#[derive(clap::Args)]
pub struct Args {
    /// The game record (JSON, see docs/record-format.md).
    pub file: PathBuf,
    /// Print every event of the replay as a JSON line.
    #[arg(long)]
    pub events: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let record: GameRecord = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a game record", args.file.display()))?;
    let replayed =
        replay(&record).with_context(|| format!("{} does not replay", args.file.display()))?;
    if args.events {
        for e in &replayed.events {
            println!("{}", serde_json::to_string(e)?);
        }
    }
    println!(
        "{}: {} with {} players, {} deals, {} actions: replayed and checked",
        args.file.display(),
        record.game,
        record.players,
        record.deals.len(),
        record.actions.len()
    );
    match replayed.game.outcome() {
        Some(outcome) => {
            let scores: Vec<String> = outcome
                .scores
                .iter()
                .enumerate()
                .map(|(s, p)| format!("seat {s}: {p}"))
                .collect();
            println!("scores: {}", scores.join(", "));
            for party in &outcome.others {
                println!("{}: {}", party.name, party.score);
            }
            let winners: Vec<String> = outcome.winners.iter().map(|s| s.to_string()).collect();
            if winners.is_empty() {
                println!("nobody at the table won");
            } else {
                println!("won by {}", winners.join(" and "));
            }
        }
        None => println!("the game is not finished"),
    }
    Ok(())
}
