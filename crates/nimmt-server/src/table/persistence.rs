//! Storing and restoring a table: its settings, the game's setup and action log (written before
//! anyone hears of a change), the rebuild after a restart or a failed write (core's recorder
//! replaying the log), and the game's record as the public may see it.

use super::{Meta, Table};
use crate::conn::Refusal;
use crate::handles::LobbyHandle;
use crate::records::{NotStarted, PublicRecord, RunningRecord, TableRecord};
use crate::store::{Op, Store, StoredTable};
use crate::Config;
use nimmt_core::record::{RecordedAction, RecordedGame};
use nimmt_core::{Seat, Setup};
use nimmt_protocol::{ErrorCode, TableState};
use std::sync::Arc;

/// The game of `setup` with `actions` replayed by core's recorder, and how many of them the
/// public may see. Names the first action the rules refuse.
pub fn resume(setup: Setup, actions: &[RecordedAction]) -> anyhow::Result<(RecordedGame, usize)> {
    let mut game = RecordedGame::new(setup)?;
    let mut public = 0;
    for (i, a) in actions.iter().enumerate() {
        game.act(a.seat, &a.action)
            .map_err(|e| anyhow::anyhow!("logged action {i} is refused: {e}"))?;
        if game.game().log_is_public() {
            public = i + 1;
        }
    }
    Ok((game, public))
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
            let (game, public) =
                resume(setup, &actions).map_err(|e| anyhow::anyhow!("table {}: {e}", stored.id))?;
            if let Some(last) = stored.actions.iter().map(|(_, _, v)| *v).max() {
                t.version = t.version.max(last);
            }
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
            Err(_) => {
                self.meta = before;
                self.version -= 1;
                Err(Refusal::new(ErrorCode::Storage))
            }
        }
    }

    /// Takes back the last action (it could not be stored): the game rebuilt from its setup
    /// and the actions before it.
    pub(super) fn undo_last(&mut self) {
        let Some(game) = &self.game else { return };
        let kept = &game.actions()[..game.actions().len().saturating_sub(1)];
        match resume(game.setup().clone(), kept) {
            Ok((game, public)) => {
                self.game = Some(game);
                self.public_actions = public;
            }
            Err(e) => tracing::error!("table {}: cannot replay its own log: {e}", self.id),
        }
    }

    /// The finished game's record (core's record and the seat names); `None` while it runs.
    pub(super) fn finished_record(&self) -> Option<TableRecord> {
        let game = self.game.as_ref().filter(|g| g.game().is_over())?;
        Some(TableRecord::of(game, self.seat_names()))
    }

    /// The record as anyone may see it: in full once the game is over; while it runs, the
    /// setup without seed and deals, and the actions up to the last reveal.
    pub(super) fn public_record(&self) -> PublicRecord {
        if let Some(r) = self.finished_record() {
            return PublicRecord::Finished(r);
        }
        match &self.game {
            Some(g) => {
                PublicRecord::Running(RunningRecord::of(g, self.public_actions, self.seat_names()))
            }
            None => PublicRecord::NotStarted(NotStarted {
                game: self.meta.game,
                finished: false,
                started: false,
            }),
        }
    }
}
