//! Web Push against a real room and a push service played by a local HTTP endpoint (axum on
//! loopback): an account subscribes this browser with a key pair the test made; a "your move"
//! note for that account makes the room post a message encrypted for that browser (RFC 8291)
//! with a VAPID token (RFC 8292) that verifies with the room's public key; the test decrypts it
//! and finds the table. A subscription its push service answers 410 for is removed. Bad
//! subscriptions are refused in the caller's language and store nothing.

mod common;

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes128Gcm, Nonce};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post as axum_post;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use common::accounts::{get, post, sign_up};
use common::{config, Db};
use hkdf::Hkdf;
use nimmt_core::GameKind;
use nimmt_server::notify::{Notifier, YourMoveNote};
use nimmt_server::push::{random_key, Vapid};
use p256::ecdsa::signature::Verifier;
use p256::ecdsa::{Signature, VerifyingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::{PublicKey, SecretKey};
use serde_json::{json, Value};
use sha2::Sha256;
use sqlx::Row;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::sync::mpsc;

/// One request the push service got.
struct Pushed {
    path: String,
    headers: HeaderMap,
    body: Bytes,
}

/// A push service on loopback: `/ok/…` takes every message (201), `/gone/…` answers 410.
async fn push_service() -> (SocketAddr, mpsc::UnboundedReceiver<Pushed>) {
    let (tx, rx) = mpsc::unbounded_channel();
    async fn take(
        State(tx): State<mpsc::UnboundedSender<Pushed>>,
        Path((kind, id)): Path<(String, String)>,
        headers: HeaderMap,
        body: Bytes,
    ) -> StatusCode {
        let gone = kind == "gone";
        let path = format!("/{kind}/{id}");
        let _ = tx.send(Pushed {
            path,
            headers,
            body,
        });
        if gone {
            StatusCode::GONE
        } else {
            StatusCode::CREATED
        }
    }
    let app = axum::Router::new()
        .route("/{kind}/{id}", axum_post(take))
        .with_state(tx);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (addr, rx)
}

/// A browser: its key pair and authentication secret, and its subscription as JSON.
struct Browser {
    key: SecretKey,
    auth: [u8; 16],
    endpoint: String,
}

impl Browser {
    fn new(endpoint: String) -> Browser {
        Browser {
            key: random_key(),
            auth: rand::random(),
            endpoint,
        }
    }

    fn subscription(&self) -> Value {
        json!({
            "endpoint": self.endpoint,
            "expirationTime": null,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(self.key.public_key().to_encoded_point(false).as_bytes()),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            }
        })
    }

    /// The browser's side of RFC 8291: the plaintext of a message body.
    fn decrypt(&self, body: &[u8]) -> Vec<u8> {
        let salt = &body[..16];
        let rs = u32::from_be_bytes(body[16..20].try_into().unwrap());
        assert_eq!(rs, 4096);
        assert_eq!(body[20], 65, "the key id is the sender's public key");
        let as_public = PublicKey::from_sec1_bytes(&body[21..86]).unwrap();
        let shared =
            p256::ecdh::diffie_hellman(self.key.to_nonzero_scalar(), as_public.as_affine());
        let mut info = b"WebPush: info\0".to_vec();
        info.extend_from_slice(self.key.public_key().to_encoded_point(false).as_bytes());
        info.extend_from_slice(&body[21..86]);
        let mut ikm = [0u8; 32];
        Hkdf::<Sha256>::new(Some(&self.auth), shared.raw_secret_bytes())
            .expand(&info, &mut ikm)
            .unwrap();
        let prk = Hkdf::<Sha256>::new(Some(salt), &ikm);
        let (mut cek, mut nonce) = ([0u8; 16], [0u8; 12]);
        prk.expand(b"Content-Encoding: aes128gcm\0", &mut cek)
            .unwrap();
        prk.expand(b"Content-Encoding: nonce\0", &mut nonce)
            .unwrap();
        let mut plain = Aes128Gcm::new((&cek).into())
            .decrypt(Nonce::from_slice(&nonce), &body[86..])
            .expect("the message decrypts with the browser's key");
        assert_eq!(plain.pop(), Some(2), "one last record");
        plain
    }
}

