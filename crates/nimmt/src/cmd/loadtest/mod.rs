//! `nimmt loadtest`: many real clients play real classic games against a running server and
//! the latency from sending a move to receiving the update that acknowledges it is measured.

mod hostile;

use nimmt_core::{GameKind, OptionMap};
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, Role, ServerMsg};
use nimmt_server::client::Client;
use rand::Rng;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{watch, Semaphore};

/// Options of `nimmt loadtest`.
#[derive(clap::Args)]
pub struct Args {
    /// WebSocket URL of the server, e.g. ws://127.0.0.1:8080/ws (loopback only). Repeat it for
    /// the nodes of a cluster: the players of each table are spread over them in turn.
    #[arg(long, required = true)]
    pub url: Vec<String>,
    /// Clients in all.
    #[arg(long, default_value_t = 400)]
    pub clients: usize,
    /// Tables; each is filled with clients/tables players.
    #[arg(long, default_value_t = 100)]
    pub tables: usize,
    /// Seconds of play (after every table has started).
    #[arg(long, default_value_t = 30)]
    pub seconds: u64,
    /// Mean thinking time per move in milliseconds (each move waits 0.5–1.5 times this).
    #[arg(long, default_value_t = 1000)]
    pub think_ms: u64,
    /// Connections opened at once while connecting.
    #[arg(long, default_value_t = 200)]
    pub connect_parallel: usize,
    /// The game of every table (any registered game; moves are picked from the `legal` actions
    /// the server sends).
    #[arg(long, default_value = "classic")]
    pub game: String,
    /// Game options of every table (KEY=VALUE). Without any, a game that has a `deals` option
    /// plays 1000 deals, so that games last longer than the test.
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// Process id of the server, to report its memory (VmRSS) before and after.
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// Every client connects from its own loopback address (127.1.0.1, 127.1.0.2, ...), so
    /// that the server's per-address limits can stay as they are.
    #[arg(long)]
    pub spread_addrs: bool,
    /// While the clients play, N clients of each hostile kind (a flood of messages, a client
    /// that never reads, an oversized frame, new identities, connections and tables without
    /// end) break the room's limits over and over from their own addresses; what the server
    /// did to them is reported beside the players' latency.
    #[arg(long, default_value_t = 0)]
    pub hostile: usize,
    /// Clients outlive a restart of the server: when their connection closes they reconnect
    /// with their token (every 100 ms, for up to a minute), read their table's `state`, check
    /// that it holds every move of theirs the server acknowledged, and play on. Reported: the
    /// reconnections, the longest pause a client saw, and acknowledged moves lost.
    #[arg(long)]
    pub survive_restarts: bool,
    /// After this many seconds of play, send SIGTERM to `--server-pid` (a restart: whatever
    /// started the server starts it again, e.g. a shell loop or systemd).
    #[arg(long, value_name = "SECS", requires = "server_pid")]
    pub sigterm_after: Option<u64>,
}

/// The loopback address of the `i`-th client with `--spread-addrs`.
fn spread_addr(i: usize) -> std::net::IpAddr {
    let (hi, lo) = (i / 250, i % 250 + 1);
    std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 1, hi as u8, lo as u8))
}

/// What all clients count together.
#[derive(Default)]
struct Stats {
    acked: AtomicU64,
    updates: AtomicU64,
    gaps: AtomicU64,
    connect_failures: AtomicU64,
    disconnects: AtomicU64,
    errors: Mutex<BTreeMap<String, u64>>,
    /// Microseconds from sending a move to its acknowledging update.
    latencies: Mutex<Vec<u32>>,
    /// `--survive-restarts`: connections found again after a close, and how long each took
    /// (milliseconds from the close to the table's `state`).
    reconnects: AtomicU64,
    pauses: Mutex<Vec<u32>>,
    /// Tables that came back without a move of this client the server had acknowledged.
    acked_lost: AtomicU64,
}

impl Stats {
    fn error(&self, what: impl Into<String>) {
        *self.errors.lock().unwrap().entry(what.into()).or_default() += 1;
    }
}

fn rss_kib(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    s.lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
}

/// CPU time (user + system) a process has used so far, in seconds.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces) end with ")".
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    Some(ticks / hz.max(1.0))
}

/// Raises the open-file limit to the hard limit (ten thousand sockets need it).
pub fn raise_nofile() -> u64 {
    // SAFETY: getrlimit/setrlimit with a valid pointer to a local struct.
    unsafe {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            lim.rlim_cur = lim.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
            return lim.rlim_cur;
        }
    }
    0
}

fn check_loopback(url: &str) -> anyhow::Result<()> {
    let host = url
        .split("://")
        .nth(1)
        .and_then(|r| r.split(['/', ':']).next())
        .unwrap_or("");
    let ok = host == "localhost" || host.starts_with("127.") || url.contains("://[::1]");
    anyhow::ensure!(
        ok,
        "the load test only runs against loopback (127.0.0.0/8, localhost, [::1]), not {host:?}"
    );
    Ok(())
}

