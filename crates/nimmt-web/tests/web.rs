//! The browser client's own tests, run from `cargo test`: the unit tests (`npm test` in `web/`,
//! Vitest) and the end-to-end tests (`web/e2e/game.mjs`, `classic.mjs`, `variants.mjs`, `buffalo.mjs`, `board.mjs`,
//! `help.mjs`, `room.mjs`, `pace.mjs`, `comeback.mjs`, `analysis.mjs`, `moderation.mjs`, `account.mjs`, `accounts.mjs` (sign-up, a rated game, a second device, history, profile, leaderboard, a report an operator handles) and `players.mjs` (a rated game's change, My games, profiles, the leaderboard), `yourmove.mjs` (the lobby's Your move list, its count in the title, the alert switches and Web Push on the account page), `invite.mjs` (a private table's link), `friends.mjs` (following, a challenge declined), `mail.mjs` (an address verified, password reset) `turnbased.mjs` (a private table of an hour a move played across two sittings, the mail that says whose move it is, the Your-move list, the rated result, a challenge declined) and `botaccounts.mjs` (a bot account and its token made in the browser, a small bot program seated with Add bot, a rated game to the end, the bot marked in the result and on the leaderboard, a challenge the bot accepts) and `tournament.mjs` (a 16-player Swiss of 3 rounds created, registered for and started in the browser, two people playing their tables by clicking cards beside twelve scripted accounts and two bot accounts run by `nimmt bot connect`; everybody at one table a round, the live and final standings the sums of the places' points, who won, the profile's entry): a real `nimmt serve` and headless Chromium driven by playwright-core;
//! screenshots in `artifacts/`), and `cluster.mjs`: the browser at a table another node of a
//! cluster runs (PostgreSQL and NATS on loopback, or `NIMMT_TEST_POSTGRES` and `NIMMT_TEST_NATS`).
//!
//! Without npm or Chromium these tests say "skipped: …" and pass, unless the environment variable
//! `CI` is set: then they fail, so a CI run cannot pass without them. The cluster test fails
//! whenever PostgreSQL or NATS cannot be reached, and says which.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Fails under CI, else prints why the test is skipped.
fn missing(what: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{what} (CI is set, so this is a failure)");
    }
    eprintln!("skipped: {what}");
    println!("skipped: {what}");
}

fn found(cmd: &str, arg: &str) -> bool {
    Command::new(cmd)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn client_unit_tests_pass() {
    if !found("npm", "--version") {
        return missing("install Node.js 20+ with npm to run the client's unit tests");
    }
    let web = root().join("web");
    if !web.join("node_modules/.bin/vitest").exists() {
        return missing(
            "web/node_modules is missing (the build script installs it when npm works)",
        );
    }
    let out = Command::new("npm")
        .args(["test", "--silent"])
        .current_dir(&web)
        .output()
        .expect("npm runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{text}");
    assert!(
        out.status.success(),
        "the client's unit tests failed:\n{text}"
    );
    assert!(
        text.contains("passed"),
        "vitest reported no passed tests:\n{text}"
    );
}

/// The `nimmt` binary next to this test's own executable (target/debug/nimmt), or `NIMMT_BIN`.
fn nimmt_bin() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("NIMMT_BIN") {
        return Some(PathBuf::from(p));
    }
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?; // target/debug/deps -> target/debug
    let bin = dir.join(format!("nimmt{}", std::env::consts::EXE_SUFFIX));
    bin.exists().then_some(bin)
}

/// What the browser tests need: Chromium, the `nimmt` binary and the built client; `None`
/// (after saying why) when something is missing.
fn browser_setup() -> Option<(String, PathBuf)> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        missing("install chromium (apt-get install chromium) to run the browser end-to-end test");
        return None;
    }
    if !found("node", "--version") {
        missing("install Node.js 20+ to run the browser end-to-end test");
        return None;
    }
    let root = root();
    if !root.join("web/node_modules/playwright-core").exists()
        || !root.join("web/dist/index.html").exists()
    {
        missing("the client is not built (npm was missing when cargo built nimmt-web)");
        return None;
    }
    let Some(bin) = nimmt_bin() else {
        missing("target/debug/nimmt is not built; run `cargo build -p nimmt` (or set NIMMT_BIN)");
        return None;
    };
    let serves = Command::new(&bin)
        .args(["serve", "--help"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !serves {
        // Not a missing tool but a binary from before the server existed: nothing to test yet.
        println!("skipped: this nimmt binary has no `serve` command yet");
        return None;
    }
    Some((chromium, bin))
}

/// Runs the end-to-end script `web/e2e/SCRIPT` with `env` set. The games against bots are dealt
/// at random and the browser runs on a machine that may be busy: a script that fails is run once
/// more, and its first failure is printed.
fn run_script(script: &str, chromium: &str, bin: &Path, env: &[(&str, String)]) {
    let root = root();
    let run = || {
        let out = Command::new("node")
            .arg(root.join("web/e2e").join(script))
            .env("NIMMT_BIN", bin)
            .env("CHROMIUM", chromium)
            .envs(env.iter().map(|(k, v)| (k, v)))
            .current_dir(&root)
            .output()
            .expect("node runs");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let passed = out.status.success() && text.contains(" passed, 0 failed");
        (passed, text)
    };
    let (mut passed, mut text) = run();
    if !passed {
        println!("{script} failed once, runs again:\n{text}");
        (passed, text) = run();
    }
    println!("{script}:\n{text}");
    assert!(
        passed,
        "the browser end-to-end test {script} failed:\n{text}"
    );
}

/// The browser scripts that run beside another one, longest first (so the lanes end close
/// together).
const SHARED: [&str; 16] = [
    "botaccounts.mjs",
    "tournament.mjs",
    "friends.mjs",
    "comeback.mjs",
    "players.mjs",
    "moderation.mjs",
    "pace.mjs",
    "invite.mjs",
    "room.mjs",
    "game.mjs",
    "classic.mjs",
    "variants.mjs",
    "buffalo.mjs",
    "board.mjs",
    "help.mjs",
    "account.mjs",
];

/// The browser scripts that run alone, after the others: their waits (a log-in on a second
/// device, a service worker's push message, mails arriving, a turn-based game played to its end
/// by polling, the search's marks within its time) fail now and then when another browser and
/// server share the two cores.
const ALONE: [&str; 5] = [
    "accounts.mjs",
    "yourmove.mjs",
    "mail.mjs",
    "turnbased.mjs",
    "analysis.mjs",
];

/// How many shared scripts run at once (`NIMMT_E2E_LANES`, default 2): each has its own server,
/// port, database and browser, and most of a script's time is spent waiting for the room's timers
/// and the page, so two lanes finish much sooner than one on a machine of two cores.
fn lanes() -> usize {
    std::env::var("NIMMT_E2E_LANES")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n: &usize| n >= 1)
        .unwrap_or(2)
}

