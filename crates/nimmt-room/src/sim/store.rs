//! The simulator's store: what a database would hold for each table after the writes it took,
//! and the ways it misbehaves on purpose (refusing writes, taking its time).

use crate::refusal::Refusal;
use crate::store_port::{Op, StoredTable, WriteFailed};
use nimmt_protocol::ErrorCode;
use std::collections::BTreeMap;

/// One table's rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub game: String,
    pub state: String,
    pub meta: String,
    pub version: u64,
    pub setup: Option<String>,
    /// (seat, action JSON, version after it), in order.
    pub actions: Vec<(u8, String, u64)>,
    /// Closed before its game started, or abandoned: not restored.
    pub gone: bool,
}

/// The tables as stored.
#[derive(Clone, Debug, Default)]
pub struct SimStore {
    pub rows: BTreeMap<u64, Row>,
    /// The next writes to refuse (a database that is down or refuses a transaction).
    pub refuse_next: u32,
    /// How long each write takes, in simulated milliseconds.
    pub slow_ms: u64,
    pub writes: u64,
    pub refused: u64,
}

impl SimStore {
    /// Stores `ops` in one transaction: all of them, or (refused) none.
    pub fn write(&mut self, ops: &[Op]) -> Result<(), WriteFailed> {
        if self.refuse_next > 0 {
            self.refuse_next -= 1;
            self.refused += 1;
            return Err(WriteFailed {
                refusal: Refusal::new(ErrorCode::Storage),
                reason: "the simulated database refused the transaction".into(),
            });
        }
        self.writes += 1;
        for op in ops {
            self.apply(op);
        }
        Ok(())
    }

    fn apply(&mut self, op: &Op) {
        match op {
            Op::CreatePlayer { .. } | Op::RenamePlayer { .. } => {}
            Op::SaveTable {
                id,
                game,
                state,
                meta,
                version,
            } => {
                let row = self.rows.entry(*id).or_default();
                row.game = game.clone();
                row.state = state.clone();
                row.meta = meta.clone();
                row.version = *version;
            }
            Op::Start {
                id,
                meta,
                setup,
                version,
            } => {
                let row = self.rows.entry(*id).or_default();
                row.meta = meta.clone();
                row.setup = Some(setup.clone());
                row.state = "playing".into();
                row.version = *version;
                row.actions.clear();
            }
            Op::Action {
                table,
                seat,
                action,
                version,
                ..
            } => {
                let row = self.rows.entry(*table).or_default();
                row.actions.push((*seat, action.clone(), *version));
                row.version = *version;
            }
            Op::Finish { id, version, .. } => {
                let row = self.rows.entry(*id).or_default();
                row.state = "finished".into();
                row.version = *version;
            }
            Op::Close { id } => self.rows.entry(*id).or_default().gone = true,
            Op::Abandon { id, version, .. } => {
                let row = self.rows.entry(*id).or_default();
                row.gone = true;
                row.version = *version;
            }
        }
    }

    /// The tables a restarting room brings back: open or running, not closed.
    pub fn open_tables(&self) -> Vec<StoredTable> {
        self.rows
            .iter()
            .filter(|(_, r)| !r.gone && (r.state == "open" || r.state == "playing"))
            .map(|(id, r)| StoredTable {
                id: *id,
                game: r.game.clone(),
                state: r.state.clone(),
                meta: r.meta.clone(),
                setup: r.setup.clone(),
                version: r.version,
                actions: r.actions.clone(),
            })
            .collect()
    }
}
