//! Bot specs as the command line, the room and the arena write them: a bot's name with optional
//! settings, `NAME[:KEY=VALUE,…]` (`greedy`, `mcts:ms=100`, `mcts:iters=4000,infer=off`), or
//! `cmd:COMMAND` for an outside bot. Parsed here once for every game; each game's bots read the
//! settings that apply to them (see [`crate::registry`]).

use std::fmt;
use std::str::FromStr;

/// Which bot sits at a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// A bot of the game's own bots, by name, with its settings.
    Builtin(Builtin),
    /// An outside bot: this command, run by the shell, speaks `docs/bot-protocol.md`.
    Cmd(String),
}

/// A built-in bot: its name (lower case) and its settings in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Builtin {
    pub name: String,
    pub settings: Vec<(String, String)>,
}

/// Why a bot spec was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("unknown bot {name:?} for {game} (bots: {known}, cmd:COMMAND)")]
    Unknown {
        name: String,
        game: String,
        known: String,
    },
    #[error("bad setting {setting:?} for {bot}: expected {expected}")]
    BadSetting {
        bot: String,
        setting: String,
        expected: String,
    },
    #[error("setting {key} is given twice for {bot}")]
    Repeated { bot: String, key: String },
    #[error("cmd: needs a command, e.g. cmd:python3 examples/classic_bot.py")]
    EmptyCommand,
    #[error("{0:?} is not a bot spec (NAME or NAME:KEY=VALUE,… or cmd:COMMAND)")]
    Malformed(String),
    #[error("{0:?} is not a seat name: give NAME=SPEC with a name without spaces")]
    BadName(String),
}

impl FromStr for BotSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, SpecError> {
        let s = s.trim();
        let (name, rest) = match s.split_once(':') {
            Some((n, r)) => (n.trim(), Some(r)),
            None => (s, None),
        };
        let name = name.to_ascii_lowercase();
        if name == "cmd" {
            return match rest.map(str::trim) {
                Some(command) if !command.is_empty() => Ok(BotSpec::Cmd(command.to_owned())),
                _ => Err(SpecError::EmptyCommand),
            };
        }
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(SpecError::Malformed(s.to_owned()));
        }
        let mut settings: Vec<(String, String)> = Vec::new();
        for item in rest.unwrap_or("").split(',').map(str::trim) {
            if item.is_empty() {
                continue;
            }
            let (k, v) = item
                .split_once('=')
                .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
                .filter(|(k, v)| !k.is_empty() && !v.is_empty())
                .ok_or_else(|| SpecError::BadSetting {
                    bot: name.clone(),
                    setting: item.to_owned(),
                    expected: "KEY=VALUE".into(),
                })?;
            if settings.iter().any(|(key, _)| *key == k) {
                return Err(SpecError::Repeated { bot: name, key: k });
            }
            settings.push((k, v));
        }
        Ok(BotSpec::Builtin(Builtin { name, settings }))
    }
}

/// A seat as `--seat` writes it, `[NAME=]SPEC`: the spec with the label the results show, the
/// given name or else [`BotSpec::label`]. The text before the first `=` is a name when it holds
/// no `:` (`mcts:ms=10` and `cmd:bot --level=3` are plain specs).
pub fn labelled(s: &str) -> Result<(String, BotSpec), SpecError> {
    let s = s.trim();
    if let Some((name, spec)) = s.split_once('=') {
        let name = name.trim();
        if !name.contains(':') {
            if name.is_empty() || name.chars().any(char::is_whitespace) {
                return Err(SpecError::BadName(name.to_owned()));
            }
            return Ok((name.to_owned(), spec.parse()?));
        }
    }
    let spec: BotSpec = s.parse()?;
    Ok((spec.label(), spec))
}

impl BotSpec {
    /// A short name for results: a built-in bot's spec as written; for `cmd:COMMAND`, `cmd:` and
    /// the file name of the program's script or of the program (`cmd:python3 bots/my_bot.py
    /// --fast` is `cmd:my_bot.py`).
    pub fn label(&self) -> String {
        let BotSpec::Cmd(command) = self else {
            return self.to_string();
        };
        let words: Vec<&str> = command
            .split_whitespace()
            .filter(|w| !w.starts_with(['-', '\'', '"']))
            .collect();
        let file = |w: &&&str| w.contains(['/', '.']);
        let word = words
            .iter()
            .skip(1)
            .find(file)
            .or(words.first())
            .copied()
            .unwrap_or(command);
        let name = word
            .trim_end_matches('/')
            .rsplit('/')
            .next()
            .unwrap_or(word);
        let mut label = format!("cmd:{name}");
        if label.chars().count() > 28 {
            label = label.chars().take(27).collect::<String>() + "…";
        }
        label
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Builtin(b) => b.fmt(f),
            BotSpec::Cmd(c) => write!(f, "cmd:{c}"),
        }
    }
}

