//! The typed errors of the rules layer: a bad setup and an action that is not legal now.

use crate::seat::Seat;
use serde::Serialize;

/// Why a setup (game, player count, options) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum SetupError {
    #[error("unknown game {name:?} (games: {known})")]
    UnknownGame { name: String, known: String },
    #[error("{game} is for {min}–{max} players, not {got}")]
    Players {
        game: String,
        min: usize,
        max: usize,
        got: usize,
    },
    #[error("unknown option {key:?} for {game} (options: {known})")]
    UnknownOption {
        game: String,
        key: String,
        known: String,
    },
    #[error("bad value {value:?} for option {key}: expected {expected}")]
    BadValue {
        key: String,
        value: String,
        expected: String,
    },
    #[error("options {first} and {second} cannot be combined")]
    Conflict { first: String, second: String },
    #[error("option {key} is given twice ({first}, then {second}): give each option once")]
    Repeated {
        key: String,
        first: String,
        second: String,
    },
    #[error("{option:?} is not of the form KEY=VALUE")]
    NotKeyValue { option: String },
    #[error("{reason}")]
    Invalid { reason: String },
}

impl SetupError {
    pub fn bad_value(key: &str, value: &str, expected: impl Into<String>) -> Self {
        SetupError::BadValue {
            key: key.to_owned(),
            value: value.to_owned(),
            expected: expected.into(),
        }
    }
}

/// Why an action was refused. The state is unchanged whenever one of these is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum ActionError {
    #[error("the game is over")]
    GameOver,
    #[error("there is no {seat} at this table")]
    NoSuchSeat { seat: Seat },
    #[error("{seat} is not asked to decide now")]
    NotAsked { seat: Seat },
    #[error("{seat} is asked to {asked}, not to {attempted}")]
    WrongDecision {
        seat: Seat,
        asked: String,
        attempted: String,
    },
    #[error("{seat} has already chosen this turn")]
    AlreadyChosen { seat: Seat },
    #[error("card {card} is not in the hand of {seat}")]
    NotInHand { seat: Seat, card: u8 },
    #[error("card {card} cannot be taken now")]
    NotAvailable { card: u8 },
    #[error("there is no row {row} to take")]
    NoSuchRow { row: usize },
    #[error("{reason}")]
    Illegal { reason: String },
    #[error("malformed action: {reason}")]
    Malformed { reason: String },
}

impl ActionError {
    /// A stable machine-readable code, e.g. for the wire protocol and translations.
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::GameOver => "game_over",
            ActionError::NoSuchSeat { .. } => "no_such_seat",
            ActionError::NotAsked { .. } => "not_asked",
            ActionError::WrongDecision { .. } => "wrong_decision",
            ActionError::AlreadyChosen { .. } => "already_chosen",
            ActionError::NotInHand { .. } => "not_in_hand",
            ActionError::NotAvailable { .. } => "not_available",
            ActionError::NoSuchRow { .. } => "no_such_row",
            ActionError::Illegal { .. } => "illegal",
            ActionError::Malformed { .. } => "malformed",
        }
    }

    pub fn illegal(reason: impl Into<String>) -> Self {
        ActionError::Illegal {
            reason: reason.into(),
        }
    }
}

/// Why a game refused to start from a position (`from_position` of a game): what about the
/// position does not fit the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum PositionError {
    /// The game is not for this many seats (the number of hands).
    #[error("{game} is for {min}–{max} players, not {got}")]
    Players {
        game: String,
        min: usize,
        max: usize,
        got: usize,
    },
    /// A list that holds one entry per seat (scores, marks, …) has another length.
    #[error("{what}: {got} given for {players} seats")]
    PerSeat {
        what: &'static str,
        players: usize,
        got: usize,
    },
    /// A card (tile, special card) lies more often than the game has it.
    #[error("{card} lies more often than the game has it")]
    TooMany { card: String },
    /// Some other part of the position cannot be (sizes, rows, order).
    #[error("{reason}")]
    Shape { reason: String },
}

impl PositionError {
    /// Checks the number of seats against the game's range.
    pub fn check_players(
        game: &str,
        (min, max): (usize, usize),
        got: usize,
    ) -> Result<(), PositionError> {
        if (min..=max).contains(&got) {
            Ok(())
        } else {
            Err(PositionError::Players {
                game: game.to_owned(),
                min,
                max,
                got,
            })
        }
    }

    /// Checks that `what` holds one entry per seat.
    pub fn check_per_seat(
        what: &'static str,
        players: usize,
        got: usize,
    ) -> Result<(), PositionError> {
        if got == players {
            Ok(())
        } else {
            Err(PositionError::PerSeat { what, players, got })
        }
    }

    /// Refuses the position with `reason` unless `holds`.
    pub fn check_shape(holds: bool, reason: &str) -> Result<(), PositionError> {
        if holds {
            Ok(())
        } else {
            Err(PositionError::Shape {
                reason: reason.to_owned(),
            })
        }
    }
}
