//! Hostile clients beside a load test (`nimmt loadtest --hostile N`): N clients of each kind
//! below break one of the room's limits over and over while the other clients play, and what
//! the server did to each attempt is counted. Each kind comes from its own loopback address, so
//! the per-address limits apply to it alone (the players use `--spread-addrs`).

use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, ServerMsg};
use nimmt_server::client::Client;
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One way to misbehave, each against one limit of `docs/protocol.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// 1,000 messages back to back (the message budget).
    Flood,
    /// Asks for the whole table list again and again, within the message budget, and never
    /// reads (the outgoing queue's cap in bytes; with few tables the lists are short and the
    /// kernel's buffers take them all: then it is not closed, and need not be).
    NoRead,
    /// One frame of 2 MB (the frame cap).
    Huge,
    /// A new identity per connection (new identities per address and minute).
    Identities,
    /// Opens connections and keeps them open (connections per address; one such client).
    Connections,
    /// Opens table after table (open tables per identity).
    Tables,
}

const KINDS: [Kind; 6] = [
    Kind::Flood,
    Kind::NoRead,
    Kind::Huge,
    Kind::Identities,
    Kind::Connections,
    Kind::Tables,
];

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Flood => "flood: 1,000 messages back to back",
            Kind::NoRead => "no-read: asks for the table list, never reads",
            Kind::Huge => "huge: one 2 MB frame",
            Kind::Identities => "identities: a new identity per connection",
            Kind::Connections => "connections: opens and keeps them",
            Kind::Tables => "tables: opens table after table",
        }
    }

    /// The kind's own address: 127.2.K.1.
    fn addr(self) -> IpAddr {
        let k = KINDS.iter().position(|&x| x == self).unwrap_or(0) as u8;
        IpAddr::V4(Ipv4Addr::new(127, 2, k, 1))
    }
}

/// What the server did to each kind's attempts.
#[derive(Default)]
pub struct Outcomes(Mutex<BTreeMap<Kind, BTreeMap<String, u64>>>);

impl Outcomes {
    fn count(&self, kind: Kind, what: impl Into<String>) {
        *self
            .0
            .lock()
            .unwrap()
            .entry(kind)
            .or_default()
            .entry(what.into())
            .or_default() += 1;
    }

    /// One line per kind.
    pub fn print(&self, per_kind: usize) {
        println!(
            "hostile clients, {per_kind} of each kind (1 for connections), each kind from its own \
             address; what the server did to their attempts:"
        );
        let all = self.0.lock().unwrap();
        for kind in KINDS {
            let counts = all.get(&kind).cloned().unwrap_or_default();
            let text: Vec<String> = counts.iter().map(|(k, n)| format!("{k} {n}")).collect();
            println!("  {}: {}", kind.name(), text.join(", "));
        }
    }
}

/// Starts `per_kind` clients of every kind against `url`; they stop with `stop`.
pub fn start(
    url: &str,
    per_kind: usize,
    game: GameKind,
    stop: Arc<AtomicBool>,
) -> (Arc<Outcomes>, Vec<tokio::task::JoinHandle<()>>) {
    let outcomes = Arc::new(Outcomes::default());
    let mut tasks = Vec::new();
    for kind in KINDS {
        // The connections of one address are capped together: one client shows it.
        let n = if kind == Kind::Connections {
            1
        } else {
            per_kind
        };
        for i in 0..n {
            let (url, stop, outcomes) = (url.to_owned(), stop.clone(), outcomes.clone());
            tasks.push(tokio::spawn(async move {
                let name = format!("hostile{i}");
                let mut token = None;
                while !stop.load(Ordering::Relaxed) {
                    let what = match attempt(kind, &url, &name, &mut token, game, &stop).await {
                        Ok(Some(what)) => what,
                        // Cut short by the end of the run: it says nothing about the limits.
                        Ok(None) => break,
                        Err(e) => short(&e.to_string()),
                    };
                    outcomes.count(kind, what);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }));
        }
    }
    (outcomes, tasks)
}

fn short(e: &str) -> String {
    if e.contains("429") {
        "refused with HTTP 429".into()
    } else {
        format!("failed ({})", e.chars().take(60).collect::<String>())
    }
}

/// How a connection ended, as the report says it.
fn ended(c: &Client) -> String {
    match &c.closed {
        Some((code, _)) => format!("closed {code}"),
        None => "dropped without a close frame".into(),
    }
}

/// Reads until the server closes (or `secs` pass); counts the `rate_limited` answers.
async fn read_to_close(c: &mut Client, secs: u64) -> (bool, u64) {
    let mut limited = 0;
    let closed = tokio::time::timeout(Duration::from_secs(secs), async {
        while let Ok(Some(t)) = c.recv_raw().await {
            if t.contains("\"rate_limited\"") {
                limited += 1;
            }
        }
    })
    .await
    .is_ok();
    (closed, limited)
}

/// Reads until the server closes (10 s at most) and says how it ended.
async fn closed_how(c: &mut Client) -> String {
    match read_to_close(c, 10).await {
        (true, _) => ended(c),
        (false, _) => "not closed".into(),
    }
}

/// Connects from the kind's address and says hello (again with the token it got, so that
/// only `identities` makes new identities).
async fn hello(
    kind: Kind,
    url: &str,
    name: &str,
    token: &mut Option<String>,
) -> anyhow::Result<Client> {
    let mut c = Client::connect_from(url, kind.addr()).await?;
    let me = c.hello(name, token.as_deref(), Lang::En).await?;
    *token = Some(me.token);
    Ok(c)
}

/// How one attempt of the kind ended, as the report counts it; `None` when the run's end cut it
/// short before any limit could answer.
async fn attempt(
    kind: Kind,
    url: &str,
    name: &str,
    token: &mut Option<String>,
    game: GameKind,
    stop: &AtomicBool,
) -> anyhow::Result<Option<String>> {
    let stopped = || stop.load(Ordering::Relaxed);
    Ok(Some(match kind {
        Kind::Flood => {
            let mut c = hello(kind, url, name, token).await?;
            for _ in 0..1000 {
                if c.send(ClientMsg::Ping {}).await.is_err() {
                    break;
                }
            }
            let (closed, limited) = read_to_close(&mut c, 10).await;
            match (closed, limited > 0) {
                (true, true) => format!("answered rate_limited, then {}", ended(&c)),
                (true, false) => ended(&c),
                (false, _) => "not closed".into(),
            }
        }
        Kind::NoRead => {
            let mut c = hello(kind, url, name, token).await?;
            // Within the message budget (20 a second), so that only the queue's cap can stop
            // it; for at most 15 s.
            for _ in 0..225 {
                let list = ClientMsg::ListTables { subscribe: false };
                if stopped() {
                    return Ok(None);
                }
                if c.send(list).await.is_err() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(66)).await;
            }
            // Only now does it read: what the server queued before it closed, then the close.
            closed_how(&mut c).await
        }
        Kind::Huge => {
            let mut c = hello(kind, url, name, token).await?;
            let text = format!(r#"{{"type":"chat","text":"{}"}}"#, "x".repeat(2 << 20));
            let _ = c.send_raw(text).await;
            closed_how(&mut c).await
        }
        Kind::Identities => {
            let mut c = Client::connect_from(url, kind.addr()).await?;
            match c.hello(name, None, Lang::En).await {
                Ok(_) => "new identity".into(),
                Err(e) if e.to_string().contains("RateLimited") => "refused rate_limited".into(),
                Err(e) => short(&e.to_string()),
            }
        }
        Kind::Connections => {
            // Opens connections until one is refused, keeps them a second, then lets go.
            let mut open = Vec::new();
            let what = loop {
                if stopped() {
                    return Ok(None);
                }
                if open.len() >= 1000 {
                    break "never refused".to_owned();
                }
                match Client::connect_from(url, kind.addr()).await {
                    Ok(c) => open.push(c),
                    Err(e) => break short(&e.to_string()),
                }
            };
            tokio::time::sleep(Duration::from_secs(1)).await;
            format!("{what} after {} open", open.len())
        }
        Kind::Tables => {
            let mut c = hello(kind, url, name, token).await?;
            let mut opened = 0;
            let what = loop {
                if stopped() {
                    return Ok(None);
                }
                if opened >= 1000 {
                    break "never refused".to_owned();
                }
                c.send(ClientMsg::CreateTable {
                    game,
                    options: OptionMap::default(),
                    seats: None,
                })
                .await?;
                let m = c
                    .recv_until(10, |m| {
                        matches!(m, ServerMsg::State { .. } | ServerMsg::Error { .. })
                    })
                    .await?;
                match m {
                    ServerMsg::State { .. } => opened += 1,
                    ServerMsg::Error {
                        code: ErrorCode::RateLimited,
                        ..
                    } => break "refused rate_limited".to_owned(),
                    ServerMsg::Error { code, .. } => break format!("refused {code:?}"),
                    _ => {}
                }
            };
            format!("{what} with {opened} of its tables open")
        }
    }))
}
