//! What an operator asks of a table lives with the room (`nimmt_room::moderation`).
pub use nimmt_room::moderation::*;
