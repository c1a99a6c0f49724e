//! What the room counts for operators, served at `GET /metrics` in Prometheus' text format:
//! moves stored, commits and their latency, connections, tables.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds (seconds) of the commit latency histogram.
const BUCKETS: [f64; 10] = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0];

struct Counters {
    moves: AtomicU64,
    commits: AtomicU64,
    failed_commits: AtomicU64,
    commit_micros: AtomicU64,
    buckets: [AtomicU64; BUCKETS.len()],
    connections: AtomicI64,
}

static COUNTERS: Counters = Counters {
    moves: AtomicU64::new(0),
    commits: AtomicU64::new(0),
    failed_commits: AtomicU64::new(0),
    commit_micros: AtomicU64::new(0),
    buckets: [const { AtomicU64::new(0) }; BUCKETS.len()],
    connections: AtomicI64::new(0),
};

/// A transaction of the store finished: `moves` actions in it, after `took`.
pub fn committed(moves: usize, took: Duration, ok: bool) {
    let c = &COUNTERS;
    if !ok {
        c.failed_commits.fetch_add(1, Ordering::Relaxed);
        return;
    }
    c.commits.fetch_add(1, Ordering::Relaxed);
    c.moves.fetch_add(moves as u64, Ordering::Relaxed);
    c.commit_micros
        .fetch_add(took.as_micros() as u64, Ordering::Relaxed);
    let secs = took.as_secs_f64();
    for (bound, n) in BUCKETS.iter().zip(&c.buckets) {
        if secs <= *bound {
            n.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// An open WebSocket connection, counted while it lives.
pub struct Connection(());

impl Connection {
    pub fn open() -> Connection {
        COUNTERS.connections.fetch_add(1, Ordering::Relaxed);
        Connection(())
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        COUNTERS.connections.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The text served at `/metrics`; `tables`: tables this node knows, `owned`: those it runs.
pub fn render(node: &str, tables: usize, owned: usize) -> String {
    let c = &COUNTERS;
    let mut out = String::new();
    let label = format!("node=\"{}\"", node.replace(['"', '\\', '\n'], "_"));
    let mut metric = |name: &str, kind: &str, help: &str, value: String| {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
        let _ = writeln!(out, "{name}{{{label}}} {value}");
    };
    metric(
        "nimmt_tables",
        "gauge",
        "Tables in the room's list as this node knows it.",
        tables.to_string(),
    );
    metric(
        "nimmt_tables_owned",
        "gauge",
        "Tables this node runs.",
        owned.to_string(),
    );
    metric(
        "nimmt_connections",
        "gauge",
        "Open WebSocket connections to this node.",
        c.connections.load(Ordering::Relaxed).to_string(),
    );
    metric(
        "nimmt_moves_total",
        "counter",
        "Moves stored by this node.",
        c.moves.load(Ordering::Relaxed).to_string(),
    );
    metric(
        "nimmt_commit_failures_total",
        "counter",
        "Transactions that failed or were refused (fencing).",
        c.failed_commits.load(Ordering::Relaxed).to_string(),
    );
    let commits = c.commits.load(Ordering::Relaxed);
    let _ = writeln!(
        out,
        "# HELP nimmt_commit_seconds Time from a transaction's start to its commit.\n\
         # TYPE nimmt_commit_seconds histogram"
    );
    for (bound, n) in BUCKETS.iter().zip(&c.buckets) {
        let _ = writeln!(
            out,
            "nimmt_commit_seconds_bucket{{{label},le=\"{bound}\"}} {}",
            n.load(Ordering::Relaxed)
        );
    }
    let _ = writeln!(
        out,
        "nimmt_commit_seconds_bucket{{{label},le=\"+Inf\"}} {commits}\n\
         nimmt_commit_seconds_sum{{{label}}} {}\n\
         nimmt_commit_seconds_count{{{label}}} {commits}",
        c.commit_micros.load(Ordering::Relaxed) as f64 / 1e6
    );
    out
}
