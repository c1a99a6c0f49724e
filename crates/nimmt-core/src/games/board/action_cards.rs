//! The 24 action cards of the pro version (four of each kind). Which of them a player may play
//! before laying a tile: `window.rs`.

use serde::{Deserialize, Serialize};

/// Copies of each action card.
pub const ACTION_COPIES: usize = 4;
/// Action cards each player gets at the start.
pub const ACTION_HAND: usize = 2;
/// Stop signs in the box.
pub const STOP_SIGNS: usize = 2;

/// The six action cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ActionCard {
    /// *Stop!*: a stop sign at the end of an active row; nobody may lay there.
    Stop,
    /// *Plättchentausch*: the tile goes back behind the screen, another is laid at once.
    SwapTile,
    /// *Überspringen*: the tile skips the next free field (never the row's last).
    Skip,
    /// *An den Anfang legen*: the tile goes to the front of a row whose first tile is higher.
    ToStart,
    /// *Aufsteigend anlegen*: the tile goes to the end of any row it ascends.
    Ascending,
    /// *Noch ein Plättchen*: play one more tile; lay all your played tiles now, lowest first.
    ExtraTile,
}

impl ActionCard {
    pub const ALL: [ActionCard; 6] = [
        ActionCard::Stop,
        ActionCard::SwapTile,
        ActionCard::Skip,
        ActionCard::ToStart,
        ActionCard::Ascending,
        ActionCard::ExtraTile,
    ];

    /// The 24 cards, sorted.
    pub fn deck() -> Vec<ActionCard> {
        ActionCard::ALL
            .iter()
            .flat_map(|&c| std::iter::repeat_n(c, ACTION_COPIES))
            .collect()
    }
}
