//! The browser client's own tests, run from `cargo test`: the unit tests (`npm test` in `web/`,
//! Vitest) and the end-to-end tests (`web/e2e/game.mjs`, `variants.mjs`, `buffalo.mjs`, `board.mjs`,
//! `room.mjs` and `pace.mjs`: a real `nimmt serve` and headless Chromium driven by playwright-core;
//! screenshots in `artifacts/`).
//!
//! Without npm or Chromium these tests say "skipped: …" and pass, unless the environment variable
//! `CI` is set: then they fail, so a CI run cannot pass without them.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Fails under CI, else prints why the test is skipped.
fn missing(what: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{what} (CI is set, so this is a failure)");
    }
    eprintln!("skipped: {what}");
    println!("skipped: {what}");
}

fn found(cmd: &str, arg: &str) -> bool {
    Command::new(cmd)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn client_unit_tests_pass() {
    if !found("npm", "--version") {
        return missing("install Node.js 20+ with npm to run the client's unit tests");
    }
    let web = root().join("web");
    if !web.join("node_modules/.bin/vitest").exists() {
        return missing(
            "web/node_modules is missing (the build script installs it when npm works)",
        );
    }
    let out = Command::new("npm")
        .args(["test", "--silent"])
        .current_dir(&web)
        .output()
        .expect("npm runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    println!("{text}");
    assert!(
        out.status.success(),
        "the client's unit tests failed:\n{text}"
    );
    assert!(
        text.contains("passed"),
        "vitest reported no passed tests:\n{text}"
    );
}

/// The `nimmt` binary next to this test's own executable (target/debug/nimmt), or `NIMMT_BIN`.
fn nimmt_bin() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("NIMMT_BIN") {
        return Some(PathBuf::from(p));
    }
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?; // target/debug/deps -> target/debug
    let bin = dir.join(format!("nimmt{}", std::env::consts::EXE_SUFFIX));
    bin.exists().then_some(bin)
}

#[test]
fn a_whole_game_in_headless_chromium() {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return missing(
            "install chromium (apt-get install chromium) to run the browser end-to-end test",
        );
    }
    if !found("node", "--version") {
        return missing("install Node.js 20+ to run the browser end-to-end test");
    }
    let root = root();
    if !root.join("web/node_modules/playwright-core").exists()
        || !root.join("web/dist/index.html").exists()
    {
        return missing("the client is not built (npm was missing when cargo built nimmt-web)");
    }
    let Some(bin) = nimmt_bin() else {
        return missing(
            "target/debug/nimmt is not built; run `cargo build -p nimmt` (or set NIMMT_BIN)",
        );
    };
    let serves = Command::new(&bin)
        .args(["serve", "--help"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !serves {
        // Not a missing tool but a binary from before the server existed: nothing to test yet.
        println!("skipped: this nimmt binary has no `serve` command yet");
        return;
    }
    for script in [
        "game.mjs",
        "variants.mjs",
        "buffalo.mjs",
        "board.mjs",
        "room.mjs",
        "pace.mjs",
    ] {
        // The games against bots are dealt at random and the browser runs on a machine that may
        // be busy: a script that fails is run once more, and its first failure is printed.
        let run = || {
            let out = Command::new("node")
                .arg(root.join("web/e2e").join(script))
                .env("NIMMT_BIN", &bin)
                .env("CHROMIUM", &chromium)
                .current_dir(&root)
                .output()
                .expect("node runs");
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let passed = out.status.success() && text.contains(" passed, 0 failed");
            (passed, text)
        };
        let (mut passed, mut text) = run();
        if !passed {
            println!("{script} failed once, runs again:\n{text}");
            (passed, text) = run();
        }
        println!("{script}:\n{text}");
        assert!(
            passed,
            "the browser end-to-end test {script} failed:\n{text}"
        );
    }
}
