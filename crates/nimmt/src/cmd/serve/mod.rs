//! `nimmt serve`: the online room (HTTP + WebSocket, lobby, tables, bots, persistence).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

mod settings;

/// Options of `nimmt serve`. Each is also a key of the config file and an environment variable
/// (`--bot-delay-ms` is `bot_delay_ms` in `nimmt.toml` and `NIMMT_BOT_DELAY_MS`); a flag given
/// here wins over the environment, which wins over the file (`docs/deploy.md`).
#[derive(clap::Args, serde::Serialize)]
pub struct Args {
    /// The config file (TOML). Default: nimmt.toml in the working directory, if there is one.
    #[arg(long, value_name = "FILE", env = "NIMMT_CONFIG")]
    #[serde(skip)]
    pub config: Option<PathBuf>,
    /// Print the settings in force (file, environment and flags together; secrets masked) as
    /// a config file, and exit.
    #[arg(long)]
    #[serde(skip)]
    pub print_config: bool,
    /// Address to listen on. [default: 127.0.0.1:8080]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addr: Option<SocketAddr>,
    /// Database: sqlite://FILE (created on first start) or postgres://USER@HOST:PORT/DB.
    /// [default: sqlite://nimmt.db]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub database: Option<String>,
    /// Also accept WebSocket connections from pages of this origin (e.g. http://localhost:5173;
    /// `*` for any). Repeatable. The server's own origin is always accepted.
    #[arg(long = "allow-origin")]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub allow_origin: Vec<String>,
    /// The room's public URL, scheme included (e.g. https://nimmt.example.org): browsers may
    /// open the WebSocket only from pages of its origin (and --allow-origin ones). Repeatable.
    /// Default: the address it listens on (with localhost for a loopback address).
    #[arg(long = "public-url")]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub public_url: Vec<String>,
    /// Milliseconds a bot waits before it moves. [default: 600]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot_delay_ms: Option<u64>,
    /// Default seconds a disconnected player keeps the seat before a bot plays it. [default: 60]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reconnect_secs: Option<u64>,
    /// Seconds a running table with no human connected stays paused (its bots stop once the
    /// reconnection window has passed) before it closes; its unfinished game stays stored.
    /// [default: 600]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abandoned_close_after: Option<u64>,
    /// Seconds a turn-based table nobody is connected to waits for an input before it leaves
    /// memory (it is loaded again from the database on its next input or deadline; 0 = tables
    /// stay in memory; a cluster's always do). [default: 60]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sleep_after_secs: Option<u64>,
    /// Seconds between two pairings of the ladder (online bot accounts that opted in play rated
    /// bot-only games; 0 = no ladder). [default: 10]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ladder_every_secs: Option<u64>,
    /// Every account may create tournaments (without it only the room's operators may).
    #[arg(long)]
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tournaments_by_anyone: bool,
    /// Serve the browser client from this directory (instead of the one embedded by nimmt-web).
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub web_dir: Option<PathBuf>,
    /// Messages per second a connection may send in the long run (burst: three times as many).
    /// [default: 20]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub msgs_per_sec: Option<f64>,
    /// Bytes queued for a client that does not read before it is disconnected (close code 4003).
    /// [default: 262144]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub queue_bytes: Option<usize>,
    /// Open WebSocket connections per client address (0 = no cap; a load test from one machine
    /// needs 0). Behind a reverse proxy every client has the proxy's address. [default: 32]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_conns_per_addr: Option<usize>,
    /// New identities (hello without a token) per client address and minute (0 = no cap).
    /// [default: 20]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_identities_per_min: Option<f64>,
    /// Open or running tables one identity may host at a time (0 = no cap). [default: 5]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_tables_per_identity: Option<usize>,
    /// Reports one identity may file within an hour (0 = no cap). [default: 10]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_reports_per_hour: Option<u32>,
    /// SQLite commits: `full` syncs each commit to disk before a move is acknowledged; `normal`
    /// writes it to the log at once (safe against a killed server, not against a power cut).
    /// [default: full]
    #[arg(long, value_parser = ["full", "normal"])]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sqlite_sync: Option<String>,
    /// Game data the room offers its tables, as KEY=FILE (repeatable), e.g. `--data board=FILE`:
    /// a Brettspiel table with `board=custom` is played on that board (`docs/board-data.md`).
    #[arg(long = "data", value_name = "KEY=FILE")]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub data: Vec<String>,
    /// Run as one node of a room spread over several servers: the NATS server they share
    /// (e.g. nats://127.0.0.1:4222). Needs a PostgreSQL --database shared by every node
    /// (`docs/cluster.md`).
    #[arg(long, value_name = "NATS_URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster: Option<String>,
    /// This node's name in the cluster (letters, digits, - and _). Default: node-PORT.
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_name: Option<String>,
    /// The first part of every NATS subject (clusters sharing one NATS server differ here).
    /// [default: nimmt]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster_prefix: Option<String>,
    /// Milliseconds a table's lease lasts unless renewed: a lost node's tables move to
    /// another node after about this long. [default: 3000]
    #[arg(long)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lease_ms: Option<u64>,
    /// A reverse proxy in front of the room, as an address or a network (CIDR). Repeatable.
    /// Only from these addresses are `Forwarded` / `X-Forwarded-For` read: the client's own
    /// address is then the one limits, bans and logs use. From anyone else they are ignored.
    #[arg(long = "trusted-proxy", value_name = "CIDR")]
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub trusted_proxy: Vec<String>,
    /// How log lines are written to standard output: `text` for people, `json` for a log
    /// collector (one JSON object a line, the "serving on" line included). [default: text]
    #[arg(long, value_parser = ["text", "json"])]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_format: Option<String>,
    /// Send e-mail for accounts (address verification, "your move" mails, password reset)
    /// through this SMTP server: smtp://HOST:PORT (plain; add ?tls=required for STARTTLS) or
    /// smtps://USER:PASSWORD@HOST:PORT. Needs --mail-from. Default: no mail.
    #[arg(long, value_name = "URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub smtp: Option<String>,
    /// The sender of the room's mails, e.g. "Nimmt <nimmt@example.org>".
    #[arg(long, value_name = "ADDR")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mail_from: Option<String>,
    /// Send Web Push notifications ("your move" while no page of the room is open) signed with
    /// this VAPID private key: a P-256 key in PEM (`nimmt vapid-key > FILE` makes one). Default:
    /// no Web Push.
    #[arg(long, value_name = "FILE")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vapid_key: Option<PathBuf>,
    /// The contact push services see in the VAPID token (mailto:ADDRESS or https://URL).
    /// Default: the first --public-url.
    #[arg(long, value_name = "URL")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vapid_subject: Option<String>,
}

