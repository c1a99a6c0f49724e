//! One table as a node reaches it: a small task in front of the table that sends each command
//! to the table's actor when this node runs it, or over NATS to the node that does. The handles
//! the lobby and the connections hold stay the same when the table changes hands.

use super::bus::{Subjects, WireCmd};
use crate::conn::{Conn, Refusal};
use crate::handles::{TableCmd, TableHandle};
use crate::moderation::acts::Outcome;
use crate::records::RecordSource;
use nimmt_protocol::{ErrorCode, Role, TableId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// How long a command waits for the owner to take it.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(3);

/// Who runs the table, as its router hears it.
pub enum Control {
    /// This node runs it now: its connections at the table attach to the actor. `creator`: who
    /// opened it here (seated by the opening itself).
    Local {
        actor: TableHandle,
        creator: Option<Conn>,
    },
    /// This node no longer holds its lease: its connections at the table are told.
    Lost,
    /// The node that ran the table lost its lease: this node's connections at it are told
    /// (another node takes it over soon).
    OwnerLost,
    /// Another node runs it now: the connections attach there.
    Moved,
    /// The table has closed.
    Gone,
}

/// The connections of this node, by number, for the frames other nodes send them.
pub type LocalConns = Arc<Mutex<HashMap<u64, Conn>>>;

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a router needs of its node.
#[derive(Clone)]
pub struct Reach {
    pub node: String,
    pub client: async_nats::Client,
    pub subjects: Subjects,
    pub conns: LocalConns,
}

enum Route {
    Local(TableHandle),
    Remote,
}

struct Router {
    id: TableId,
    reach: Reach,
    route: Route,
    /// This node's connections at the table, and how they joined.
    members: HashMap<u64, (Conn, Role)>,
    /// Since when the table is moving (its owner lost it) and no new owner has been heard of:
    /// a request of a member meanwhile is answered `not_owner`, not sent to a node where the
    /// member is not attached yet.
    moving_since: Option<std::time::Instant>,
}

/// Starts the router of table `id`: its handle, and how to tell it who runs the table.
pub fn spawn(id: TableId, reach: Reach) -> (TableHandle, mpsc::UnboundedSender<Control>) {
    let (handle, cmds) = TableHandle::channel(id);
    let (ctl, ctl_rx) = mpsc::unbounded_channel();
    let router = Router {
        id,
        reach,
        route: Route::Remote,
        members: HashMap::new(),
        moving_since: None,
    };
    tokio::spawn(router.run(cmds, ctl_rx));
    (handle, ctl)
}

/// The connection that asked, and its request number.
fn asker(cmd: &TableCmd) -> Option<(&Conn, Option<u64>)> {
    match cmd {
        TableCmd::Attach { conn, req, .. }
        | TableCmd::Leave { conn, req }
        | TableCmd::Chat { conn, req, .. }
        | TableCmd::Command { conn, req, .. }
        | TableCmd::Act { conn, req, .. }
        | TableCmd::Resync { conn, req } => Some((conn, *req)),
        TableCmd::Detach { .. }
        | TableCmd::Record { .. }
        | TableCmd::Moderate { .. }
        | TableCmd::Wake => None,
    }
}

impl Router {
    async fn run(
        mut self,
        mut cmds: mpsc::Receiver<TableCmd>,
        mut ctl: mpsc::UnboundedReceiver<Control>,
    ) {
        loop {
            tokio::select! {
                cmd = cmds.recv() => match cmd {
                    Some(cmd) => self.command(cmd).await,
                    None => break,
                },
                c = ctl.recv() => match c {
                    Some(Control::Local { actor, creator }) => {
                        self.moving_since = None;
                        self.route = Route::Local(actor);
                        self.reattach().await;
                        if let Some(c) = creator {
                            self.members.insert(c.id, (c, Role::Player));
                        }
                    }
                    Some(Control::Lost) => {
                        let was_local = matches!(self.route, Route::Local(_));
                        self.route = Route::Remote;
                        if was_local {
                            self.moving_since = Some(std::time::Instant::now());
                            self.tell_moving();
                        }
                    }
                    Some(Control::OwnerLost) => {
                        if matches!(self.route, Route::Remote) {
                            self.moving_since = Some(std::time::Instant::now());
                            self.tell_moving();
                        }
                    }
                    Some(Control::Moved) => {
                        self.moving_since = None;
                        self.route = Route::Remote;
                        self.reattach().await;
                    }
                    Some(Control::Gone) | None => break,
                },
            }
        }
    }

    /// Tells this node's connections at the table that it is moving to another node (an
    /// error `not_owner` of no request).
    fn tell_moving(&self) {
        let r = Refusal::new(ErrorCode::NotOwner)
            .keyed("table_moving")
            .with("table", self.id);
        for (c, _) in self.members.values() {
            c.refuse(None, Some(self.id), &r);
        }
    }

    /// Attaches this node's connections at the table again (to its new owner): each gets a
    /// full state.
    async fn reattach(&mut self) {
        let members: Vec<(Conn, Role)> = self.members.values().cloned().collect();
        for (conn, role) in members {
            self.send(TableCmd::Attach {
                conn,
                role,
                req: None,
                invite: None,
            })
            .await;
        }
    }

    fn note(&mut self, cmd: &TableCmd) {
        match cmd {
            TableCmd::Attach { conn, role, .. } => {
                self.members.insert(conn.id, (conn.clone(), *role));
            }
            TableCmd::Leave { conn, .. } => {
                self.members.remove(&conn.id);
            }
            TableCmd::Detach { conn_id, .. } => {
                self.members.remove(conn_id);
                lock(&self.reach.conns).remove(conn_id);
                return;
            }
            _ => {}
        }
        if let Some((conn, _)) = asker(cmd) {
            lock(&self.reach.conns)
                .entry(conn.id)
                .or_insert_with(|| conn.clone());
        }
    }

    async fn command(&mut self, cmd: TableCmd) {
        self.note(&cmd);
        self.send(cmd).await;
    }

    async fn send(&mut self, cmd: TableCmd) {
        let asked = asker(&cmd).map(|(c, req)| (c.clone(), req));
        let refuse = |code: ErrorCode| {
            if let Some((conn, req)) = &asked {
                conn.refuse(
                    *req,
                    Some(self.id),
                    &Refusal::new(code).with("table", self.id),
                );
            }
        };
        match &self.route {
            Route::Local(h) => {
                if !h.send(cmd).await {
                    refuse(ErrorCode::NoSuchTable);
                }
            }
            // Moving, and no new owner yet (for at most a request's wait): nothing changed,
            // try again there.
            Route::Remote
                if self
                    .moving_since
                    .is_some_and(|t| t.elapsed() < REQUEST_TIMEOUT)
                    && !matches!(
                        cmd,
                        TableCmd::Attach { .. } | TableCmd::Detach { .. } | TableCmd::Record { .. }
                    ) =>
            {
                refuse(ErrorCode::NotOwner);
            }
            Route::Remote => {
                if let TableCmd::Record { reply } = cmd {
                    // Asked over HTTP: the owner answers with the record, or nobody does.
                    let subject = self.reach.subjects.table(self.id);
                    let payload = serde_json::to_vec(&WireCmd::Record).expect("commands serialize");
                    let answer = tokio::time::timeout(
                        REQUEST_TIMEOUT,
                        self.reach.client.request(subject, payload.into()),
                    )
                    .await;
                    if let Ok(Ok(m)) = answer {
                        if let Ok(r) = serde_json::from_slice::<RecordSource>(&m.payload) {
                            let _ = reply.send(r);
                        }
                    }
                    return;
                }
                if let TableCmd::Moderate { act, reply } = cmd {
                    // Asked over HTTP by an operator: the owner answers with the outcome.
                    let subject = self.reach.subjects.table(self.id);
                    let payload =
                        serde_json::to_vec(&WireCmd::Moderate { act }).expect("commands serialize");
                    let answer = tokio::time::timeout(
                        REQUEST_TIMEOUT,
                        self.reach.client.request(subject, payload.into()),
                    )
                    .await;
                    if let Ok(Ok(m)) = answer {
                        if let Ok(o) = serde_json::from_slice::<Outcome>(&m.payload) {
                            let _ = reply.send(o);
                        }
                    }
                    return;
                }
                let Some(wire) = WireCmd::of(&self.reach.node, cmd) else {
                    return;
                };
                let payload = serde_json::to_vec(&wire).expect("commands serialize");
                let subject = self.reach.subjects.table(self.id);
                let answer = tokio::time::timeout(
                    REQUEST_TIMEOUT,
                    self.reach.client.request(subject, payload.into()),
                )
                .await;
                match answer {
                    Ok(Ok(m)) if m.payload.as_ref() == b"ok" => {}
                    Ok(Ok(_)) => refuse(ErrorCode::NoSuchTable),
                    _ => refuse(ErrorCode::NotOwner),
                }
            }
        }
    }
}
