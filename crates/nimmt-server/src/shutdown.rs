//! A restart nobody notices: when the server is told to stop (SIGTERM), every WebSocket session
//! delivers what is queued for it, closes with 1012 `server restarting` (the client reconnects
//! with its token and finds its seat), and the server exits once they are closed and the store
//! has finished its writes. A move is acknowledged only after its write, so nothing
//! acknowledged is lost; a request that was not answered before the close is simply sent again.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Notify};

/// The sessions of one server and the signal that closes them.
pub struct Sessions {
    closing: watch::Sender<bool>,
    open: AtomicUsize,
    all_closed: Notify,
}

/// One open session, counted until dropped.
pub struct Open(Arc<Sessions>);

impl Drop for Open {
    fn drop(&mut self) {
        if self.0.open.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.all_closed.notify_waiters();
        }
    }
}

impl Sessions {
    pub fn new() -> Arc<Sessions> {
        Arc::new(Sessions {
            closing: watch::channel(false).0,
            open: AtomicUsize::new(0),
            all_closed: Notify::new(),
        })
    }

    /// Counts a new session; the receiver turns `true` when the server is stopping.
    pub fn open(self: &Arc<Self>) -> (Open, watch::Receiver<bool>) {
        self.open.fetch_add(1, Ordering::AcqRel);
        (Open(self.clone()), self.closing.subscribe())
    }

    /// Sessions open now.
    pub fn count(&self) -> usize {
        self.open.load(Ordering::Acquire)
    }

    /// Tells every session to close, and waits until they have (at most `within`). Returns
    /// how many were still open then.
    pub async fn close_all(&self, within: Duration) -> usize {
        self.closing.send_replace(true);
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let notified = self.all_closed.notified();
            if self.count() == 0 {
                return 0;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return self.count();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn close_all_tells_each_session_and_waits_for_the_last() {
        let sessions = Sessions::new();
        let mut tasks = Vec::new();
        for delay in [10u64, 50, 120] {
            let (open, mut closing) = sessions.open();
            tasks.push(tokio::spawn(async move {
                closing.wait_for(|c| *c).await.unwrap();
                tokio::time::sleep(Duration::from_millis(delay)).await;
                drop(open);
            }));
        }
        assert_eq!(sessions.count(), 3);
        let start = tokio::time::Instant::now();
        assert_eq!(sessions.close_all(Duration::from_secs(5)).await, 0);
        assert!(start.elapsed() >= Duration::from_millis(120));
        // A session opened after the signal sees it at once.
        let (_open, closing) = sessions.open();
        assert!(*closing.borrow());
        // One that never closes is given up on after the wait.
        assert_eq!(sessions.close_all(Duration::from_millis(30)).await, 1);
    }
}
