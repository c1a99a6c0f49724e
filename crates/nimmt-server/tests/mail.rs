//! E-mail for accounts against a real SMTP server: Python's `aiosmtpd` on a loopback port,
//! writing every mail it receives into a Maildir, which the test reads. The room's mail clock
//! is moved forward to see links expire and limits pass, never waited for.

mod common;

use common::accounts::{get, post, sign_up};
use common::Db;
use nimmt_server::mail::{self, MailClock, MailConfig, Outcome};
use serde_json::json;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A real SMTP server on loopback; stopped when dropped.
struct Smtp {
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
    async fn start() -> Smtp {
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
    fn mails(&self) -> Vec<String> {
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
    async fn nth(&self, n: usize) -> String {
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
fn link(mail: &str, part: &str) -> String {
    let url = mail
        .split_whitespace()
        .find(|w| w.starts_with("http") && w.contains(part))
        .unwrap_or_else(|| panic!("no link with {part:?} in:\n{mail}"));
    let path = url.splitn(4, '/').nth(3).unwrap();
    format!("/{}", path.trim_end_matches(['>', '.']))
}

fn token_of(path: &str) -> String {
    path.split("token=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap()
        .to_owned()
}

/// A plain request: the status and the whole answer (head and body).
async fn raw(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
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

struct Room {
    running: nimmt_server::Running,
    smtp: Smtp,
    clock: MailClock,
}

impl Room {
    async fn start(db: &Db) -> Room {
        let smtp = Smtp::start().await;
        let mut config = common::config(db);
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

    fn addr(&self) -> SocketAddr {
        self.running.addr
    }

    /// The room's mailer as the notifier has it.
    fn mailer(&self) -> mail::Mailer {
        let mut c = MailConfig::new(
            format!("smtp://127.0.0.1:{}", self.smtp.port),
            "room@example.org",
        );
        c.clock = self.clock.clone();
        mail::Mailer::new(&c, &format!("http://{}", self.addr())).unwrap()
    }

    /// Sets `address` for the account of `token` and follows the verification link.
    async fn verified(&self, token: &str, address: &str, nth_mail: usize) {
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

#[tokio::test]
async fn an_address_is_verified_once_by_its_link_and_belongs_to_one_account() {
    let db = Db::sqlite();
    let room = Room::start(&db).await;
    let addr = room.addr();
    let (_, ann) = sign_up(addr, None, "Ann", "correct horse").await;
    let (_, bea) = sign_up(addr, None, "Bea", "battery staple").await;

    // A guest has no e-mail settings.
    let (status, _) = get(addr, "/api/account/mail", None).await;
    assert_eq!(status, 401);

    let (status, body) = post(
        addr,
        "/api/account/mail?lang=de",
        Some(&ann),
        json!({"address": "Ann@Example.org"}),
    )
    .await;
    assert_eq!(status, 202, "{body}");
    assert_eq!(body["verified"], false);
    let mail = room.smtp.nth(1).await;
    assert!(mail.contains("To: Ann@Example.org"), "{mail}");
    assert!(
        mail.contains("Hallo Ann"),
        "the mail is in the asked language:\n{mail}"
    );
    let verify = link(&mail, "/mail/verify");
    assert!(token_of(&verify).len() >= 32, "at least 128 random bits");

    // Opening the link only asks; the POST verifies.
    let (status, page) = raw(addr, "GET", &verify, "").await;
    assert_eq!(status, 200);
    assert!(
        page.contains("Ann@Example.org") && page.contains("<form method=\"post\""),
        "{page}"
    );
    let (_, body) = get(addr, "/api/account/mail", Some(&ann)).await;
    assert_eq!(body["verified"], false, "a GET verifies nothing");
    let (status, page) = raw(addr, "POST", &verify, "").await;
    assert_eq!(status, 200, "{page}");
    let (_, body) = get(addr, "/api/account/mail", Some(&ann)).await;
    assert_eq!(
        body,
        json!({"offered": true, "address": "Ann@Example.org", "verified": true, "your_move": "off"})
    );

    // The link works once.
    let (status, page) = raw(addr, "POST", &verify, "").await;
    assert_eq!(status, 410);
    assert!(
        page.contains("nur einmal"),
        "in the mail's language: {page}"
    );

    // Another account cannot claim the verified address (in any case of letters).
    let (status, body) = post(
        addr,
        "/api/account/mail",
        Some(&bea),
        json!({"address": "ann@example.ORG"}),
    )
    .await;
    assert_eq!(status, 409);
    assert_eq!(body["code"], "mail_address_taken");
    assert_eq!(room.smtp.mails().len(), 1, "no mail for a refused address");
    let (_, body) = get(addr, "/api/account/mail", Some(&bea)).await;
    assert_eq!(
        body["address"],
        serde_json::Value::Null,
        "the refusal changed nothing"
    );

    // Bad input is refused in the caller's language.
    let (status, body) = post(
        addr,
        "/api/account/mail?lang=de",
        Some(&bea),
        json!({"address": "not an address"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("mail_address_bad"))
    );
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("keine E-Mail-Adresse"));

    // Five verification mails an hour; the sixth is refused, and an hour later it goes out.
    for i in 0..5 {
        let (status, body) = post(
            addr,
            "/api/account/mail",
            Some(&bea),
            json!({"address": format!("bea{i}@example.org")}),
        )
        .await;
        assert_eq!(status, 202, "mail {i}: {body}");
    }
    room.smtp.nth(6).await;
    let (status, body) = post(
        addr,
        "/api/account/mail",
        Some(&bea),
        json!({"address": "bea9@example.org"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("mail_too_many"))
    );
    room.clock.advance(Duration::from_secs(3601));
    let (status, _) = post(
        addr,
        "/api/account/mail",
        Some(&bea),
        json!({"address": "bea9@example.org"}),
    )
    .await;
    assert_eq!(status, 202);
    room.smtp.nth(7).await;

    // The address can be removed.
    let (status, body) = post(addr, "/api/account/mail/remove", Some(&ann), json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(body["address"], serde_json::Value::Null);
    room.running.stop().await;
}

#[tokio::test]
async fn your_move_mails_come_once_per_table_an_hour_and_stop_by_one_click() {
    let db = Db::sqlite();
    let room = Room::start(&db).await;
    let addr = room.addr();
    let (ann_id, ann) = sign_up(addr, None, "Ann", "correct horse").await;
    room.verified(&ann, "ann@example.org", 1).await;
    let pool = room.running.store.pool().clone();
    let mailer = room.mailer();
    let deadline = 2_000_000_000_000u64;

    // Off until chosen.
    let out = mail::your_move(&pool, &mailer, &ann_id, 7, "classic", deadline)
        .await
        .unwrap();
    assert_eq!(out, Outcome::NotWanted);
    let (status, _) = post(
        addr,
        "/api/account/mail/your_move",
        Some(&ann),
        json!({"your_move": "each"}),
    )
    .await;
    assert_eq!(status, 200);

    let out = mail::your_move(&pool, &mailer, &ann_id, 7, "classic", deadline)
        .await
        .unwrap();
    assert_eq!(out, Outcome::Sent);
    let mail = room.smtp.nth(2).await;
    assert!(
        mail.contains("Subject: Your move: 6 nimmt! at table 7"),
        "{mail}"
    );
    assert!(
        mail.contains("2033-05-18 03:33 UTC"),
        "the deadline:\n{mail}"
    );
    assert!(mail.contains(&format!("http://{addr}/t/7")), "{mail}");
    assert!(
        mail.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "{mail}"
    );
    let header = mail
        .lines()
        .find(|l| l.starts_with("List-Unsubscribe:"))
        .unwrap();
    assert!(header.contains("/mail/unsubscribe?token="), "{header}");

    // A second note for the same table within the hour sends nothing; another table does.
    let out = mail::your_move(&pool, &mailer, &ann_id, 7, "classic", deadline)
        .await
        .unwrap();
    assert_eq!(out, Outcome::Throttled);
    let out = mail::your_move(&pool, &mailer, &ann_id, 8, "classic", deadline)
        .await
        .unwrap();
    assert_eq!(out, Outcome::Sent);
    room.smtp.nth(3).await;
    room.clock.advance(Duration::from_secs(3600));
    let out = mail::your_move(&pool, &mailer, &ann_id, 7, "classic", deadline)
        .await
        .unwrap();
    assert_eq!(out, Outcome::Sent, "an hour later the table may mail again");
    room.smtp.nth(4).await;
    assert_eq!(room.smtp.mails().len(), 4);

    // One click, without logging in: the GET asks, the POST turns the mails off.
    let unsubscribe = link(&mail, "/mail/unsubscribe");
    let (status, page) = raw(addr, "GET", &unsubscribe, "").await;
    assert_eq!(status, 200);
    assert!(page.contains("ann@example.org"), "{page}");
    let (_, body) = get(addr, "/api/account/mail", Some(&ann)).await;
    assert_eq!(body["your_move"], "each", "the GET changed nothing");
    let (status, page) = raw(addr, "POST", &unsubscribe, "List-Unsubscribe=One-Click").await;
    assert_eq!(status, 200, "{page}");
    let (_, body) = get(addr, "/api/account/mail", Some(&ann)).await;
    assert_eq!(body["your_move"], "off");
    room.clock.advance(Duration::from_secs(7200));
    let out = mail::your_move(&pool, &mailer, &ann_id, 7, "classic", deadline)
        .await
        .unwrap();
    assert_eq!(out, Outcome::NotWanted);
    let (status, _) = raw(addr, "POST", "/mail/unsubscribe?token=nonsense", "").await;
    assert_eq!(status, 404);

    // The daily digest lists the waiting tables once a day.
    let (status, _) = post(
        addr,
        "/api/account/mail/your_move",
        Some(&ann),
        json!({"your_move": "digest"}),
    )
    .await;
    assert_eq!(status, 200);
    for table in [11, 12] {
        let out = mail::your_move(&pool, &mailer, &ann_id, table, "classic", deadline)
            .await
            .unwrap();
        assert_eq!(out, Outcome::Noted);
    }
    let now = room.clock.now_ms();
    assert_eq!(mail::digest::run(&pool, &mailer, now).await.unwrap(), 1);
    let digest = room.smtp.nth(5).await;
    assert!(
        digest.contains("Subject: Your move at 2 tables"),
        "{digest}"
    );
    assert!(
        digest.contains("/t/11") && digest.contains("/t/12"),
        "{digest}"
    );
    assert_eq!(
        mail::digest::run(&pool, &mailer, now + 3_600_000)
            .await
            .unwrap(),
        0,
        "once a day"
    );
    room.running.stop().await;
}

#[tokio::test]
async fn a_reset_link_sets_a_new_password_once_within_the_hour() {
    let db = Db::sqlite();
    let room = Room::start(&db).await;
    let addr = room.addr();
    let (_, ann) = sign_up(addr, None, "Ann", "correct horse").await;
    room.verified(&ann, "ann@example.org", 1).await;

    // The answer is the same for a name that exists, one that does not, and an address.
    for who in ["Ann", "Nobody", "nobody@example.org"] {
        let (status, body) = post(addr, "/api/mail/forgot", None, json!({"who": who})).await;
        assert_eq!(status, 202, "{who}: {body}");
    }
    let mail = room.smtp.nth(2).await;
    assert!(mail.contains("Subject: Reset your password"), "{mail}");
    let reset = link(&mail, "/reset?token=");
    let token = token_of(&reset);

    // Too short a password is refused and uses nothing up.
    let (status, body) = post(
        addr,
        "/api/mail/reset",
        None,
        json!({"token": token, "password": "x"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("password_short"))
    );
    let (status, body) = post(
        addr,
        "/api/mail/reset",
        None,
        json!({"token": token, "password": "a new secret"}),
    )
    .await;
    assert_eq!(status, 204, "{body}");
    let (status, _) = common::accounts::log_in(addr, "Ann", "a new secret").await;
    assert_eq!(status, 200);
    let (status, _) = common::accounts::log_in(addr, "Ann", "correct horse").await;
    assert_eq!(status, 401);
    let (status, _) = get(addr, "/api/account/mail", Some(&ann)).await;
    assert_eq!(status, 401, "the sessions before the reset ended");

    // A second use is refused.
    let (status, body) = post(
        addr,
        "/api/mail/reset?lang=de",
        None,
        json!({"token": token, "password": "another one"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (410, Some("mail_link_used"))
    );
    assert!(body["error"].as_str().unwrap().contains("nur einmal"));

    // A link used late is refused.
    let (status, _) = post(
        addr,
        "/api/mail/forgot",
        None,
        json!({"who": "ann@example.org"}),
    )
    .await;
    assert_eq!(status, 202);
    let late = token_of(&link(&room.smtp.nth(3).await, "/reset?token="));
    room.clock.advance(Duration::from_secs(3600));
    let (status, body) = post(
        addr,
        "/api/mail/reset",
        None,
        json!({"token": late, "password": "too late now"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (410, Some("mail_link_expired"))
    );
    let (status, _) = common::accounts::log_in(addr, "Ann", "a new secret").await;
    assert_eq!(status, 200, "the late link changed nothing");

    // Requests are limited per name typed (known or not).
    for _ in 0..3 {
        post(addr, "/api/mail/forgot", None, json!({"who": "Nobody2"})).await;
    }
    let (status, body) = post(addr, "/api/mail/forgot", None, json!({"who": "nobody2"})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("mail_reset_wait"))
    );
    room.running.stop().await;
}

#[tokio::test]
async fn without_smtp_settings_the_room_offers_no_mail() {
    let db = Db::sqlite();
    let (running, _) = common::server(&db).await;
    let addr = running.addr;
    let (_, ann) = sign_up(addr, None, "Ann", "correct horse").await;
    let (status, body) = get(addr, "/api/account/mail", Some(&ann)).await;
    assert_eq!(status, 200);
    assert_eq!(body["offered"], false);
    let (status, body) = post(
        addr,
        "/api/account/mail",
        Some(&ann),
        json!({"address": "ann@example.org"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("mail_not_offered"))
    );
    let (status, _) = post(addr, "/api/mail/forgot", None, json!({"who": "Ann"})).await;
    assert_eq!(status, 404);
    running.stop().await;
}
