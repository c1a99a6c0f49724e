//! What else the transaction that stores a game's end stores. The store knows a game's end only
//! as its record; the services above it (the ratings: each seat's result and the ratings it
//! moves) hand it, when it is opened, the work that must commit with that end or not at all.

use futures_util::future::BoxFuture;
use sqlx::AnyConnection;

/// Work done inside the transaction that stores a game's end ([`super::Op::Finish`]): table
/// `table`'s game ended with `record`, now (`now`: seconds since the epoch). An error rolls the
/// whole transaction back, the game's end with it.
pub trait AtGameEnd: Send + Sync {
    fn store<'a>(
        &'a self,
        conn: &'a mut AnyConnection,
        table: u64,
        record: &'a str,
        now: i64,
    ) -> BoxFuture<'a, Result<(), sqlx::Error>>;
}
