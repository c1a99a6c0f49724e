//! Bot specs as the command line writes them: `random`, `greedy`, `mcts`, `mcts:ms=N`,
//! `mcts:iters=N` (with optional `,playout=mimic|risk|cautious|random`, `,utility=relative|own|win`
//! and `,infer=on|off`), and `cmd:COMMAND` for an outside bot.

use crate::classic::{Budget, GreedyBot, MctsBot, MctsConfig, Playout, RandomBot, Utility};
use crate::outside::{OutsideBot, OutsideError};
use crate::Bot;
use nimmt_core::games::classic::Classic;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The default search time of a bare `mcts`.
pub const DEFAULT_MCTS_MS: u64 = 100;

/// Which bot sits at a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    Random,
    Greedy,
    Mcts(MctsConfig),
    /// An outside bot: this command, run by the shell, speaks `docs/bot-protocol.md`.
    Cmd(String),
}

/// Why a bot spec was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("unknown bot {0:?} (bots: random, greedy, mcts[:ms=N|:iters=N], cmd:COMMAND)")]
    Unknown(String),
    #[error("bad setting {setting:?} for {bot}: expected {expected}")]
    BadSetting {
        bot: String,
        setting: String,
        expected: String,
    },
    #[error("cmd: needs a command, e.g. cmd:python3 examples/classic_bot.py")]
    EmptyCommand,
}

impl FromStr for BotSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, SpecError> {
        let s = s.trim();
        let (name, rest) = match s.split_once(':') {
            Some((n, r)) => (n.trim(), Some(r)),
            None => (s, None),
        };
        match (name.to_ascii_lowercase().as_str(), rest) {
            ("random", None) => Ok(BotSpec::Random),
            ("greedy", None) => Ok(BotSpec::Greedy),
            ("mcts", settings) => parse_mcts(settings.unwrap_or("")).map(BotSpec::Mcts),
            ("cmd", Some(command)) if !command.trim().is_empty() => {
                Ok(BotSpec::Cmd(command.trim().to_owned()))
            }
            ("cmd", _) => Err(SpecError::EmptyCommand),
            _ => Err(SpecError::Unknown(s.to_owned())),
        }
    }
}

fn parse_mcts(settings: &str) -> Result<MctsConfig, SpecError> {
    let mut config = MctsConfig::new(Budget::Millis(DEFAULT_MCTS_MS));
    let bad = |setting: &str, expected: &str| SpecError::BadSetting {
        bot: "mcts".into(),
        setting: setting.to_owned(),
        expected: expected.to_owned(),
    };
    for item in settings.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let (key, value) = item.split_once('=').ok_or_else(|| {
            bad(
                item,
                "ms=N, iters=N, playout=mimic|risk|cautious|random, utility=relative|own|win or infer=on|off",
            )
        })?;
        let number = || {
            value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| bad(item, "a whole number of at least 1"))
        };
        match key.trim() {
            "ms" => config.budget = Budget::Millis(number()?),
            "iters" => config.budget = Budget::Iters(number()?),
            "playout" => {
                config.playout = match value.trim() {
                    "random" => Playout::Random,
                    "cautious" => Playout::Cautious,
                    "risk" => Playout::Risk,
                    "mimic" => Playout::Mimic,
                    _ => return Err(bad(item, "playout=mimic, risk, cautious or random")),
                }
            }
            "utility" => {
                config.utility = match value.trim() {
                    "own" => Utility::Own,
                    "relative" => Utility::Relative,
                    "win" => Utility::Win,
                    _ => return Err(bad(item, "utility=relative, own or win")),
                }
            }
            "infer" => {
                config.infer = match value.trim() {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad(item, "infer=on or off")),
                }
            }
            _ => {
                return Err(bad(
                    item,
                    "ms=N, iters=N, playout=mimic|risk|cautious|random, utility=relative|own|win or infer=on|off",
                ))
            }
        }
    }
    Ok(config)
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Mcts(c) => {
                match c.budget {
                    Budget::Millis(ms) => write!(f, "mcts:ms={ms}")?,
                    Budget::Iters(n) => write!(f, "mcts:iters={n}")?,
                }
                match c.playout {
                    Playout::Mimic => {}
                    Playout::Risk => f.write_str(",playout=risk")?,
                    Playout::Random => f.write_str(",playout=random")?,
                    Playout::Cautious => f.write_str(",playout=cautious")?,
                }
                match c.utility {
                    Utility::Relative => {}
                    Utility::Own => f.write_str(",utility=own")?,
                    Utility::Win => f.write_str(",utility=win")?,
                }
                if !c.infer {
                    f.write_str(",infer=off")?;
                }
                Ok(())
            }
            BotSpec::Cmd(c) => write!(f, "cmd:{c}"),
        }
    }
}

impl BotSpec {
    /// A classic bot of this spec, seeded with `seed`. An outside bot's process starts now;
    /// `timeout` is its time per decision.
    pub fn build(
        &self,
        seed: u64,
        timeout: Duration,
    ) -> Result<Box<dyn Bot<Classic>>, OutsideError> {
        Ok(match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(GreedyBot::new(seed)),
            BotSpec::Mcts(config) => Box::new(MctsBot::new(*config, seed)),
            BotSpec::Cmd(command) => Box::new(OutsideBot::spawn(command, timeout, seed)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for s in [
            "random",
            "greedy",
            "mcts:ms=50",
            "mcts:iters=2000",
            "mcts:ms=10,playout=random,utility=own",
            "mcts:iters=300,playout=risk,infer=off",
        ] {
            assert_eq!(s.parse::<BotSpec>().unwrap().to_string(), s);
        }
        assert_eq!(
            "mcts".parse::<BotSpec>().unwrap(),
            BotSpec::Mcts(MctsConfig::new(Budget::Millis(DEFAULT_MCTS_MS)))
        );
        assert_eq!(
            "cmd:python3 examples/classic_bot.py"
                .parse::<BotSpec>()
                .unwrap(),
            BotSpec::Cmd("python3 examples/classic_bot.py".into())
        );
    }

    #[test]
    fn bad_specs_are_named() {
        assert_eq!(
            "clever".parse::<BotSpec>().unwrap_err().to_string(),
            "unknown bot \"clever\" (bots: random, greedy, mcts[:ms=N|:iters=N], cmd:COMMAND)"
        );
        assert_eq!(
            "mcts:ms=fast".parse::<BotSpec>().unwrap_err().to_string(),
            "bad setting \"ms=fast\" for mcts: expected a whole number of at least 1"
        );
        assert!(matches!(
            "mcts:iters=0".parse::<BotSpec>(),
            Err(SpecError::BadSetting { .. })
        ));
        assert!(matches!(
            "mcts:depth=3".parse::<BotSpec>(),
            Err(SpecError::BadSetting { .. })
        ));
        assert_eq!(
            "cmd:  ".parse::<BotSpec>().unwrap_err(),
            SpecError::EmptyCommand
        );
        assert!(matches!(
            "greedy:fast".parse::<BotSpec>(),
            Err(SpecError::Unknown(_))
        ));
    }
}
