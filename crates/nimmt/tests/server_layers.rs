//! The server's modules (`crates/nimmt-server/src`) sit in layers, and a module imports only
//! from its own layer or the layers below it, top to bottom:
//!
//! 1. the edge: the wiring (`lib.rs`, `state.rs`: what every request handler shares), the HTTP
//!    routes (`http`, the services' routes included), the WebSocket sessions (`ws`), client
//!    addresses and their limits (`forwarded`, `addr`, `limits`), restarts (`shutdown`),
//!    sessions that end (`session_end`), the cluster's bus and router (`cluster`), the one shape
//!    of an HTTP error (`refused`) and the small client for tools (`client`);
//! 2. the room's shell: the tasks that feed the room's state machines (`nimmt-room`) their
//!    inputs and carry out their effects (`table`, `lobby`), the commands they take (`handles`),
//!    a connection's outgoing queue (`conn`) and the bots' re-export (`bots`); the room itself
//!    is the crate `nimmt-room`, which has no IO;
//! 3. the services: `accounts`, `ratings`, `moderation`, `analysis`, `names`, `records`,
//!    `replay`; they know nothing of HTTP, the WebSocket or the cluster;
//! 4. the store: the database (`store`: writer, queries, backup, schema) and the cluster's
//!    leases (`lease`). What a game's end stores besides (the ratings) is handed to the store
//!    from above (`store::AtGameEnd`), and who a token is, is asked of accounts.
//!
//! Beside the layers, `metrics` and `clock` are cross-cutting utilities: any module may use them,
//! and they use nothing of the crate but each other.
//!
//! A module not in [`LAYERS`] fails the test until it is placed; an import that runs up a layer
//! is named with its file and the path as written.

mod imports;

use imports::{module_files, target, ModPath, Paths};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A layer of the server, from the top; `Utility` is beside them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Layer {
    Edge,
    Shell,
    Services,
    Store,
    Utility,
}

/// Each top-level module's layer (a module's own modules share its layer); the crate's root
/// (`lib.rs`) is the edge.
const LAYERS: &[(&str, Layer)] = &[
    ("addr", Layer::Edge),
    ("client", Layer::Edge),
    ("cluster", Layer::Edge),
    ("forwarded", Layer::Edge),
    ("http", Layer::Edge),
    ("limits", Layer::Edge),
    ("refused", Layer::Edge),
    ("session_end", Layer::Edge),
    ("shutdown", Layer::Edge),
    ("state", Layer::Edge),
    ("ws", Layer::Edge),
    ("accounts", Layer::Services),
    ("analysis", Layer::Services),
    ("friends", Layer::Services),
    ("moderation", Layer::Services),
    ("mail", Layer::Services),
    ("names", Layer::Services),
    ("push", Layer::Services),
    ("ratings", Layer::Services),
    ("records", Layer::Services),
    ("replay", Layer::Services),
    ("bots", Layer::Shell),
    ("conn", Layer::Shell),
    ("handles", Layer::Shell),
    ("lobby", Layer::Shell),
    ("notify", Layer::Shell),
    ("sleep", Layer::Shell),
    ("table", Layer::Shell),
    ("tournaments", Layer::Shell),
    ("lease", Layer::Store),
    ("store", Layer::Store),
    ("clock", Layer::Utility),
    ("metrics", Layer::Utility),
];

fn layer_of(module: &ModPath) -> Option<Layer> {
    let Some(top) = module.first() else {
        return Some(Layer::Edge);
    };
    LAYERS
        .iter()
        .find(|(name, _)| name == top)
        .map(|(_, layer)| *layer)
}

/// Whether a module of layer `from` may import one of layer `to`: its own layer or one below;
/// a utility from anyone, and a utility nothing but utilities.
fn may_import(from: Layer, to: Layer) -> bool {
    match (from, to) {
        (_, Layer::Utility) => true,
        (Layer::Utility, _) => false,
        (from, to) => to >= from,
    }
}

