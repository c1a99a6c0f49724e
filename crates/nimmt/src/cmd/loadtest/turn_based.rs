//! `nimmt loadtest --turn-based`: a room of many turn-based tables, most of them asleep (out of
//! memory), and players who come back to move. Setup: players of `--per-player` tables each
//! open classic tables for two with a day per move, seat a bot and start; then everyone leaves
//! and the test waits until the room's tables have left memory (`/metrics`). Measured: the
//! server's memory then, and for `--seconds` at `--rate` moves a second, a player coming back
//! (hello with their token: the room loads their tables) and making the move one table waits
//! for: the time from hello to that table's `state` (loaded from the store), and from the move
//! to its acknowledgement.

use super::process::rss_kib;
use nimmt_protocol::{ClientMsg, Command, Lang, ServerMsg};
use nimmt_server::client::Client;
use rand::Rng;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// What the turn-based test is asked.
pub struct Plan {
    pub url: String,
    pub tables: usize,
    pub per_player: usize,
    pub rate: f64,
    pub seconds: u64,
    pub parallel: usize,
    pub server_pid: Option<u32>,
}

/// A player of the test: their token and tables.
struct Player {
    name: String,
    token: String,
    busy: AtomicBool,
}

/// What the movers measured, in microseconds.
#[derive(Default)]
struct Measured {
    load: Mutex<Vec<u32>>,
    moved: Mutex<Vec<u32>>,
    failures: AtomicU64,
}

pub async fn run(plan: Plan) -> anyhow::Result<()> {
    let players_n = plan.tables.div_ceil(plan.per_player);
    let gate = Arc::new(Semaphore::new(plan.parallel));
    let t0 = Instant::now();
    let opened = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for p in 0..players_n {
        let n = plan.per_player.min(plan.tables - p * plan.per_player);
        let (url, gate, opened) = (plan.url.clone(), gate.clone(), opened.clone());
        tasks.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.ok()?;
            open_tables(&url, &format!("tb{p}"), n, &opened).await.ok()
        }));
    }
    let mut players = Vec::new();
    for t in tasks {
        if let Ok(Some(p)) = t.await {
            players.push(p);
        }
    }
    println!(
        "{} players opened {} of {} turn-based tables (classic for two, a bot, 1d a move) in {:.1} s",
        players.len(),
        opened.load(Ordering::Relaxed),
        plan.tables,
        t0.elapsed().as_secs_f64()
    );
    let asleep = Instant::now();
    let metrics = plan
        .url
        .replacen("ws://", "http://", 1)
        .replace("/ws", "/metrics");
    let mut in_memory = in_memory_now(&metrics).await;
    while in_memory.is_some_and(|n| n > plan.tables as i64 / 100)
        && asleep.elapsed() < Duration::from_secs(600)
    {
        tokio::time::sleep(Duration::from_millis(500)).await;
        in_memory = in_memory_now(&metrics).await;
    }
    let rss = plan.server_pid.and_then(rss_kib);
    println!(
        "tables in memory after {:.1} s without players: {}; server RSS: {}",
        asleep.elapsed().as_secs_f64(),
        in_memory.map_or("unknown".into(), |n| n.to_string()),
        rss.map_or("unknown".into(), |k| format!(
            "{:.0} MiB",
            k as f64 / 1024.0
        ))
    );
    let players: Arc<Vec<Player>> = Arc::new(players);
    let measured = Arc::new(Measured::default());
    let start = Instant::now();
    let every = Duration::from_secs_f64(1.0 / plan.rate);
    let mut next = start;
    let mut movers = Vec::new();
    while start.elapsed() < Duration::from_secs(plan.seconds) {
        next += every;
        tokio::time::sleep_until(next.into()).await;
        let pick = rand::rng().random_range(0..players.len());
        if players[pick].busy.swap(true, Ordering::AcqRel) {
            continue;
        }
        let (players, measured, url) = (players.clone(), measured.clone(), plan.url.clone());
        movers.push(tokio::spawn(async move {
            if come_back_and_move(&url, &players[pick], &measured)
                .await
                .is_err()
            {
                measured.failures.fetch_add(1, Ordering::Relaxed);
            }
            players[pick].busy.store(false, Ordering::Release);
        }));
    }
    for m in movers {
        let _ = m.await;
    }
    let took = start.elapsed().as_secs_f64();
    let rss_after = plan.server_pid.and_then(rss_kib);
    let report = |what: &str, v: &Mutex<Vec<u32>>| {
        let mut v = v.lock().unwrap().clone();
        v.sort_unstable();
        let pct = |p: f64| {
            let i = ((v.len() as f64 * p).ceil() as usize).clamp(1, v.len().max(1)) - 1;
            v.get(i).map_or(0.0, |us| f64::from(*us) / 1000.0)
        };
        println!(
            "{what}: {} in {took:.1} s ({:.0}/s); p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            v.len(),
            v.len() as f64 / took,
            pct(0.5),
            pct(0.9),
            pct(0.99),
            pct(1.0)
        );
    };
    report(
        "hello to the waiting table's state (loaded from the store)",
        &measured.load,
    );
    report("move to its acknowledgement", &measured.moved);
    println!(
        "failed comebacks: {}; server RSS after: {}",
        measured.failures.load(Ordering::Relaxed),
        rss_after.map_or("unknown".into(), |k| format!(
            "{:.0} MiB",
            k as f64 / 1024.0
        ))
    );
    Ok(())
}

