//! `nimmt admin`: the room's operators are given, listed and taken on the command line, by name
//! (an account's or a guest's) or, where several guests share a name, by identity.

use nimmt_server::moderation::operators;
use nimmt_server::store::{Op, Store};
use std::process::Command;

/// Runs `nimmt admin ARGS --database DB`: whether it succeeded, and what it printed.
fn admin(db: &str, args: &[&str]) -> (bool, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_nimmt"))
        .arg("admin")
        .args(args)
        .args(["--database", db])
        .output()
        .expect("nimmt runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.success(), text)
}

fn guest(id: &str, name: &str) -> Op {
    Op::CreatePlayer {
        id: id.into(),
        token: format!("token-{id}"),
        name: name.into(),
    }
}

/// The address of a room's database in `dir`, and a runtime to fill it.
fn room(dir: &tempfile::TempDir) -> (String, tokio::runtime::Runtime) {
    let db = format!("sqlite://{}", dir.path().join("room.db").display());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    (db, runtime)
}

#[test]
fn operators_are_granted_listed_and_revoked_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let (db, runtime) = room(&dir);
    runtime.block_on(async {
        let store = Store::open(&db).await.unwrap();
        let players = vec![guest("a1", "Ann"), guest("b1", "Bob"), guest("b2", "bob")];
        store.write(players).await.unwrap();
    });

    let (ok, out) = admin(&db, &["grant", "ann"]);
    assert!(ok && out.contains("Ann (a1) is an operator now"), "{out}");
    let (ok, out) = admin(&db, &["grant", "Ann"]);
    assert!(ok && out.contains("was an operator already"), "{out}");
    // Two guests called Bob: the command names both identities and grants nobody.
    let (ok, out) = admin(&db, &["grant", "Bob"]);
    assert!(!ok && out.contains("b1") && out.contains("b2"), "{out}");
    let (ok, out) = admin(&db, &["grant", "b2"]);
    assert!(ok && out.contains("bob (b2) is an operator now"), "{out}");
    let (ok, out) = admin(&db, &["grant", "Nobody"]);
    assert!(!ok && out.contains("there is no player"), "{out}");
    let (ok, out) = admin(&db, &["list"]);
    assert!(
        ok && out.contains("a1\tAnn") && out.contains("b2\tbob"),
        "{out}"
    );

    let (ok, out) = admin(&db, &["revoke", "Ann"]);
    assert!(ok && out.contains("is no operator any more"), "{out}");
    let (ok, out) = admin(&db, &["list"]);
    assert!(ok && !out.contains("a1") && out.contains("b2"), "{out}");
    runtime.block_on(async {
        let store = Store::open(&db).await.unwrap();
        assert!(!operators::is_operator(store.pool(), "a1").await.unwrap());
        assert!(operators::is_operator(store.pool(), "b2").await.unwrap());
        assert!(!operators::is_operator(store.pool(), "b1").await.unwrap());
    });
}

#[test]
fn a_bot_account_is_never_made_an_operator() {
    let dir = tempfile::tempdir().unwrap();
    let (db, runtime) = room(&dir);
    runtime.block_on(async {
        let store = Store::open(&db).await.unwrap();
        store.write(vec![guest("r1", "Robo")]).await.unwrap();
        sqlx::query(
            "INSERT INTO nimmt_accounts (player_id, name, name_key, name_skeleton, \
             password_hash, created_at, password_changed_at, bot_since) \
             VALUES ('r1', 'Robo', 'robo', 'robo', 'x', 1, 1, 2)",
        )
        .execute(store.pool())
        .await
        .unwrap();
    });
    let (ok, out) = admin(&db, &["grant", "Robo"]);
    assert!(!ok && out.contains("is a bot account"), "{out}");
    let (ok, out) = admin(&db, &["list"]);
    assert!(ok && !out.contains("r1"), "{out}");
}