impl fmt::Display for Builtin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for (i, (k, v)) in self.settings.iter().enumerate() {
            write!(f, "{}{k}={v}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

impl Builtin {
    /// A spec of this name without settings.
    pub fn named(name: &str) -> Builtin {
        Builtin {
            name: name.to_owned(),
            settings: Vec::new(),
        }
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.settings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The error for a setting this bot does not take or a bad value; `expected` lists what
    /// it takes.
    pub fn bad(&self, key: &str, expected: &str) -> SpecError {
        SpecError::BadSetting {
            bot: self.name.clone(),
            setting: format!("{key}={}", self.get(key).unwrap_or_default()),
            expected: expected.to_owned(),
        }
    }

    /// Refuses settings outside `known`, naming what the bot takes.
    pub fn only(&self, known: &[&str], expected: &str) -> Result<(), SpecError> {
        match self
            .settings
            .iter()
            .find(|(k, _)| !known.contains(&k.as_str()))
        {
            Some((k, _)) => Err(self.bad(k, expected)),
            None => Ok(()),
        }
    }

    /// A whole-number setting of at least 1, if given.
    pub fn number(&self, key: &str) -> Result<Option<u64>, SpecError> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v
                .parse::<u64>()
                .ok()
                .filter(|&n| n >= 1)
                .map(Some)
                .ok_or_else(|| self.bad(key, "a whole number of at least 1")),
        }
    }

    /// A setting spelled as one of `words`, if given.
    pub fn word<'a>(&self, key: &str, words: &[&'a str]) -> Result<Option<&'a str>, SpecError> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => words
                .iter()
                .find(|w| w.eq_ignore_ascii_case(v))
                .copied()
                .map(Some)
                .ok_or_else(|| {
                    let spelled: Vec<String> = words.iter().map(|w| format!("{key}={w}")).collect();
                    self.bad(key, &spelled.join(", "))
                }),
        }
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
            "MCTS: ms = 50".parse::<BotSpec>().unwrap().to_string(),
            "mcts:ms=50"
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
            "mcts:ms".parse::<BotSpec>().unwrap_err().to_string(),
            "bad setting \"ms\" for mcts: expected KEY=VALUE"
        );
        assert_eq!(
            "mcts:ms=1,ms=2".parse::<BotSpec>().unwrap_err().to_string(),
            "setting ms is given twice for mcts"
        );
        assert_eq!(
            "cmd:  ".parse::<BotSpec>().unwrap_err(),
            SpecError::EmptyCommand
        );
        assert!(matches!(
            "gre edy".parse::<BotSpec>(),
            Err(SpecError::Malformed(_))
        ));
    }

    #[test]
    fn seats_are_labelled_by_a_short_name() {
        let label = |s: &str| labelled(s).unwrap().0;
        assert_eq!(label("mcts:iters=4000"), "mcts:iters=4000");
        assert_eq!(label("search=mcts:iters=4000"), "search");
        assert_eq!(
            labelled("me=cmd:python3 bot.py").unwrap().1,
            BotSpec::Cmd("python3 bot.py".into())
        );
        assert_eq!(
            label("cmd:python3 examples/classic_bot.py"),
            "cmd:classic_bot.py"
        );
        assert_eq!(label("cmd:./target/release/mybot --level=3"), "cmd:mybot");
        assert_eq!(label("cmd:java -jar bots/strong.jar"), "cmd:strong.jar");
        assert_eq!(label("cmd:true"), "cmd:true");
        assert_eq!(
            labelled("=greedy").unwrap_err().to_string(),
            "\"\" is not a seat name: give NAME=SPEC with a name without spaces"
        );
        assert!(matches!(
            labelled("me=smart:x"),
            Err(SpecError::BadSetting { .. })
        ));
    }

    #[test]
    fn settings_are_read_with_clear_errors() {
        let BotSpec::Builtin(b) = "mcts:ms=fast,iters=0,playout=Risk".parse().unwrap() else {
            panic!()
        };
        assert_eq!(
            b.number("ms").unwrap_err().to_string(),
            "bad setting \"ms=fast\" for mcts: expected a whole number of at least 1"
        );
        assert!(b.number("iters").is_err());
        assert_eq!(b.word("playout", &["mimic", "risk"]).unwrap(), Some("risk"));
        assert_eq!(
            b.word("playout", &["mimic"]).unwrap_err().to_string(),
            "bad setting \"playout=Risk\" for mcts: expected playout=mimic"
        );
        let BotSpec::Builtin(infer) = "mcts:infer=maybe".parse().unwrap() else {
            panic!()
        };
        assert_eq!(
            infer.word("infer", &["on", "off"]).unwrap_err().to_string(),
            "bad setting \"infer=maybe\" for mcts: expected infer=on, infer=off"
        );
        assert_eq!(
            b.only(&["ms"], "ms=N").unwrap_err().to_string(),
            "bad setting \"iters=0\" for mcts: expected ms=N"
        );
    }
}
