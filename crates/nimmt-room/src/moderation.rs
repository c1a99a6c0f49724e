//! What an operator asks of a table (find or remove a chat line, close the table), as the table
//! actor takes it and as it travels to the node that runs the table.

use nimmt_protocol::{ChatLine, PlayerId};
use serde::{Deserialize, Serialize};

/// An operator's request to one table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "act", rename_all = "snake_case")]
pub enum TableAct {
    /// The chat line `line` as it was said (for a report).
    FindLine { line: u64 },
    /// The human playing seat `seat` (for a report of a player at the table).
    FindSeat { seat: usize },
    /// Takes chat line `line` out of the table's chat: every member is told to drop it, and
    /// whoever joins later does not get it.
    RemoveLine { line: u64 },
    /// Closes the table: every member is told why and leaves; a running game is kept,
    /// unfinished, as closed games are.
    Close { reason: String },
}

/// The table's answer: whether it did it, and the line or the player concerned.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub done: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<ChatLine>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<PlayerId>,
}
