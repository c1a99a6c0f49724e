//! What travels between the nodes over NATS, and under which subjects (`PREFIX` is the
//! cluster's, `nimmt` unless configured):
//!
//! - `PREFIX.table.ID`: a request to the table's owner ([`WireCmd`]), answered `ok` once the
//!   table actor has it queued (`gone` if the table has closed); nobody answers while no node
//!   owns the table.
//! - `PREFIX.conn.NODE.CONN`: one frame for a connection on `NODE`, exactly as that connection
//!   gets it (the owner builds it for that member's viewer), or `close CODE`.
//! - `PREFIX.news`: lobby news for every node ([`News`]).

use crate::conn::{Conn, Outbox};
use crate::handles::TableCmd;
use nimmt_protocol::{CloseReason, Command, Lang, PlayerId, Role, TableId};
use nimmt_room::table::TableNews;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Subjects of one cluster.
#[derive(Clone, Debug)]
pub struct Subjects {
    prefix: String,
}

impl Subjects {
    pub fn new(prefix: &str) -> Subjects {
        Subjects {
            prefix: prefix.to_owned(),
        }
    }

    pub fn table(&self, id: TableId) -> String {
        format!("{}.table.{id}", self.prefix)
    }

    pub fn conn(&self, node: &str, conn: u64) -> String {
        format!("{}.conn.{node}.{conn}", self.prefix)
    }

    /// Every connection of `node`.
    pub fn conns(&self, node: &str) -> String {
        format!("{}.conn.{node}.*", self.prefix)
    }

    pub fn news(&self) -> String {
        format!("{}.news", self.prefix)
    }
}

/// A connection on another node, as a table sees it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ConnRef {
    pub node: String,
    pub id: u64,
    pub player: PlayerId,
    pub name: String,
    pub lang: Lang,
}

impl ConnRef {
    pub fn of(node: &str, c: &Conn) -> ConnRef {
        ConnRef {
            node: node.to_owned(),
            id: c.id,
            player: c.player.clone(),
            name: c.name.clone(),
            lang: c.lang,
        }
    }
}

/// A table command on its way to the owner.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum WireCmd {
    Attach {
        conn: ConnRef,
        role: Role,
        req: Option<u64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        invite: Option<String>,
    },
    Detach {
        node: String,
        player: PlayerId,
        conn_id: u64,
    },
    Leave {
        conn: ConnRef,
        req: Option<u64>,
    },
    Chat {
        conn: ConnRef,
        text: String,
        req: Option<u64>,
    },
    Command {
        conn: ConnRef,
        command: Command,
        req: Option<u64>,
    },
    Act {
        conn: ConnRef,
        version: u64,
        action: Value,
        req: Option<u64>,
    },
    Resync {
        conn: ConnRef,
        req: Option<u64>,
    },
    /// The game's record as the public may see it now; answered with the table's [`crate::records::RecordSource`].
    Record,
    /// An operator's request; answered with its [`crate::moderation::acts::Outcome`].
    Moderate {
        act: crate::moderation::acts::TableAct,
    },
}

impl WireCmd {
    /// The command as it travels (a record request without its answer channel).
    pub fn of(node: &str, cmd: TableCmd) -> Option<WireCmd> {
        let r = |c: &Conn| ConnRef::of(node, c);
        Some(match cmd {
            TableCmd::Attach {
                conn,
                role,
                req,
                invite,
            } => WireCmd::Attach {
                conn: r(&conn),
                role,
                req,
                invite,
            },
            TableCmd::Detach { player, conn_id } => WireCmd::Detach {
                node: node.to_owned(),
                player,
                conn_id,
            },
            TableCmd::Leave { conn, req } => WireCmd::Leave {
                conn: r(&conn),
                req,
            },
            TableCmd::Chat { conn, text, req } => WireCmd::Chat {
                conn: r(&conn),
                text,
                req,
            },
            TableCmd::Command { conn, command, req } => WireCmd::Command {
                conn: r(&conn),
                command,
                req,
            },
            TableCmd::Act {
                conn,
                version,
                action,
                req,
            } => WireCmd::Act {
                conn: r(&conn),
                version,
                action,
                req,
            },
            TableCmd::Resync { conn, req } => WireCmd::Resync {
                conn: r(&conn),
                req,
            },
            TableCmd::Record { .. } | TableCmd::Moderate { .. } | TableCmd::Wake => return None,
        })
    }
}

