//! A real SMTP server for the mail tests: Python's `aiosmtpd` on a loopback port, writing every
//! mail it receives into a Maildir, and a room that sends its mail there (its mail clock in
//! the test's hands).

use super::accounts::post;
use super::Db;
use nimmt_server::mail::{self, MailClock, MailConfig};
use serde_json::json;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A real SMTP server on loopback; stopped when dropped.
pub struct Smtp {
    child: Child,
    port: u16,
    dir: tempfile::TempDir,
}

impl Drop for Smtp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Smtp {
    /// Starts `python3 -m aiosmtpd` with its Maildir handler; fails the test, saying how to
    /// install it, when it cannot be started.
    pub async fn start() -> Smtp {
        let probe = Command::new("python3")
            .args(["-c", "import aiosmtpd"])
            .status();
        assert!(
            matches!(probe, Ok(s) if s.success()),
            "the mail tests need a real SMTP server: python3 with aiosmtpd \
             (apt-get install python3-aiosmtpd, or pip install aiosmtpd)"
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let dir = tempfile::tempdir().unwrap();
        let maildir = dir.path().join("maildir");
        let child = Command::new("python3")
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&maildir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 -m aiosmtpd starts");
        let mut smtp = Smtp { child, port, dir };
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return smtp;
            }
            if let Ok(Some(status)) = smtp.child.try_wait() {
                panic!("aiosmtpd stopped at once ({status}): is it installed for python3?");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = smtp.child.kill();
        panic!("aiosmtpd did not listen on 127.0.0.1:{port} within 10 s");
    }

    fn maildir(&self) -> PathBuf {
        self.dir.path().join("maildir").join("new")
    }

    /// Every mail received so far, decoded (quoted-printable), oldest first.
    pub fn mails(&self) -> Vec<String> {
        let mut files: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(self.maildir())
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .map(|e| (e.metadata().unwrap().modified().unwrap(), e.path()))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files.iter().map(|(_, p)| decode(p)).collect()
    }

    /// Waits until the `n`th mail has arrived (the room sends some in the background) and
    /// returns it.
    pub async fn nth(&self, n: usize) -> String {
        for _ in 0..400 {
            let mails = self.mails();
            if mails.len() >= n {
                return mails[n - 1].clone();
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("mail {n} did not arrive (have {})", self.mails().len());
    }
}

/// A mail file with its quoted-printable body decoded (the head as it is).
fn decode(path: &Path) -> String {
    let raw = std::fs::read_to_string(path).unwrap().replace("\r\n", "\n");
    let (head, body) = raw.split_once("\n\n").unwrap_or((&raw, ""));
    let joined = body.replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    format!("{head}\n\n{}", String::from_utf8_lossy(&out))
}

/// The first link in `mail` that contains `part`, as a path (`/mail/verify?token=…`).
pub fn link(mail: &str, part: &str) -> String {
    let url = mail
        .split_whitespace()
        .find(|w| w.starts_with("http") && w.contains(part))
        .unwrap_or_else(|| panic!("no link with {part:?} in:\n{mail}"));
    let path = url.splitn(4, '/').nth(3).unwrap();
    format!("/{}", path.trim_end_matches(['>', '.']))
}

pub fn token_of(path: &str) -> String {
    path.split("token=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap()
        .to_owned()
}

/// A plain request: the status and the whole answer (head and body).
pub async fn raw(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, text)
}

pub struct Room {
    pub running: nimmt_server::Running,
    pub smtp: Smtp,
    pub clock: MailClock,
}

impl Room {
    pub async fn start(db: &Db) -> Room {
        let smtp = Smtp::start().await;
        let mut config = super::config(db);
        let mail = MailConfig::new(
            format!("smtp://127.0.0.1:{}", smtp.port),
            "Nimmt <room@example.org>",
        );
        let clock = mail.clock.clone();
        config.mail = Some(mail);
        let running = nimmt_server::start(config).await.expect("server starts");
        Room {
            running,
            smtp,
            clock,
        }
    }

    pub fn addr(&self) -> SocketAddr {
        self.running.addr
    }

    /// The room's mailer as the notifier has it.
    pub fn mailer(&self) -> mail::Mailer {
        let mut c = MailConfig::new(
            format!("smtp://127.0.0.1:{}", self.smtp.port),
            "room@example.org",
        );
        c.clock = self.clock.clone();
        mail::Mailer::new(&c, &format!("http://{}", self.addr())).unwrap()
    }

    /// Sets `address` for the account of `token` and follows the verification link.
    pub async fn verified(&self, token: &str, address: &str, nth_mail: usize) {
        let (status, body) = post(
            self.addr(),
            "/api/account/mail",
            Some(token),
            json!({"address": address}),
        )
        .await;
        assert_eq!(status, 202, "{body}");
        let verify = link(&self.smtp.nth(nth_mail).await, "/mail/verify");
        let (status, page) = raw(self.addr(), "POST", &verify, "").await;
        assert_eq!(status, 200, "{page}");
    }
}
