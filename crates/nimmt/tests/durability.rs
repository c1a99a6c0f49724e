//! Nothing acknowledged is lost: `nimmt serve` is killed with SIGKILL right after the `ack` of
//! each command that changes what is stored (open a table, sit down, options, bots, kick, give
//! up a seat, start, leave a running game, take the seat back, rematch), started again on the
//! same database, and the effect is there. On SQLite and on PostgreSQL.

#[path = "../../nimmt-server/tests/common/mod.rs"]
mod common;
mod serving;

use common::{http_get, Db, Player};
use nimmt_protocol::{ClientMsg, ErrorCode, Role, ServerMsg, TableInfo, TableState};
use std::net::SocketAddr;
use std::process::Child;

/// The server process, killed when the test ends however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

struct Room {
    db: String,
    server: Server,
    addr: SocketAddr,
}

impl Room {
    fn start(db: &str) -> Room {
        let (child, addr) = serving::serve(&["--database", db]);
        Room {
            db: db.to_owned(),
            server: Server(child),
            addr,
        }
    }

    fn url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// SIGKILL at once, and a new process on the same database.
    fn kill_and_restart(&mut self) {
        self.server.0.kill().unwrap();
        self.server.0.wait().unwrap();
        *self = Room::start(&self.db);
    }

    async fn tables(&self) -> Vec<TableInfo> {
        let (status, body) = http_get(self.addr, "/api/tables").await;
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    }

    async fn table(&self, id: u64) -> TableInfo {
        self.tables()
            .await
            .into_iter()
            .find(|t| t.id == id)
            .unwrap_or_else(|| panic!("table {id} is listed after the restart"))
    }

    /// `who` again, with the token of its identity.
    async fn back(&self, who: &Player) -> Player {
        Player::join_as(&self.url(), &who.me.name, Some(&who.me.token)).await
    }
}

/// Waits for the answer to request `id`: `ack`, or the refusal.
async fn answer(p: &mut Player, id: u64) -> ServerMsg {
    p.recv_until(|m| {
        matches!(m, ServerMsg::Ack { id: i } if *i == id)
            || matches!(m, ServerMsg::Error { id: Some(i), .. } if *i == id)
    })
    .await
}

async fn acked(p: &mut Player, msg: ClientMsg) {
    let id = p.send(msg).await;
    let m = answer(p, id).await;
    assert!(matches!(m, ServerMsg::Ack { .. }), "{m:?}");
}

async fn command_acked(p: &mut Player, text: &str) {
    loop {
        let m = p.command(text).await;
        // A player who just played fast may be over the message budget: wait as told.
        if let Some(wait) = common::retry_after(&m) {
            tokio::time::sleep(wait).await;
            continue;
        }
        assert!(matches!(m, ServerMsg::Ack { .. }), "{text}: {m:?}");
        return;
    }
}

fn create(seats: usize) -> ClientMsg {
    ClientMsg::CreateTable {
        game: "classic".parse().unwrap(),
        options: Default::default(),
        seats: Some(seats),
    }
}

fn join(table: u64, role: Role) -> ClientMsg {
    ClientMsg::Join {
        table,
        role,
        invite: None,
    }
}

fn names(t: &TableInfo) -> Vec<&str> {
    t.seats.iter().map(|s| s.name.as_str()).collect()
}

