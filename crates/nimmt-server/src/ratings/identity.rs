//! Who a seat is, for the ratings, lives with the room (`nimmt_room::identity`).
pub use nimmt_room::identity::*;