pub fn run(args: Args) -> anyhow::Result<()> {
    for url in &args.url {
        check_loopback(url)?;
    }
    anyhow::ensure!(args.tables > 0, "--tables must be at least 1");
    let per_table = args.clients / args.tables;
    anyhow::ensure!(
        (2..=10).contains(&per_table),
        "clients/tables must be 2 to 10 players per table (got {per_table})"
    );
    let limit = raise_nofile();
    anyhow::ensure!(
        limit == 0 || limit as usize > args.clients + 64,
        "open-file limit {limit} is too low for {} clients",
        args.clients
    );
    let game: GameKind = args.game.parse()?;
    let mut options = OptionMap::parse(args.options.iter().map(String::as_str))?;
    let descriptor = nimmt_core::registry::find(game.name())?.descriptor();
    if args.options.is_empty() && descriptor.option("deals").is_some() {
        options.set("deals", "1000");
    }
    nimmt_core::Game::check_options(game, per_table, &options)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(load(args, per_table, game, options))
}

async fn load(
    args: Args,
    per_table: usize,
    game: GameKind,
    options: OptionMap,
) -> anyhow::Result<()> {
    let stats = Arc::new(Stats::default());
    let rss_before = args.server_pid.and_then(rss_kib);
    let (go_tx, go_rx) = watch::channel(false);
    let stop = Arc::new(AtomicBool::new(false));
    let started_tables = Arc::new(AtomicU64::new(0));
    let seated = Arc::new(AtomicU64::new(0));
    let gate = Arc::new(Semaphore::new(args.connect_parallel));
    let t0 = Instant::now();
    let mut tasks = Vec::new();
    for t in 0..args.tables {
        // The host creates the table; the others join once its number is known.
        let (id_tx, id_rx) = watch::channel(0u64);
        for k in 0..per_table {
            let c = ClientTask {
                from: args.spread_addrs.then(|| spread_addr(t * per_table + k)),
                url: args.url[(t * per_table + k) % args.url.len()].clone(),
                urls: args.url.clone(),
                name: format!("lt{t}-{k}"),
                host: k == 0,
                per_table,
                game,
                options: options.clone(),
                think: Duration::from_millis(args.think_ms),
                stats: stats.clone(),
                stop: stop.clone(),
                go: go_rx.clone(),
                table_tx: (k == 0).then(|| id_tx.clone()),
                table_rx: id_rx.clone(),
                gate: gate.clone(),
                started_tables: started_tables.clone(),
                seated: seated.clone(),
                survive: args.survive_restarts,
                token: None,
            };
            tasks.push(tokio::spawn(c.run()));
        }
    }
    // Everyone seated, every table started (or a minute passed).
    let deadline = Instant::now() + Duration::from_secs(120);
    while (started_tables.load(Ordering::Relaxed) as usize) < args.tables
        && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let setup = t0.elapsed();
    let rss_full = args.server_pid.and_then(rss_kib);
    println!(
        "connected and seated {} of {} clients, started {} of {} tables in {:.1} s",
        seated.load(Ordering::Relaxed),
        args.clients,
        started_tables.load(Ordering::Relaxed),
        args.tables,
        setup.as_secs_f64()
    );
    // Measure only the steady state.
    stats.latencies.lock().unwrap().clear();
    stats.acked.store(0, Ordering::Relaxed);
    let _ = go_tx.send(true);
    let hostile_stop = Arc::new(AtomicBool::new(false));
    let hostile = (args.hostile > 0)
        .then(|| hostile::start(&args.url[0], args.hostile, game, hostile_stop.clone()));
    let play = Instant::now();
    let server_cpu_before = args.server_pid.and_then(cpu_seconds);
    let own_cpu_before = cpu_seconds(std::process::id());
    match (args.sigterm_after, args.server_pid) {
        (Some(after), Some(pid)) if after < args.seconds => {
            tokio::time::sleep(Duration::from_secs(after)).await;
            println!("sending SIGTERM to the server (pid {pid}) after {after} s of play");
            // SAFETY: kill with a process id and a valid signal.
            unsafe { libc::kill(pid as i32, libc::SIGTERM) };
            tokio::time::sleep(Duration::from_secs(args.seconds - after)).await;
        }
        _ => tokio::time::sleep(Duration::from_secs(args.seconds)).await,
    }
    stop.store(true, Ordering::Relaxed);
    hostile_stop.store(true, Ordering::Relaxed);
    let elapsed = play.elapsed().as_secs_f64();
    let acked = stats.acked.load(Ordering::Relaxed);
    let server_cpu = args
        .server_pid
        .and_then(cpu_seconds)
        .zip(server_cpu_before)
        .map(|(a, b)| a - b);
    let own_cpu = cpu_seconds(std::process::id())
        .zip(own_cpu_before)
        .map(|(a, b)| a - b);
    let mut lat = std::mem::take(&mut *stats.latencies.lock().unwrap());
    let rss_after = args.server_pid.and_then(rss_kib);
    for t in &tasks {
        t.abort();
    }
    if let Some((_, tasks)) = &hostile {
        for t in tasks {
            t.abort();
        }
    }
    lat.sort_unstable();
    let pct = |p: f64| -> f64 {
        if lat.is_empty() {
            return 0.0;
        }
        let i = ((lat.len() as f64 * p).ceil() as usize).clamp(1, lat.len()) - 1;
        lat[i] as f64 / 1000.0
    };
    println!(
        "clients {}  tables {}  players per table {per_table}  think {} ms",
        args.clients, args.tables, args.think_ms
    );
    println!(
        "moves acknowledged {acked} in {elapsed:.1} s = {:.0} actions/s; updates received {}",
        acked as f64 / elapsed,
        stats.updates.load(Ordering::Relaxed)
    );
    println!(
        "latency move -> update (ms): p50 {:.2}  p90 {:.2}  p99 {:.2}  p99.9 {:.2}  max {:.2}  (n = {})",
        pct(0.50),
        pct(0.90),
        pct(0.99),
        pct(0.999),
        pct(1.0),
        lat.len()
    );
    if let Some(cpu) = server_cpu {
        println!(
            "server CPU {:.0}% of a core ({:.1} µs per acknowledged move); load generator {:.0}%",
            100.0 * cpu / elapsed,
            1e6 * cpu / (acked.max(1) as f64),
            100.0 * own_cpu.unwrap_or(0.0) / elapsed
        );
    }
    let errors = stats.errors.lock().unwrap().clone();
    let n_errors: u64 = errors.values().sum();
    println!(
        "errors {n_errors} {errors:?}; version gaps {}; connect failures {}; disconnects {}",
        stats.gaps.load(Ordering::Relaxed),
        stats.connect_failures.load(Ordering::Relaxed),
        stats.disconnects.load(Ordering::Relaxed)
    );
    if args.survive_restarts {
        let mut pauses = std::mem::take(&mut *stats.pauses.lock().unwrap());
        pauses.sort_unstable();
        let at = |p: f64| {
            pauses
                .get(((pauses.len() as f64 * p).ceil() as usize).saturating_sub(1))
                .copied()
                .unwrap_or(0)
        };
        println!(
            "restarts: reconnections {}; pause from the close to the table's state (ms): p50 {}  p99 {}  max {}; acknowledged moves lost {}",
            stats.reconnects.load(Ordering::Relaxed),
            at(0.5),
            at(0.99),
            pauses.last().copied().unwrap_or(0),
            stats.acked_lost.load(Ordering::Relaxed)
        );
    }
    if let Some((outcomes, _)) = &hostile {
        outcomes.print(args.hostile);
    }
    if let (Some(b), Some(f), Some(a)) = (rss_before, rss_full, rss_after) {
        println!(
            "server RSS: before {:.1} MiB, all tables seated {:.1} MiB, after {:.1} MiB; {:.1} KiB per table, {:.1} KiB per client",
            b as f64 / 1024.0,
            f as f64 / 1024.0,
            a as f64 / 1024.0,
            (a.saturating_sub(b)) as f64 / args.tables as f64,
            (a.saturating_sub(b)) as f64 / args.clients as f64
        );
    }
    Ok(())
}

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

struct ClientTask {
    /// The local address to connect from (`--spread-addrs`).
    from: Option<std::net::IpAddr>,
    url: String,
    /// Every node's URL: a reconnection goes round them, starting after the one that closed.
    urls: Vec<String>,
    name: String,
    host: bool,
    per_table: usize,
    game: GameKind,
    options: OptionMap,
    think: Duration,
    stats: Arc<Stats>,
    stop: Arc<AtomicBool>,
    go: watch::Receiver<bool>,
    table_tx: Option<watch::Sender<u64>>,
    table_rx: watch::Receiver<u64>,
    gate: Arc<Semaphore>,
    started_tables: Arc<AtomicU64>,
    seated: Arc<AtomicU64>,
    survive: bool,
    /// The identity's token, from the first welcome.
    token: Option<String>,
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
    async fn run(mut self) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_is_a_target() {
        assert!(check_loopback("ws://127.0.0.1:8080/ws").is_ok());
        assert!(check_loopback("ws://localhost:8080/ws").is_ok());
        assert!(check_loopback("ws://[::1]:8080/ws").is_ok());
        assert!(check_loopback("ws://10.0.0.5:8080/ws").is_err());
        assert!(check_loopback("ws://example.com/ws").is_err());
    }
}
