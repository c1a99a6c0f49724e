//! A finished game step by step, as a spectator saw it (`GET /api/games/{id}/replay`): who did
//! what at each step, the public events, and the spectator's view after it. A client shows a game
//! from this without knowing its rules; the server builds it by playing the record again.

use nimmt_core::{GameKind, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A finished game's steps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Replay {
    pub game: GameKind,
    pub players: usize,
    /// The seats' names, in seat order.
    pub names: Vec<String>,
    /// Step 0 is the opening (no seat, no action); then one step per action.
    pub steps: Vec<ReplayStep>,
}

/// One step: who did what, what everyone saw happen, and the table after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ReplayStep {
    /// Who acted (none for the opening, step 0).
    pub seat: Option<Seat>,
    /// The game's action as JSON (none for the opening).
    #[cfg_attr(test, ts(type = "unknown"))]
    pub action: Option<Value>,
    /// The step's public events, in order (each game's own event JSON).
    #[cfg_attr(test, ts(type = "unknown[]"))]
    pub events: Vec<Value>,
    /// The spectator's view after the step (the game's own view JSON).
    #[cfg_attr(test, ts(type = "unknown"))]
    pub view: Value,
}
