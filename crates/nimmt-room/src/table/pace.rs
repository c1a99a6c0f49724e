//! A table's pace: played in one sitting (`realtime`, the `timer` option decides how long a
//! decision may take), or turn-based, where every decision has a deadline of hours or days and
//! the game runs for as long as its moves take (see `turns`).

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The table option `pace`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pace {
    /// Everyone plays in one sitting (as every table did before paces existed).
    #[default]
    #[serde(rename = "realtime")]
    Realtime,
    #[serde(rename = "1h")]
    OneHour,
    #[serde(rename = "12h")]
    TwelveHours,
    #[serde(rename = "1d")]
    OneDay,
    #[serde(rename = "2d")]
    TwoDays,
    #[serde(rename = "3d")]
    ThreeDays,
}

const HOUR: u64 = 3600;

/// Turn-based tables (open or running) one player may sit at: a new seat, a challenge or a
/// table of their own beyond it is refused.
pub const MOST_TURN_BASED_TABLES: usize = 30;

impl Pace {
    /// Every pace, in the order the option's help lists them.
    pub const ALL: [Pace; 6] = [
        Pace::Realtime,
        Pace::OneHour,
        Pace::TwelveHours,
        Pace::OneDay,
        Pace::TwoDays,
        Pace::ThreeDays,
    ];

    /// The option's value as written (`realtime`, `1h`, `12h`, `1d`, `2d`, `3d`).
    pub fn name(self) -> &'static str {
        match self {
            Pace::Realtime => "realtime",
            Pace::OneHour => "1h",
            Pace::TwelveHours => "12h",
            Pace::OneDay => "1d",
            Pace::TwoDays => "2d",
            Pace::ThreeDays => "3d",
        }
    }

    /// Every value the option takes.
    pub fn names() -> Vec<&'static str> {
        Pace::ALL.iter().map(|p| p.name()).collect()
    }

    /// The pace written as `value`, if it is one.
    pub fn parse(value: &str) -> Option<Pace> {
        Pace::ALL.into_iter().find(|p| p.name() == value)
    }

    /// How long each decision may take at a turn-based table (none in real time).
    pub fn deadline(self) -> Option<Duration> {
        let hours = match self {
            Pace::Realtime => return None,
            Pace::OneHour => 1,
            Pace::TwelveHours => 12,
            Pace::OneDay => 24,
            Pace::TwoDays => 48,
            Pace::ThreeDays => 72,
        };
        Some(Duration::from_secs(hours * HOUR))
    }

    /// Whether the game runs across days, move by move.
    pub fn is_turn_based(self) -> bool {
        self != Pace::Realtime
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pace_reads_as_it_is_written() {
        for pace in Pace::ALL {
            assert_eq!(Pace::parse(pace.name()), Some(pace));
            let json = serde_json::to_string(&pace).unwrap();
            assert_eq!(json, format!("\"{}\"", pace.name()));
        }
        assert_eq!(Pace::parse("2h"), None);
        assert_eq!(Pace::OneDay.deadline(), Some(Duration::from_secs(86_400)));
        assert_eq!(Pace::Realtime.deadline(), None);
    }
}
