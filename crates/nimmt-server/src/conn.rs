//! What actors hold of a client connection: a queue of outgoing frames and a way to close it.
//! The socket task behind it only delivers.

use axum::extract::ws::Utf8Bytes;
use nimmt_protocol::{CloseReason, ErrorCode, Lang, PlayerId, ServerMsg, TableId, Text};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

/// One serialized server message, cheap to clone for many receivers.
pub type Frame = Utf8Bytes;

/// Serializes a server message once.
pub fn frame(msg: &ServerMsg) -> Frame {
    Frame::from(serde_json::to_string(msg).expect("server messages serialize"))
}

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
}

impl Outbox {
    /// A queue of at most `max_frames` frames and `max_bytes` bytes, and its receiving end.
    pub fn new(max_frames: usize, max_bytes: usize) -> (Arc<Outbox>, mpsc::Receiver<Frame>) {
        let (tx, rx) = mpsc::channel(max_frames.max(1));
        let outbox = Outbox {
            tx,
            queued: AtomicUsize::new(0),
            max_bytes,
            closing: watch::Sender::new(None),
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

/// A connected client that has said hello.
#[derive(Clone, Debug)]
pub struct Conn {
    /// Unique per connection (a reconnect gets a new one).
    pub id: u64,
    pub player: PlayerId,
    pub name: String,
    pub lang: Lang,
    /// The hash of the session token the connection said hello with (none for a guest's token):
    /// the connection closes when that session ends.
    pub session: Option<String>,
    outbox: Arc<Outbox>,
}

impl Conn {
    pub fn new(id: u64, player: PlayerId, name: String, lang: Lang, outbox: Arc<Outbox>) -> Conn {
        Conn {
            id,
            player,
            name,
            lang,
            session: None,
            outbox,
        }
    }

    /// The connection said hello with the session whose token hash is `hash`.
    pub fn with_session(mut self, hash: Option<String>) -> Conn {
        self.session = hash;
        self
    }

    pub fn send(&self, msg: &ServerMsg) {
        self.send_frame(frame(msg));
    }

    /// Queues a frame; a client that does not keep up with its queue is disconnected (close
    /// code 4003; it will reconnect and resync).
    pub fn send_frame(&self, f: Frame) {
        self.outbox.push(f);
    }

    /// Closes the connection after what is queued, because another connection took over its
    /// identity (close code 4001).
    pub fn close(&self) {
        self.outbox.close(CloseReason::Replaced);
    }

    /// Closes the connection after what is queued (before it for a slow reader).
    pub fn close_for(&self, reason: CloseReason) {
        self.outbox.close(reason);
    }

    pub fn refuse(&self, id: Option<u64>, table: Option<TableId>, r: &Refusal) {
        self.send(&r.to_msg(self.lang, id, table));
    }

    pub fn notice(&self, table: Option<TableId>, key: &str, params: Vec<(&str, String)>) {
        self.send(&ServerMsg::Notice {
            table,
            text: Text::new(self.lang, key, params),
        });
    }
}

/// A refused request: its code and the parameters of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    /// The text key (usually the code's name).
    pub key: &'static str,
    pub params: Vec<(&'static str, String)>,
}

impl Refusal {
    pub fn new(code: ErrorCode) -> Refusal {
        Refusal {
            code,
            key: code.name(),
            params: Vec::new(),
        }
    }

    pub fn with(mut self, name: &'static str, value: impl ToString) -> Refusal {
        self.params.push((name, value.to_string()));
        self
    }

    pub fn keyed(mut self, key: &'static str) -> Refusal {
        self.key = key;
        self
    }

    pub fn to_msg(&self, lang: Lang, id: Option<u64>, table: Option<TableId>) -> ServerMsg {
        ServerMsg::Error {
            id,
            table,
            code: self.code,
            text: Text::new(
                lang,
                self.key,
                self.params.iter().map(|(k, v)| (*k, v.clone())),
            ),
        }
    }
}

impl From<ErrorCode> for Refusal {
    fn from(code: ErrorCode) -> Self {
        Refusal::new(code)
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
