//! `nimmt bot connect` against the real `nimmt serve`: two bot accounts, one a built-in bot
//! (`--spec greedy`), one the arena's example bot through a command (`-- python3
//! examples/classic_bot.py`), play a rated game with a person and then ladder games with each
//! other, every rating moving; a bridge killed mid-game loses nothing: its seat is played by the
//! default move meanwhile, and once it is back it plays on to the end; a bridge whose room
//! restarts reconnects by itself and finishes its game; a revoked token stops the bridge with a
//! message that says so.

#[path = "../../nimmt-server/tests/common/mod.rs"]
mod common;
mod serving;

use common::accounts::{get, post, request, sign_up};
use common::Player;
use nimmt_protocol::ServerMsg;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PASSWORD: &str = "a long enough password";

/// A process ended when the test ends however it ends.
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn python() -> Option<&'static str> {
    let works = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    works.then_some("python3")
}

/// POSTs `body` to `path` with the session token `session`; the answer, once its status is
/// `status`.
async fn post_ok(addr: SocketAddr, path: &str, session: &str, body: Value, status: u16) -> Value {
    let (got, answer) = post(addr, path, Some(session), body).await;
    assert_eq!(got, status, "POST {path}: {answer}");
    answer
}

/// A bot account made for a test.
struct BotAccount {
    /// The file holding its API token.
    token_file: PathBuf,
    /// Its session (to revoke the token).
    session: String,
    /// The token's id.
    token_id: String,
}

/// Makes the bot account `name` (sign-up, bot, token) and writes its token to a file in `dir`.
async fn bot_account(addr: SocketAddr, dir: &Path, name: &str) -> BotAccount {
    let (_, session) = sign_up(addr, None, name, PASSWORD).await;
    post_ok(
        addr,
        "/api/account/bot",
        &session,
        json!({"confirm": true}),
        200,
    )
    .await;
    let made = post_ok(
        addr,
        "/api/account/tokens",
        &session,
        json!({"name": "bridge"}),
        201,
    )
    .await;
    let file = dir.join(format!("{name}.token"));
    // With a line end and spaces, as an editor may leave it: the bridge trims them.
    std::fs::write(&file, format!("  {}\n", made["token"].as_str().unwrap())).unwrap();
    BotAccount {
        token_file: file,
        session,
        token_id: made["id"].as_str().unwrap().to_owned(),
    }
}

/// Starts `nimmt bot connect` for the token in `token_file` with `args` (the flags, then the
/// bot); its standard error goes to `log`.
fn bridge(url: &str, token_file: &Path, args: &[&str], log: &Path) -> Proc {
    let err = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .args(["bot", "connect", "--server", url, "--token-file"])
        .arg(token_file)
        .args(args)
        .current_dir(repo())
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(err)
        .spawn()
        .expect("nimmt bot connect starts");
    Proc(child)
}

