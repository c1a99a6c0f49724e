//! Why the store did not store or read something, and the one answer a client gets for it.

use nimmt_protocol::ErrorCode;
use nimmt_room::Refusal;

/// A write that failed stored nothing of itself; a read that failed returned nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The writer task has stopped (the room is shutting down).
    #[error("the database writer has stopped")]
    Stopped,
    /// This node of a cluster no longer holds the lease of a table the write changes (see
    /// `lease`): the table is moving to another node.
    #[error("{0}")]
    Fenced(String),
    /// The database is locked or busy (another process holds SQLite's file, a lock PostgreSQL
    /// could not take, no connection free in time): every write of a batch fails alike.
    #[error("the database is busy: {0}")]
    Busy(String),
    /// Any other failure of the database.
    #[error("database error: {0}")]
    Database(String),
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        if crate::lease::is_not_owner(&e) {
            StoreError::Fenced(e.to_string())
        } else if stalled(&e) {
            StoreError::Busy(e.to_string())
        } else {
            StoreError::Database(e.to_string())
        }
    }
}

impl StoreError {
    /// Whether the database as a whole failed (a batch's writes would each fail alike), rather
    /// than one of its writes.
    pub fn is_busy(&self) -> bool {
        matches!(self, StoreError::Busy(_))
    }

    /// The answer to a change that was not stored (nothing changed): `not_owner` when this node
    /// of a cluster no longer holds the table (it is moving: try again there in a few seconds),
    /// else `storage`. The cause goes to the log.
    pub fn refusal(&self) -> Refusal {
        match self {
            StoreError::Fenced(_) => Refusal::new(ErrorCode::NotOwner),
            StoreError::Stopped | StoreError::Busy(_) | StoreError::Database(_) => {
                tracing::warn!("not stored: {self}");
                Refusal::new(ErrorCode::Storage)
            }
        }
    }
}

/// Whether a failed write failed because the database is locked or busy (it would fail for every
/// write of the batch alike), rather than because of one of its writes.
fn stalled(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut => true,
        sqlx::Error::Database(db) => {
            // SQLite: BUSY, LOCKED and their extended codes; PostgreSQL: lock_not_available.
            matches!(
                db.code().as_deref(),
                Some("5" | "6" | "261" | "517" | "262" | "55P03")
            ) || db.message().contains("database is locked")
                || db.message().contains("database is busy")
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::StoreError;
    use crate::lease::LeaseBook;
    use nimmt_protocol::ErrorCode;
    use sqlx::Connection;
    use std::time::Duration;

    #[tokio::test]
    async fn a_write_refused_for_a_lease_this_node_lost_is_not_owner() {
        // A node that woke up after others took its table over: its fencing refuses the write.
        sqlx::any::install_default_drivers();
        let mut conn = sqlx::AnyConnection::connect("sqlite::memory:")
            .await
            .unwrap();
        let book = LeaseBook::new("frozen/1", Duration::from_secs(1));
        let refused = StoreError::from(book.fence(&mut conn, 7).await.unwrap_err());
        assert_eq!(refused.refusal().code, ErrorCode::NotOwner);
        assert_eq!(
            StoreError::Busy("database is locked".into()).refusal().code,
            ErrorCode::Storage,
            "any other failure"
        );
    }
}
