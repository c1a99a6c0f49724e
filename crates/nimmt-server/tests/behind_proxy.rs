//! The room behind a real reverse proxy on loopback (nginx and Caddy, the configurations of
//! `docs/deploy.md` without TLS): clients of their own loopback addresses (127.0.0.2, …) reach
//! the room through the proxy at 127.0.0.1, which the room trusts (`--trusted-proxy`). Each
//! client keeps limits of its own, a ban holds the banned client's address and not the proxy's,
//! and forwarding headers sent by a client (through the proxy or straight to the room) change
//! nothing.
//!
//! Without nginx or Caddy installed this test says "skipped: …" and passes, unless the
//! environment variable `CI` is set: then it fails (`.ci/run` installs both).

mod common;

use common::accounts::request as http;
use common::{config, server_with, Db, Player};
use nimmt_protocol::{ErrorCode, ServerMsg};
use nimmt_server::moderation::operators;
use serde_json::json;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A proxy process, stopped when dropped.
struct Proxy(Child);

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("-v")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

fn missing(what: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{what} is not installed (CI is set, so this is a failure)");
    }
    println!("skipped: {what} is not installed");
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn nginx(dir: &Path, listen: u16, upstream: SocketAddr) -> Proxy {
    let conf = format!(
        r#"worker_processes 1;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/nginx-error.log;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}
    server {{
        listen 127.0.0.1:{listen};
        location / {{
            proxy_pass http://{upstream};
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
        }}
    }}
}}
"#,
        dir = dir.display()
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, conf).unwrap();
    let child = Command::new("nginx")
        .args(["-p", &dir.display().to_string(), "-c"])
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nginx starts");
    Proxy(child)
}

fn caddy(dir: &Path, listen: u16, upstream: SocketAddr) -> Proxy {
    let conf = format!(
        "{{\n    admin off\n    auto_https off\n}}\n\
         http://127.0.0.1:{listen} {{\n    reverse_proxy {upstream}\n}}\n"
    );
    let path = dir.join("Caddyfile");
    std::fs::write(&path, conf).unwrap();
    let child = Command::new("caddy")
        .args(["run", "--adapter", "caddyfile", "--config"])
        .arg(&path)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("caddy starts");
    Proxy(child)
}

/// Waits until something listens on `port`.
async fn listening(port: u16) {
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the proxy did not listen on {port}");
}

/// A WebSocket upgrade sent by hand from `from` to `to`, with `extra` headers; the HTTP status
/// the answer starts with. The connection stays open (it holds its slot) while `held` lives.
async fn upgrade(
    from: &str,
    to: SocketAddr,
    extra: &str,
    held: &mut Vec<tokio::net::TcpStream>,
) -> u16 {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse().unwrap(), 0))
        .unwrap();
    let mut stream = socket.connect(to).await.unwrap();
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {to}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n{extra}\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut buf = vec![0u8; 512];
    let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buf))
        .await
        .expect("an answer")
        .unwrap();
    let head = String::from_utf8_lossy(&buf[..n]).to_string();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    held.push(stream);
    status
}

/// Says hello from `from` through `url`: the welcome's player, or the refusal.
async fn hello_from(url: &str, from: &str, name: &str) -> Result<Player, ServerMsg> {
    Player::join_from(url, name, from, None).await
}

async fn behind(proxy_name: &str, start: fn(&Path, u16, SocketAddr) -> Proxy) {
    if !installed(proxy_name) {
        return missing(proxy_name);
    }
    let db = Db::sqlite();
    let mut cfg = config(&db);
    cfg.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
    cfg.limits.conns_per_addr = 1;
    let (running, _) = server_with(cfg).await;
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let _proxy = start(dir.path(), port, running.addr);
    listening(port).await;
    let proxy: SocketAddr = ([127, 0, 0, 1], port).into();
    let via_proxy = format!("ws://{proxy}/ws");
    let mut held = Vec::new();

    // Two clients behind the proxy each have their own connection limit (one here): without
    // the forwarded address they would share the proxy's and the second would be refused.
    assert_eq!(upgrade("127.0.0.2", proxy, "", &mut held).await, 101);
    assert_eq!(upgrade("127.0.0.3", proxy, "", &mut held).await, 101);
    assert_eq!(
        upgrade("127.0.0.2", proxy, "", &mut held).await,
        429,
        "the first client's second connection is over its own limit"
    );
    // A client that names another address through the proxy is still itself: the proxy
    // appends (nginx) or replaces (Caddy) the header, and the room reads it from the right.
    let spoof = "X-Forwarded-For: 127.0.0.99\r\nForwarded: for=127.0.0.98\r\n";
    assert_eq!(upgrade("127.0.0.3", proxy, spoof, &mut held).await, 429);
    // Straight to the room, not through the proxy, the headers are not read at all.
    assert_eq!(
        upgrade("127.0.0.5", running.addr, spoof, &mut held).await,
        101
    );
    assert_eq!(
        upgrade(
            "127.0.0.5",
            running.addr,
            "X-Forwarded-For: 127.0.0.77\r\n",
            &mut held
        )
        .await,
        429,
        "a header from an untrusted peer changes nothing"
    );
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;

    // A ban through the proxy holds the banned client's address, and stays.
    let olga = hello_from(&via_proxy, "127.0.0.10", "Olga").await.unwrap();
    assert!(operators::grant(running.store.pool(), &olga.me.player)
        .await
        .unwrap());
    let bob = hello_from(&via_proxy, "127.0.0.11", "Bob").await.unwrap();
    let (status, ban) = http(
        running.addr,
        "POST",
        "/api/admin/sanctions",
        Some(&olga.me.token),
        Some(json!({"player": bob.me.player, "kind": "ban", "reason": "flooding"})),
    )
    .await;
    assert_eq!(status, 200, "{ban}");
    assert_eq!(
        ban["address"], "127.0.0.11",
        "the client's address, not the proxy's"
    );
    drop(bob);
    tokio::time::sleep(Duration::from_millis(200)).await;
    match hello_from(&via_proxy, "127.0.0.11", "Bobby").await {
        Err(ServerMsg::Error {
            code: ErrorCode::Banned,
            text,
            ..
        }) => assert_eq!(text.key, "banned_address"),
        other => panic!(
            "a new guest from the banned address: {:?}",
            other.map(|p| p.me)
        ),
    }
    // Everyone else behind the same proxy still comes in.
    assert!(hello_from(&via_proxy, "127.0.0.12", "Cem").await.is_ok());
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_nginx_each_client_is_itself() {
    behind("nginx", nginx).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_caddy_each_client_is_itself() {
    behind("caddy", caddy).await;
}
