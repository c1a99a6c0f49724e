//! What the room counts for operators, served at `GET /metrics` in Prometheus' text format:
//! moves stored; per database its commits' latency, failures and write queue; connections by
//! kind; tables by game and state; HTTP latency per route (`http`); bots' decision time.
//! `docs/grafana-dashboard.json` charts these names.

use nimmt_core::GameKind;
use nimmt_protocol::{TableInfo, TableState};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

mod histogram;
pub mod http;

use histogram::{escape, Family, Histogram};

/// Upper bounds (seconds) of the commit latency histogram.
const COMMIT_BUCKETS: &[f64] = &[0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0];
/// Upper bounds (seconds) of the bot decision histogram (a search thinks up to 2 s).
const BOT_BUCKETS: &[f64] = &[
    0.0001, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0,
];

static MOVES: AtomicU64 = AtomicU64::new(0);
static IN_MEMORY: AtomicI64 = AtomicI64::new(0);
static LOADS: AtomicU64 = AtomicU64::new(0);

/// A table in memory (its actor runs) for as long as this lives.
pub struct InMemory(());

impl InMemory {
    pub fn new() -> InMemory {
        IN_MEMORY.fetch_add(1, Ordering::Relaxed);
        InMemory(())
    }
}

impl Default for InMemory {
    fn default() -> Self {
        InMemory::new()
    }
}

impl Drop for InMemory {
    fn drop(&mut self) {
        IN_MEMORY.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A table that had left memory was loaded again from the store.
pub fn table_loaded() {
    LOADS.fetch_add(1, Ordering::Relaxed);
}

/// One database the store writes to: its commits, failed transactions and queued writes.
pub struct Database {
    commits: Histogram,
    failures: AtomicU64,
    queued: AtomicI64,
}

static DATABASES: Family<String, Database> = Family::new();

/// The counters of the database called `label` (its kind and name, no credentials); one per
/// label however often it is opened.
pub fn database(label: &str) -> Arc<Database> {
    DATABASES.get(label, || {
        (
            label.to_owned(),
            Database {
                commits: Histogram::new(COMMIT_BUCKETS),
                failures: AtomicU64::new(0),
                queued: AtomicI64::new(0),
            },
        )
    })
}

impl Database {
    /// A transaction finished: `moves` actions in it, after `took`.
    pub fn committed(&self, moves: usize, took: Duration, ok: bool) {
        if !ok {
            self.failures.fetch_add(1, Ordering::Relaxed);
            return;
        }
        MOVES.fetch_add(moves as u64, Ordering::Relaxed);
        self.commits.observe(took);
    }

    /// `n` writes joined (positive) or left (negative) the writer's queue.
    pub fn queued(&self, n: i64) {
        self.queued.fetch_add(n, Ordering::Relaxed);
    }
}

static BOTS: Family<&'static str, Histogram> = Family::new();

/// A bot of a `game` table decided its move in `took`.
pub fn bot_decided(game: GameKind, took: Duration) {
    let name = game.name();
    BOTS.get(name, || (name, Histogram::new(BOT_BUCKETS)))
        .observe(took);
}

/// What a WebSocket connection is: before its hello, a guest's, or a logged-in account's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnKind {
    Hello = 0,
    Guest = 1,
    Account = 2,
}

const KINDS: [(ConnKind, &str); 3] = [
    (ConnKind::Hello, "hello"),
    (ConnKind::Guest, "guest"),
    (ConnKind::Account, "account"),
];

static CONNECTIONS: [AtomicI64; 3] = [const { AtomicI64::new(0) }; 3];

/// An open WebSocket connection, counted under its kind while it lives.
pub struct Connection(ConnKind);

impl Connection {
    /// A new connection that has not said hello.
    pub fn open() -> Connection {
        CONNECTIONS[ConnKind::Hello as usize].fetch_add(1, Ordering::Relaxed);
        Connection(ConnKind::Hello)
    }

