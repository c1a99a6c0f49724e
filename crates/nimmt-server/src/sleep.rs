//! Turn-based tables that leave memory while nobody plays: a table whose room state machine says
//! it may sleep (`nimmt_room::Table::may_sleep`: turn-based, nobody connected, nothing to do
//! before its next deadline) and that had no input for [`Sleep::after`] drops out of memory; its
//! handle stays with the lobby and the connections. The next command sent to the handle loads
//! the table again from the store (see `handles::TableHandle::send`), and a deadline falls due
//! through the wake queue here, which sends the sleeping table `TableCmd::Wake`.
//!
//! What stays in memory per sleeping table: its handle (a few words), its entry in the lobby and
//! its place in the wake queue.

use crate::handles::{LoadTable, TableCmd, TableHandle};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// What tables need to sleep and to be loaded again.
pub struct Sleep {
    /// How long a table that may sleep waits for an input before it leaves memory.
    pub after: Duration,
    /// Loads a sleeping table (set once the room can: see `table::loader`).
    load: OnceLock<LoadTable>,
    /// The wake queue's inbox: a sleeping table due at an instant.
    queue: mpsc::UnboundedSender<(Instant, TableHandle)>,
}

impl Sleep {
    /// Starts the wake queue; tables that may sleep leave memory after `after` without input.
    pub fn start(after: Duration) -> Arc<Sleep> {
        let (queue, inbox) = mpsc::unbounded_channel();
        tokio::spawn(wake_queue(inbox));
        Arc::new(Sleep {
            after,
            load: OnceLock::new(),
            queue,
        })
    }

    /// Sleeping tables are loaded by `load` (set once, before the first table opens).
    pub fn loads_with(&self, load: LoadTable) {
        let _ = self.load.set(load);
    }

    /// What loads a sleeping table (none before [`Sleep::loads_with`]: tables stay awake).
    pub fn loader(&self) -> Option<LoadTable> {
        self.load.get().cloned()
    }

    /// The sleeping table behind `handle` is due at `at` (its next deadline).
    pub fn wake_at(&self, at: Instant, handle: TableHandle) {
        let _ = self.queue.send((at, handle));
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