#[test]
fn the_browser_scripts_in_headless_chromium() {
    let Some((chromium, bin)) = browser_setup() else {
        return;
    };
    let queue = std::sync::Mutex::new(SHARED.iter().rev().copied().collect::<Vec<_>>());
    let next = || queue.lock().unwrap_or_else(|e| e.into_inner()).pop();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..lanes())
            .map(|_| {
                scope.spawn(|| {
                    while let Some(script) = next() {
                        run_script(script, &chromium, &bin, &[]);
                    }
                })
            })
            .collect();
        let failed = workers.into_iter().filter_map(|w| w.join().err()).next();
        if let Some(panic) = failed {
            std::panic::resume_unwind(panic);
        }
    });
    for script in ALONE {
        run_script(script, &chromium, &bin, &[]);
    }
}

/// A fresh schema in the PostgreSQL test database (dropped again by [`Schema::drop`]).
struct Schema {
    base: String,
    name: String,
    runtime: tokio::runtime::Runtime,
}

impl Schema {
    /// Makes the schema; the error says what is missing.
    fn create(base: &str) -> Result<Schema, String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let name = format!("e2e_{:x}", rand_u64());
        runtime.block_on(async {
            let pool = tokio::time::timeout(
                std::time::Duration::from_secs(10),
                sqlx::PgPool::connect(base),
            )
            .await
            .map_err(|_| format!("PostgreSQL at {base} does not answer"))?
            .map_err(|e| format!("cannot reach PostgreSQL at {base}: {e}"))?;
            let made = sqlx::query(&format!("CREATE SCHEMA {name}"))
                .execute(&pool)
                .await;
            pool.close().await;
            made.map_err(|e| format!("cannot create a schema in {base}: {e}"))
        })?;
        Ok(Schema {
            base: base.to_owned(),
            name,
            runtime,
        })
    }

    /// The database URL whose tables go to this schema.
    fn url(&self) -> String {
        let sep = if self.base.contains('?') { '&' } else { '?' };
        format!("{}{sep}options=-c%20search_path%3D{}", self.base, self.name)
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        self.runtime.block_on(async {
            if let Ok(pool) = sqlx::PgPool::connect(&self.base).await {
                let _ = sqlx::query(&format!("DROP SCHEMA {} CASCADE", self.name))
                    .execute(&pool)
                    .await;
                pool.close().await;
            }
        });
    }
}

/// A random number from the standard library's hasher (no extra dependency for one name).
fn rand_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

/// Whether something listens at `host:port` of a `scheme://host:port` URL.
fn reachable(url: &str) -> bool {
    use std::net::ToSocketAddrs;
    let hostport = url
        .split_once("://")
        .map_or(url, |(_, rest)| rest)
        .split(['/', '?'])
        .next()
        .unwrap_or_default();
    let hostport = hostport.rsplit_once('@').map_or(hostport, |(_, h)| h);
    hostport.to_socket_addrs().is_ok_and(|mut addrs| {
        addrs.any(|a| {
            std::net::TcpStream::connect_timeout(&a, std::time::Duration::from_secs(3)).is_ok()
        })
    })
}

#[test]
fn a_game_at_a_table_of_another_cluster_node_in_headless_chromium() {
    let Some((chromium, bin)) = browser_setup() else {
        return;
    };
    // The cluster needs both services: without them this test fails (CI provides both).
    let postgres = std::env::var("NIMMT_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned());
    let nats =
        std::env::var("NIMMT_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned());
    assert!(
        reachable(&nats),
        "the cluster browser test needs NATS at {nats} (set NIMMT_TEST_NATS), and nothing answers there"
    );
    let schema = Schema::create(&postgres).unwrap_or_else(|e| {
        panic!("the cluster browser test needs PostgreSQL (set NIMMT_TEST_POSTGRES): {e}")
    });
    run_script(
        "cluster.mjs",
        &chromium,
        &bin,
        &[
            ("NIMMT_E2E_POSTGRES", schema.url()),
            ("NIMMT_E2E_NATS", nats.clone()),
        ],
    );
}
