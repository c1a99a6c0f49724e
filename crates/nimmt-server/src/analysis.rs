//! The analysis of finished games in the room (`nimmt_bots::analysis`): asked for with
//! `POST /api/games/{id}/analysis`, read with `GET` on the same path (`http/analysis.rs`). The work waits in one
//! queue and runs on one blocking thread at a time, each decision with the game's bounded
//! budget; a finished analysis is stored (`nimmt_analyses`), so a game is analysed once.

use crate::clock::now_ms;
use crate::store::Store;
use nimmt_bots::analysis::{self, Analysis};
use nimmt_core::record::GameRecord;
use nimmt_protocol::TableId;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use tokio::sync::Notify;

/// The most games that may wait for their analysis; more are refused until the queue moves.
pub const MAX_QUEUE: usize = 32;
/// The seed of the room's analyses (the same game gives the same analysis).
const SEED: u64 = 1;

/// Where a game's analysis stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum AnalysisState {
    /// Nobody asked for it yet.
    None,
    /// Waiting: `position` games before it (0: it is next), `queue` waiting in all.
    Queued { position: usize, queue: usize },
    /// Being analysed now.
    Running { queue: usize },
    /// Done: the analysis and the seats' names.
    Done {
        analysis: Box<Analysis>,
        seats: Vec<String>,
    },
    /// It could not be analysed.
    Failed { error: String },
}

#[derive(Default)]
struct Inner {
    waiting: VecDeque<(TableId, GameRecord)>,
    running: Option<TableId>,
    failed: HashMap<TableId, String>,
}

/// The room's queue of analyses, worked by one task.
pub struct AnalysisQueue {
    inner: Mutex<Inner>,
    wake: Notify,
    store: Store,
}

impl AnalysisQueue {
    /// A queue storing into `store`, with its worker started.
    pub fn start(store: Store) -> Arc<AnalysisQueue> {
        let queue = Arc::new(AnalysisQueue {
            inner: Mutex::new(Inner::default()),
            wake: Notify::new(),
            store,
        });
        tokio::spawn(work(queue.clone()));
        queue
    }

    fn inner(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Where the analysis of game `id` stands, stored ones included.
    pub async fn state(&self, id: TableId) -> anyhow::Result<AnalysisState> {
        if let Some(done) = stored(&self.store, id).await? {
            return Ok(done);
        }
        let inner = self.inner();
        let queue = inner.waiting.len();
        if inner.running == Some(id) {
            return Ok(AnalysisState::Running { queue });
        }
        if let Some(position) = inner.waiting.iter().position(|(w, _)| *w == id) {
            return Ok(AnalysisState::Queued { position, queue });
        }
        Ok(match inner.failed.get(&id) {
            Some(error) => AnalysisState::Failed {
                error: error.clone(),
            },
            None => AnalysisState::None,
        })
    }

    /// Queues game `id` (a finished game's `record`) unless it is done, queued or running;
    /// `None` when the queue is full.
    pub async fn request(
        &self,
        id: TableId,
        record: GameRecord,
    ) -> anyhow::Result<Option<AnalysisState>> {
        let state = self.state(id).await?;
        if !matches!(state, AnalysisState::None | AnalysisState::Failed { .. }) {
            return Ok(Some(state));
        }
        {
            let mut inner = self.inner();
            if inner.waiting.len() >= MAX_QUEUE {
                return Ok(None);
            }
            inner.failed.remove(&id);
            inner.waiting.push_back((id, record));
        }
        self.wake.notify_one();
        self.state(id).await.map(Some)
    }
}

/// The worker: one game at a time, on one blocking thread.
async fn work(queue: Arc<AnalysisQueue>) {
    loop {
        let next = {
            let mut inner = queue.inner();
            let next = inner.waiting.pop_front();
            inner.running = next.as_ref().map(|(id, _)| *id);
            next
        };
        let Some((id, record)) = next else {
            queue.wake.notified().await;
            continue;
        };
        let budget = analysis::default_budget(record.game);
        let done =
            tokio::task::spawn_blocking(move || analysis::analyse(&record, budget, SEED)).await;
        let result = match done {
            Ok(Ok(a)) => store(&queue.store, id, &a).await.map_err(|e| e.to_string()),
            Ok(Err(e)) => Err(e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        let mut inner = queue.inner();
        inner.running = None;
        if let Err(error) = result {
            tracing::warn!("analysis of game {id}: {error}");
            inner.failed.insert(id, error);
        }
    }
}

async fn store(store: &Store, id: TableId, analysis: &Analysis) -> anyhow::Result<()> {
    let text = serde_json::to_string(analysis)?;
    sqlx::query(
        "INSERT INTO nimmt_analyses (table_id, budget, analysis, created_at_ms) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (table_id) DO NOTHING",
    )
    .bind(id as i64)
    .bind(analysis.budget as i64)
    .bind(text)
    .bind(now_ms())
    .execute(store.pool())
    .await?;
    Ok(())
}

/// The stored analysis of game `id` with its seats' names, if there is one.
async fn stored(store: &Store, id: TableId) -> anyhow::Result<Option<AnalysisState>> {
    let row = sqlx::query("SELECT analysis FROM nimmt_analyses WHERE table_id = $1")
        .bind(id as i64)
        .fetch_optional(store.pool())
        .await?;
    let Some(row) = row else { return Ok(None) };
    let analysis: Analysis = serde_json::from_str(&row.get::<String, _>(0))?;
    let seats = match store.table_record(id).await? {
        Some((_, Some(text))) => serde_json::from_str::<crate::records::TableRecord>(&text)
            .map(|r| r.seats)
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    Ok(Some(AnalysisState::Done {
        analysis: Box::new(analysis),
        seats,
    }))
}
