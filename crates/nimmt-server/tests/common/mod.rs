//! Helpers for the WebSocket tests: a real server on an ephemeral loopback port, a real
//! database (SQLite file or a fresh PostgreSQL schema), and players that play by their views.
#![allow(dead_code)]

pub mod accounts;
pub mod both_databases;
pub mod coming_back;
pub mod mail;
pub mod moderation;
pub mod nodes;
pub mod stored_ratings;

use nimmt_core::games::classic::View;
use nimmt_protocol::{ClientMsg, Lang, Role, ServerMsg};
use nimmt_server::client::{Client, Identity};
use nimmt_server::{Config, Running};
use serde_json::Value;
use std::time::Duration;

/// Where a test's data lives.
pub enum Db {
    Sqlite(tempfile::TempDir),
    Postgres { url: String, schema: String },
}

impl Db {
    pub fn sqlite() -> Db {
        Db::Sqlite(tempfile::tempdir().unwrap())
    }

    /// A fresh schema in the `test` database, so parallel tests never meet.
    pub async fn postgres() -> Db {
        let base = std::env::var("NIMMT_TEST_POSTGRES")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned());
        let schema = format!("t_{}", hex::encode(rand::random::<[u8; 6]>()));
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&base)
            .await
            .expect("PostgreSQL on 127.0.0.1:5432");
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
        let url = format!("{base}?options=-c%20search_path%3D{schema}");
        Db::Postgres { url, schema }
    }

    pub fn url(&self) -> String {
        match self {
            Db::Sqlite(dir) => format!("sqlite://{}", dir.path().join("nimmt.db").display()),
            Db::Postgres { url, .. } => url.clone(),
        }
    }

    pub async fn drop_schema(&self) {
        if let Db::Postgres { schema, .. } = self {
            let base = std::env::var("NIMMT_TEST_POSTGRES")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned());
            if let Ok(pool) = sqlx::AnyPool::connect(&base).await {
                let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
                    .execute(&pool)
                    .await;
                pool.close().await;
            }
        }
    }
}

pub fn config(db: &Db) -> Config {
    Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        database: db.url(),
        bot_delay: Duration::ZERO,
        ..Config::default()
    }
}

pub async fn server(db: &Db) -> (Running, String) {
    server_with(config(db)).await
}

pub async fn server_with(config: Config) -> (Running, String) {
    let running = nimmt_server::start(config).await.expect("server starts");
    let url = format!("ws://{}/ws", running.addr);
    (running, url)
}

/// How long to wait when `m` says the connection is over its message budget (`rate_limited`).
pub fn retry_after(m: &ServerMsg) -> Option<Duration> {
    match m {
        ServerMsg::Error {
            code: nimmt_protocol::ErrorCode::RateLimited,
            text,
            ..
        } => Some(Duration::from_millis(
            text.params["retry_ms"]
                .parse()
                .expect("retry_ms is a number"),
        )),
        _ => None,
    }
}

/// A connected human with its identity and what it last saw of one table.
pub struct Player {
    pub client: Client,
    pub me: Identity,
    pub table: u64,
    pub version: u64,
    pub view: Option<Value>,
    /// Every frame received, as text, in order.
    pub log: Vec<String>,
}

impl Player {
    pub async fn join(url: &str, name: &str) -> Player {
        Self::join_as(url, name, None).await
    }

    pub async fn join_as(url: &str, name: &str, token: Option<&str>) -> Player {
        Self::connect(url, name, token, Lang::En).await
    }

    /// A new player who speaks `lang`.
    pub async fn join_as_lang(url: &str, name: &str, lang: Lang) -> Player {
        Self::connect(url, name, None, lang).await
    }

    /// A player connected from `from` (a loopback address of its own), or the server's
    /// refusal of its hello.
    pub async fn join_from(
        url: &str,
        name: &str,
        from: &str,
        token: Option<&str>,
    ) -> Result<Player, ServerMsg> {
        let mut client = Client::connect_from(url, from.parse().unwrap())
            .await
            .unwrap();
        client
            .send(ClientMsg::Hello {
                protocol: nimmt_protocol::PROTOCOL_VERSION,
                name: name.to_owned(),
                token: token.map(str::to_owned),
                lang: Lang::En,
            })
            .await
            .unwrap();
        let m = client
            .recv_until(10, |m| {
                matches!(m, ServerMsg::Welcome { .. } | ServerMsg::Error { .. })
            })
            .await
            .unwrap();
        match m {
            ServerMsg::Welcome {
                player,
                name,
                token,
                ..
            } => Ok(Player {
                client,
                me: Identity {
                    player,
                    name,
                    token,
                    seated: Vec::new(),
                    games: Vec::new(),
                    nodes: Vec::new(),
                },
                table: 0,
                version: 0,
                view: None,
                log: Vec::new(),
            }),
            refused => Err(refused),
        }
    }