/// The log target of the "serving on" line in JSON logs, and the filter that always lets it
/// through.
const SERVING: &str = "nimmt_serving=info";

pub fn run(args: Args) -> anyhow::Result<()> {
    let source = match &args.config {
        Some(path) => settings::Source::Given(path),
        None => settings::Source::Default,
    };
    let print_config = args.print_config;
    let args = settings::load(source, &args).map_err(|why| {
        anyhow::anyhow!("the room's settings are not valid, so it does not start:\n{why}")
    })?;
    if print_config {
        print!("{}", args.to_masked_toml());
        return Ok(());
    }
    let game_data = crate::data::load(&args.data)?;
    let trusted_proxies = args.trusted_proxies();
    let vapid = args.vapid()?;
    let log_format = args.log_format;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    match log_format {
        settings::LogFormat::Text => tracing_subscriber::fmt().with_env_filter(filter).init(),
        // The "serving on" line is a log line too, shown whatever RUST_LOG says.
        settings::LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .with_env_filter(filter.add_directive(SERVING.parse()?))
            .init(),
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let config = nimmt_server::Config {
            addr: args.addr,
            database: args.database.clone(),
            allowed_origins: args.allow_origin,
            public_urls: args.public_url,
            bot_delay: Duration::from_millis(args.bot_delay_ms),
            reconnect: Duration::from_secs(args.reconnect_secs),
            abandoned_close_after: Duration::from_secs(args.abandoned_close_after),
            sleep_after: (args.sleep_after_secs > 0)
                .then(|| Duration::from_secs(args.sleep_after_secs)),
            ladder_every: Duration::from_secs(args.ladder_every_secs),
            tournaments_by_anyone: args.tournaments_by_anyone,
            tournament_tick: Duration::from_secs(1),
            web_dir: args.web_dir,
            sqlite_sync: match args.sqlite_sync {
                settings::SqliteSync::Normal => nimmt_server::store::SqliteSync::Normal,
                settings::SqliteSync::Full => nimmt_server::store::SqliteSync::Full,
            },
            limits: nimmt_server::Limits {
                burst: args.msgs_per_sec * 3.0,
                per_second: args.msgs_per_sec,
                queue_bytes: args.queue_bytes,
                conns_per_addr: args.max_conns_per_addr,
                identities_per_minute: args.new_identities_per_min,
                tables_per_identity: args.max_tables_per_identity,
                reports_per_hour: args.max_reports_per_hour,
                ..Default::default()
            },
            game_data,
            trusted_proxies,
            vapid,
            mail: args
                .smtp
                .clone()
                .zip(args.mail_from.clone())
                .map(|(url, from)| nimmt_server::mail::MailConfig::new(url, from)),
            cluster: args
                .cluster
                .map(|nats| nimmt_server::cluster::ClusterConfig {
                    nats,
                    node: args
                        .node_name
                        .clone()
                        .unwrap_or_else(|| format!("node-{}", args.addr.port())),
                    prefix: args.cluster_prefix.clone(),
                    lease: Duration::from_millis(args.lease_ms),
                }),
        };
        let running = nimmt_server::start(config).await?;
        // Tests and scripts read this line to learn the port.
        let serving = format!(
            "nimmt serving on http://{} (database {})",
            running.addr,
            settings::mask_password(&args.database)
        );
        match log_format {
            settings::LogFormat::Text => println!("{serving}"),
            settings::LogFormat::Json => tracing::info!(target: "nimmt_serving", "{serving}"),
        }
        tracing::info!("listening on {}", running.addr);
        let mut terminate =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
        tokio::select! {
            _ = terminate.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
        // SIGTERM or Ctrl-C: a restart nobody notices (`nimmt_server::shutdown`).
        tracing::info!("stopping: closing every connection with 1012 (server restarting)");
        let left = running.stop_for_restart(Duration::from_secs(5)).await;
        if left > 0 {
            tracing::warn!("{left} connections had not closed after 5 s");
        }
        tracing::info!("stopped");
        Ok(())
    })
}
