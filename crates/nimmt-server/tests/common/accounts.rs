//! Helpers for the account tests: JSON over HTTP to `/api/account/...`, with or without a
//! bearer token.

use serde_json::Value;
use std::net::SocketAddr;

/// One HTTP request with an optional bearer token and JSON body; the status and the JSON
/// answer (`Null` for an empty one).
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    s.write_all(
        format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
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
        super::dechunk(body)
    } else {
        body.to_owned()
    };
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

pub async fn post(addr: SocketAddr, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    request(addr, "POST", path, token, Some(body)).await
}

pub async fn get(addr: SocketAddr, path: &str, token: Option<&str>) -> (u16, Value) {
    request(addr, "GET", path, token, None).await
}

/// Signs up `name` (turning the guest of `token` into the account, or a new identity): the
/// session (player, token).
pub async fn sign_up(
    addr: SocketAddr,
    token: Option<&str>,
    name: &str,
    password: &str,
) -> (String, String) {
    let (status, body) = post(
        addr,
        "/api/account/signup",
        token,
        serde_json::json!({"name": name, "password": password}),
    )
    .await;
    assert_eq!(status, 201, "sign-up of {name:?}: {body}");
    (
        body["player"].as_str().unwrap().to_owned(),
        body["token"].as_str().unwrap().to_owned(),
    )
}

/// A new bot account `name` (signed up with `password`, made a bot account) and an API token
/// of its: (player, token).
pub async fn bot_account(addr: SocketAddr, name: &str, password: &str) -> (String, String) {
    let (player, session) = sign_up(addr, None, name, password).await;
    let confirm = serde_json::json!({"confirm": true});
    let (status, body) = post(addr, "/api/account/bot", Some(&session), confirm).await;
    assert_eq!(status, 200, "{name} a bot account: {body}");
    let named = serde_json::json!({"name": "bot"});
    let (status, body) = post(addr, "/api/account/tokens", Some(&session), named).await;
    assert_eq!(status, 201, "a token of {name}: {body}");
    (player, body["token"].as_str().unwrap().to_owned())
}

/// Logs in: the status and the answer.
pub async fn log_in(addr: SocketAddr, name: &str, password: &str) -> (u16, Value) {
    post(
        addr,
        "/api/account/login",
        None,
        serde_json::json!({"name": name, "password": password}),
    )
    .await
}