    async fn connect(url: &str, name: &str, token: Option<&str>, lang: Lang) -> Player {
        let mut client = Client::connect(url).await.unwrap();
        let me = client.hello(name, token, lang).await.unwrap();
        Player {
            client,
            me,
            table: 0,
            version: 0,
            view: None,
            log: Vec::new(),
        }
    }

    /// The next message, noted in the log and in what the player knows.
    pub async fn recv(&mut self) -> ServerMsg {
        let text = tokio::time::timeout(Duration::from_secs(20), self.client.recv_raw())
            .await
            .unwrap_or_else(|_| {
                let last: Vec<&String> = self.log.iter().rev().take(3).collect();
                panic!("no message within 20 s; the last ones, newest first: {last:#?}")
            })
            .unwrap()
            .expect("connection open");
        let msg: ServerMsg = serde_json::from_str(&text).unwrap();
        self.log.push(text);
        match &msg {
            ServerMsg::State {
                table,
                version,
                view,
                ..
            } if table.id == self.table || self.table == 0 => {
                self.table = table.id;
                self.version = *version;
                self.view = view.clone();
            }
            ServerMsg::Update {
                table,
                version,
                view,
                ..
            } if *table == self.table => {
                assert_eq!(*version, self.version + 1, "updates come without gaps");
                self.version = *version;
                self.view = Some(view.clone());
            }
            _ => {}
        }
        msg
    }

    pub async fn recv_until(&mut self, mut pred: impl FnMut(&ServerMsg) -> bool) -> ServerMsg {
        loop {
            let m = self.recv().await;
            if pred(&m) {
                return m;
            }
        }
    }

    pub async fn send(&mut self, msg: ClientMsg) -> u64 {
        self.client.send(msg).await.unwrap()
    }

    pub async fn create(&mut self, options: &[&str], seats: Option<usize>) -> u64 {
        let options = nimmt_core::OptionMap::parse(options.iter().copied()).unwrap();
        self.send(ClientMsg::CreateTable {
            game: "classic".parse().unwrap(),
            options,
            seats,
        })
        .await;
        let m = self
            .recv_until(|m| matches!(m, ServerMsg::State { .. } | ServerMsg::Error { .. }))
            .await;
        assert!(matches!(m, ServerMsg::State { .. }), "{m:?}");
        self.table
    }

    pub async fn sit(&mut self, table: u64) {
        self.table = table;
        self.send(ClientMsg::Join {
            table,
            role: Role::Player,
            invite: None,
        })
        .await;
        let m = self
            .recv_until(|m| {
                matches!(m, ServerMsg::State { you, .. } if you.seat.is_some())
                    || matches!(m, ServerMsg::Error { .. })
            })
            .await;
        assert!(matches!(m, ServerMsg::State { .. }), "{m:?}");
    }

    /// Joins `table` as a spectator and waits for its state.
    pub async fn watch(&mut self, table: u64) {
        self.table = table;
        self.send(ClientMsg::Join {
            table,
            role: Role::Spectator,
            invite: None,
        })
        .await;
        self.recv_until(|m| matches!(m, ServerMsg::State { .. }))
            .await;
    }

    pub async fn say(&mut self, text: &str) -> u64 {
        let table = self.table;
        self.send(ClientMsg::Chat {
            table: Some(table),
            text: text.to_owned(),
        })
        .await
    }

    /// Sends a chat command and waits for its answer: the ack or an error.
    pub async fn command(&mut self, text: &str) -> ServerMsg {
        let id = self.say(text).await;
        self.recv_until(|m| {
            matches!(m, ServerMsg::Ack { id: i } if *i == id)
                || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
        })
        .await
    }

    pub fn typed_view(&self) -> Option<View> {
        self.view
            .as_ref()
            .map(|v| serde_json::from_value(v.clone()).unwrap())
    }

    pub fn over(&self) -> bool {
        self.view.as_ref().is_some_and(|v| !v["outcome"].is_null())
    }

    /// If asked, the first legal action of the view.
    pub fn choice(&self) -> Option<Value> {
        let v = self.typed_view()?;
        v.asked?;
        let a = v.legal_actions().into_iter().next()?;
        Some(serde_json::to_value(a).unwrap())
    }

