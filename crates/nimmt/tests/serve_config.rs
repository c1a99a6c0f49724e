//! `nimmt serve`'s settings as a host writes them: a `nimmt.toml`, `NIMMT_…` variables over it,
//! flags over both; `--print-config` shows what is in force (secrets masked); a bad file refuses
//! to start and names the key.

use std::path::Path;
use std::process::{Command, Output};

/// `nimmt serve ARGS` in `dir`, with only the given `NIMMT_…` variables set.
fn serve(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_nimmt"));
    cmd.arg("serve").args(args).current_dir(dir);
    for (key, _) in std::env::vars() {
        if key.starts_with("NIMMT_") {
            cmd.env_remove(key);
        }
    }
    cmd.envs(env.iter().copied());
    cmd.output().expect("nimmt runs")
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The value of `key` in printed TOML (`key = value`).
fn value<'a>(toml: &'a str, key: &str) -> Option<&'a str> {
    toml.lines()
        .find_map(|l| l.strip_prefix(&format!("{key} = ")))
        .map(str::trim)
}

#[test]
fn flags_win_over_the_environment_which_wins_over_the_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("nimmt.toml"),
        "bot_delay_ms = 100\nreconnect_secs = 30\nmax_tables_per_identity = 2\n\
         allow_origin = [\"https://club.example\"]\n",
    )
    .unwrap();
    let out = serve(
        dir.path(),
        &["--print-config", "--max-tables-per-identity", "9"],
        &[
            ("NIMMT_RECONNECT_SECS", "45"),
            ("NIMMT_MAX_TABLES_PER_IDENTITY", "7"),
        ],
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    // From the file (nimmt.toml in the working directory is read without --config).
    assert_eq!(value(&stdout, "bot_delay_ms"), Some("100"), "{stdout}");
    assert_eq!(
        value(&stdout, "allow_origin"),
        Some("[\"https://club.example\"]")
    );
    // The environment over the file; the flag over both.
    assert_eq!(value(&stdout, "reconnect_secs"), Some("45"), "{stdout}");
    assert_eq!(value(&stdout, "max_tables_per_identity"), Some("9"));
    // Untouched: the default.
    assert_eq!(value(&stdout, "lease_ms"), Some("3000"));
    // What is printed is a config file the room reads back to the same settings.
    let again = dir.path().join("again");
    std::fs::create_dir(&again).unwrap();
    std::fs::write(again.join("printed.toml"), &stdout).unwrap();
    let reread = serve(&again, &["--config", "printed.toml", "--print-config"], &[]);
    assert_eq!(text(&reread).0, stdout);
}

#[test]
fn print_config_masks_the_database_password() {
    let dir = tempfile::tempdir().unwrap();
    let out = serve(
        dir.path(),
        &["--print-config"],
        &[(
            "NIMMT_DATABASE",
            "postgres://room:hunter2@127.0.0.1:5432/nimmt",
        )],
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stdout.contains("database = \"postgres://room:****@127.0.0.1:5432/nimmt\""),
        "{stdout}"
    );
    assert!(!stdout.contains("hunter2"));
}

#[test]
fn an_unknown_key_refuses_to_start_and_names_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("room.toml"), "bot_delay = 100\n").unwrap();
    let out = serve(dir.path(), &["--config", "room.toml"], &[]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("unknown key `bot_delay`"), "{stderr}");
    assert!(stderr.contains("room.toml"), "says which file: {stderr}");
}

#[test]
fn a_bad_value_refuses_to_start_and_names_the_key_and_why() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("nimmt.toml"), "bot_delay_ms = \"soon\"\n").unwrap();
    let (_, stderr) = text(&serve(dir.path(), &[], &[]));
    assert!(stderr.contains("`bot_delay_ms`"), "{stderr}");
    assert!(stderr.contains("soon"), "says what was found: {stderr}");

    std::fs::write(dir.path().join("nimmt.toml"), "sqlite_sync = \"fast\"\n").unwrap();
    let out = serve(dir.path(), &[], &[]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("`sqlite_sync`"), "{stderr}");
    assert!(stderr.contains("normal"), "names what is allowed: {stderr}");

    std::fs::write(dir.path().join("nimmt.toml"), "msgs_per_sec = 0\n").unwrap();
    let (_, stderr) = text(&serve(dir.path(), &[], &[]));
    assert!(
        stderr.contains("`msgs_per_sec`: must be a number above 0"),
        "{stderr}"
    );

    // A bad value in the environment is refused the same way, and nothing was created.
    std::fs::remove_file(dir.path().join("nimmt.toml")).unwrap();
    let out = serve(dir.path(), &[], &[("NIMMT_LEASE_MS", "ten")]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("`lease_ms`"), "{stderr}");
    assert!(!dir.path().join("nimmt.db").exists());
}

#[test]
fn a_config_file_that_is_not_there_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = serve(dir.path(), &["--config", "missing.toml"], &[]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("missing.toml does not exist"), "{stderr}");
}

#[test]
fn a_database_password_is_never_printed() {
    // PostgreSQL on loopback trusts the connection whatever the password; the schema named in
    // the search path does not exist, so the room stops at once with an error naming the
    // database: the password is masked there as everywhere.
    let dir = tempfile::tempdir().unwrap();
    let url = "postgres://postgres:hunter2@127.0.0.1:5432/test?options=-c%20search_path%3Dno_such_schema_here";
    let out = serve(
        dir.path(),
        &["--addr", "127.0.0.1:0"],
        &[("NIMMT_DATABASE", url)],
    );
    let (stdout, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(!stdout.contains("hunter2"), "{stdout}");
    assert!(!stderr.contains("hunter2"), "{stderr}");
    assert!(stderr.contains("postgres:****@127.0.0.1"), "{stderr}");
}