/// Every command, each followed by SIGKILL right after its `ack`.
async fn every_command_survives_kill_9(db: &str) {
    let mut room = Room::start(db);

    // Open a table.
    let mut ann = Player::join(&room.url(), "Ann").await;
    acked(&mut ann, create(4)).await;
    room.kill_and_restart();
    let listed = room.tables().await;
    assert_eq!(listed.len(), 1, "the new table survives");
    let table = listed[0].id;
    assert_eq!(names(&listed[0]), ["Ann"]);

    // Sit down.
    let mut bob = Player::join(&room.url(), "Bob").await;
    acked(&mut bob, join(table, Role::Player)).await;
    room.kill_and_restart();
    assert_eq!(
        names(&room.table(table).await),
        ["Ann", "Bob"],
        "Bob's seat"
    );

    // An option.
    let mut ann = room.back(&ann).await;
    assert_eq!(ann.me.seated, vec![table]);
    ann.table = table;
    command_acked(&mut ann, "/option timer=45").await;
    room.kill_and_restart();
    assert_eq!(room.table(table).await.table_options["timer"], "45");

    // A bot, and the bot taken away again.
    let mut ann = room.back(&ann).await;
    ann.table = table;
    command_acked(&mut ann, "/bot add").await;
    room.kill_and_restart();
    assert_eq!(room.table(table).await.seats.len(), 3, "the bot's seat");
    let mut ann = room.back(&ann).await;
    ann.table = table;
    command_acked(&mut ann, "/bot remove").await;
    room.kill_and_restart();
    assert_eq!(names(&room.table(table).await), ["Ann", "Bob"], "no bot");

    // A kick: Carol sits down, the host sends her away; she may not sit down again.
    let mut carol = Player::join(&room.url(), "Carol").await;
    acked(&mut carol, join(table, Role::Player)).await;
    let mut ann = room.back(&ann).await;
    ann.table = table;
    command_acked(&mut ann, "/kick Carol").await;
    room.kill_and_restart();
    assert_eq!(
        names(&room.table(table).await),
        ["Ann", "Bob"],
        "Carol sent away"
    );
    let mut carol = room.back(&carol).await;
    let id = carol.send(join(table, Role::Player)).await;
    let m = answer(&mut carol, id).await;
    assert!(
        matches!(
            m,
            ServerMsg::Error {
                code: ErrorCode::SentAway,
                ..
            }
        ),
        "{m:?}"
    );

    // Giving up a seat (and watching on).
    let mut bob = room.back(&bob).await;
    bob.table = table;
    command_acked(&mut bob, "/leave").await;
    room.kill_and_restart();
    assert_eq!(
        names(&room.table(table).await),
        ["Ann"],
        "Bob's seat given up"
    );
    let mut bob = room.back(&bob).await;
    assert!(bob.me.seated.is_empty());
    acked(&mut bob, join(table, Role::Player)).await;

    // The start.
    let mut ann = room.back(&ann).await;
    ann.table = table;
    command_acked(&mut ann, "/start").await;
    room.kill_and_restart();
    assert_eq!(room.table(table).await.state, TableState::Playing);

    // Leaving the running game (a bot plays the seat), and taking the seat back.
    let mut bob = room.back(&bob).await;
    assert_eq!(bob.me.seated, vec![table]);
    acked(&mut bob, ClientMsg::Leave { table }).await;
    room.kill_and_restart();
    let bob = room.back(&bob).await;
    assert!(bob.me.seated.is_empty(), "Bob left the running game");
    let mut bob = room.back(&bob).await;
    bob.table = table;
    acked(&mut bob, join(table, Role::Player)).await;
    room.kill_and_restart();
    let mut bob = room.back(&bob).await;
    assert_eq!(bob.me.seated, vec![table], "Bob has his seat back");

    // Play to the end, then a rematch.
    bob.table = table;
    let mut ann = room.back(&ann).await;
    ann.table = table;
    let b = tokio::spawn(async move {
        bob.play_to_end().await;
        bob
    });
    ann.play_to_end().await;
    let _bob = b.await.unwrap();
    command_acked(&mut ann, "/rematch").await;
    room.kill_and_restart();
    let next = room
        .tables()
        .await
        .into_iter()
        .find(|t| t.id > table)
        .expect("the rematch is listed after the restart");
    assert_eq!(next.state, TableState::Playing, "the rematch started");
    assert_eq!(names(&next), ["Ann", "Bob"]);
}

/// Four identities open two tables each at once: every `ack` holds after a SIGKILL right
/// behind the last one.
async fn a_burst_of_creates_survives_kill_9(db: &str) {
    let mut room = Room::start(db);
    let mut players = Vec::new();
    for name in ["Ann", "Bob", "Carol", "Dan"] {
        players.push(Player::join(&room.url(), name).await);
    }
    let mut sent = Vec::new();
    for p in &mut players {
        for _ in 0..2 {
            sent.push(p.send(create(3)).await);
        }
    }
    for (i, p) in players.iter_mut().enumerate() {
        for id in &sent[i * 2..i * 2 + 2] {
            let m = answer(p, *id).await;
            assert!(matches!(m, ServerMsg::Ack { .. }), "{m:?}");
        }
    }
    room.kill_and_restart();
    let listed = room.tables().await;
    assert_eq!(
        listed.len(),
        8,
        "every acknowledged table survives the kill"
    );
    for name in ["Ann", "Bob", "Carol", "Dan"] {
        let hosted = listed.iter().filter(|t| names(t)[0] == name).count();
        assert_eq!(hosted, 2, "{name}'s tables");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_survives_kill_9_on_sqlite() {
    let db = Db::sqlite();
    every_command_survives_kill_9(&db.url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_survives_kill_9_on_postgres() {
    let db = Db::postgres().await;
    every_command_survives_kill_9(&db.url()).await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_creates_survives_kill_9_on_sqlite() {
    let db = Db::sqlite();
    a_burst_of_creates_survives_kill_9(&db.url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_creates_survives_kill_9_on_postgres() {
    let db = Db::postgres().await;
    a_burst_of_creates_survives_kill_9(&db.url()).await;
    db.drop_schema().await;
}
