//! Builds the browser client in `web/` (npm ci/install + npm run build) when its sources changed,
//! and writes the list of files of `web/dist` for `include_bytes!`. Without npm, or when the
//! build fails, it warns and embeds a small page that says how to get the client.
//!
//! First it writes the browser tests' fixtures that come from the Rust side (`web/fixtures/`):
//! the games' descriptors as the welcome lists them, the server's texts, and the replays of a
//! classic and a HELP! game (`build_replays.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "build_replays.rs"]
mod replays;

fn walk(dir: &Path, base: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            walk(&p, base, out);
        } else if let Ok(rel) = p.strip_prefix(base) {
            out.push((rel.to_string_lossy().replace('\\', "/"), p));
        }
    }
}

fn npm(web: &Path, args: &[&str]) -> Result<(), String> {
    let status = Command::new("npm")
        .args(args)
        .current_dir(web)
        .status()
        .map_err(|e| format!("cannot run npm: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`npm {}` failed ({status})", args.join(" ")))
    }
}

fn build(web: &Path) -> Result<(), String> {
    if std::env::var_os("NIMMT_WEB_SKIP_BUILD").is_some() {
        return Ok(());
    }
    let installed = web.join("node_modules/.package-lock.json");
    let lock = web.join("package-lock.json");
    let stale = |a: &Path, b: &Path| match (
        a.metadata().and_then(|m| m.modified()),
        b.metadata().and_then(|m| m.modified()),
    ) {
        (Ok(a), Ok(b)) => a > b,
        _ => true,
    };
    if !installed.exists()
        || stale(&lock, &installed)
        || stale(&web.join("package.json"), &installed)
    {
        if lock.exists() {
            // Some npm versions refuse `ci` for a lockfile that lists only this platform's
            // optional packages; `install` then installs the same locked versions.
            if let Err(e) = npm(web, &["ci", "--no-audit", "--no-fund"]) {
                println!("cargo:warning={e}; trying `npm install`");
                npm(web, &["install", "--no-audit", "--no-fund"])?;
            }
        } else {
            npm(web, &["install", "--no-audit", "--no-fund"])?;
        }
    }
    npm(web, &["run", "build"])
}

/// Writes `path` when its content changed (an unchanged fixture keeps its time).
fn write_if_changed(path: &Path, content: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(content) {
        if let Err(e) = std::fs::write(path, content) {
            println!("cargo:warning=cannot write {}: {e}", path.display());
        }
    }
}

/// `games.json`: every game's descriptor; `server-texts.json`: every server text by key, in
/// English and German.
fn write_fixtures(web: &Path) {
    let fixtures = web.join("fixtures");
    if !fixtures.is_dir() {
        return;
    }
    let games = nimmt_core::registry::descriptors();
    let games = serde_json::to_string_pretty(&games).expect("descriptors serialize");
    write_if_changed(&fixtures.join("games.json"), &format!("{games}\n"));
    let texts: serde_json::Map<String, serde_json::Value> = nimmt_protocol::texts::TEXTS
        .iter()
        .map(|(key, en, de)| ((*key).to_owned(), serde_json::json!({ "en": en, "de": de })))
        .collect();
    let texts = serde_json::to_string_pretty(&texts).expect("texts serialize");
    write_if_changed(&fixtures.join("server-texts.json"), &format!("{texts}\n"));
    for fixture in replays::FIXTURES {
        match fixture.replay() {
            Ok(replay) => write_if_changed(&fixtures.join(fixture.file), &replay),
            Err(e) => println!(
                "cargo:warning=the replay fixture {} no longer plays: {e}",
                fixture.file
            ),
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let web = manifest.join("../../web");
    let web = web.canonicalize().unwrap_or(web);
    write_fixtures(&web);
    for p in [
        "src",
        "index.html",
        "package.json",
        "package-lock.json",
        "vite.config.ts",
        "tsconfig.json",
        "public",
    ] {
        let path = web.join(p);
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    println!("cargo:rerun-if-env-changed=NIMMT_WEB_SKIP_BUILD");
    let dist = web.join("dist");
    let mut files = Vec::new();
    match build(&web) {
        Ok(()) => walk(&dist, &dist, &mut files),
        Err(e) => {
            let hint = if e.starts_with("cannot run npm") {
                "install Node.js 20+ with npm and build again (until then the server shows a page saying so)"
            } else {
                "see the output of npm above (`npm run build` in web/ shows it again)"
            };
            println!("cargo:warning=the browser client was not built: {e}; {hint}");
            if dist.join("index.html").exists() {
                println!("cargo:warning=embedding the earlier build in web/dist");
                walk(&dist, &dist, &mut files);
            }
        }
    }
    let mut code = String::from("/// The built client: path (relative to `/`), bytes.\npub static FILES: &[(&str, &[u8])] = &[\n");
    for (rel, path) in &files {
        code.push_str(&format!(
            "    ({rel:?}, include_bytes!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("files.rs");
    std::fs::write(out, code).unwrap();
}