/// Lobby news every node hears.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "news", rename_all = "snake_case")]
pub enum News {
    /// A node joined: the others tell it their tables.
    Hello {
        node: String,
    },
    Changed {
        node: String,
        #[serde(flatten)]
        table: TableNews,
    },
    Closed {
        node: String,
        id: TableId,
    },
    Chat {
        node: String,
        from: String,
        text: String,
        /// Who said it (nodes of an earlier release leave it out).
        #[serde(default)]
        player: Option<PlayerId>,
    },
    /// `node` owns `table` now (it took it over from the database log).
    Owner {
        node: String,
        table: TableId,
    },
    /// `node` lost the lease of `table` and stopped running it: its members on every node are
    /// told at once.
    Lost {
        node: String,
        table: TableId,
    },
    /// `node` is stopping and gave up the leases of `tables` (`handover.rs`): the other nodes
    /// take them over at once, without waiting for the leases to run out.
    HandedOver {
        node: String,
        tables: Vec<TableId>,
    },
    /// `player` said hello on `node` at `at` (ms since the epoch): older connections of that
    /// identity on other nodes are replaced.
    Online {
        node: String,
        player: PlayerId,
        at: u64,
    },
    /// An operator on `node` banned `player`: each node closes the player's connections it has.
    Banned {
        node: String,
        player: PlayerId,
    },
    /// Sessions of `player` ended on `node` (logout, password change, deletion, expiry): each
    /// node closes the connections opened with them.
    SessionsEnded {
        node: String,
        player: PlayerId,
        which: crate::accounts::sessions::Ending,
    },
}

impl News {
    pub fn node(&self) -> &str {
        match self {
            News::Hello { node }
            | News::Changed { node, .. }
            | News::Closed { node, .. }
            | News::Chat { node, .. }
            | News::Owner { node, .. }
            | News::Lost { node, .. }
            | News::HandedOver { node, .. }
            | News::Online { node, .. }
            | News::Banned { node, .. }
            | News::SessionsEnded { node, .. } => node,
        }
    }
}

/// What the owner sends to a connection on another node.
pub enum Outgoing {
    Frame(String),
    Close(CloseReason),
}

impl Outgoing {
    pub fn encode(&self) -> String {
        match self {
            Outgoing::Frame(f) => f.clone(),
            Outgoing::Close(r) => format!("close {}", r.code()),
        }
    }

    pub fn decode(payload: &[u8]) -> Option<Outgoing> {
        let text = std::str::from_utf8(payload).ok()?;
        match text.strip_prefix("close ") {
            Some(code) => Some(Outgoing::Close(CloseReason::from_code(code.parse().ok()?)?)),
            None => Some(Outgoing::Frame(text.to_owned())),
        }
    }
}

/// A connection of another node as the tables of this node hold it: its frames go out over
/// NATS to its node.
struct Remote {
    conn: Conn,
    tables: HashSet<TableId>,
}

/// The connections of other nodes that are at tables of this node.
pub struct RemoteConns {
    client: async_nats::Client,
    subjects: Subjects,
    /// Connection numbers on this node (shared with its own connections).
    next_conn: Arc<AtomicU64>,
    conns: Mutex<HashMap<(String, u64), Remote>>,
}

/// Frames queued for one remote connection before it counts as a slow reader.
const REMOTE_QUEUE_FRAMES: usize = 4096;
const REMOTE_QUEUE_BYTES: usize = 8 * 1024 * 1024;

