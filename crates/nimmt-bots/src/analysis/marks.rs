//! What an estimate means in each game ([`Measure`]) and when a choice's loss is marked
//! ([`Thresholds`]): an *inaccuracy*, a *mistake* or a *blunder*.

use nimmt_core::GameKind;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// The unit of a game's estimates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// Classic: the bull heads the seat is expected to take in the deal (lower is better).
    DealPoints,
    /// HELP!: the seat's chance to win the game, in percent (higher is better).
    WinChance,
    /// *Schlagt den Büffel*: the team's points minus the buffalo's at the game's end (lower is
    /// better).
    TeamMargin,
    /// Brettspiel: the seat's points against the others' mean at the game's end (higher is
    /// better).
    Standing,
}

impl Measure {
    /// The measure of game `kind`'s estimates.
    pub fn of(kind: GameKind) -> Measure {
        match kind.name() {
            "classic" => Measure::DealPoints,
            "help" => Measure::WinChance,
            "buffalo" => Measure::TeamMargin,
            _ => Measure::Standing,
        }
    }

    /// Whether a lower estimate is better.
    pub fn lower_is_better(self) -> bool {
        matches!(self, Measure::DealPoints | Measure::TeamMargin)
    }

    /// What `estimate` costs against `best` (never below zero).
    pub fn loss(self, best: f64, estimate: f64) -> f64 {
        let loss = if self.lower_is_better() {
            estimate - best
        } else {
            best - estimate
        };
        loss.max(0.0)
    }

    /// The better of two estimates first.
    pub fn order(self, a: f64, b: f64) -> Ordering {
        if self.lower_is_better() {
            a.total_cmp(&b)
        } else {
            b.total_cmp(&a)
        }
    }
}

/// How a costly choice is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// The losses from which a choice is an inaccuracy, a mistake and a blunder, in the game's
/// measure.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
}

impl Thresholds {
    /// Each game's thresholds (`docs/bots.md`, *Analysis*): classic in bull heads of the deal
    /// (1, 2.5, 5), HELP! in points of win chance (4, 10, 20), the buffalo in points of the
    /// team's margin (1, 3, 6), the Brettspiel in points of standing (2, 5, 10).
    pub fn of(kind: GameKind) -> Thresholds {
        let (inaccuracy, mistake, blunder) = match kind.name() {
            "classic" => (1.0, 2.5, 5.0),
            "help" => (4.0, 10.0, 20.0),
            "buffalo" => (1.0, 3.0, 6.0),
            _ => (2.0, 5.0, 10.0),
        };
        Thresholds {
            inaccuracy,
            mistake,
            blunder,
        }
    }

    /// The mark a choice that lost `loss` gets.
    pub fn mark(&self, loss: f64) -> Option<Mark> {
        if loss >= self.blunder {
            Some(Mark::Blunder)
        } else if loss >= self.mistake {
            Some(Mark::Mistake)
        } else if loss >= self.inaccuracy {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }
}
