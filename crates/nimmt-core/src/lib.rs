//! # nimmt-core
//!
//! The rules of the *6 nimmt!* family: pure, deterministic state machines with no IO, no clock
//! and no global randomness (every game carries a generator seeded at setup).
//!
//! - [`rules::Rules`] is the shape of every game: who must decide what ([`Rules::pending`]),
//!   checked actions ([`Rules::act`]), per-viewer views ([`Rules::view`]).
//! - [`games`] holds one module tree per game.
//! - [`game::Game`] wraps any game behind one type with JSON actions and views, for the server
//!   and records; [`record`] writes and replays game records.

pub mod cards;
pub mod descriptor;
pub mod error;
pub mod event_log;
pub mod game;
pub mod game_data;
pub mod game_type;
pub mod games;
pub mod options;
pub mod record;
pub mod registry;
pub mod rules;
pub mod seat;
pub mod step_trace;

pub use cards::Card;
pub use descriptor::{GameDescriptor, OptionSpec, OptionType, ScoreSense, Text};
pub use error::{ActionError, PositionError, SetupError};
pub use game::{Game, GameData, Setup};
pub use options::OptionMap;
pub use record::{GameRecord, ReplayError};
pub use rules::{GameKind, Outcome, PartyScore, Rules};
pub use seat::{Addressed, Audience, Seat, Viewer};
