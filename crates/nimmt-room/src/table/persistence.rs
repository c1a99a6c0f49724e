//! Storing and restoring a table: its settings, the game's setup and action log (written before
//! anyone hears of a change), the rebuild after a restart (the stored log replayed), and the
//! finished game's record (written from the game in memory).

use super::out::Then;
use super::{Live, Meta, Table, TableConfig};
use crate::clock::Moment;
use crate::records::{NotStarted, RecordSource, TableRecord};
use crate::store_port::{Op, StoredTable};
use nimmt_core::record::RecordedAction;
use nimmt_core::{Seat, Setup};
use nimmt_protocol::TableState;
use std::sync::Arc;

impl Table {
    /// Rebuilds a stored table: its setup and every logged action replayed.
    pub fn restore(
        stored: StoredTable,
        config: Arc<TableConfig>,
        seed: u64,
        now: Moment,
    ) -> anyhow::Result<Table> {
        let mut meta: Meta = serde_json::from_str(&stored.meta)?;
        if config.fault == Some(super::Fault::ForgetKickOnRestore) {
            meta.kicked.clear();
        }
        let state = TableState::parse(&stored.state)
            .ok_or_else(|| anyhow::anyhow!("bad state {}", stored.state))?;
        let mut t = Table::create(stored.id, meta, config, seed, now);
        t.unsaved = false;
        t.state = state;
        t.version = stored.version;
        if let Some(setup) = &stored.setup {
            let setup: Setup = serde_json::from_str(setup)?;
            let actions = stored
                .actions
                .iter()
                .map(|(seat, action, _)| {
                    Ok(RecordedAction {
                        seat: Seat(*seat),
                        action: serde_json::from_str(action)?,
                    })
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            let (game, public) = Live::resume(setup, &actions)
                .map_err(|e| anyhow::anyhow!("table {}: {e}", stored.id))?;
            // The game last changed with its latest action (with none yet, no later than the
            // table's stored version).
            let last = stored.actions.iter().map(|(_, _, v)| *v).max();
            t.game_changed_at = last.unwrap_or(t.version);
            t.version = t.version.max(t.game_changed_at);
            if game.game().is_over() {
                // A game whose last action was stored but not its end (the room stopped, or
                // lost the table, in between): the record is stored first thing.
                t.record_unsaved = stored.state == TableState::Playing.name();
                t.state = TableState::Finished;
            }
            t.game = Some(game);
            t.public_actions = public;
        }
        t.seat_players_away();
        t.version += 1;
        Ok(t)
    }

    pub(super) fn meta_json(&self) -> String {
        serde_json::to_string(&self.meta).expect("meta serializes")
    }

    pub(super) fn save_op(&self) -> Op {
        self.save_op_as_of(self.version)
    }

    /// The write of the table's settings and state, as of `version`.
    pub(super) fn save_op_as_of(&self, version: u64) -> Op {
        Op::SaveTable {
            id: self.id,
            game: self.meta.game.name().to_owned(),
            state: self.state.name().to_owned(),
            meta: self.meta_json(),
            version,
        }
    }

    /// Stores a change of seats/options/state (taken back with the input if the write fails:
    /// see `undo`).
    pub(super) fn save_meta(&mut self) {
        self.version += 1;
        let op = self.save_op();
        self.out.write_op(op);
    }

    /// The table starts: a new table is stored first (see `begin`).
    pub(super) fn opened(&mut self) {
        if self.unsaved {
            let op = self.save_op();
            self.out.write(op, Then::Created);
        } else {
            self.begin();
        }
    }

    /// The stored table runs: a rematch's game starts, everyone there and the lobby hear.
    pub(super) fn begin(&mut self) {
        self.unsaved = false;
        if self.rematch.start_now {
            self.rematch.start_now = false;
            self.begin_undo(None);
            if let Err(r) = self.start() {
                tracing::warn!("table {}: the rematch could not start: {:?}", self.id, r);
            }
        }
        self.refresh_asked();
        self.broadcast_state();
        self.tell_lobby();
    }

    /// Stores the finished game's record, written from the game in memory, if it is not
    /// stored yet. Should that fail, the table tries again a moment later (a restart
    /// stores it from the replayed log).
    pub(super) fn store_record(&mut self) {
        if !self.record_unsaved
            || self.out.writes(|t| matches!(t, Then::Record))
            || self.record_retry.is_some_and(|t| self.now.at < t)
        {
            return;
        }
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let record = TableRecord::of(
            game.setup(),
            game.game(),
            game.all_recorded(),
            self.seat_names(),
        );
        let op = Op::Finish {
            id: self.id,
            record: serde_json::to_string(&record).expect("records serialize"),
            version: self.version,
        };
        self.out.write(op, Then::Record);
    }

    /// What the table tells of its record (the actions are read from the database): in full
    /// once the game is over; while it runs, the setup without seed and deals, and the actions
    /// up to the last reveal.
    pub fn record_source(&self) -> RecordSource {
        match &self.game {
            Some(_) if self.state == TableState::Finished => RecordSource::Finished,
            Some(g) => RecordSource::Running {
                setup: Box::new(g.setup().clone()),
                public_actions: self.public_actions,
                seats: self.seat_names(),
            },
            None => RecordSource::NotStarted(NotStarted {
                game: self.meta.game,
                finished: false,
                started: false,
            }),
        }
    }
}
