//! A simulated client: a person with an identity, at most one connection, and what it was told
//! (its picture of its table: the latest view, version, legal actions and deadline).

use crate::conn::{Conn, Frame, Link};
use nimmt_protocol::{CloseReason, Lang, PlayerId, TableId};
use serde_json::Value;
use std::sync::{Arc, Mutex};

/// Where a simulated connection's frames go: kept until the client reads them.
#[derive(Debug, Default)]
pub struct SimLink {
    frames: Mutex<Vec<Frame>>,
    closed: Mutex<Option<CloseReason>>,
}

impl Link for SimLink {
    fn push(&self, frame: Frame) -> bool {
        if self.closed.lock().expect("one thread").is_some() {
            return false;
        }
        self.frames.lock().expect("one thread").push(frame);
        true
    }

    fn close(&self, reason: CloseReason) {
        self.closed
            .lock()
            .expect("one thread")
            .get_or_insert(reason);
    }
}

impl SimLink {
    /// A connection numbered `id` of `player` called `name`, and the link its frames go to.
    pub fn conn(id: u64, player: &str, name: &str, lang: Lang) -> (Conn, Arc<SimLink>) {
        let link = Arc::new(SimLink::default());
        let conn = Conn::new(id, player.to_owned(), name.to_owned(), lang, link.clone());
        (conn, link)
    }

    pub fn take(&self) -> Vec<Frame> {
        std::mem::take(&mut *self.frames.lock().expect("one thread"))
    }

    pub fn closed(&self) -> Option<CloseReason> {
        *self.closed.lock().expect("one thread")
    }
}

/// What a client last saw of its table.
#[derive(Clone, Debug, Default)]
pub struct Picture {
    pub version: u64,
    pub view: Option<Value>,
    pub legal: Vec<Value>,
    /// When the table's timer decides for the client's seat (wall clock, ms).
    pub deadline_at: Option<u64>,
}

/// One simulated person.
#[derive(Debug)]
pub struct Client {
    pub player: PlayerId,
    pub name: String,
    pub lang: Lang,
    pub conn: Option<(Conn, Arc<SimLink>)>,
    /// The table it is at (seated or watching), as far as it knows.
    pub at: Option<TableId>,
    pub picture: Picture,
    /// The last move it sent, to send again (a duplicate).
    pub last_act: Option<(u64, Value)>,
    pub next_req: u64,
    /// The first identity's name (`p3`) and how many new ones followed (`p3.1`, `p3.2`, …).
    base: String,
    identities: u32,
}

impl Client {
    pub fn new(i: usize) -> Client {
        Client {
            player: format!("p{i}"),
            name: format!("Player{i}"),
            lang: if i.is_multiple_of(2) {
                Lang::En
            } else {
                Lang::De
            },
            conn: None,
            at: None,
            picture: Picture::default(),
            last_act: None,
            next_req: 1,
            base: format!("p{i}"),
            identities: 0,
        }
    }

    /// Connects with a new connection number.
    pub fn connect(&mut self, id: u64) -> Conn {
        let (conn, link) = SimLink::conn(id, &self.player, &self.name, self.lang);
        self.conn = Some((conn.clone(), link));
        conn
    }

    /// The client lost its token: it comes back as a new identity (same name), at no table.
    pub fn new_identity(&mut self) {
        self.identities += 1;
        self.player = format!("{}.{}", self.base, self.identities);
        self.at = None;
        self.picture = Picture::default();
        self.last_act = None;
    }

    pub fn req(&mut self) -> Option<u64> {
        self.next_req += 1;
        Some(self.next_req)
    }
}
