//! `nimmt ratings`: the ratings of a room's database.
//!
//! - `--rebuild` computes every rating again from the stored results, in the order the games
//!   finished (the numbers the room computed as each game ended).
//! - `--measure` fills an empty database with finished games (`--games`, default 100,000), starts
//!   the room on it and times the profile, history and leaderboard routes over HTTP.

use nimmt_server::ratings::{rebuild, seed};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Options of `nimmt ratings`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["rebuild", "measure"])))]
pub struct Args {
    /// Compute every rating again from the stored results.
    #[arg(long)]
    pub rebuild: bool,
    /// Fill an empty database with finished games and time the HTTP routes on it.
    #[arg(long)]
    pub measure: bool,
    /// Finished games to fill in (with --measure).
    #[arg(long, default_value_t = 100_000)]
    pub games: usize,
    /// Players among whom they are played (with --measure), besides the four bot levels.
    #[arg(long, default_value_t = 5_000)]
    pub players: usize,
    /// Times each request is made (with --measure).
    #[arg(long, default_value_t = 20)]
    pub repeat: usize,
    /// Database: sqlite://FILE or postgres://USER@HOST:PORT/DB (the one `nimmt serve` uses).
    #[arg(long, default_value = "sqlite://nimmt.db", env = "NIMMT_DATABASE")]
    pub database: String,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        if args.rebuild {
            let store = nimmt_server::store::Store::open(&args.database).await?;
            let started = Instant::now();
            let done = rebuild::rebuild(store.pool()).await?;
            if done.backfilled > 0 {
                println!(
                    "stored the results of {} games finished before results were kept",
                    done.backfilled
                );
            }
            if done.rejudged > 0 {
                println!(
                    "rated {} games stored as casual that the rules rate now",
                    done.rejudged
                );
            }
            println!(
                "rebuilt {} standings from {} finished games ({} rated) in {:.1} s",
                done.standings,
                done.games,
                done.rated,
                started.elapsed().as_secs_f64()
            );
            return Ok(());
        }
        measure(&args).await
    })
}

async fn measure(args: &Args) -> anyhow::Result<()> {
    let store = nimmt_server::store::Store::open(&args.database).await?;
    let pool = store.pool().clone();
    let stored = seed::stored_results(&pool).await?;
    if stored > 0 {
        anyhow::bail!(
            "--measure fills an empty database; {} holds {stored} results",
            args.database
        );
    }
    let started = Instant::now();
    let seeded = seed::seed(&pool, args.games, args.players, 44).await?;
    println!(
        "stored {} finished games among {} players and 4 bot levels, ratings computed, in {:.1} s",
        seeded.games,
        args.players,
        started.elapsed().as_secs_f64()
    );
    drop(store);
    let running = nimmt_server::start(nimmt_server::Config {
        addr: "127.0.0.1:0".parse()?,
        database: args.database.clone(),
        ..nimmt_server::Config::default()
    })
    .await?;
    let busy = format!("id:{}", seeded.busiest);
    let quiet = format!("id:{}", seeded.quiet);
    let deep = deep_cursor(running.addr, &busy).await?;
    let routes = [
        format!("/api/players/{busy}"),
        format!("/api/players/{quiet}"),
        format!("/api/players/{}", seeded.busiest_bot),
        format!("/api/players/{busy}/games"),
        format!("/api/players/{busy}/games?game=board"),
        format!("/api/players/{busy}/games?before={deep}"),
        format!("/api/players/{}/games?game=classic", seeded.busiest_bot),
        "/api/leaderboard/classic".to_owned(),
        "/api/leaderboard/board?limit=200".to_owned(),
    ];
    println!(
        "{:<60} {:>9} {:>9} {:>9}",
        "route", "median ms", "max ms", "bytes"
    );
    for path in &routes {
        let mut times: Vec<Duration> = Vec::with_capacity(args.repeat);
        let mut bytes = 0;
        for _ in 0..args.repeat {
            let t = Instant::now();
            let (status, body) = get(running.addr, path).await?;
            times.push(t.elapsed());
            anyhow::ensure!(status == 200, "{path}: {status} {body}");
            bytes = body.len();
        }
        times.sort();
        println!(
            "{:<60} {:>9.2} {:>9.2} {:>9}",
            path,
            times[times.len() / 2].as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3,
            bytes
        );
    }
    running.stop().await;
    Ok(())
}

/// The cursor of a page halfway down the player's history.
async fn deep_cursor(addr: std::net::SocketAddr, who: &str) -> anyhow::Result<i64> {
    let (_, body) = get(addr, &format!("/api/players/{who}/games?limit=1")).await?;
    let first: serde_json::Value = serde_json::from_str(&body)?;
    Ok(first["games"][0]["seq"].as_i64().unwrap_or(i64::MAX) / 2)
}

/// One HTTP/1.1 GET on a fresh connection: status and body.
async fn get(addr: std::net::SocketAddr, path: &str) -> anyhow::Result<(u16, String)> {
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await?;
    let text = String::from_utf8_lossy(&buf);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_owned();
    Ok((status, body))
}
