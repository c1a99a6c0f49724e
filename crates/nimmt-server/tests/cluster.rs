//! Three nodes of one room (in-process servers sharing a PostgreSQL schema and a NATS server):
//! one lobby, one table list, one chat; a game with players on different nodes, a bot and a
//! spectator, where everyone sees the same versions and events.

mod common;

use common::{http_get, Db, Player};
use futures_util::StreamExt;
use nimmt_protocol::{ClientMsg, ErrorCode, Lang, ServerMsg};
use nimmt_server::cluster::ClusterConfig;
use nimmt_server::Running;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;

pub fn nats_url() -> String {
    std::env::var("NIMMT_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned())
}

async fn node(db: &Db, prefix: &str, name: &str) -> (Running, String) {
    node_via(db, prefix, name, &nats_url()).await
}

/// A node that reaches NATS at `nats` (a proxy, to cut it off).
async fn node_via(db: &Db, prefix: &str, name: &str, nats: &str) -> (Running, String) {
    let mut config = common::config(db);
    let mut cluster = ClusterConfig::new(nats, name);
    cluster.prefix = prefix.to_owned();
    cluster.lease = Duration::from_millis(1500);
    config.cluster = Some(cluster);
    common::server_with(config).await
}

/// Waits until `srv` lists table `id`.
async fn listed(srv: &Running, id: u64) {
    for _ in 0..100 {
        let (_, body) = http_get(srv.addr, "/api/tables").await;
        let tables: Vec<Value> = serde_json::from_str(&body).unwrap();
        if tables.iter().any(|t| t["id"] == id) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("table {id} is not listed on {}", srv.addr);
}

/// The ids of the tables `srv` lists.
async fn table_ids(srv: &Running) -> Vec<u64> {
    let (_, body) = http_get(srv.addr, "/api/tables").await;
    let tables: Vec<Value> = serde_json::from_str(&body).unwrap();
    tables.iter().filter_map(|t| t["id"].as_u64()).collect()
}

/// Waits until `srv` no longer lists table `id`.
async fn not_listed(srv: &Running, id: u64) {
    for _ in 0..100 {
        if !table_ids(srv).await.contains(&id) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("table {id} is still listed on {}", srv.addr);
}

/// Waits until `srv`'s `/healthz` answers `status`.
async fn health(srv: &Running, status: u16) {
    for _ in 0..200 {
        if http_get(srv.addr, "/healthz").await.0 == status {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{} never answered /healthz with {status}", srv.addr);
}

/// What a socket gets until the server closes it: the `replaced` message seen, and the close
/// code.
async fn closed_with(player: &mut Player) -> (bool, u16) {
    let mut replaced = false;
    let wait = tokio::time::timeout(Duration::from_secs(20), async {
        while let Some(m) = player.client.socket.next().await {
            match m.expect("the socket reads") {
                Message::Text(t) => {
                    replaced |= matches!(serde_json::from_str(&t), Ok(ServerMsg::Replaced));
                }
                Message::Close(Some(f)) => return u16::from(f.code),
                Message::Close(None) => return 1005,
                _ => {}
            }
        }
        1006
    })
    .await;
    (replaced, wait.expect("the socket closes within 20 s"))
}

/// A TCP proxy in front of NATS that can be cut (every connection through it drops, new ones
/// are refused) and restored.
struct Proxy {
    url: String,
    up: Arc<AtomicBool>,
    cut: tokio::sync::watch::Sender<u64>,
}

impl Proxy {
    async fn start(target: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("nats://{}", listener.local_addr().unwrap());
        let up = Arc::new(AtomicBool::new(true));
        let (cut, _) = tokio::sync::watch::channel(0u64);
        let (up2, cut2) = (up.clone(), cut.clone());
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !up2.load(Ordering::SeqCst) {
                    continue; // Dropped: the client sees the line close at once.
                }
                let mut cut = cut2.subscribe();
                let target = target.clone();
                tokio::spawn(async move {
                    let Ok(mut outbound) = TcpStream::connect(&target).await else {
                        return;
                    };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = cut.changed() => {}
                    }
                });
            }
        });
        Proxy { url, up, cut }
    }

    fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        self.cut.send_modify(|n| *n += 1);
    }

    fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

/// The versions and the public events of every update in a log, in order.
fn public_story(log: &[String]) -> Vec<(u64, Vec<Value>)> {
    log.iter()
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
        .filter(|m| m["type"] == "update")
        .map(|m| {
            let events = m["events"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["type"] == "revealed" || e["type"] == "deal_started")
                .cloned()
                .collect();
            (m["version"].as_u64().unwrap(), events)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_nodes_play_one_game_and_share_lobby_and_chat() {
    let db = Db::postgres().await;
    let prefix = format!("t{}", hex::encode(rand::random::<[u8; 5]>()));
    let (a, url_a) = node(&db, &prefix, "a").await;
    let (b, url_b) = node(&db, &prefix, "b").await;
    let (c, url_c) = node(&db, &prefix, "c").await;

    // Ann opens a table on node a; Bob (node b) and Eve (node c) see it.
    let mut ann = Player::join(&url_a, "Ann").await;
    let table = ann.create(&["hand_size=4", "deals=2"], Some(4)).await;
    listed(&b, table).await;
    listed(&c, table).await;

    // Lobby chat from node b reaches a lobby listener on node c.
    let mut lurker = Player::join(&url_c, "Lurker").await;
    lurker.send(ClientMsg::ListTables { subscribe: true }).await;
    let tables = lurker
        .recv_until(|m| matches!(m, ServerMsg::Tables { .. }))
        .await;
    let ServerMsg::Tables { tables } = tables else {
        unreachable!()
    };
    assert!(tables.iter().any(|t| t.id == table), "{tables:?}");
    let mut bob = Player::join(&url_b, "Bob").await;
    bob.send(ClientMsg::Chat {
        table: None,
        text: "hello from b".into(),
    })
    .await;
    let heard = lurker
        .recv_until(|m| matches!(m, ServerMsg::Chat { table: None, .. }))
        .await;
    assert!(
        matches!(&heard, ServerMsg::Chat { from, text, .. } if from == "Bob" && text == "hello from b"),
        "{heard:?}"
    );

    // Bob sits at a table of another node; Eve watches from a third; a bot takes a seat.
    bob.sit(table).await;
    let mut eve = Player::join(&url_c, "Eve").await;
    eve.watch(table).await;
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    // Table chat from node b reaches the owner's node and the spectator's.
    assert!(matches!(bob.command("hi all").await, ServerMsg::Ack { .. }));
    ann.recv_until(|m| matches!(m, ServerMsg::Chat { from, .. } if from == "Bob"))
        .await;
    eve.recv_until(|m| matches!(m, ServerMsg::Chat { from, .. } if from == "Bob"))
        .await;
    // Someone at a remote table whose command is refused gets the refusal with its number.
    let refused = bob.command("/kick Ann").await;
    assert!(
        matches!(refused, ServerMsg::Error { .. }),
        "only the host kicks: {refused:?}"
    );
    // The lobby listener on node c hears the seats change.
    lurker
        .recv_until(|m| matches!(m, ServerMsg::TableChanged { table: t, .. } if t.id == table && t.seats.len() >= 2))
        .await;
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    // The running game's public record, asked of a node that does not run it.
    let (status, body) = http_get(c.addr, &format!("/api/games/{table}/record")).await;
    assert_eq!(status, 200, "{body}");
    let running: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(running["finished"], false, "{running}");
    assert!(running.get("seed").is_none(), "{running}");

    let mut done = common::all_to_the_end(vec![ann, bob], vec![eve]).await;
    let (eve, bob, ann) = (
        done.pop().unwrap(),
        done.pop().unwrap(),
        done.pop().unwrap(),
    );

    // Everyone saw the same versions and the same public events, and the same outcome.
    let outcome = ann.view.as_ref().unwrap()["outcome"].clone();
    assert!(!outcome.is_null());
    assert_eq!(bob.view.as_ref().unwrap()["outcome"], outcome);
    assert_eq!(eve.view.as_ref().unwrap()["outcome"], outcome);
    assert_eq!(ann.version, bob.version);
    assert_eq!(ann.version, eve.version);
    let story = public_story(&ann.log);
    assert!(story.len() > 8, "{story:?}");
    assert_eq!(public_story(&bob.log), story);
    assert_eq!(public_story(&eve.log), story);
    // Bob's hand never went to Eve: no view of hers has a hand.
    for m in eve
        .log
        .iter()
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
    {
        if let Some(hand) = m["view"].get("hand") {
            assert!(hand.is_null() || hand == &Value::Array(vec![]), "{m}");
        }
    }

    // The finished game's record is served by every node, and replays.
    for srv in [&a, &b, &c] {
        let (status, body) = http_get(srv.addr, &format!("/api/games/{table}/record")).await;
        assert_eq!(status, 200, "{body}");
        let record: nimmt_core::GameRecord = serde_json::from_str(&body).unwrap();
        nimmt_core::record::replay(&record).expect("the record replays");
    }

    // The welcome names the other nodes, where a client may go if its node goes away.
    let zoe = Player::join(&url_b, "Zoe").await.me;
    let mut nodes = zoe.nodes;
    for _ in 0..50 {
        if nodes.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        nodes = Player::join_as(&url_b, "Zoe", Some(&zoe.token))
            .await
            .me
            .nodes;
    }
    nodes.sort();
    let mut expected = vec![format!("ws://{}/ws", a.addr), format!("ws://{}/ws", c.addr)];
    expected.sort();
    assert_eq!(nodes, expected);

    // Operators see the nodes, the owner's table, and the counters.
    let (status, body) = http_get(b.addr, "/api/cluster").await;
    assert_eq!(status, 200, "{body}");
    let cluster: Value = serde_json::from_str(&body).unwrap();
    let names: Vec<&str> = cluster["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["a", "b", "c"], "{cluster}");
    let (status, body) = http_get(c.addr, "/healthz").await;
    assert_eq!(status, 200);
    let health: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(health["node"], "c");
    assert_eq!(health["cluster"], "ok");
    let (status, body) = http_get(a.addr, "/metrics").await;
    assert_eq!(status, 200);
    assert!(body.contains("nimmt_moves_total{node=\"a\"}"), "{body}");
    assert!(body.contains("nimmt_commit_seconds_bucket"), "{body}");

    a.stop().await;
    b.stop().await;
    c.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_that_cannot_prove_its_lease_stops_taking_moves_and_every_player_hears_it_at_once() {
    let db = Db::postgres().await;
    let prefix = format!("t{}", hex::encode(rand::random::<[u8; 5]>()));
    let (a, url_a) = node(&db, &prefix, "a").await;
    let (b, url_b) = node(&db, &prefix, "b").await;
    let mut ann = Player::join_as_lang(&url_a, "Ann", Lang::De).await;
    let table = ann.create(&["hand_size=4", "deals=1"], Some(3)).await;
    listed(&b, table).await;
    let mut bob = Player::join_as_lang(&url_b, "Bob", Lang::De).await;
    bob.sit(table).await;
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    ann.drain(200).await;
    bob.drain(200).await;
    let (ann_before, bob_before) = (ann.view.clone(), bob.view.clone());

    // Node a can no longer prove it owns the table: someone else's lease stands in the
    // database (as when a's renewals did not get through in time and another node took over).
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url()).await.unwrap();
    sqlx::query(
        "UPDATE nimmt_table_leases SET node = 'elsewhere/0', epoch = epoch + 1, \
         expires_at = expires_at + 2500 WHERE table_id = $1",
    )
    .bind(table as i64)
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    // Node a stops running it and at once tells every player at it, on its own node and on
    // the others, in their language, before anyone acts.
    for p in [&mut ann, &mut bob] {
        let told = p
            .recv_until(|m| {
                matches!(
                    m,
                    ServerMsg::Error {
                        code: ErrorCode::NotOwner,
                        ..
                    }
                )
            })
            .await;
        let ServerMsg::Error {
            id,
            table: at,
            text,
            ..
        } = told
        else {
            unreachable!()
        };
        assert_eq!((id, at), (None, Some(table)));
        assert_eq!(text.key, "table_moving");
        assert!(text.text.contains("anderen Server"), "{}", text.text);
    }
    // A move now is refused with the same code, on either node, and changes nothing.
    for p in [&mut ann, &mut bob] {
        let action = p.choice().expect("asked to play");
        let version = p.version;
        let m = p.act_answer(version, action).await;
        assert!(
            matches!(
                m,
                ServerMsg::Error {
                    code: ErrorCode::NotOwner,
                    ..
                }
            ),
            "{m:?}"
        );
    }

    // Once that lease has run out, a node takes the table over from the log: both players get
    // their table back exactly as it was, and play it to the end.
    for (p, before) in [(&mut ann, ann_before), (&mut bob, bob_before)] {
        p.recv_until(|m| matches!(m, ServerMsg::State { .. })).await;
        assert_eq!(p.view, before);
    }
    let done = common::all_to_the_end(vec![ann, bob], vec![]).await;
    assert_eq!(
        done[0].view.as_ref().unwrap()["outcome"],
        done[1].view.as_ref().unwrap()["outcome"]
    );
    a.stop().await;
    b.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_identity_keeps_one_connection_across_nodes() {
    let db = Db::postgres().await;
    let prefix = format!("t{}", hex::encode(rand::random::<[u8; 5]>()));
    let (a, url_a) = node(&db, &prefix, "a").await;
    let (b, url_b) = node(&db, &prefix, "b").await;

    // Ann is connected to node a, then says hello with her token on node b: the connection on
    // a is told `replaced` and closed with 4001; the one on b is hers.
    let mut on_a = Player::join(&url_a, "Ann").await;
    let token = on_a.me.token.clone();
    let mut on_b = Player::join_as(&url_b, "Ann", Some(&token)).await;
    assert_eq!(on_b.me.player, on_a.me.player);
    assert_eq!(closed_with(&mut on_a).await, (true, 4001));
    let table = on_b.create(&["hand_size=4"], Some(3)).await;
    listed(&a, table).await;
    on_b.send(ClientMsg::Ping {}).await;
    on_b.recv_until(|m| matches!(m, ServerMsg::Pong { .. }))
        .await;

    // The other way round: back on node a, the connection on b goes, the seat comes along.
    let mut again = Player::join_as(&url_a, "Ann", Some(&token)).await;
    assert_eq!(again.me.seated, vec![table]);
    assert_eq!(closed_with(&mut on_b).await, (true, 4001));
    again
        .recv_until(|m| matches!(m, ServerMsg::State { table: t, .. } if t.id == table))
        .await;
    assert!(matches!(
        again.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));

    a.stop().await;
    b.stop().await;
    db.drop_schema().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_off_from_nats_catches_up_on_the_lobby_when_it_is_back() {
    let db = Db::postgres().await;
    let prefix = format!("t{}", hex::encode(rand::random::<[u8; 5]>()));
    let nats = nats_url();
    let proxy = Proxy::start(nats.trim_start_matches("nats://").to_owned()).await;
    let (a, url_a) = node_via(&db, &prefix, "a", &proxy.url).await;
    let (b, url_b) = node(&db, &prefix, "b").await;

    let mut bob = Player::join(&url_b, "Bob").await;
    let closing = bob.create(&["hand_size=4"], Some(3)).await;
    bob.table = 0;
    let kept = bob.create(&["hand_size=6"], Some(3)).await;
    listed(&a, closing).await;
    listed(&a, kept).await;
    // Cy, on node a, watches one of them.
    let mut cy = Player::join(&url_a, "Cy").await;
    cy.watch(kept).await;
    let mut lurker = Player::join(&url_a, "Lurker").await;
    lurker.send(ClientMsg::ListTables { subscribe: true }).await;
    lurker
        .recv_until(|m| matches!(m, ServerMsg::Tables { .. }))
        .await;

    // Node a loses NATS; meanwhile Bob's first table closes and he opens another.
    proxy.cut();
    health(&a, 503).await;
    bob.send(ClientMsg::Leave { table: closing }).await;
    bob.recv_until(|m| matches!(m, ServerMsg::Left { .. }))
        .await;
    bob.table = kept;
    assert!(matches!(
        bob.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    bob.table = 0;
    let opened = bob.create(&["hand_size=5"], Some(4)).await;
    assert_ne!(opened, closing);
    listed(&b, opened).await;
    not_listed(&b, closing).await;
    // Node a heard none of it.
    let seen = table_ids(&a).await;
    assert!(
        seen.contains(&closing) && !seen.contains(&opened),
        "{seen:?}"
    );

    // The link is back: a's list is right again, its lobby listener is told, and Cy gets the
    // table he watches as it is now (with the bot that sat down during the cut).
    proxy.restore();
    cy.recv_until(
        |m| matches!(m, ServerMsg::State { table, .. } if table.id == kept && table.seats.len() == 2),
    )
    .await;
    health(&a, 200).await;
    listed(&a, opened).await;
    not_listed(&a, closing).await;
    let mut told_open = false;
    let mut told_closed = false;
    while !(told_open && told_closed) {
        if let ServerMsg::TableChanged { table, closed } = lurker.recv().await {
            told_open |= table.id == opened && !closed;
            told_closed |= table.id == closing && closed;
        }
    }

    a.stop().await;
    b.stop().await;
    db.drop_schema().await;
}
