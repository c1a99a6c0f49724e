//! Turn-based tables that leave memory while nobody plays: a table whose room state machine says
//! it may sleep (`nimmt_room::Table::may_sleep`: turn-based, nobody connected, nothing to do
//! before its next deadline) and that had no input for [`Sleep::after`] drops out of memory; its
//! handle stays with the lobby and the connections. The next command sent to the handle loads
//! the table again from the store (see `handles::TableHandle::send`), and a deadline falls due
//! through the wake queue here, which sends the sleeping table `TableCmd::Wake`.
//!
//! What stays in memory per sleeping table: its handle (a few words), its entry in the lobby and
//! its place in the wake queue.

use crate::handles::{LoadTable, LobbyHandle, TableCmd, TableHandle};
use crate::store::Store;
use nimmt_room::TableConfig;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// What tables need to sleep and to be loaded again.
pub struct Sleep {
    /// How long a table that may sleep waits for an input before it leaves memory.
    pub after: Duration,
    store: Store,
    /// The lobby the tables report to (set once it runs: see [`Sleep::reports_to`]).
    lobby: std::sync::OnceLock<LobbyHandle>,
    tables: Arc<TableConfig>,
    /// The wake queue's inbox: a sleeping table due at an instant.
    queue: mpsc::UnboundedSender<(Instant, TableHandle)>,
    /// Hands out the loader of every handle (set once, right after the start).
    me: std::sync::OnceLock<std::sync::Weak<Sleep>>,
}

impl Sleep {
    /// Starts the wake queue; tables that may sleep leave memory after `after` without input.
    pub fn start(after: Duration, store: Store, tables: Arc<TableConfig>) -> Arc<Sleep> {
        let (queue, inbox) = mpsc::unbounded_channel();
        tokio::spawn(wake_queue(inbox));
        let sleep = Arc::new(Sleep {
            after,
            store,
            lobby: std::sync::OnceLock::new(),
            tables,
            queue,
            me: std::sync::OnceLock::new(),
        });
        let _ = sleep.me.set(Arc::downgrade(&sleep));
        sleep
    }

    /// The tables loaded again report to `lobby`.
    pub fn reports_to(&self, lobby: LobbyHandle) {
        let _ = self.lobby.set(lobby);
    }

    /// The sleeping table behind `handle` is due at `at` (its next deadline).
    pub fn wake_at(&self, at: Instant, handle: TableHandle) {
        let _ = self.queue.send((at, handle));
    }

    /// Loads a sleeping table from the store and starts its actor on the handle.
    pub fn loader(&self) -> LoadTable {
        let me = self.me.get().cloned().unwrap_or_default();
        Arc::new(move |handle: TableHandle| {
            let me = me.clone();
            Box::pin(async move {
                let Some(sleep) = me.upgrade() else {
                    return Ok(false);
                };
                sleep.load(handle).await
            })
        })
    }

    /// `Ok(true)`: loaded and running; `Ok(false)`: no longer open (finished or gone);
    /// `Err`: the store could not be read now (the table stays asleep).
    async fn load(self: Arc<Self>, handle: TableHandle) -> Result<bool, ()> {
        let stored = match self.store.open_table(handle.id).await {
            Ok(Some(s)) => s,
            Ok(None) => return Ok(false),
            Err(e) => {
                tracing::warn!("table {}: not loaded: {e}", handle.id);
                return Err(());
            }
        };
        let lobby = self.lobby.get().cloned().ok_or(())?;
        let table =
            crate::table::Table::restore(stored, self.store.clone(), lobby, self.tables.clone())
                .map_err(|e| tracing::error!("table {}: cannot be loaded: {e}", handle.id))?;
        let rx = handle.loaded();
        crate::metrics::table_loaded();
        table.run_on(handle, rx, Some(self.clone()));
        Ok(true)
    }
}

/// Sends every sleeping table `Wake` when it is due. A table loaded meanwhile takes the wake as
/// any other (nothing is due yet: nothing happens).
async fn wake_queue(mut inbox: mpsc::UnboundedReceiver<(Instant, TableHandle)>) {
    let mut due: BTreeMap<(Instant, u64), TableHandle> = BTreeMap::new();
    let mut n = 0u64;
    loop {
        let first = due.keys().next().map(|(at, _)| *at);
        let far = Instant::now() + Duration::from_secs(3600);
        tokio::select! {
            next = inbox.recv() => match next {
                Some((at, handle)) => {
                    n += 1;
                    due.insert((at, n), handle);
                }
                None => return,
            },
            _ = tokio::time::sleep_until(first.unwrap_or(far)), if first.is_some() => {
                let now = Instant::now();
                while let Some(entry) = due.first_entry().filter(|e| e.key().0 <= now) {
                    let handle = entry.remove();
                    tokio::spawn(async move { handle.send(TableCmd::Wake).await });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_sleeping_table_is_woken_when_due_and_not_before() {
        let (tx, inbox) = mpsc::unbounded_channel();
        tokio::spawn(wake_queue(inbox));
        let (handle, mut rx) = TableHandle::channel(7);
        let (later, mut later_rx) = TableHandle::channel(8);
        let now = Instant::now();
        tx.send((now + Duration::from_secs(3 * 3600), later))
            .unwrap();
        tx.send((now + Duration::from_secs(3600), handle)).unwrap();
        tokio::time::sleep(Duration::from_secs(3599)).await;
        assert!(rx.try_recv().is_err(), "not due yet");
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert!(matches!(rx.recv().await, Some(TableCmd::Wake)));
        assert!(later_rx.try_recv().is_err(), "the later one waits");
        tokio::time::sleep(Duration::from_secs(2 * 3600)).await;
        assert!(matches!(later_rx.recv().await, Some(TableCmd::Wake)));
    }
}
