//! The room's core without IO. A table is a state machine: it takes an input (a client's
//! command, the time to wake up, the answer to a job or a read) together with the time, and
//! returns a step: the writes to store first, then the effects to carry out (frames to send,
//! news for the lobby, a bot's move to think about). The server's shell (`nimmt-server`) feeds
//! it from sockets, the database and the clock; the simulator (`tests/simulation`) feeds it
//! from a seeded random source in simulated time. This crate has no tokio, no sqlx and no
//! sockets, so the compiler keeps it that way.

pub mod bot_accounts;
pub mod bots;
pub mod clock;
pub mod conn;
pub mod identity;
pub mod lobby;
pub mod moderation;
pub mod names;
pub mod records;
pub mod refusal;
pub mod sim;
pub mod store_port;
pub mod table;
pub mod tournament;

pub use clock::{Instant, Moment};
pub use conn::{Conn, Frame, Link};
pub use lobby::{Lobby, LobbyEffect, LobbyInput};
pub use refusal::Refusal;
pub use store_port::{Op, StoredTable, WriteFailed};
pub use table::{Effect, Input, Step, Table, TableConfig};
