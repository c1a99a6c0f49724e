//! The store port: the changes the room asks the store to make durable, and a table as the store
//! gives it back. The store (SQLite or PostgreSQL, in the server) writes each change before anyone
//! hears of it; the room only names them.

/// One change to store.
#[derive(Clone, Debug)]
pub enum Op {
    CreatePlayer {
        id: String,
        token: String,
        name: String,
    },
    RenamePlayer {
        id: String,
        name: String,
    },
    /// A new table, or new seats, options, host or state of one.
    SaveTable {
        id: u64,
        game: String,
        state: String,
        meta: String,
        version: u64,
    },
    /// The game started with this setup (seed included).
    Start {
        id: u64,
        meta: String,
        setup: String,
        version: u64,
    },
    /// One accepted action, `idx` counting from 0.
    Action {
        table: u64,
        idx: u64,
        seat: u8,
        action: String,
        version: u64,
    },
    /// The game is over; its record.
    Finish {
        id: u64,
        record: String,
        version: u64,
    },
    /// The table is closed (nobody left, never started): it is not restored.
    Close {
        id: u64,
    },
    /// The running table closed with nobody at it: the game stays unfinished with its public
    /// record, and is not restored.
    Abandon {
        id: u64,
        record: String,
        version: u64,
    },
}

impl Op {
    /// The table the change belongs to, if any.
    pub fn table(&self) -> Option<u64> {
        match self {
            Op::CreatePlayer { .. } | Op::RenamePlayer { .. } => None,
            Op::SaveTable { id, .. }
            | Op::Start { id, .. }
            | Op::Finish { id, .. }
            | Op::Close { id }
            | Op::Abandon { id, .. } => Some(*id),
            Op::Action { table, .. } => Some(*table),
        }
    }
}

/// A table as stored, with its action log.
#[derive(Clone, Debug)]
pub struct StoredTable {
    pub id: u64,
    pub game: String,
    pub state: String,
    pub meta: String,
    pub setup: Option<String>,
    pub version: u64,
    /// (seat, action JSON, version after it), in order.
    pub actions: Vec<(u8, String, u64)>,
}

/// A write the store could not make durable: what the asker is told, and why (for the log).
#[derive(Clone, Debug)]
pub struct WriteFailed {
    pub refusal: crate::refusal::Refusal,
    pub reason: String,
}
