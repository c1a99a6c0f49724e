//! E-mail for accounts against a real SMTP server (`common/mail.rs`: Python's `aiosmtpd` on a
//! loopback port, its Maildir read by the test), on SQLite and PostgreSQL. The room's mail
//! clock is moved forward to see links expire and limits pass, never waited for.

mod common;

use common::accounts::{get, post, sign_up};
use common::mail::{link, raw, token_of, Room};
use common::Db;
use nimmt_server::mail::{self, Outcome};
use serde_json::json;
use std::time::Duration;

on_both_databases!(
    verification,
    an_address_is_verified_once_by_its_link_and_belongs_to_one_account_sqlite,
    an_address_is_verified_once_by_its_link_and_belongs_to_one_account_postgres
);

async fn verification(db: Db) {
    let room = Room::start(&db).await;
    let addr = room.addr();
    let (_, ann) = sign_up(addr, None, "Ann", "correct horse").await;
    let (bea_id, bea) = sign_up(addr, None, "Bea", "battery staple").await;

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
    let late = link(&room.smtp.nth(7).await, "/mail/verify");

    // A verification link works for a day.
    room.clock.advance(Duration::from_secs(24 * 3600));
    let (status, page) = raw(addr, "POST", &late, "").await;
    assert_eq!(status, 410);
    assert!(page.contains("expired"), "{page}");
    let (_, body) = get(addr, "/api/account/mail", Some(&bea)).await;
    assert_eq!(body["verified"], false);

    // A deleted account's address is forgotten.
    let (status, _) = post(
        addr,
        "/api/account/delete",
        Some(&bea),
        json!({"password": "battery staple"}),
    )
    .await;
    assert_eq!(status, 204);
    let pool = room.running.store.pool().clone();
    assert_eq!(mail::address::forget_deleted(&pool).await.unwrap(), 1);
    assert!(mail::address::of_player(&pool, &bea_id)
        .await
        .unwrap()
        .is_none());

    // The address can be removed.
    let (status, body) = post(addr, "/api/account/mail/remove", Some(&ann), json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(body["address"], serde_json::Value::Null);
    room.running.stop().await;
    db.drop_schema().await;
}

on_both_databases!(
    your_move,
    your_move_mails_come_once_per_table_an_hour_and_stop_by_one_click_sqlite,
    your_move_mails_come_once_per_table_an_hour_and_stop_by_one_click_postgres
);

async fn your_move(db: Db) {
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
    db.drop_schema().await;
}

on_both_databases!(
    reset,
    a_reset_link_sets_a_new_password_once_within_the_hour_sqlite,
    a_reset_link_sets_a_new_password_once_within_the_hour_postgres
);

async fn reset(db: Db) {
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
    db.drop_schema().await;
}

/// A mail server that cannot be reached: the refusal says the mail was not sent, and the
/// address stays what it was.
#[tokio::test]
async fn a_verification_mail_not_sent_changes_nothing() {
    let db = Db::sqlite();
    let room = Room::start(&db).await;
    let addr = room.addr();
    let (_, ann) = sign_up(addr, None, "Ann", "correct horse").await;
    room.verified(&ann, "ann@example.org", 1).await;
    let Room { running, smtp, .. } = room;
    drop(smtp);
    let (status, body) = post(
        addr,
        "/api/account/mail",
        Some(&ann),
        json!({"address": "ann@example.com"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (503, Some("mail_not_sent"))
    );
    let (_, body) = get(addr, "/api/account/mail", Some(&ann)).await;
    assert_eq!(body["address"], "ann@example.org");
    assert_eq!(body["verified"], true);
    running.stop().await;
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