/// The room's `nimmt_tables_in_memory`, if `/metrics` answers.
async fn in_memory_now(url: &str) -> Option<i64> {
    let body = http_get(url).await?;
    body.lines()
        .filter(|l| l.starts_with("nimmt_tables_in_memory{"))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<i64>().ok())
        .reduce(|a, b| a + b)
}

/// A plain HTTP GET over loopback (the load test's only HTTP request).
async fn http_get(url: &str) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.strip_prefix("http://")?;
    let (host, path) = rest.split_once('/').map_or((rest, "/"), |(h, p)| (h, p));
    let mut s = tokio::net::TcpStream::connect(host).await.ok()?;
    let req = format!("GET /{path} HTTP/1.0\r\nHost: {host}\r\n\r\n");
    s.write_all(req.as_bytes()).await.ok()?;
    let mut out = String::new();
    s.read_to_string(&mut out).await.ok()?;
    Some(out.split_once("\r\n\r\n")?.1.to_owned())
}

/// One player opens `n` tables: each for two, a day per move, with a bot, started.
async fn open_tables(
    url: &str,
    name: &str,
    n: usize,
    opened: &AtomicU64,
) -> anyhow::Result<Player> {
    let mut c = Client::connect(url).await?;
    let me = c.hello(name, None, Lang::En).await?;
    for _ in 0..n {
        let options = nimmt_core::OptionMap::parse(["pace=1d"])?;
        c.send(ClientMsg::CreateTable {
            game: "classic".parse()?,
            options,
            seats: Some(2),
        })
        .await?;
        let table = match c
            .recv_until(10, |m| {
                matches!(m, ServerMsg::State { .. } | ServerMsg::Error { .. })
            })
            .await?
        {
            ServerMsg::State { table, .. } => table.id,
            other => anyhow::bail!("table refused: {other:?}"),
        };
        for command in [
            Command::BotAdd {
                level: None,
                account: None,
            },
            Command::Start,
        ] {
            let id = c.send(ClientMsg::Command { table, command }).await?;
            c.recv_until(10, |m| {
                matches!(m, ServerMsg::Ack { id: a } if *a == id)
                    || matches!(m, ServerMsg::Error { id: Some(e), .. } if *e == id)
            })
            .await?;
        }
        opened.fetch_add(1, Ordering::Relaxed);
    }
    Ok(Player {
        name: name.to_owned(),
        token: me.token,
        busy: AtomicBool::new(false),
    })
}

/// The player comes back (their tables load) and moves at the first table waiting for them.
async fn come_back_and_move(url: &str, p: &Player, measured: &Measured) -> anyhow::Result<()> {
    let mut c = Client::connect(url).await?;
    let hello = Instant::now();
    c.hello(&p.name, Some(&p.token), Lang::En).await?;
    let (table, version, action) = loop {
        match c
            .recv_until(10, |m| matches!(m, ServerMsg::State { .. }))
            .await?
        {
            ServerMsg::State {
                table,
                version,
                legal,
                ..
            } if !legal.is_empty() => break (table.id, version, legal[0].clone()),
            _ => continue,
        }
    };
    measured
        .load
        .lock()
        .unwrap()
        .push(hello.elapsed().as_micros().min(u32::MAX as u128) as u32);
    let sent = Instant::now();
    let id = c
        .send(ClientMsg::Act {
            table,
            version,
            action,
        })
        .await?;
    match c
        .recv_until(10, |m| {
            matches!(m, ServerMsg::Update { ack: Some(a), .. } if *a == id)
                || matches!(m, ServerMsg::Error { id: Some(e), .. } if *e == id)
        })
        .await?
    {
        ServerMsg::Update { .. } => {
            measured
                .moved
                .lock()
                .unwrap()
                .push(sent.elapsed().as_micros().min(u32::MAX as u128) as u32);
            Ok(())
        }
        other => anyhow::bail!("move refused: {other:?}"),
    }
}
