//! Table options of HELP! (H6).

use crate::descriptor::{OptionSpec, Text};
use crate::error::SetupError;
use crate::options::OptionMap;
use serde::{Deserialize, Serialize};

/// Checked options of a HELP! table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HelpOptions {
    /// The game ends after the deal in which somebody reaches this many points; everyone who has
    /// them wins (H6; the rule book's 3).
    pub end_at: u32,
}

impl Default for HelpOptions {
    fn default() -> Self {
        HelpOptions { end_at: 3 }
    }
}

/// The option keys of a HELP! table.
pub const KEYS: &[&str] = &["end_at"];

/// The option schema: each option's values, default and a line in English and German.
pub fn schema() -> Vec<OptionSpec> {
    vec![OptionSpec::number(
        "end_at",
        1,
        20,
        Some(3),
        Text::new(
            "the game ends after the deal in which someone reaches N points",
            "das Spiel endet nach der Runde, in der jemand N Punkte erreicht",
        ),
    )]
}

impl HelpOptions {
    pub fn parse(_players: usize, map: &OptionMap) -> Result<Self, SetupError> {
        map.check_known("help", KEYS)?;
        let d = HelpOptions::default();
        let end_at = map.read_number("end_at", 1..=20)?.unwrap_or(d.end_at);
        Ok(HelpOptions { end_at })
    }

    /// All options written out, as a record stores them.
    pub fn to_map(&self) -> OptionMap {
        let mut m = OptionMap::new();
        m.set("end_at", &self.end_at.to_string());
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(items: &[&str]) -> Result<HelpOptions, SetupError> {
        HelpOptions::parse(4, &OptionMap::parse(items.iter().copied()).unwrap())
    }

    #[test]
    fn three_points_end_the_game_by_default() {
        assert_eq!(parse(&[]).unwrap().end_at, 3);
        assert_eq!(parse(&["end_at=1"]).unwrap().end_at, 1);
    }

    #[test]
    fn bad_options_are_named() {
        let e = parse(&["end_at=0"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value \"0\" for option end_at: expected a whole number from 1 to 20"
        );
        let e = parse(&["deck=tactic"]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown option \"deck\" for help (options: end_at)"
        );
    }

    #[test]
    fn options_round_trip_through_their_map() {
        let o = parse(&["end_at=5"]).unwrap();
        assert_eq!(HelpOptions::parse(3, &o.to_map()).unwrap(), o);
    }
}
