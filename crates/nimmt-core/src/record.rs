//! Game records: the setup, every deal as dealt, and every action in order. A record replays to
//! the same game, event for event; one that does not is refused with the first bad entry named.
//! The format is specified in `docs/record-format.md`.

use crate::error::{ActionError, SetupError};
use crate::game::{Game, GameData, Setup};
use crate::options::OptionMap;
use crate::rules::{GameKind, Outcome};
use crate::seat::{Addressed, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The record format this version writes. Format 3 gave the buffalo's window passes their
/// present meaning (`pass` for the rest of the turn, `pass_card` for one card) and is replayed
/// strictly; format 2 added the game data (`data`) and the outcome's scoring sense; formats 1
/// and 2 are still read.
pub const RECORD_FORMAT: u32 = 3;
/// The oldest record format this version reads.
pub const OLDEST_FORMAT: u32 = 1;

/// A whole game, replayable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: u32,
    pub game: GameKind,
    pub players: usize,
    pub options: OptionMap,
    /// The game data the game was played with (a board file), so it replays on the same board.
    #[serde(default, skip_serializing_if = "GameData::is_empty")]
    pub data: GameData,
    pub seed: u64,
    /// Every deal as dealt, hidden cards included.
    pub deals: Vec<Value>,
    /// Every accepted action in order.
    pub actions: Vec<RecordedAction>,
    /// The result, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// One accepted action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    pub seat: Seat,
    pub action: Value,
}

impl GameRecord {
    pub fn setup(&self) -> Setup {
        Setup {
            game: self.game,
            players: self.players,
            options: self.options.clone(),
            data: self.data.clone(),
            seed: self.seed,
        }
    }
}

/// Why a record does not replay; each names the first bad entry.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReplayError {
    #[error("record format {found} is not supported (this version reads formats {OLDEST_FORMAT} to {RECORD_FORMAT})")]
    Format { found: u32 },
    #[error("the record's setup is refused: {0}")]
    Setup(#[from] SetupError),
    #[error("actions[{index}] ({seat}, {action}) is refused: {error}")]
    Action {
        index: usize,
        seat: Seat,
        action: String,
        error: ActionError,
    },
    #[error("deals[{index}] does not match the deal of seed {seed}: the record was changed")]
    Deal { index: usize, seed: u64 },
    #[error("the record lists {found} deals, the game dealt {expected}")]
    DealCount { expected: usize, found: usize },
    #[error("the record's outcome {found} differs from the replayed one {expected}")]
    Outcome { expected: String, found: String },
}

/// A game that writes its own record as it goes.
#[derive(Clone, Debug)]
pub struct RecordedGame {
    setup: Setup,
    game: Game,
    actions: Vec<RecordedAction>,
}

impl RecordedGame {
    pub fn new(setup: Setup) -> Result<Self, SetupError> {
        let game = Game::new(&setup)?;
        let setup = Setup {
            options: game.options_map(),
            data: game.options_data(),
            ..setup
        };
        Ok(RecordedGame {
            setup,
            game,
            actions: Vec::new(),
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn actions(&self) -> &[RecordedAction] {
        &self.actions
    }

    /// Applies an action and records it if accepted.
    pub fn act(
        &mut self,
        seat: Seat,
        action: &Value,
    ) -> Result<Vec<Addressed<Value>>, ActionError> {
        let events = self.game.act(seat, action)?;
        self.actions.push(RecordedAction {
            seat,
            action: action.clone(),
        });
        Ok(events)
    }

    pub fn record(&self) -> GameRecord {
        GameRecord {
            format: RECORD_FORMAT,
            game: self.setup.game,
            players: self.setup.players,
            options: self.setup.options.clone(),
            data: self.setup.data.clone(),
            seed: self.setup.seed,
            deals: self.game.deals(),
            actions: self.actions.clone(),
            outcome: self.game.outcome(),
        }
    }
}

/// A replayed record: the game as it ends and every event on the way.
#[derive(Clone, Debug)]
pub struct Replay {
    pub game: Game,
    pub events: Vec<Addressed<Value>>,
}

/// The first format in which a *Schlagt den Büffel* `pass` is the pass for the rest of the turn
/// and replay skips no pass.
const BUFFALO_PASS_FOR_TURN: u32 = 3;

/// An action of a record as this version reads it: the same, except in *Schlagt den Büffel*
/// records before format 3, whose `pass` passed one window only (`pass_card` now; their
/// `pass_turn` is read as today's `pass` by that name). `Some` for such an old pass.
///
/// Those records were also written when every window asked every member, so they hold a `pass`
/// of members the rules no longer ask; replay (and analysis) skip such a pass, which changed
/// nothing but the waiting. From format 3 a pass of a member not asked is refused like any other
/// action.
pub fn old_buffalo_pass(record: &GameRecord, action: &Value) -> Option<Value> {
    (record.format < BUFFALO_PASS_FOR_TURN
        && record.game == GameKind::new("buffalo")
        && action.get("type") == Some(&Value::from("pass")))
    .then(|| serde_json::json!({"type": "pass_card"}))
}

/// Replays a record, checking every deal against its seed and every action against the rules.
pub fn replay(record: &GameRecord) -> Result<Replay, ReplayError> {
    if !(OLDEST_FORMAT..=RECORD_FORMAT).contains(&record.format) {
        return Err(ReplayError::Format {
            found: record.format,
        });
    }
    let mut game = Game::new(&record.setup())?;
    let mut events = game.opening_events();
    let mut checked = 0;
    let check = |game: &Game, checked: &mut usize, all: bool| -> Result<(), ReplayError> {
        let deals = game.deals();
        let settled = if all {
            deals.len()
        } else {
            deals.len().saturating_sub(1)
        };
        while *checked < settled {
            let i = *checked;
            if record.deals.get(i) != Some(&deals[i]) {
                return Err(if i >= record.deals.len() {
                    ReplayError::DealCount {
                        expected: deals.len(),
                        found: record.deals.len(),
                    }
                } else {
                    ReplayError::Deal {
                        index: i,
                        seed: record.seed,
                    }
                });
            }
            *checked += 1;
        }
        Ok(())
    };
    for (index, a) in record.actions.iter().enumerate() {
        let old_pass = old_buffalo_pass(record, &a.action);
        let new = match game.act(a.seat, old_pass.as_ref().unwrap_or(&a.action)) {
            Err(ActionError::NotAsked { .. }) if old_pass.is_some() => continue,
            other => other,
        };
        let new = new.map_err(|error| ReplayError::Action {
            index,
            seat: a.seat,
            action: a.action.to_string(),
            error,
        })?;
        events.extend(new);
        check(&game, &mut checked, false)?;
    }
    check(&game, &mut checked, true)?;
    if record.deals.len() != game.deals().len() {
        return Err(ReplayError::DealCount {
            expected: game.deals().len(),
            found: record.deals.len(),
        });
    }
    if let Some(found) = &record.outcome {
        let expected = game.outcome();
        // Format 1 outcomes have scores and winners only.
        let agrees = match &expected {
            Some(e) if record.format == 1 => e.scores == found.scores && e.winners == found.winners,
            Some(e) => e == found,
            None => false,
        };
        if !agrees {
            return Err(ReplayError::Outcome {
                expected: serde_json::to_string(&expected).unwrap_or_default(),
                found: serde_json::to_string(found).unwrap_or_default(),
            });
        }
    }
    Ok(Replay { game, events })
}
