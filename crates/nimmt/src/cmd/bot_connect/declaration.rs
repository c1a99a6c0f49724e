//! What the bridge declares it plays (`bot_ready`), built from its command-line flags.

use anyhow::{bail, Context};
use nimmt_core::GameKind;
use nimmt_protocol::bot_accounts::{BotDeclaration, BotGame, MOST_BOT_GAMES};
use std::collections::BTreeMap;

/// The flags that make the declaration.
#[derive(clap::Args, Debug, Clone)]
pub struct DeclarationArgs {
    /// The games the bot plays, by name (classic, help, buffalo, board), comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "classic")]
    pub games: Vec<String>,
    /// The table sizes it plays (players, bots included), comma-separated; default: every size
    /// each game has.
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<usize>,
    /// Most tables it plays at once (1 to 100); each table runs a process of its own.
    #[arg(long, default_value_t = 1)]
    pub most_games: u32,
    /// Let the ladder pair it with other bots in rated bot-only games.
    #[arg(long)]
    pub ladder: bool,
    /// Play rated games only.
    #[arg(long, conflicts_with = "casual_only")]
    pub rated_only: bool,
    /// Play casual (unrated) games only.
    #[arg(long)]
    pub casual_only: bool,
    /// An option the bot accepts only with these values, as KEY=V1,V2 (e.g. deck=full,
    /// pace=realtime); an option not named may take any value. Applies to every game declared;
    /// repeat for several options.
    #[arg(long = "option", value_name = "KEY=V1,V2")]
    pub options: Vec<String>,
}

impl DeclarationArgs {
    /// The declaration, or a clear error for a flag that makes no sense.
    pub fn declaration(&self) -> anyhow::Result<BotDeclaration> {
        if self.most_games == 0 || self.most_games > MOST_BOT_GAMES {
            bail!(
                "--most-games must be 1 to {MOST_BOT_GAMES}, not {}",
                self.most_games
            );
        }
        let mut options = BTreeMap::<String, Vec<String>>::new();
        for option in &self.options {
            let (key, values) = option
                .split_once('=')
                .with_context(|| format!("--option {option:?}: write KEY=V1,V2"))?;
            let values: Vec<String> = values
                .split(',')
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .collect();
            if key.trim().is_empty() || values.is_empty() {
                bail!("--option {option:?}: write KEY=V1,V2 with at least one value");
            }
            options
                .entry(key.trim().to_owned())
                .or_default()
                .extend(values);
        }
        if self.games.is_empty() {
            bail!("--games names no game");
        }
        let mut games = Vec::new();
        for name in &self.games {
            let game: GameKind = name
                .trim()
                .parse()
                .map_err(|e| anyhow::anyhow!("--games: {e}"))?;
            if games.iter().any(|g: &BotGame| g.game == game) {
                continue;
            }
            games.push(BotGame {
                game,
                players: self.players.clone(),
                options: options.clone(),
            });
        }
        Ok(BotDeclaration {
            games,
            rated: !self.casual_only,
            casual: !self.rated_only,
            most_games: self.most_games,
            ladder: self.ladder,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        d: DeclarationArgs,
    }

    fn declare(args: &[&str]) -> anyhow::Result<BotDeclaration> {
        let cli = Cli::try_parse_from(std::iter::once("x").chain(args.iter().copied()))?;
        cli.d.declaration()
    }

    #[test]
    fn the_flags_make_the_declaration() {
        let d = declare(&[
            "--games",
            "classic,help",
            "--players",
            "3,4",
            "--most-games",
            "5",
            "--ladder",
            "--rated-only",
            "--option",
            "deck=full",
            "--option",
            "pace=realtime,turn-based",
        ])
        .unwrap();
        assert_eq!(d.games.len(), 2);
        assert_eq!(d.games[0].game.name(), "classic");
        assert_eq!(d.games[1].players, [3, 4]);
        assert_eq!(d.games[0].options["pace"], ["realtime", "turn-based"]);
        assert!(d.rated && !d.casual && d.ladder);
        assert_eq!(d.most_games, 5);
        let plain = declare(&[]).unwrap();
        assert_eq!(plain.games.len(), 1);
        assert!(plain.rated && plain.casual && !plain.ladder && plain.most_games == 1);
    }

    #[test]
    fn bad_flags_are_refused_with_a_reason() {
        assert!(declare(&["--games", "chess"]).is_err());
        assert!(declare(&["--most-games", "0"]).is_err());
        assert!(declare(&["--most-games", "101"]).is_err());
        assert!(declare(&["--option", "deck"]).is_err());
        assert!(declare(&["--option", "deck="]).is_err());
        assert!(declare(&["--rated-only", "--casual-only"]).is_err());
    }
}