/// Sends the chat command `text` until the room acknowledges it (the bot may not be online or
/// arrived yet); panics after 30 s with the last refusal.
async fn until_acked(p: &mut Player, text: &str) {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let m = p.command(text).await;
        if matches!(m, ServerMsg::Ack { .. }) {
            return;
        }
        assert!(Instant::now() < until, "{text}: still refused: {m:?}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The classic entry of `name`'s profile (`Null` before its first game).
async fn classic(addr: SocketAddr, name: &str) -> Value {
    let (status, profile) = get(addr, &format!("/api/players/{name}"), None).await;
    assert_eq!(status, 200, "{profile}");
    profile["games"]
        .as_array()
        .and_then(|g| g.iter().find(|g| g["game"] == "classic"))
        .cloned()
        .unwrap_or(Value::Null)
}

/// Waits up to `secs` for `name`'s classic profile to satisfy `ok`; returns it.
async fn profile_until(
    addr: SocketAddr,
    name: &str,
    secs: u64,
    ok: impl Fn(&Value) -> bool,
) -> Value {
    let until = Instant::now() + Duration::from_secs(secs);
    loop {
        let p = classic(addr, name).await;
        if ok(&p) {
            return p;
        }
        assert!(Instant::now() < until, "{name}'s classic profile stays {p}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Waits up to `secs` for `log` to contain `text`.
fn log_until(log: &Path, text: &str, secs: u64) -> String {
    let until = Instant::now() + Duration::from_secs(secs);
    loop {
        let got = std::fs::read_to_string(log).unwrap_or_default();
        if got.contains(text) {
            return got;
        }
        assert!(
            Instant::now() < until,
            "no {text:?} in the bridge's log:\n{got}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A room of its own: `nimmt serve` on SQLite in a temporary folder (the ladder pairing every
/// `ladder_secs`, 0: never), with the person Ann's account.
struct Room {
    _server: Proc,
    addr: SocketAddr,
    url: String,
    /// Ann's session token.
    session: String,
    dir: tempfile::TempDir,
}

impl Room {
    async fn open(ladder_secs: &str) -> Room {
        let dir = tempfile::tempdir().unwrap();
        let db = format!("sqlite://{}", dir.path().join("room.db").display());
        let (server, addr) =
            serving::serve(&["--database", &db, "--ladder-every-secs", ladder_secs]);
        let (_, session) = sign_up(addr, None, "Ann", PASSWORD).await;
        Room {
            _server: Proc(server),
            addr,
            url: format!("ws://{addr}/ws"),
            session,
            dir,
        }
    }

    /// The room and the Python to run the example bot with; `None` (the test is skipped) without
    /// python3.
    async fn with_python(ladder_secs: &str) -> Option<(Room, &'static str)> {
        let Some(python) = python() else {
            eprintln!("SKIPPED: needs python3 for the example bot");
            return None;
        };
        Some((Room::open(ladder_secs).await, python))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
}

/// Ann (an account) opens a table of `seats` with `options`, seats the bot accounts `bots` and
/// starts it.
async fn table_with_bots(
    url: &str,
    session: &str,
    options: &[&str],
    seats: usize,
    bots: &[&str],
) -> (Player, u64) {
    let mut ann = Player::join_as(url, "Ann", Some(session)).await;
    let table = ann.create(options, Some(seats)).await;
    for bot in bots {
        until_acked(&mut ann, &format!("/bot add @{bot}")).await;
    }
    until_acked(&mut ann, "/start").await;
    (ann, table)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bridged_bots_play_a_rated_game_with_a_person_and_then_each_other_on_the_ladder() {
    let Some((room, python)) = Room::with_python("1").await else {
        return;
    };
    let (addr, url, session, dir) = (room.addr, &room.url, &room.session, room.dir.path());
    let greedy_token = bot_account(addr, dir, "Greedy").await.token_file;
    let python_token = bot_account(addr, dir, "Pyth").await.token_file;
    let (greedy_log, python_log) = (room.path("greedy.log"), room.path("pyth.log"));
    let mut greedy = bridge(url, &greedy_token, &["--spec", "greedy"], &greedy_log);
    let mut pyth = bridge(
        url,
        &python_token,
        &["--", python, "examples/classic_bot.py"],
        &python_log,
    );

    // A rated game of three: Ann, and the two bots seated by name.
    let (mut ann, table) = table_with_bots(url, session, &[], 3, &["Greedy", "Pyth"]).await;
    tokio::time::timeout(Duration::from_secs(120), ann.play_to_end())
        .await
        .expect("the game ends within two minutes");
    for name in ["Ann", "Greedy", "Pyth"] {
        let p = profile_until(addr, name, 10, |p| p["rated_games"] == 1).await;
        assert!(p["rating"].is_number(), "{name} has a rating: {p}");
    }
    for log in [&greedy_log, &python_log] {
        let text = log_until(log, "game over", 10);
        assert!(text.contains(&format!("table={table}")), "{text}");
        assert!(text.contains("Ann"), "the log names the seats: {text}");
    }

    // Then the two meet on the ladder (no person at the table): rated games between bots.
    drop(std::mem::replace(
        &mut greedy,
        bridge(
            url,
            &greedy_token,
            &["--spec", "greedy", "--ladder"],
            &greedy_log,
        ),
    ));
    drop(std::mem::replace(
        &mut pyth,
        bridge(
            url,
            &python_token,
            &["--ladder", "--", python, "examples/classic_bot.py"],
            &python_log,
        ),
    ));
    for name in ["Greedy", "Pyth"] {
        let p = profile_until(addr, name, 120, |p| p["games"].as_u64() >= Some(2)).await;
        assert_eq!(
            p["rated_games"], p["games"],
            "{name}'s ladder games are rated: {p}"
        );
    }
    assert_eq!(
        classic(addr, "Ann").await["games"],
        1,
        "Ann was not at the ladder table"
    );
}

/// The lines of the bridge's `--log-dir` file of `table`, as JSON.
fn table_log(dir: &Path, table: u64) -> Vec<Value> {
    std::fs::read_to_string(dir.join(format!("table-{table}.jsonl")))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn acked(log: &[Value]) -> Vec<Value> {
    log.iter()
        .filter(|l| l["type"] == "acked")
        .map(|l| l["action"].clone())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bridge_killed_mid_game_loses_nothing_and_plays_on_when_it_is_back() {
    let Some((room, python)) = Room::with_python("0").await else {
        return;
    };
    let (addr, url, session) = (room.addr, &room.url, &room.session);
    let token = bot_account(addr, room.dir.path(), "Pyth").await.token_file;
    let (log, moves) = (room.path("pyth.log"), room.path("moves"));
    let moves_dir = moves.to_str().unwrap();
    let args = [
        "--log-dir",
        moves_dir,
        "--",
        python,
        "examples/classic_bot.py",
    ];
    let pyth = bridge(url, &token, &args, &log);

    // Two deals of two seats, two seconds a decision: the bot's seat waits at most that long.
    let (mut ann, table) =
        table_with_bots(url, session, &["deals=2", "timer=2"], 2, &["Pyth"]).await;
    ann.play_moves(4).await;
    let before = acked(&table_log(&moves, table));
    assert!(!before.is_empty(), "the bot played before it was killed");
    drop(pyth); // SIGKILL; its bot process sees its input end and exits

    // The game goes on without it: its seat gets the default move at each turn.
    tokio::time::timeout(Duration::from_secs(30), ann.play_moves(3))
        .await
        .expect("the table plays on while the bot is away");
    let away = acked(&table_log(&moves, table)).len();

    // Back: it says hello again, gets its table's state and plays on to the end.
    let _pyth = bridge(url, &token, &args, &log);
    tokio::time::timeout(Duration::from_secs(120), ann.play_to_end())
        .await
        .expect("the game ends");
    log_until(&log, "game over", 10);
    let all = acked(&table_log(&moves, table));
    assert!(all.len() > away, "the bot played again after it came back");

    // Every move the room acknowledged to the bridge is in the game's record, for the bot's seat.
    let (status, record) = get(addr, &format!("/api/games/{table}/record"), None).await;
    assert_eq!(status, 200, "{record}");
    let seat = record["seats"]
        .as_array()
        .unwrap()
        .iter()
        .position(|s| s == "Pyth" || s["name"] == "Pyth")
        .expect("Pyth has a seat in the record");
    let recorded: Vec<&Value> = record["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["seat"] == seat)
        .map(|a| &a["action"])
        .collect();
    for action in &all {
        assert!(
            recorded.contains(&action),
            "{action} is in the record: {recorded:?}"
        );
    }
    assert!(
        recorded.len() > all.len(),
        "the default moves of the time away are recorded too"
    );
}

/// Waits up to `secs` for the process to exit; its exit status.
fn exit_within(p: &mut Proc, secs: u64) -> std::process::ExitStatus {
    let until = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(status) = p.0.try_wait().unwrap() {
            return status;
        }
        assert!(Instant::now() < until, "still running after {secs} s");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_token_stops_the_bridge_with_a_clear_message() {
    let room = Room::open("0").await;
    let robo = bot_account(room.addr, room.dir.path(), "Robo").await;
    let log = room.path("robo.log");
    let mut running = bridge(&room.url, &robo.token_file, &["--spec", "greedy"], &log);
    // Online: the lobby lists it.
    let mut ann = Player::join_as(&room.url, "Ann", Some(&room.session)).await;
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        ann.send(nimmt_protocol::ClientMsg::ListBots {}).await;
        let m = ann
            .recv_until(|m| matches!(m, ServerMsg::Bots { .. }))
            .await;
        if matches!(&m, ServerMsg::Bots { bots } if bots.iter().any(|b| b.name == "Robo")) {
            break;
        }
        assert!(Instant::now() < until, "Robo never came online");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let path = format!("/api/account/tokens/{}", robo.token_id);
    let (status, _) = request(room.addr, "DELETE", &path, Some(&robo.session), None).await;
    assert_eq!(status, 204);
    let status = exit_within(&mut running, 10);
    assert!(
        !status.success(),
        "the bridge stops with a failure: {status}"
    );
    let said = std::fs::read_to_string(&log).unwrap();
    assert!(said.contains("revoked"), "it says why: {said}");

    // Started again with the revoked token, it stops at once.
    let mut again = bridge(&room.url, &robo.token_file, &["--spec", "greedy"], &log);
    assert!(!exit_within(&mut again, 10).success());
    let said = std::fs::read_to_string(&log).unwrap();
    assert!(said.contains("refused the token (bad_token)"), "{said}");

    // An empty token file is refused before anything connects.
    std::fs::write(&robo.token_file, "\n").unwrap();
    let mut empty = bridge(&room.url, &robo.token_file, &["--spec", "greedy"], &log);
    assert!(!exit_within(&mut empty, 10).success());
    assert!(std::fs::read_to_string(&log).unwrap().contains("is empty"));
}

/// Starts `nimmt serve` on `port` with the database `db`, and waits until it listens.
fn serve_at(port: u16, db: &str) -> Proc {
    let addr = format!("127.0.0.1:{port}");
    Proc(serving::serve_on(&addr, &["--database", db, "--ladder-every-secs", "0"]).0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bridge_reconnects_by_itself_when_the_room_restarts_and_finishes_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("room.db").display());
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut server = serve_at(port, &db);
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let url = format!("ws://{addr}/ws");
    let (_, session) = sign_up(addr, None, "Ann", PASSWORD).await;
    let robo = bot_account(addr, dir.path(), "Robo").await;
    let log = dir.path().join("robo.log");
    let _bridge = bridge(&url, &robo.token_file, &["--spec", "greedy"], &log);
    let (mut ann, table) = table_with_bots(&url, &session, &["deals=2"], 2, &["Robo"]).await;
    ann.play_moves(3).await;

    // The room goes down mid-game (SIGKILL) and comes back on the same database.
    server.0.kill().unwrap();
    server.0.wait().unwrap();
    let server = serve_at(port, &db);
    let mut ann = Player::join_as(&url, "Ann", Some(&session)).await;
    assert_eq!(ann.me.seated, vec![table]);
    ann.table = table;
    ann.recv_until(|m| matches!(m, ServerMsg::State { .. }))
        .await;
    tokio::time::timeout(Duration::from_secs(60), ann.play_to_end())
        .await
        .expect("the game ends: the bot is back and plays");
    let said = log_until(&log, "game over", 10);
    assert!(said.contains("reconnecting in"), "{said}");
    assert_eq!(said.matches("connected to").count(), 2, "{said}");
    drop(server);
}
