//! Storing and restoring a table: its settings, the game's setup and action log (written before
//! anyone hears of a change), the rebuild after a restart (the stored log replayed), and the
//! game's record (built from the stored log).

use super::Live;
use super::{Meta, Table};
use crate::conn::Refusal;
use crate::handles::LobbyHandle;
use crate::records::{NotStarted, RecordSource, TableRecord};
use crate::store::{Op, Store, StoredTable};
use crate::Config;
use nimmt_core::record::RecordedAction;
use nimmt_core::{Seat, Setup};
use nimmt_protocol::{ErrorCode, TableState};
use std::sync::Arc;

/// The answer to a change the store refused (nothing changed): `not_owner` when this node of a
/// cluster no longer holds the table (it is moving: try again there in a few seconds), else
/// `storage`.
pub(super) fn not_stored(error: &str) -> Refusal {
    if crate::lease::is_not_owner(error) {
        Refusal::new(ErrorCode::NotOwner)
    } else {
        Refusal::new(ErrorCode::Storage)
    }
}

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
                Err(not_stored(&e))
            }
        }
    }

    /// The finished game's record: the actions stored before the last one (read by the
    /// caller), and the last one, stored together with this record.
    pub(super) fn finished_record(
        &self,
        stored: anyhow::Result<Vec<RecordedAction>>,
        last: RecordedAction,
    ) -> anyhow::Result<TableRecord> {
        let game = self
            .game
            .as_ref()
            .ok_or_else(|| anyhow::anyhow!("no game"))?;
        let mut actions = stored?;
        anyhow::ensure!(
            actions.len() as u64 + 1 == game.actions(),
            "{} actions stored of {}",
            actions.len(),
            game.actions() - 1
        );
        actions.push(last);
        Ok(TableRecord::of(
            game.setup(),
            game.game(),
            actions,
            self.seat_names(),
        ))
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

#[cfg(test)]
mod tests {
    use super::not_stored;
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
        let refused = book.fence(&mut conn, 7).await.unwrap_err().to_string();
        assert_eq!(not_stored(&refused).code, ErrorCode::NotOwner);
        assert_eq!(
            not_stored("database is locked").code,
            ErrorCode::Storage,
            "any other failure"
        );
    }
}
