//! The classic bots by name, for the bot registry: `random`, `greedy` and `mcts` with its
//! settings `ms=N` or `iters=N`, `playout=mimic|risk|cautious|random`,
//! `utility=game|relative|own|win|margin`, `win=N`, `infer=on|off`, `opponents=table|styles|greedy|net`,
//! `own=STYLE`, `trust=N|off` and `guide=net2|off`.

use super::mcts::Opponents;
use super::montecarlo::{MonteCarloBot, DEFAULT_ITERS};
use super::net::NetBot;
use super::net2::Net2Bot;
use super::styles::{Style, StyleBot, FIELD};
use super::{Budget, GreedyBot, MctsBot, MctsConfig, Playout, RandomBot, Utility};
use crate::arena::ArenaError;
use crate::game_bots::{unknown, GameBots};
use crate::spec::{Builtin, SpecError};
use crate::Bot;
use nimmt_core::games::classic::Classic;
use nimmt_core::OptionMap;

/// The default search time of a bare `mcts`.
pub const DEFAULT_MCTS_MS: u64 = 100;

const MCTS_SETTINGS: &str = "ms=N, cpu=N, iters=N, playout=mimic|risk|cautious|random, \
     utility=game|relative|own|win|margin, win=N, infer=on|off, opponents=table|styles|greedy|net, \
     own=greedy|greedy-high|greedy-low|dump-high|keep-low|cautious, trust=1..100|off \
     or guide=net2|off";

impl MctsConfig {
    /// The search settings of an `mcts` spec.
    pub fn from_spec(spec: &Builtin) -> Result<MctsConfig, SpecError> {
        spec.only(
            &[
                "ms",
                "cpu",
                "iters",
                "playout",
                "utility",
                "infer",
                "opponents",
                "win",
                "own",
                "trust",
                "guide",
            ],
            MCTS_SETTINGS,
        )?;
        let mut config = MctsConfig::new(Budget::Millis(DEFAULT_MCTS_MS));
        if let Some(ms) = spec.number("ms")? {
            config.budget = Budget::Millis(ms);
        }
        if let Some(ms) = spec.number("cpu")? {
            config.budget = Budget::CpuMillis(ms);
        }
        if let Some(n) = spec.number("iters")? {
            config.budget = Budget::Iters(n);
        }
        if let Some(p) = spec.word("playout", &["mimic", "risk", "cautious", "random"])? {
            config.playout = match p {
                "risk" => Playout::Risk,
                "cautious" => Playout::Cautious,
                "random" => Playout::Random,
                _ => Playout::Mimic,
            };
        }
        if let Some(u) = spec.word("utility", &["game", "relative", "own", "win", "margin"])? {
            config.utility = match u {
                "own" => Utility::Own,
                "win" => Utility::Win,
                "margin" => Utility::Margin,
                "relative" => Utility::Relative,
                _ => Utility::Game,
            };
        }
        if let Some(w) = spec.number("win")? {
            config.win_bonus = w as u32;
        }
        if let Some(i) = spec.word("infer", &["on", "off"])? {
            config.infer = i == "on";
        }
        if let Some(o) = spec.word("opponents", &["table", "styles", "greedy", "net"])? {
            config.opponents = match o {
                "greedy" => Opponents::Greedy,
                "styles" => Opponents::Styles,
                "net" => Opponents::Net,
                _ => Opponents::Table,
            };
        }
        let own: Vec<&str> = FIELD
            .iter()
            .filter(|&&s| s != Style::Random && s != Style::Net)
            .map(|s| s.name())
            .collect();
        if let Some(o) = spec.word("own", &own)? {
            config.own = Style::named(o);
        }
        if let Some(t) = spec.get("trust") {
            config.trust = match t {
                "off" => None,
                _ => match t.parse::<u8>() {
                    Ok(p @ 1..=100) => Some(p),
                    _ => return Err(spec.bad("trust", "a percentage from 1 to 100, or off")),
                },
            };
        }
        if let Some(g) = spec.word("guide", &["net2", "off"])? {
            config.guide = g == "net2";
        }
        Ok(config)
    }
}

