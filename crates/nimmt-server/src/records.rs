//! A table's game record as the server stores and serves it (`GET /api/games/{id}/record`):
//! core's [`GameRecord`] with the seat names once the game is over; while it runs, the setup
//! without seed and deals, and the actions the public may see. A finished game's record is
//! stored by its table, written from the game in memory; a running game's actions are read from
//! the database (so any node of a cluster can answer).

use crate::store::Store;
use nimmt_core::record::RecordedAction;
use nimmt_core::Seat;
pub use nimmt_room::records::{NotStarted, PublicRecord, RecordSource, RunningRecord, TableRecord};

/// The first `limit` stored actions of table `id` (all of them with `None`).
pub async fn stored_actions(
    store: &Store,
    id: u64,
    limit: Option<u64>,
) -> anyhow::Result<Vec<RecordedAction>> {
    store
        .actions(id, limit)
        .await?
        .into_iter()
        .map(|(seat, action, _)| {
            Ok(RecordedAction {
                seat: Seat(seat),
                action: serde_json::from_str(&action)?,
            })
        })
        .collect()
}

/// The record a table's answer stands for, read from the database; `None` for a finished game
/// whose record is not stored.
pub async fn read(
    store: &Store,
    id: u64,
    source: RecordSource,
) -> anyhow::Result<Option<PublicRecord>> {
    Ok(match source {
        RecordSource::Finished => match store.table_record(id).await? {
            Some((_, Some(text))) => Some(PublicRecord::Finished(serde_json::from_str(&text)?)),
            _ => None,
        },
        RecordSource::Running {
            setup,
            public_actions,
            seats,
        } => {
            let actions = stored_actions(store, id, Some(public_actions as u64)).await?;
            Some(PublicRecord::Running(RunningRecord::of(
                &setup, actions, seats,
            )))
        }
        RecordSource::NotStarted(n) => Some(PublicRecord::NotStarted(n)),
    })
}

/// The winners' names of `id`, if it is a game that ended (a finished table no longer open):
/// the answer to a `join` of it.
pub async fn finished_winners(store: &Store, id: u64) -> Option<Vec<String>> {
    let (state, record) = store.table_record(id).await.ok()??;
    if state != "finished" {
        return None;
    }
    let record: TableRecord = serde_json::from_str(&record?).ok()?;
    let outcome = record.record.outcome?;
    Some(
        outcome
            .winners
            .iter()
            .filter_map(|s| record.seats.get(s.index()).cloned())
            .collect(),
    )
}