impl RemoteConns {
    pub fn new(
        client: async_nats::Client,
        subjects: Subjects,
        next_conn: Arc<AtomicU64>,
    ) -> RemoteConns {
        RemoteConns {
            client,
            subjects,
            next_conn,
            conns: Mutex::new(HashMap::new()),
        }
    }

    fn conns(&self) -> std::sync::MutexGuard<'_, HashMap<(String, u64), Remote>> {
        self.conns.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The local stand-in of `r` at `table` (made on first use).
    pub fn conn(&self, r: &ConnRef, table: TableId) -> Conn {
        let mut conns = self.conns();
        let key = (r.node.clone(), r.id);
        if let Some(e) = conns.get_mut(&key) {
            e.tables.insert(table);
            return e.conn.clone();
        }
        let (outbox, mut rx) = Outbox::new(REMOTE_QUEUE_FRAMES, REMOTE_QUEUE_BYTES);
        let id = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let conn = Conn::new(id, r.player.clone(), r.name.clone(), r.lang, outbox.clone());
        let subject = self.subjects.conn(&r.node, r.id);
        let client = self.client.clone();
        tokio::spawn(async move {
            let mut closing = outbox.watch();
            loop {
                tokio::select! {
                    f = rx.recv() => match f {
                        Some(f) => {
                            outbox.taken(f.len());
                            let out = Outgoing::Frame(f.as_str().to_owned());
                            let _ = client.publish(subject.clone(), out.encode().into()).await;
                        }
                        None => break,
                    },
                    changed = closing.changed() => {
                        let reason = *closing.borrow();
                        if changed.is_err() { break; }
                        if let Some(reason) = reason {
                            let _ = client
                                .publish(subject.clone(), Outgoing::Close(reason).encode().into())
                                .await;
                            break;
                        }
                    }
                }
            }
        });
        conns.insert(
            key,
            Remote {
                conn: conn.clone(),
                tables: HashSet::from([table]),
            },
        );
        conn
    }

    /// The connection `node`/`id` closed at `table`: its local number, if it was there.
    pub fn detach(&self, node: &str, id: u64, table: TableId) -> Option<u64> {
        let mut conns = self.conns();
        let key = (node.to_owned(), id);
        let e = conns.get_mut(&key)?;
        let local = e.conn.id;
        e.tables.remove(&table);
        if e.tables.is_empty() {
            conns.remove(&key);
        }
        Some(local)
    }

    /// Turns a command from another node into this node's command.
    pub fn command(&self, table: TableId, cmd: WireCmd) -> Option<TableCmd> {
        Some(match cmd {
            WireCmd::Attach {
                conn,
                role,
                req,
                invite,
            } => TableCmd::Attach {
                conn: self.conn(&conn, table),
                role,
                req,
                invite,
            },
            WireCmd::Detach {
                node,
                player,
                conn_id,
            } => TableCmd::Detach {
                player,
                conn_id: self.detach(&node, conn_id, table)?,
            },
            WireCmd::Leave { conn, req } => TableCmd::Leave {
                conn: self.conn(&conn, table),
                req,
            },
            WireCmd::Chat { conn, text, req } => TableCmd::Chat {
                conn: self.conn(&conn, table),
                text,
                req,
            },
            WireCmd::Command { conn, command, req } => TableCmd::Command {
                conn: self.conn(&conn, table),
                command,
                req,
            },
            WireCmd::Act {
                conn,
                version,
                action,
                req,
            } => TableCmd::Act {
                conn: self.conn(&conn, table),
                version,
                action,
                req,
            },
            WireCmd::Resync { conn, req } => TableCmd::Resync {
                conn: self.conn(&conn, table),
                req,
            },
            // Answered by the inbox itself.
            WireCmd::Record | WireCmd::Moderate { .. } => return None,
        })
    }
}