/// Checks the VAPID `Authorization` of a request to the push service at `audience`: signed by
/// the key `public_key` names, for that audience, not expired.
fn check_vapid(headers: &HeaderMap, audience: &str, public_key: &str) {
    let auth = headers["authorization"].to_str().unwrap();
    let (t, k) = auth
        .strip_prefix("vapid t=")
        .and_then(|r| r.split_once(", k="))
        .unwrap_or_else(|| panic!("not a VAPID header: {auth}"));
    assert_eq!(k, public_key);
    let parts: Vec<&str> = t.split('.').collect();
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
    assert_eq!(claims["aud"], audience);
    let now_s = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let exp = claims["exp"].as_i64().unwrap();
    assert!(exp > now_s && exp <= now_s + 24 * 3600, "exp {exp}");
    let key = VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(k).unwrap()).unwrap();
    let sig = Signature::from_slice(&URL_SAFE_NO_PAD.decode(parts[2]).unwrap()).unwrap();
    key.verify(format!("{}.{}", parts[0], parts[1]).as_bytes(), &sig)
        .expect("the token verifies with the room's public key");
}

async fn subscriptions(store: &nimmt_server::store::Store) -> Vec<String> {
    sqlx::query("SELECT endpoint FROM nimmt_push_subscriptions ORDER BY endpoint")
        .fetch_all(store.pool())
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}

async fn next(rx: &mut mpsc::UnboundedReceiver<Pushed>) -> Pushed {
    // Only a bound against a hang: the message comes as soon as the room posts it.
    tokio::time::timeout(Duration::from_secs(60), rx.recv())
        .await
        .expect("the room posts to the push service")
        .unwrap()
}

/// The room's key for a test: push services on plain HTTP (the loopback one) are taken.
fn test_vapid() -> Vapid {
    Vapid::from_pem(&Vapid::generate_pem(), "mailto:room@example.org")
        .unwrap()
        .with_plain_http()
}

/// Subscribes `browser` for the account of `token` (`query`: `?lang=de`, or empty).
async fn subscribe(addr: SocketAddr, token: &str, query: &str, browser: &Browser) -> (u16, Value) {
    let path = format!("/api/push/subscribe{query}");
    post(addr, &path, Some(token), browser.subscription()).await
}

