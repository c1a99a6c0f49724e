//! What actors hold of a client connection: a queue of outgoing frames and a way to close it.
//! The socket task behind it only delivers.

use axum::extract::ws::Utf8Bytes;
use nimmt_protocol::{ErrorCode, Lang, PlayerId, ServerMsg, TableId, Text};
use std::sync::Arc;
use tokio::sync::{mpsc, Notify};

/// One serialized server message, cheap to clone for many receivers.
pub type Frame = Utf8Bytes;

/// Serializes a server message once.
pub fn frame(msg: &ServerMsg) -> Frame {
    Frame::from(serde_json::to_string(msg).expect("server messages serialize"))
}

/// A connected client that has said hello.
#[derive(Clone, Debug)]
pub struct Conn {
    /// Unique per connection (a reconnect gets a new one).
    pub id: u64,
    pub player: PlayerId,
    pub name: String,
    pub lang: Lang,
    tx: mpsc::Sender<Frame>,
    kill: Arc<Notify>,
}

impl Conn {
    pub fn new(
        id: u64,
        player: PlayerId,
        name: String,
        lang: Lang,
        tx: mpsc::Sender<Frame>,
        kill: Arc<Notify>,
    ) -> Conn {
        Conn {
            id,
            player,
            name,
            lang,
            tx,
            kill,
        }
    }

    pub fn send(&self, msg: &ServerMsg) {
        self.send_frame(frame(msg));
    }

    /// Queues a frame; a client that does not keep up with its queue is disconnected (it will
    /// reconnect and resync).
    pub fn send_frame(&self, f: Frame) {
        if self.tx.try_send(f).is_err() {
            self.kill.notify_one();
        }
    }

    /// Closes the connection after what is queued.
    pub fn close(&self) {
        self.kill.notify_one();
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