    /// Sends `action` for `version` and returns the server's answer to it: the `update` that
    /// acknowledges it, or the `error` that refuses it.
    pub async fn act_answer(&mut self, version: u64, action: Value) -> ServerMsg {
        let table = self.table;
        let id = self
            .send(ClientMsg::Act {
                table,
                version,
                action,
            })
            .await;
        self.recv_until(|m| {
            matches!(m, ServerMsg::Update { ack: Some(a), .. } if *a == id)
                || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
        })
        .await
    }

    /// Makes one move (the first legal one) and waits for its acknowledgement. Over the
    /// connection's message budget it waits as the server says and sends the move again, as a
    /// well-behaved fast client does.
    pub async fn act_first(&mut self) -> bool {
        let Some(action) = self.choice() else {
            return false;
        };
        let version = self.version;
        loop {
            let m = self.act_answer(version, action.clone()).await;
            if let Some(retry) = retry_after(&m) {
                tokio::time::sleep(retry).await;
                continue;
            }
            if let ServerMsg::Error { .. } = &m {
                panic!("move refused: {m:?}");
            }
            return true;
        }
    }

    /// Acts when asked, until the game is over (or `max_moves` moves were made).
    pub async fn play_to_end(&mut self) {
        self.play_moves(usize::MAX).await;
    }

    pub async fn play_moves(&mut self, max_moves: usize) -> usize {
        let mut moves = 0;
        while !self.over() && moves < max_moves {
            if self.act_first().await {
                moves += 1;
                continue;
            }
            let m = self.recv().await;
            if let ServerMsg::Error { code, .. } = &m {
                panic!("refused: {code:?} {m:?}");
            }
        }
        moves
    }

    /// Reads whatever arrives within `ms` milliseconds of quiet.
    pub async fn drain(&mut self, ms: u64) {
        loop {
            let next =
                tokio::time::timeout(Duration::from_millis(ms), self.client.recv_raw()).await;
            let Ok(Ok(Some(text))) = next else { return };
            let msg: ServerMsg = serde_json::from_str(&text).unwrap();
            match &msg {
                ServerMsg::State { version, view, .. } => {
                    self.version = *version;
                    self.view = view.clone();
                }
                ServerMsg::Update { version, view, .. } => {
                    self.version = *version;
                    self.view = Some(view.clone());
                }
                _ => {}
            }
            self.log.push(text);
        }
    }

    /// Reads until the game is over (a spectator).
    pub async fn watch_to_end(&mut self) {
        while !self.over() {
            self.recv().await;
        }
    }
}

/// Ann opens a table of `seats` seats with `options`; Bob sits down at it.
pub async fn ann_and_bob(url: &str, options: &[&str], seats: usize) -> (Player, Player, u64) {
    let mut ann = Player::join(url, "Ann").await;
    let table = ann.create(options, Some(seats)).await;
    let mut bob = Player::join(url, "Bob").await;
    bob.sit(table).await;
    (ann, bob, table)
}

/// Ann (her account's `token`) opens a turn-based table of two with `options` that Bob joins
/// and starts it; she chooses her card and closes the page, and once Bob saw her go he plays
/// what he is asked (his card, a row if his card asks for one): the next question is Ann's,
/// asked while she is away. The table's number.
pub async fn a_turn_waits_for_absent_ann(url: &str, token: &str, options: &[&str]) -> u64 {
    let mut ann = Player::join_as(url, "Ann", Some(token)).await;
    let table = ann.create(options, Some(2)).await;
    let mut bob = Player::join(url, "Bob").await;
    bob.sit(table).await;
    ann.command("/start").await;
    assert!(ann.act_first().await);
    drop(ann);
    bob.recv_until(|m| matches!(m, ServerMsg::Notice { text, .. } if text.key == "disconnected"))
        .await;
    assert!(bob.act_first().await);
    while bob.act_first().await {}
    table
}

/// Fetches an HTTP path from the running server (a tiny HTTP/1.1 GET).
pub async fn http_get(addr: std::net::SocketAddr, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_owned()
    };
    (status, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// Plays every game of `players` to its end and follows it for `watchers`, all at once.
pub async fn all_to_the_end(players: Vec<Player>, watchers: Vec<Player>) -> Vec<Player> {
    let mut tasks = Vec::new();
    for mut p in players {
        tasks.push(tokio::spawn(async move {
            p.play_to_end().await;
            p
        }));
    }
    for mut w in watchers {
        tasks.push(tokio::spawn(async move {
            w.watch_to_end().await;
            w
        }));
    }
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}
