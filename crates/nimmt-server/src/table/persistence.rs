//! Storing and restoring a table: its settings, the game's setup and action log (written before
//! anyone hears of a change), the rebuild after a restart (the stored log replayed), and the
//! finished game's record (written from the game in memory).

use super::Live;
use super::{Meta, Table};
use crate::conn::Refusal;
use crate::handles::LobbyHandle;
use crate::records::{NotStarted, RecordSource, TableRecord};
use crate::store::{Op, Store, StoredTable};
use crate::Config;
use nimmt_core::record::RecordedAction;
use nimmt_core::{Seat, Setup};
use nimmt_protocol::TableState;
use std::sync::Arc;

impl Table {
    /// Rebuilds a stored table: its setup and every logged action replayed.
    pub fn restore(
        stored: StoredTable,
        store: Store,
        lobby: LobbyHandle,
        config: Arc<Config>,
    ) -> anyhow::Result<Table> {
        let meta: Meta = serde_json::from_str(&stored.meta)?;
        let state = TableState::parse(&stored.state)
            .ok_or_else(|| anyhow::anyhow!("bad state {}", stored.state))?;
        let mut t = Table::create(stored.id, meta, store, lobby, config);
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
        Op::SaveTable {
            id: self.id,
            game: self.meta.game.name().to_owned(),
            state: self.state.name().to_owned(),
            meta: self.meta_json(),
            version: self.version,
        }
    }

    /// Stores a change of seats/options/state; on failure nothing changes.
    pub(super) async fn save_meta(&mut self, before: Meta) -> Result<(), Refusal> {
        self.version += 1;
        match self.store.write(vec![self.save_op()]).await {
            Ok(()) => Ok(()),
            Err(e) => {
                self.meta = before;
                self.version -= 1;
                Err(e.refusal())
            }
        }
    }

    /// Stores the finished game's record, written from the game in memory, if it is not
    /// stored yet. Should that fail, the table tries again at its next wake-up (a restart
    /// stores it from the replayed log).
    pub(super) async fn store_record(&mut self) {
        let Some(game) = self.game.as_ref().filter(|_| self.record_unsaved) else {
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
        match self.store.write(vec![op]).await {
            Ok(()) => self.record_unsaved = false,
            Err(e) => tracing::warn!("table {}: the record is not stored yet: {e}", self.id),
        }
    }

    /// What the table tells of its record (the actions are read from the database): in full
    /// once the game is over; while it runs, the setup without seed and deals, and the actions
    /// up to the last reveal.
    pub(super) fn record_source(&self) -> RecordSource {
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
