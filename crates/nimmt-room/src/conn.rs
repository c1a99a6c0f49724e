//! What the room holds of a client connection: who it is, its language, and the link its frames
//! go out by. The room never sends on a link itself: it returns [`Effect::Send`](crate::Effect)
//! and the shell delivers (so nobody hears of a change before it is stored).

use crate::refusal::Refusal;
use bytes::Bytes;
use nimmt_protocol::{CloseReason, Lang, PlayerId, ServerMsg, TableId, Text};
use std::fmt;
use std::sync::Arc;

/// One serialized server message (UTF-8 JSON), cheap to clone for many receivers.
#[derive(Clone, PartialEq, Eq)]
pub struct Frame(Bytes);

impl Frame {
    pub fn as_str(&self) -> &str {
        // Built only from `String`/`&str`.
        std::str::from_utf8(&self.0).expect("frames are UTF-8")
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The frame's bytes (UTF-8).
    pub fn into_bytes(self) -> Bytes {
        self.0
    }
}

impl From<String> for Frame {
    fn from(s: String) -> Frame {
        Frame(Bytes::from(s))
    }
}

impl From<&str> for Frame {
    fn from(s: &str) -> Frame {
        Frame(Bytes::copy_from_slice(s.as_bytes()))
    }
}

impl fmt::Debug for Frame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Serializes a server message once.
pub fn frame(msg: &ServerMsg) -> Frame {
    Frame::from(serde_json::to_string(msg).expect("server messages serialize"))
}

/// Where a connection's frames go: the server's queue to a socket, or a simulated client.
pub trait Link: Send + Sync + fmt::Debug {
    /// Queues a frame; `false` if the connection is closing or cannot take it.
    fn push(&self, frame: Frame) -> bool;
    /// Starts closing the connection (the first reason given stays).
    fn close(&self, reason: CloseReason);
    /// The connection came with a wrong invitation code: the edge counts it against the
    /// client's address (nothing where nobody counts).
    fn wrong_invite(&self) {}
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
    /// The connection is a bot account's (its name is shown with a bot mark).
    pub bot: bool,
    link: Arc<dyn Link>,
}

impl Conn {
    pub fn new(id: u64, player: PlayerId, name: String, lang: Lang, link: Arc<dyn Link>) -> Conn {
        Conn {
            id,
            player,
            name,
            lang,
            session: None,
            bot: false,
            link,
        }
    }

    /// The connection is a bot account's.
    pub fn as_bot(mut self, bot: bool) -> Conn {
        self.bot = bot;
        self
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
        self.link.push(f);
    }

    /// Closes the connection after what is queued, because another connection took over its
    /// identity (close code 4001).
    pub fn close(&self) {
        self.link.close(CloseReason::Replaced);
    }

    /// Closes the connection after what is queued (before it for a slow reader).
    pub fn close_for(&self, reason: CloseReason) {
        self.link.close(reason);
    }

    /// Tells the edge that this connection came with a wrong invitation code.
    pub fn wrong_invite(&self) {
        self.link.wrong_invite();
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