async fn scenario(db: &Db) {
    let (service, mut pushed) = push_service().await;
    let vapid = test_vapid();
    let mut cfg = config(db);
    cfg.vapid = Some(vapid.clone());
    let room = nimmt_server::start(cfg.clone()).await.unwrap();
    let addr = room.addr;

    // The public key, for anyone.
    let (status, key) = get(addr, "/api/push/key", None).await;
    assert_eq!(status, 200);
    assert_eq!(key["public_key"], vapid.public_key());

    let (ann, token) = sign_up(addr, None, "Ann", "a long enough password").await;
    let browser = Browser::new(format!("http://{service}/ok/ann-phone"));
    let gone = Browser::new(format!("http://{service}/gone/ann-old-laptop"));

    // Bad input: no login, a broken key, a short secret, a strange endpoint: refused in the
    // caller's language, nothing stored.
    let (status, body) = post(addr, "/api/push/subscribe", None, browser.subscription()).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("session_needed"))
    );
    let mut bad = browser.subscription();
    bad["keys"]["p256dh"] = json!("BAAA");
    let (status, body) = post(addr, "/api/push/subscribe?lang=de", Some(&token), bad).await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "push_bad_subscription");
    assert!(
        body["error"].as_str().unwrap().contains("P-256-Schlüssel"),
        "{body}"
    );
    let mut bad = browser.subscription();
    bad["keys"]["auth"] = json!("c2hvcnQ");
    let (status, body) = post(addr, "/api/push/subscribe", Some(&token), bad).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("push_bad_subscription"))
    );
    let mut bad = browser.subscription();
    bad["endpoint"] = json!("file:///etc/passwd");
    let (status, _) = post(addr, "/api/push/subscribe", Some(&token), bad).await;
    assert_eq!(status, 400);
    let (status, body) = post(addr, "/api/push/subscribe", Some(&token), json!({"x": 1})).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("bad_request")));
    assert!(subscriptions(&room.store).await.is_empty());

    // Two browsers subscribe (one in German).
    let (status, body) = subscribe(addr, &token, "", &browser).await;
    assert_eq!(status, 204, "{body}");
    let (status, _) = subscribe(addr, &token, "?lang=de", &gone).await;
    assert_eq!(status, 204);
    assert_eq!(subscriptions(&room.store).await.len(), 2);

    // Table 7 waits for Ann's move for an hour.
    let deadline_ms = (nimmt_server::clock::now_ms() + 3_600_000) as u64;
    let notifier = Notifier {
        store: room.store.clone(),
        vapid: cfg.vapid.clone(),
        mailer: None,
    };
    notifier.your_move(YourMoveNote {
        player: ann.clone(),
        table: 7,
        game: GameKind::new("classic"),
        deadline_ms,
    });
    let mut got = vec![next(&mut pushed).await, next(&mut pushed).await];
    got.sort_by(|a, b| a.path.cmp(&b.path));
    let (to_gone, to_phone) = (&got[0], &got[1]);
    assert_eq!(to_phone.path, "/ok/ann-phone");
    let audience = format!("http://{service}");
    for p in &got {
        check_vapid(&p.headers, &audience, &vapid.public_key());
        assert_eq!(p.headers["content-encoding"], "aes128gcm");
        let ttl: u64 = p.headers["ttl"].to_str().unwrap().parse().unwrap();
        assert!(ttl > 3000 && ttl <= 3600, "ttl {ttl}");
        assert_eq!(p.headers["topic"], "table-7");
    }
    let message: Value = serde_json::from_slice(&browser.decrypt(&to_phone.body)).unwrap();
    assert_eq!(message["table"], 7);
    assert_eq!(message["game"], "classic");
    assert_eq!(message["deadline_ms"], deadline_ms);
    assert_eq!(message["url"], "/t/7");
    assert_eq!(message["title"], "Your move");
    let german: Value = serde_json::from_slice(&gone.decrypt(&to_gone.body)).unwrap();
    assert_eq!(german["title"], "Du bist am Zug");
    // The phone's message is for the phone only.
    assert!(Aes128Gcm::new(&[0u8; 16].into())
        .decrypt(Nonce::from_slice(&[0u8; 12]), &to_phone.body[86..])
        .is_err());

    // The push service answered 410 for the old laptop: the room forgot it.
    let mut left = subscriptions(&room.store).await;
    for _ in 0..100 {
        if left.len() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        left = subscriptions(&room.store).await;
    }
    assert_eq!(left, vec![browser.endpoint.clone()]);

    // Unsubscribing this browser: no more messages for it.
    let (status, _) = post(
        addr,
        "/api/push/unsubscribe",
        Some(&token),
        json!({"endpoint": browser.endpoint}),
    )
    .await;
    assert_eq!(status, 204);
    assert!(subscriptions(&room.store).await.is_empty());

    // A deleted account's browsers are forgotten with it.
    let (status, _) = subscribe(addr, &token, "", &browser).await;
    assert_eq!(status, 204);
    let (status, body) = post(
        addr,
        "/api/account/delete",
        Some(&token),
        json!({"password": "a long enough password"}),
    )
    .await;
    assert_eq!(status, 204, "{body}");
    assert!(subscriptions(&room.store).await.is_empty());
    room.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_your_move_note_reaches_the_subscribed_browser_encrypted_and_signed_sqlite() {
    scenario(&Db::sqlite()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_your_move_note_reaches_the_subscribed_browser_encrypted_and_signed_postgres() {
    let db = Db::postgres().await;
    scenario(&db).await;
    db.drop_schema().await;
}

/// Through the room itself: while Ann's page is open the page tells her (no push); once she
/// has left, the next turn of her turn-based game pushes to her subscribed browser. Bob, who
/// subscribed nothing, gets nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_based_game_waiting_for_an_absent_accounts_move_pushes_to_its_browser() {
    let db = Db::sqlite();
    let (service, mut pushed) = push_service().await;
    let vapid = test_vapid();
    let mut cfg = config(&db);
    cfg.vapid = Some(vapid);
    let (room, url) = common::server_with(cfg).await;
    let (_, token) = sign_up(room.addr, None, "Ann", "a long enough password").await;
    let browser = Browser::new(format!("http://{service}/ok/ann"));
    let (status, _) = subscribe(room.addr, &token, "", &browser).await;
    assert_eq!(status, 204);
    let table =
        common::a_turn_waits_for_absent_ann(&url, &token, &["pace=1h", "hand_size=3"]).await;
    // The next turn waits for Ann, who is not there: her browser is told, and only it.
    let got = next(&mut pushed).await;
    assert_eq!(got.path, "/ok/ann");
    let message: Value = serde_json::from_slice(&browser.decrypt(&got.body)).unwrap();
    assert_eq!(message["table"], table);
    assert_eq!(message["url"], format!("/t/{table}"));
    let body = message["body"].as_str().unwrap();
    assert!(body.contains("minutes left"), "{body}");
    assert!(pushed.try_recv().is_err(), "one message, for Ann's browser");
    room.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_without_a_vapid_key_offers_no_push() {
    let db = Db::sqlite();
    let room = nimmt_server::start(config(&db)).await.unwrap();
    let (status, body) = get(room.addr, "/api/push/key?lang=de", None).await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], "push_off");
    assert!(body["error"].as_str().unwrap().contains("VAPID"));
    room.stop().await;
}
