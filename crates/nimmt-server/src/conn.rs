//! A client connection's queue of outgoing frames and its close: the link the room's
//! [`Conn`] sends by. The socket task behind it only delivers.

use nimmt_protocol::CloseReason;
pub use nimmt_room::conn::{frame, Conn, Frame, Link};
pub use nimmt_room::Refusal;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use tokio::sync::{mpsc, watch};

/// A connection's outgoing queue, capped in frames and in bytes, and why it closes. A client that
/// lets more than the cap pile up (it does not read) is closed as a slow reader: its queue is
/// dropped, not grown. Frames shared by many receivers count in full for each. One frame larger
/// than the cap (the table list of a very large room) still goes to a client whose queue is
/// empty: a client that reads gets it; one that does not is closed at the next frame.
#[derive(Debug)]
pub struct Outbox {
    tx: mpsc::Sender<Frame>,
    queued: AtomicUsize,
    max_bytes: usize,
    closing: watch::Sender<Option<CloseReason>>,
    /// What a wrong invitation code of this connection counts against (its client's address).
    wrong_invite: OnceLock<WrongInvite>,
}

/// Counts a wrong invitation code (set by the edge, which knows the client's address).
pub struct WrongInvite(pub Box<dyn Fn() + Send + Sync>);

impl std::fmt::Debug for WrongInvite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WrongInvite")
    }
}

impl Outbox {
    /// Wrong invitation codes of this connection are counted by `count` from now on.
    pub fn count_wrong_invites(&self, count: WrongInvite) {
        let _ = self.wrong_invite.set(count);
    }

    /// A queue of at most `max_frames` frames and `max_bytes` bytes, and its receiving end.
    pub fn new(max_frames: usize, max_bytes: usize) -> (Arc<Outbox>, mpsc::Receiver<Frame>) {
        let (tx, rx) = mpsc::channel(max_frames.max(1));
        let outbox = Outbox {
            tx,
            queued: AtomicUsize::new(0),
            max_bytes,
            closing: watch::Sender::new(None),
            wrong_invite: OnceLock::new(),
        };
        (Arc::new(outbox), rx)
    }

    /// Queues a frame; `false` if the connection is closing or the frame would go over a cap
    /// (then it closes as a slow reader).
    pub fn push(&self, f: Frame) -> bool {
        if self.closing.borrow().is_some() {
            return false;
        }
        let len = f.len();
        let before = self.queued.fetch_add(len, Ordering::AcqRel);
        if (before > 0 && before + len > self.max_bytes) || self.tx.try_send(f).is_err() {
            self.queued.fetch_sub(len, Ordering::AcqRel);
            self.close(CloseReason::SlowReader);
            return false;
        }
        true
    }

    /// The socket took a frame of `len` bytes off the queue.
    pub fn taken(&self, len: usize) {
        self.queued.fetch_sub(len, Ordering::AcqRel);
    }

    /// Bytes queued now.
    pub fn queued_bytes(&self) -> usize {
        self.queued.load(Ordering::Acquire)
    }

    /// Starts closing the connection (the first reason given stays).
    pub fn close(&self, reason: CloseReason) {
        self.closing.send_if_modified(|r| {
            if r.is_none() {
                *r = Some(reason);
                true
            } else {
                false
            }
        });
    }

    /// Why the connection closes, once it does.
    pub fn closing(&self) -> Option<CloseReason> {
        *self.closing.borrow()
    }

    /// Watches for the close.
    pub fn watch(&self) -> watch::Receiver<Option<CloseReason>> {
        self.closing.subscribe()
    }
}

impl Link for Outbox {
    fn push(&self, f: Frame) -> bool {
        Outbox::push(self, f)
    }

    fn close(&self, reason: CloseReason) {
        Outbox::close(self, reason)
    }

    fn wrong_invite(&self) {
        if let Some(count) = self.wrong_invite.get() {
            (count.0)();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(len: usize) -> Frame {
        Frame::from("x".repeat(len))
    }

    #[test]
    fn a_queue_over_its_bytes_closes_as_a_slow_reader() {
        let (outbox, mut rx) = Outbox::new(100, 1000);
        assert!(outbox.push(text(600)));
        assert!(
            !outbox.push(text(600)),
            "the second frame goes over the cap"
        );
        assert_eq!(outbox.closing(), Some(CloseReason::SlowReader));
        assert_eq!(outbox.queued_bytes(), 600);
        assert!(rx.try_recv().is_ok());
        assert!(!outbox.push(text(1)), "nothing after the close");
    }

    #[test]
    fn one_frame_larger_than_the_cap_goes_to_a_client_that_reads() {
        let (outbox, mut rx) = Outbox::new(100, 1000);
        assert!(outbox.push(text(5000)), "the queue was empty");
        // The client reads it: the next large one goes too.
        let f = rx.try_recv().unwrap();
        outbox.taken(f.len());
        assert!(outbox.push(text(5000)));
        // It does not read: the next frame closes it.
        assert!(!outbox.push(text(10)));
        assert_eq!(outbox.closing(), Some(CloseReason::SlowReader));
    }
}