/// What the check finds in one crate's `src`.
#[derive(Debug, Default)]
struct Found {
    /// Modules in no layer.
    unplaced: Vec<String>,
    /// Imports that run up a layer: `file: path (from layer -> to module's layer)`.
    upward: Vec<String>,
    /// How many imports between modules were looked at.
    checked: usize,
}

fn check(src: &Path) -> Found {
    let files = module_files(src);
    let mut found = Found::default();
    for (module, file) in &files {
        let Some(from) = layer_of(module) else {
            found.unplaced.push(module.join("::"));
            continue;
        };
        let name = file.strip_prefix(src).unwrap_or(file).display().to_string();
        let mut seen = BTreeSet::new();
        for (path, _) in Paths::of_file(file).named {
            let Some(to_module) = target(module, &path, &files) else {
                continue;
            };
            found.checked += 1;
            let Some(to) = layer_of(&to_module) else {
                continue; // named above as unplaced
            };
            if may_import(from, to) || !seen.insert(path.clone()) {
                continue;
            }
            let line = format!("{name}: {} ({from:?} -> {to:?})", path.join("::"));
            found.upward.push(line);
        }
    }
    found
}

fn server_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../nimmt-server/src")
}

#[test]
fn every_import_of_the_server_points_down_its_layers() {
    let found = check(&server_src());
    assert!(
        found.checked > 100,
        "only {} imports found under {}",
        found.checked,
        server_src().display()
    );
    assert!(
        found.unplaced.is_empty(),
        "modules in no layer (add each to LAYERS): {}",
        found.unplaced.join(", ")
    );
    assert!(
        found.upward.is_empty(),
        "{} imports run up a layer:\n{}",
        found.upward.len(),
        found.upward.join("\n")
    );
}

#[test]
fn the_check_names_each_import_up_a_layer_and_each_unplaced_module() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    let write = |file: &str, text: &str| {
        let path = src.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "lib.rs",
        "pub mod http; pub mod metrics; pub mod misc; pub mod names; pub mod ratings;\n\
         pub mod store; pub mod table; pub struct Config;",
    );
    // The edge uses everything.
    write(
        "http.rs",
        "use crate::ratings::finish; use crate::store::Store; fn f(_: crate::Config) {}",
    );
    // The store reaches up into the ratings, in its code; its own module and a utility are fine.
    write("store/mod.rs", "pub mod writer; pub struct Store;");
    write(
        "store/writer.rs",
        "use super::Store; fn end(s: &Store) { crate::ratings::finish::store(s); \
         crate::metrics::count(); }",
    );
    write("ratings/mod.rs", "pub mod finish;");
    write(
        "ratings/finish.rs",
        "use crate::store::Store; pub fn store(_: &Store) {}\n\
         #[cfg(test)] mod tests { use crate::http::Anything; }",
    );
    // A utility uses nothing but utilities.
    write("metrics.rs", "use crate::store::Store; pub fn count() {}");
    // The room's shell uses the services, not the edge.
    write(
        "table/mod.rs",
        "use crate::names::check; use crate::Config;",
    );
    write("names.rs", "pub fn check() {}");
    write("misc.rs", "");
    let found = check(src);
    assert_eq!(found.unplaced, vec!["misc".to_owned()]);
    assert_eq!(
        found.upward,
        vec![
            "metrics.rs: crate::store::Store (Utility -> Store)".to_owned(),
            "store/writer.rs: crate::ratings::finish::store (Store -> Services)".to_owned(),
            "table/mod.rs: crate::Config (Shell -> Edge)".to_owned(),
        ]
    );
}

#[test]
fn the_layers_name_each_module_once() {
    let mut names: BTreeMap<&str, usize> = BTreeMap::new();
    for (name, _) in LAYERS {
        *names.entry(name).or_default() += 1;
    }
    let twice: Vec<&&str> = names
        .iter()
        .filter(|(_, n)| **n > 1)
        .map(|(m, _)| m)
        .collect();
    assert!(twice.is_empty(), "in two layers: {twice:?}");
}
