//! One client of the load test: it plays real games on a real connection, and what it sees
//! goes into the shared [`Stats`].

use super::stats::Stats;
use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, Role, ServerMsg};
use nimmt_server::client::Client;
use rand::Rng;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{watch, Semaphore};

/// The parts of a server message the load test reads.
#[derive(serde::Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    version: Option<u64>,
    ack: Option<u64>,
    id: Option<u64>,
    code: Option<ErrorCode>,
    /// Only whether a view came (the game has started); the moves come from `legal`.
    view: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    /// Kept as text: only the one picked is read.
    legal: Vec<Box<serde_json::value::RawValue>>,
    table: Option<serde_json::Value>,
}

/// One playing client: connects, creates or joins its table, plays random legal moves after a
/// thinking time, and measures the latency of each acknowledged move.
pub struct ClientTask {
    /// The local address to connect from (`--spread-addrs`).
    pub(super) from: Option<std::net::IpAddr>,
    pub(super) url: String,
    /// Every node's URL: a reconnection goes round them, starting after the one that closed.
    pub(super) urls: Vec<String>,
    pub(super) name: String,
    pub(super) host: bool,
    pub(super) per_table: usize,
    pub(super) game: GameKind,
    pub(super) options: OptionMap,
    pub(super) think: Duration,
    pub(super) stats: Arc<Stats>,
    pub(super) stop: Arc<AtomicBool>,
    pub(super) go: watch::Receiver<bool>,
    pub(super) table_tx: Option<watch::Sender<u64>>,
    pub(super) table_rx: watch::Receiver<u64>,
    pub(super) gate: Arc<Semaphore>,
    pub(super) started_tables: Arc<AtomicU64>,
    pub(super) seated: Arc<AtomicU64>,
    pub(super) survive: bool,
    /// The identity's token, from the first welcome.
    pub(super) token: Option<String>,
}

/// Where a client is: its table, the version it last read, the version of its last move the
/// server acknowledged.
#[derive(Clone, Copy, Default)]
struct Seat {
    table: u64,
    version: u64,
    acked_version: u64,
}

impl ClientTask {
    /// Plays until the test stops (or the client gives up), reconnecting with
    /// `--survive-restarts`.
    pub async fn run(mut self) {
        let client = {
            let _permit = self.gate.acquire().await;
            let mut tries = 0;
            loop {
                let connected = match self.from {
                    Some(ip) => Client::connect_from(&self.url, ip).await,
                    None => Client::connect(&self.url).await,
                };
                if let Ok(mut c) = connected {
                    match c.hello(&self.name, None, Lang::En).await {
                        Ok(me) => {
                            self.token = Some(me.token);
                            break c;
                        }
                        Err(e) => self.stats.error(format!("hello: {e}")),
                    }
                }
                tries += 1;
                self.stats.connect_failures.fetch_add(1, Ordering::Relaxed);
                if tries > 5 {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(200 * tries)).await;
            }
        };
        let mut client = client;
        let mut seat = Seat::default();
        loop {
            let e = match self.play(client, &mut seat).await {
                Ok(()) => return,
                Err(e) => e,
            };
            if self.stop.load(Ordering::Relaxed) {
                return;
            }
            self.stats.disconnects.fetch_add(1, Ordering::Relaxed);
            if !self.survive || seat.table == 0 {
                self.stats.error(format!("client: {e}"));
                return;
            }
            let down = Instant::now();
            match self.reconnect(&mut seat).await {
                Some(c) => {
                    self.stats.reconnects.fetch_add(1, Ordering::Relaxed);
                    let ms = down.elapsed().as_millis() as u32;
                    self.stats.pauses.lock().unwrap().push(ms);
                    client = c;
                }
                None => {
                    self.stats.error("no reconnection within a minute");
                    return;
                }
            }
        }
    }

