//! The data a game is played with beyond its options.

use serde_json::Value;
use std::collections::BTreeMap;

/// Data a game is played with beyond its options, by name (the Brettspiel's `board` and
/// `tiles`). Core does no IO: whoever reads the files puts them here, and records carry them.
pub type GameData = BTreeMap<String, Value>;
