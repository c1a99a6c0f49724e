//! `nimmt play`: the terminal client. Offline, you sit at seat 0 against bots; with `--server`,
//! the lobby, tables and chat of an online room.

use anyhow::bail;
use nimmt_core::{GameKind, OptionMap};
use nimmt_tui::term::{run_offline, PlayConfig};
use nimmt_tui::{Lang, OfflineSetup};
use std::path::PathBuf;

/// Options of `nimmt play`.
#[derive(clap::Args)]
pub struct Args {
    /// The game to play.
    #[arg(long, default_value = "classic")]
    pub game: String,
    /// Number of seats, yours included (default: one more than the bots given, else 4).
    #[arg(long)]
    pub players: Option<usize>,
    /// A table option as KEY=VALUE (repeatable), e.g. --option fan=cow.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The bot at the next seat (repeatable): a level (beginner, casual, strong, master) or a bot
    /// spec (random, greedy, mcts, mcts:ms=200, …). The last one given fills the remaining seats
    /// (default greedy).
    #[arg(long = "bot", value_name = "LEVEL")]
    pub bots: Vec<String>,
    /// Language of the screens: en or de (default from LANG).
    #[arg(long)]
    pub lang: Option<String>,
    /// Write the game record to this file when the game ends.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Seed of the deals and the bots (default: a new one each time).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Play online at this server, e.g. ws://127.0.0.1:8080.
    #[arg(long, value_name = "ws://HOST:PORT")]
    pub server: Option<String>,
    /// Your name online (default: the login name).
    #[arg(long, value_name = "NICK")]
    pub name: Option<String>,
    /// Play online as this account (the password is asked for, without echo): the same
    /// identity, seats and games as in the browser; --name is then not used.
    #[arg(long, value_name = "NAME", requires = "server")]
    pub account: Option<String>,
}

/// The bots for seats 1… of a table of `players`: the ones given, the last repeated.
pub fn seat_bots(players: usize, given: &[String]) -> anyhow::Result<Vec<String>> {
    let needed = players.saturating_sub(1);
    if given.len() > needed {
        bail!(
            "{players} players leave room for {needed} bots, but {} were given",
            given.len()
        );
    }
    let fill = given.last().cloned().unwrap_or_else(|| "greedy".to_owned());
    let mut bots = given.to_vec();
    bots.resize(needed, fill);
    Ok(bots)
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let kind: GameKind = args.game.parse()?;
    if nimmt_tui::games::find(kind.name()).is_none() {
        bail!(
            "nimmt play does not play {kind} yet (it plays {})",
            nimmt_tui::games::names().join(", ")
        );
    }
    let options = OptionMap::parse(args.options.iter().map(String::as_str))?;
    let lang = match &args.lang {
        Some(l) => {
            Lang::parse(l).ok_or_else(|| anyhow::anyhow!("unknown language {l:?}: en or de"))?
        }
        None => Lang::from_env(),
    };
    if let Some(server) = &args.server {
        let offline_only = args.players.is_some()
            || !args.options.is_empty()
            || !args.bots.is_empty()
            || args.record.is_some()
            || args.seed.is_some();
        if offline_only {
            bail!("--players, --option, --bot, --record and --seed are for offline games; online, tables are set up with chat commands (/option, /bot add)");
        }
        if let Some(account) = &args.account {
            let password = rpassword::prompt_password(match lang {
                Lang::En => format!("Password for {account}: "),
                Lang::De => format!("Passwort für {account}: "),
            })?;
            let lang_code = match lang {
                Lang::En => "en",
                Lang::De => "de",
            };
            let session = nimmt_tui::account::log_in(server, account, &password, lang_code)?;
            return nimmt_tui::net::run_online(server, &session.name, lang, Some(session.token));
        }
        let name = args
            .name
            .clone()
            .or_else(|| std::env::var("USER").ok())
            .unwrap_or_else(|| "player".to_owned());
        return nimmt_tui::net::run_online(server, &name, lang, None);
    }
    let players = args.players.unwrap_or(if args.bots.is_empty() {
        let (min, max) = nimmt_core::registry::find(kind.name())?
            .descriptor()
            .players;
        4.clamp(min, max)
    } else {
        args.bots.len() + 1
    });
    let bots = seat_bots(players, &args.bots)?;
    for b in &bots {
        nimmt_tui::bots::check(b)?;
    }
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    run_offline(PlayConfig {
        game: kind.name().to_owned(),
        setup: OfflineSetup {
            players,
            options,
            bots,
            seed,
        },
        lang,
        record: args.record,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn the_last_bot_given_fills_the_seats() {
        assert_eq!(
            seat_bots(4, &[]).unwrap(),
            s(&["greedy", "greedy", "greedy"])
        );
        assert_eq!(
            seat_bots(4, &s(&["random"])).unwrap(),
            s(&["random", "random", "random"])
        );
        assert_eq!(
            seat_bots(3, &s(&["random", "greedy"])).unwrap(),
            s(&["random", "greedy"])
        );
        let e = seat_bots(2, &s(&["random", "greedy"])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "2 players leave room for 1 bots, but 2 were given"
        );
    }
}