    /// The connection said who it is.
    pub fn is(&mut self, kind: ConnKind) {
        CONNECTIONS[self.0 as usize].fetch_sub(1, Ordering::Relaxed);
        CONNECTIONS[kind as usize].fetch_add(1, Ordering::Relaxed);
        self.0 = kind;
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        CONNECTIONS[self.0 as usize].fetch_sub(1, Ordering::Relaxed);
    }
}

const STATES: [TableState; 3] = [TableState::Open, TableState::Playing, TableState::Finished];

/// The text served at `/metrics`; `tables`: the tables this node knows, `owned`: how many of
/// them it runs.
pub fn render(node: &str, tables: &[TableInfo], owned: usize) -> String {
    let mut out = String::new();
    let node = format!("node=\"{}\"", escape(node));
    let head = |out: &mut String, name: &str, kind: &str, help: &str| {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
    };
    head(
        &mut out,
        "nimmt_tables",
        "gauge",
        "Tables in the room's list as this node knows it.",
    );
    let _ = writeln!(out, "nimmt_tables{{{node}}} {}", tables.len());
    head(
        &mut out,
        "nimmt_tables_by_game",
        "gauge",
        "Tables in the room's list by game and state (open, playing, finished).",
    );
    for game in GameKind::all() {
        for state in STATES {
            let n = tables
                .iter()
                .filter(|t| t.game == game && t.state == state)
                .count();
            let _ = writeln!(
                out,
                "nimmt_tables_by_game{{{node},game=\"{}\",state=\"{}\"}} {n}",
                escape(game.name()),
                state.name()
            );
        }
    }
    head(
        &mut out,
        "nimmt_tables_owned",
        "gauge",
        "Tables this node runs.",
    );
    let _ = writeln!(out, "nimmt_tables_owned{{{node}}} {owned}");
    head(
        &mut out,
        "nimmt_tables_in_memory",
        "gauge",
        "Tables whose actor runs on this node (a turn-based table nobody plays leaves memory).",
    );
    let in_memory = IN_MEMORY.load(Ordering::Relaxed);
    let _ = writeln!(out, "nimmt_tables_in_memory{{{node}}} {in_memory}");
    head(
        &mut out,
        "nimmt_table_loads_total",
        "counter",
        "Tables loaded again from the store after they had left memory.",
    );
    let loads = LOADS.load(Ordering::Relaxed);
    let _ = writeln!(out, "nimmt_table_loads_total{{{node}}} {loads}");
    let open: [i64; 3] = std::array::from_fn(|i| CONNECTIONS[i].load(Ordering::Relaxed));
    head(
        &mut out,
        "nimmt_connections",
        "gauge",
        "Open WebSocket connections to this node.",
    );
    let _ = writeln!(
        out,
        "nimmt_connections{{{node}}} {}",
        open.iter().sum::<i64>()
    );
    head(
        &mut out,
        "nimmt_connections_by_kind",
        "gauge",
        "Open WebSocket connections by kind: hello (not yet said), guest, account.",
    );
    for (kind, name) in KINDS {
        let n = open[kind as usize];
        let _ = writeln!(
            out,
            "nimmt_connections_by_kind{{{node},kind=\"{name}\"}} {n}"
        );
    }
    head(
        &mut out,
        "nimmt_moves_total",
        "counter",
        "Moves stored by this node.",
    );
    let moves = MOVES.load(Ordering::Relaxed);
    let _ = writeln!(out, "nimmt_moves_total{{{node}}} {moves}");
    render_databases(&mut out, &node);
    render_http(&mut out, &node);
    head(
        &mut out,
        "nimmt_bot_decision_seconds",
        "histogram",
        "Time a bot thought about one move, by game.",
    );
    for (game, h) in BOTS.all() {
        let labels = format!("{node},game=\"{}\"", escape(game));
        h.write(&mut out, "nimmt_bot_decision_seconds", &labels);
    }
    out
}

fn render_databases(out: &mut String, node: &str) {
    let dbs = DATABASES.all();
    let labels = |db: &str| format!("{node},database=\"{}\"", escape(db));
    let _ = writeln!(
        out,
        "# HELP nimmt_commit_failures_total Transactions that failed or were refused (fencing), \
         by database.\n# TYPE nimmt_commit_failures_total counter"
    );
    for (db, d) in &dbs {
        let n = d.failures.load(Ordering::Relaxed);
        let _ = writeln!(out, "nimmt_commit_failures_total{{{}}} {n}", labels(db));
    }
    let _ = writeln!(
        out,
        "# HELP nimmt_store_queue_depth Writes waiting for the database's writer.\n\
         # TYPE nimmt_store_queue_depth gauge"
    );
    for (db, d) in &dbs {
        let n = d.queued.load(Ordering::Relaxed).max(0);
        let _ = writeln!(out, "nimmt_store_queue_depth{{{}}} {n}", labels(db));
    }
    let _ = writeln!(
        out,
        "# HELP nimmt_commit_seconds Time from a transaction's start to its commit, by \
         database.\n# TYPE nimmt_commit_seconds histogram"
    );
    for (db, d) in &dbs {
        d.commits.write(out, "nimmt_commit_seconds", &labels(db));
    }
}

fn render_http(out: &mut String, node: &str) {
    let routes = self::http::ROUTES.all();
    let labels = |(method, route): &(&str, String)| {
        format!("{node},method=\"{method}\",route=\"{}\"", escape(route))
    };
    let _ = writeln!(
        out,
        "# HELP nimmt_http_request_duration_seconds Time to answer an HTTP request, by method \
         and route (the route's pattern; `fallback` for the client's files).\n\
         # TYPE nimmt_http_request_duration_seconds histogram"
    );
    for (key, r) in &routes {
        r.latency
            .write(out, "nimmt_http_request_duration_seconds", &labels(key));
    }
    let _ = writeln!(
        out,
        "# HELP nimmt_http_responses_total HTTP responses by method, route and status class.\n\
         # TYPE nimmt_http_responses_total counter"
    );
    for (key, r) in &routes {
        for (i, n) in r.statuses.iter().enumerate() {
            let n = n.load(Ordering::Relaxed);
            if n > 0 {
                let class = i + 1;
                let _ = writeln!(
                    out,
                    "nimmt_http_responses_total{{{},status=\"{class}xx\"}} {n}",
                    labels(key)
                );
            }
        }
    }
}
