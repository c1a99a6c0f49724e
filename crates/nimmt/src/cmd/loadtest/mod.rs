//! `nimmt loadtest`: many real clients play real classic games against a running server and
//! the latency from sending a move to receiving the update that acknowledges it is measured.

mod hostile;
mod player;
mod process;
mod stats;
mod turn_based;

use nimmt_core::{GameKind, OptionMap};
use player::ClientTask;
use process::{cpu_seconds, raise_nofile, rss_kib};
use stats::Stats;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
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
    /// A room of many turn-based tables (`--tables` of them, classic for two with a bot, a
    /// day a move), most of them out of memory: reports the server's memory once the players
    /// left, and for `--seconds` at `--rate` moves a second, players coming back to move (the
    /// time until the waiting table's state, loaded from the store, and the move's
    /// acknowledgement). The server needs --max-tables-per-identity 0, --max-conns-per-addr 0,
    /// --new-identities-per-min 0 and a short --sleep-after-secs.
    #[arg(long)]
    pub turn_based: bool,
    /// `--turn-based`: the tables each player sits at (30 at most).
    #[arg(long, default_value_t = 30)]
    pub per_player: usize,
    /// `--turn-based`: players coming back to move, per second.
    #[arg(long, default_value_t = 200.0)]
    pub rate: f64,
}

/// The loopback address of the `i`-th client with `--spread-addrs`.
fn spread_addr(i: usize) -> std::net::IpAddr {
    let (hi, lo) = (i / 250, i % 250 + 1);
    std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 1, hi as u8, lo as u8))
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
    if args.turn_based {
        anyhow::ensure!(
            (1..=30).contains(&args.per_player),
            "--per-player must be 1 to 30"
        );
        raise_nofile();
        let plan = turn_based::Plan {
            url: args.url[0].clone(),
            tables: args.tables,
            per_player: args.per_player,
            rate: args.rate,
            seconds: args.seconds,
            parallel: args.connect_parallel,
            server_pid: args.server_pid,
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()?;
        return runtime.block_on(turn_based::run(plan));
    }
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