    /// Connects again with the token and reads the table's `state`; counts a lost
    /// acknowledged move if that state is older than the client's last acknowledged move.
    async fn reconnect(&mut self, seat: &mut Seat) -> Option<Client> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut next = self.urls.iter().position(|u| *u == self.url).unwrap_or(0);
        while Instant::now() < deadline && !self.stop.load(Ordering::Relaxed) {
            tokio::time::sleep(Duration::from_millis(100)).await;
            next = (next + 1) % self.urls.len();
            let url = self.urls[next].clone();
            let connected = match self.from {
                Some(ip) => Client::connect_from(&url, ip).await,
                None => Client::connect(&url).await,
            };
            let Ok(mut c) = connected else { continue };
            let token = self.token.clone();
            if c.hello(&self.name, token.as_deref(), Lang::En)
                .await
                .is_err()
            {
                continue;
            }
            let table = seat.table;
            let Ok(m) = c
                .recv_until(
                    30,
                    |m| matches!(m, ServerMsg::State { table: t, .. } if t.id == table),
                )
                .await
            else {
                continue;
            };
            if let ServerMsg::State { version, .. } = m {
                if version < seat.acked_version {
                    self.stats.acked_lost.fetch_add(1, Ordering::Relaxed);
                }
                seat.version = version;
            }
            self.url = url;
            return Some(c);
        }
        None
    }

    async fn play(&mut self, mut c: Client, seat: &mut Seat) -> anyhow::Result<()> {
        // The version of the table's last `state` this client read while joining.
        let mut joined_version = seat.version;
        let resumed = seat.table != 0;
        let table = if resumed {
            // Back after a reconnection: the table's state was read already; its legal moves
            // come with the next update (or a resync).
            c.send(ClientMsg::Resync { table: seat.table }).await?;
            seat.table
        } else if self.host {
            c.send(ClientMsg::CreateTable {
                game: self.game,
                options: self.options.clone(),
                seats: Some(self.per_table),
            })
            .await?;
            let m = c
                .recv_until(30, |m| {
                    matches!(m, ServerMsg::State { .. } | ServerMsg::Error { .. })
                })
                .await?;
            let ServerMsg::State { table, .. } = m else {
                anyhow::bail!("table refused: {m:?}");
            };
            if let Some(tx) = &self.table_tx {
                let _ = tx.send(table.id);
            }
            table.id
        } else {
            let id = *self.table_rx.wait_for(|id| *id != 0).await?;
            // On another node of a cluster the table shows up a moment later: a join that
            // finds no such table yet is tried again (asking for the whole table list instead
            // would cost the server a list of every table per player).
            let mut tries = 0;
            loop {
                let req = c
                    .send(ClientMsg::Join {
                        table: id,
                        role: Role::Player,
                        invite: None,
                    })
                    .await?;
                let m = c
                    .recv_until(30, |m| match m {
                        ServerMsg::State { table, .. } => table.id == id,
                        ServerMsg::Error { id: Some(r), .. } => *r == req,
                        _ => false,
                    })
                    .await?;
                match m {
                    ServerMsg::Error {
                        code: ErrorCode::NoSuchTable,
                        ..
                    } if tries < 100 => {
                        tries += 1;
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                    ServerMsg::Error { code, .. } => anyhow::bail!("join refused: {code:?}"),
                    ServerMsg::State { version, .. } => {
                        joined_version = version;
                        break;
                    }
                    _ => break,
                }
            }
            id
        };
        if !resumed {
            self.seated.fetch_add(1, Ordering::Relaxed);
        }
        seat.table = table;
        let mut version = joined_version;
        let mut playing = resumed;
        let mut legal: Vec<Box<serde_json::value::RawValue>> = Vec::new();
        let mut due: Option<Instant> = None;
        let mut pending: Option<(u64, Instant)> = None;
        let mut started = resumed;
        let mut rng = small_rng();
        loop {
            let sleep_until = due.map(tokio::time::Instant::from_std);
            let text = tokio::select! {
                t = c.recv_raw() => match t? {
                    Some(t) => t,
                    None => match &c.closed {
                        Some((code, reason)) => anyhow::bail!("closed by the server ({code} {reason})"),
                        None => anyhow::bail!("closed by the server"),
                    },
                },
                _ = async { tokio::time::sleep_until(sleep_until.unwrap()).await }, if sleep_until.is_some() => {
                    due = None;
                    if self.stop.load(Ordering::Relaxed) || pending.is_some() {
                        continue;
                    }
                    if !legal.is_empty() {
                        let picked = &legal[rng.random_range(0..legal.len())];
                        let action: serde_json::Value = serde_json::from_str(picked.get())?;
                        let id = c.send(ClientMsg::Act { table, version, action }).await?;
                        pending = Some((id, Instant::now()));
                    }
                    continue;
                }
            };
            // Only what the client needs: versions, acks and the legal actions.
            let msg: Incoming = serde_json::from_str(&text)?;
            let new_view = match msg.kind.as_str() {
                "state" => {
                    let v = msg.version.unwrap_or(version);
                    version = v;
                    seat.version = v;
                    let seats = msg
                        .table
                        .as_ref()
                        .and_then(|t| t.get("seats"))
                        .and_then(|s| s.as_array())
                        .map_or(0, Vec::len);
                    if self.host && !started && seats == self.per_table && msg.view.is_none() {
                        started = true;
                        c.send(ClientMsg::Chat {
                            table: Some(table),
                            text: "/start".into(),
                        })
                        .await?;
                    }
                    if msg.view.is_some() && !playing && self.host {
                        self.started_tables.fetch_add(1, Ordering::Relaxed);
                    }
                    msg.view.is_some().then_some(msg.legal)
                }
                "update" => {
                    let v = msg.version.unwrap_or(0);
                    self.stats.updates.fetch_add(1, Ordering::Relaxed);
                    if v != version + 1 {
                        self.stats.gaps.fetch_add(1, Ordering::Relaxed);
                        c.send(ClientMsg::Resync { table }).await?;
                    }
                    version = v;
                    seat.version = v;
                    if let (Some(a), Some((id, at))) = (msg.ack, pending) {
                        if a == id {
                            pending = None;
                            seat.acked_version = v;
                            if *self.go.borrow() {
                                self.stats.acked.fetch_add(1, Ordering::Relaxed);
                                self.stats
                                    .latencies
                                    .lock()
                                    .unwrap()
                                    .push(at.elapsed().as_micros() as u32);
                            }
                        }
                    }
                    msg.view.is_some().then_some(msg.legal)
                }
                "error" => {
                    let code = msg.code.unwrap_or(ErrorCode::Malformed);
                    if !self.stop.load(Ordering::Relaxed) {
                        self.stats.error(format!("{code:?}"));
                    }
                    if pending.is_some_and(|(p, _)| Some(p) == msg.id) {
                        pending = None;
                    }
                    if code == ErrorCode::Stale {
                        c.send(ClientMsg::Resync { table }).await?;
                    }
                    None
                }
                _ => None,
            };
            if let Some(now_legal) = new_view {
                playing = true;
                legal = now_legal;
                if !legal.is_empty() && pending.is_none() && due.is_none() {
                    let f = rng.random_range(0.5..1.5);
                    due = Some(Instant::now() + self.think.mul_f64(f));
                }
            }
        }
    }
}

/// A fast generator for thinking times and random moves, different for every client.
fn small_rng() -> rand::rngs::SmallRng {
    use rand::SeedableRng;
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(7);
    rand::rngs::SmallRng::seed_from_u64(nanos ^ N.fetch_add(0x9E37_79B9, Ordering::Relaxed))
}