impl GameBots for Classic {
    fn bot_names() -> &'static [&'static str] {
        &[
            "greedy",
            "random",
            "mcts",
            "greedy-high",
            "greedy-low",
            "dump-high",
            "keep-low",
            "cautious",
            "montecarlo",
            "net",
            "net2",
        ]
    }

    fn builtin(spec: &Builtin, seed: u64) -> Result<Box<dyn Bot<Classic>>, SpecError> {
        Ok(match spec.name.as_str() {
            "random" => {
                spec.only(&[], "no settings")?;
                Box::new(RandomBot::new(seed))
            }
            "greedy" => {
                spec.only(&[], "no settings")?;
                Box::new(GreedyBot::new(seed))
            }
            "mcts" => Box::new(MctsBot::new(MctsConfig::from_spec(spec)?, seed)),
            "montecarlo" => {
                spec.only(&["iters"], "iters=N")?;
                let iters = spec.number("iters")?.unwrap_or(DEFAULT_ITERS);
                Box::new(MonteCarloBot::new(iters, seed))
            }
            "net" => {
                spec.only(&[], "no settings")?;
                Box::new(NetBot::new())
            }
            "net2" => {
                spec.only(&[], "no settings")?;
                Box::new(Net2Bot::new())
            }
            name if Style::named(name).is_some() => {
                spec.only(&[], "no settings")?;
                Box::new(StyleBot::new(Style::named(name).expect("a style"), seed))
            }
            other => return Err(unknown::<Classic>(other)),
        })
    }

    /// An arena game of classic is one deal, unless the options say how the game ends (`deals`
    /// or `end_at`): then each arena deal is that whole game.
    fn arena_options(options: &OptionMap) -> Result<OptionMap, ArenaError> {
        let mut options = options.clone();
        if options.get("deals").is_none() && options.get("end_at").is_none() {
            options.set("deals", "1");
        }
        Ok(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::BotSpec;

    fn builtin(s: &str) -> Builtin {
        match s.parse::<BotSpec>().unwrap() {
            BotSpec::Builtin(b) => b,
            BotSpec::Cmd(_) => panic!("{s}"),
        }
    }

    #[test]
    fn mcts_settings_are_read() {
        assert_eq!(
            MctsConfig::from_spec(&builtin("mcts")).unwrap(),
            MctsConfig::new(Budget::Millis(DEFAULT_MCTS_MS))
        );
        let c = MctsConfig::from_spec(&builtin("mcts:iters=300,playout=risk,infer=off")).unwrap();
        assert_eq!(c.budget, Budget::Iters(300));
        assert_eq!(c.playout, Playout::Risk);
        assert!(!c.infer);
        let c = MctsConfig::from_spec(&builtin("mcts:ms=10,playout=random,utility=own")).unwrap();
        assert_eq!(c.budget, Budget::Millis(10));
        assert_eq!(c.utility, Utility::Own);
        let c = MctsConfig::from_spec(&builtin("mcts:cpu=100,opponents=styles")).unwrap();
        assert_eq!(c.budget, Budget::CpuMillis(100));
        assert_eq!(c.opponents, Opponents::Styles);
        let c = MctsConfig::from_spec(&builtin("mcts:iters=10,utility=margin,win=5")).unwrap();
        assert_eq!((c.utility, c.win_bonus), (Utility::Margin, 5));
        let c = MctsConfig::from_spec(&builtin("mcts:iters=10,utility=relative")).unwrap();
        assert_eq!(c.utility, Utility::Relative);
        let c = MctsConfig::from_spec(&builtin("mcts:iters=10,utility=game")).unwrap();
        assert_eq!(c.utility, Utility::Game);
        assert_eq!(c.own, None);
        let c = MctsConfig::from_spec(&builtin("mcts:iters=10,own=greedy")).unwrap();
        assert_eq!(c.own, Some(Style::Greedy));
        let c = MctsConfig::from_spec(&builtin("mcts:iters=10,own=dump-high")).unwrap();
        assert_eq!(c.own, Some(Style::DumpHigh));
        assert!(MctsConfig::from_spec(&builtin("mcts:iters=10,own=random")).is_err());
        assert_eq!(c.trust, Some(50));
        let c = MctsConfig::from_spec(&builtin("mcts:iters=10,trust=95")).unwrap();
        assert_eq!(c.trust, Some(95));
        let c = MctsConfig::from_spec(&builtin("mcts:iters=10,trust=off")).unwrap();
        assert_eq!(c.trust, None);
        assert!(!c.guide);
        let c = MctsConfig::from_spec(&builtin("mcts:cpu=100,guide=net2")).unwrap();
        assert!(c.guide);
        assert!(MctsConfig::from_spec(&builtin("mcts:iters=10,guide=net")).is_err());
        for bad in ["0", "101", "high"] {
            let spec = format!("mcts:iters=10,trust={bad}");
            assert!(MctsConfig::from_spec(&builtin(&spec)).is_err(), "{spec}");
        }
    }

    #[test]
    fn bad_classic_specs_are_named() {
        let err = |s: &str| Classic::builtin(&builtin(s), 1).err().unwrap().to_string();
        assert_eq!(
            err("clever"),
            "unknown bot \"clever\" for classic (bots: greedy, random, mcts, greedy-high, \
             greedy-low, dump-high, keep-low, cautious, montecarlo, net, net2, cmd:COMMAND)"
        );
        assert_eq!(
            err("mcts:ms=fast"),
            "bad setting \"ms=fast\" for mcts: expected a whole number of at least 1"
        );
        assert!(err("mcts:iters=0").contains("iters=0"));
        assert!(err("mcts:depth=3").contains("depth=3"));
        assert!(err("greedy:fast=1").contains("fast=1"));
    }
}
