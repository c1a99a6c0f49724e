//! The name rule lives with the room (`nimmt_room::names`): who may be called what.
pub use nimmt_room::names::*;
