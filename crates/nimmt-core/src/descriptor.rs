//! What a game says about itself: its name, seats, the sense of its scores, the parties that are
//! not seats, and the schema of its options with a one-line explanation in English and German.
//! The server's welcome, the lobby forms, `--help` screens and the option checks all read it.

use serde::{Deserialize, Serialize};

/// A user-facing line in the languages of the room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "LangText"))]
pub struct Text {
    pub en: String,
    pub de: String,
}

impl Text {
    pub fn new(en: &str, de: &str) -> Text {
        Text {
            en: en.to_owned(),
            de: de.to_owned(),
        }
    }

    /// The line in `lang` (`"de"` or anything else for English).
    pub fn get(&self, lang: &str) -> &str {
        if lang.starts_with("de") {
            &self.de
        } else {
            &self.en
        }
    }
}

/// Whether a lower or a higher score is better.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ScoreSense {
    /// Minus points: the fewest win (classic).
    #[default]
    Lower,
    /// Points: the most win.
    Higher,
}

impl ScoreSense {
    /// Whether score `a` is better than score `b`.
    pub fn better(self, a: i32, b: i32) -> bool {
        match self {
            ScoreSense::Lower => a < b,
            ScoreSense::Higher => a > b,
        }
    }

    /// The best of `scores`, if any.
    pub fn best(self, scores: &[i32]) -> Option<i32> {
        match self {
            ScoreSense::Lower => scores.iter().copied().min(),
            ScoreSense::Higher => scores.iter().copied().max(),
        }
    }
}

/// The values an option takes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OptionType {
    /// A whole number in `min..=max`.
    Number { min: u32, max: u32 },
    /// One of a few words.
    Choice { values: Vec<String> },
}

/// One option of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OptionSpec {
    pub key: String,
    #[serde(flatten)]
    pub kind: OptionType,
    /// The value when the option is not given; `None` when leaving it out means something of its
    /// own (e.g. classic's `deals`, which replaces `end_at` when given).
    pub default: Option<String>,
    /// One line: what the option does.
    pub help: Text,
}

impl OptionSpec {
    pub fn number(key: &str, min: u32, max: u32, default: Option<u32>, help: Text) -> Self {
        OptionSpec {
            key: key.to_owned(),
            kind: OptionType::Number { min, max },
            default: default.map(|d| d.to_string()),
            help,
        }
    }

    pub fn choice(key: &str, values: &[&str], default: &str, help: Text) -> Self {
        OptionSpec {
            key: key.to_owned(),
            kind: OptionType::Choice {
                values: values.iter().map(|v| (*v).to_owned()).collect(),
            },
            default: Some(default.to_owned()),
            help,
        }
    }

    /// `key=values`, as a help screen shows it.
    pub fn synopsis(&self) -> String {
        match &self.kind {
            OptionType::Number { .. } => format!("{}=N", self.key),
            OptionType::Choice { values } => format!("{}={}", self.key, values.join("|")),
        }
    }
}

/// Everything a game says about itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameDescriptor {
    /// The game's name in options, records and the protocol (`classic`).
    pub name: String,
    /// Its title for people.
    pub title: Text,
    /// The fewest and most seats.
    pub players: (usize, usize),
    /// Whether fewer or more points are better.
    pub sense: ScoreSense,
    /// The seats play as one team (every seat wins or loses together).
    pub team: bool,
    /// Parties that score but are no seat, played by the rules (the buffalo).
    pub automata: Vec<String>,
    /// Every option the game takes.
    pub options: Vec<OptionSpec>,
}

impl GameDescriptor {
    /// The option keys, in the order of the schema.
    pub fn keys(&self) -> Vec<&str> {
        self.options.iter().map(|o| o.key.as_str()).collect()
    }

    pub fn option(&self, key: &str) -> Option<&OptionSpec> {
        self.options.iter().find(|o| o.key == key)
    }
}
