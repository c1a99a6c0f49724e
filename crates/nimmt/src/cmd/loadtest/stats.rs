//! What all the clients of a load test count together.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;
use std::sync::Mutex;

/// What all clients count together.
#[derive(Default)]
pub struct Stats {
    pub acked: AtomicU64,
    pub updates: AtomicU64,
    pub gaps: AtomicU64,
    pub connect_failures: AtomicU64,
    pub disconnects: AtomicU64,
    pub errors: Mutex<BTreeMap<String, u64>>,
    /// Microseconds from sending a move to its acknowledging update.
    pub latencies: Mutex<Vec<u32>>,
    /// `--survive-restarts`: connections found again after a close, and how long each took
    /// (milliseconds from the close to the table's `state`).
    pub reconnects: AtomicU64,
    pub pauses: Mutex<Vec<u32>>,
    /// Tables that came back without a move of this client the server had acknowledged.
    pub acked_lost: AtomicU64,
}

impl Stats {
    /// Counts one error of the kind `what`.
    pub fn error(&self, what: impl Into<String>) {
        *self.errors.lock().unwrap().entry(what.into()).or_default() += 1;
    }
}
