//! The source files of every crate of the workspace depend on each other one way: no file
//! imports, through any chain of other files, a file that imports it back. A cycle of files is a
//! sign that a concept is split in two, or two concepts share a file; the test names every cycle
//! it finds. No crate and no cycle is exempt.
//!
//! A file depends on another when it names an item of the other's module: in a `use` (a path
//! from `crate::`, `super::`, `self::` or a child module) or in a path in its code. Paths from a
//! crate's root (`lib.rs`, `main.rs`) are not counted; inline modules (here: the tests) and
//! `#[cfg(test)]` functions are not followed.
//!
//! A module and the modules it declares are one concept over several files (a game's `mod.rs`
//! builds its game from its children, which use its types), so they may use each other. That is
//! the only cycle allowed, and it is checked twice:
//!
//! - with a module's paths into the modules it declares left out, no file is on a cycle at all;
//! - with them counted (a `pub use` that only re-exports a child's item aside), every cycle lies
//!   within one module and the modules it declares, that module among them. A module that uses a
//!   module it declares, which depends on a file outside that depends back on the module, is a
//!   cycle (the learned bot calling into its trainer, which drives the search that plays the
//!   learned bot).

mod imports;

use imports::{module_files, target, ModPath, Paths};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The cycles among `edges` (one per strongly connected group of more than one file).
fn cycles(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    // Files that reach each other both ways are in one group.
    let reach = |from: &ModPath| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in edges.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&ModPath, BTreeSet<ModPath>> =
        edges.keys().map(|m| (m, reach(m))).collect();
    let mut groups: Vec<Vec<ModPath>> = Vec::new();
    for (m, from_m) in &reached {
        if !from_m.contains(*m) || groups.iter().any(|g| g.contains(m)) {
            continue;
        }
        let group: Vec<ModPath> = from_m
            .iter()
            .filter(|o| reached.get(o).is_some_and(|r| r.contains(*m)))
            .cloned()
            .collect();
        groups.push(group);
    }
    groups
}

/// The import edges between the module files of one crate's `src`, a module's paths into the
/// modules it declares included (a re-export of a child's item aside).
fn crate_edges(src: &Path) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let files = module_files(src);
    let mut edges = BTreeMap::new();
    for (module, file) in &files {
        let name = file.file_name().unwrap().to_string_lossy();
        if module.is_empty() && (name == "lib.rs" || name == "main.rs") {
            continue;
        }
        let paths = Paths::of_file(file);
        let to: BTreeSet<ModPath> = paths
            .named
            .iter()
            .filter_map(|(p, reexport)| {
                let t = target(module, p, &files)?;
                (!(*reexport && t.starts_with(module))).then_some(t)
            })
            .collect();
        edges.insert(module.clone(), to);
    }
    edges
}

/// The edges without a module's paths into the modules it declares.
fn outside(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    edges
        .iter()
        .map(|(from, to)| {
            let to = to
                .iter()
                .filter(|t| !t.starts_with(from))
                .cloned()
                .collect();
            (from.clone(), to)
        })
        .collect()
}

/// Every cycle among the files of one crate's `src` that the rules above forbid, by name.
fn forbidden_cycles(src: &Path) -> Vec<String> {
    let edges = crate_edges(src);
    let name = |group: &[ModPath]| {
        let names: Vec<String> = group.iter().map(|m| m.join("::")).collect();
        names.join(" <-> ")
    };
    let plain = cycles(&outside(&edges));
    let mut found: Vec<String> = plain.iter().map(|g| name(g)).collect();
    for group in cycles(&edges) {
        if plain.iter().any(|p| p.iter().all(|m| group.contains(m))) {
            continue; // named above
        }
        // The module all of the group's files lie in.
        let mut root = group[0].clone();
        for m in &group[1..] {
            let common = root.iter().zip(m).take_while(|(a, b)| a == b).count();
            root.truncate(common);
        }
        if !group.contains(&root) {
            found.push(format!(
                "{} (through a module's use of a module it declares)",
                name(&group)
            ));
        }
    }
    found
}

/// The directories of the workspace's members, from its `Cargo.toml`.
fn workspace_members() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let list = &manifest[manifest.find("members").expect("the workspace's members")..];
    list[..list.find(']').expect("the end of the members")]
        .split('"')
        .skip(1)
        .step_by(2)
        .map(|m| root.join(m))
        .collect()
}

#[test]
fn no_source_file_imports_a_file_that_imports_it_back() {
    let members = workspace_members();
    assert!(members.len() >= 6, "found only {members:?}");
    let mut found = Vec::new();
    for member in &members {
        let src = member.join("src");
        assert!(src.is_dir(), "{} has no src", member.display());
        let name = member.file_name().unwrap().to_string_lossy();
        found.extend(
            forbidden_cycles(&src)
                .iter()
                .map(|c| format!("{name}: {c}")),
        );
    }
    assert!(
        found.is_empty(),
        "files that import each other:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_a_cycle_and_follows_super_and_crate_paths() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir_all(src.join("game")).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod game; pub mod rules;").unwrap();
    // A module using what it declares is not a cycle.
    std::fs::write(
        src.join("game/mod.rs"),
        "pub mod view; pub use view::View; pub struct Game;",
    )
    .unwrap();
    std::fs::write(
        src.join("game/view.rs"),
        "use super::super::rules::Rules; pub struct View(super::Game);",
    )
    .unwrap();
    std::fs::write(
        src.join("rules.rs"),
        "pub trait Rules { fn view(&self) -> crate::game::view::View; }\n\
         #[cfg(test)] mod tests { use super::*; }",
    )
    .unwrap();
    let edges = crate_edges(src);
    let m = |s: &str| -> ModPath { s.split("::").map(str::to_owned).collect() };
    assert_eq!(edges[&m("game")], BTreeSet::new());
    assert_eq!(
        edges[&m("game::view")],
        BTreeSet::from([m("game"), m("rules")])
    );
    assert_eq!(edges[&m("rules")], BTreeSet::from([m("game::view")]));
    assert_eq!(cycles(&edges), vec![vec![m("game::view"), m("rules")]]);
    assert_eq!(
        forbidden_cycles(src),
        vec!["game::view <-> rules".to_owned()]
    );
    // Without the path back from the rules to the view, no cycle is left.
    std::fs::write(src.join("rules.rs"), "pub trait Rules {}").unwrap();
    assert!(cycles(&crate_edges(src)).is_empty());
    assert!(forbidden_cycles(src).is_empty());
}

#[test]
fn a_module_calling_into_a_module_it_declares_is_followed_beyond_it() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir_all(src.join("net")).unwrap();
    std::fs::create_dir_all(src.join("game")).unwrap();
    std::fs::write(
        src.join("lib.rs"),
        "pub mod game; pub mod net; pub mod search;",
    )
    .unwrap();
    // A game built from its children, which use its types: one concept, allowed.
    std::fs::write(
        src.join("game/mod.rs"),
        "pub mod view; pub struct Game; pub fn show(g: &Game) -> view::View { view::View::of(g) }",
    )
    .unwrap();
    std::fs::write(
        src.join("game/view.rs"),
        "pub struct View; impl View { pub fn of(_: &super::Game) -> View { View } }",
    )
    .unwrap();
    // The learned bot scores with its trainer's forward pass; the trainer drives the search,
    // which plays the learned bot.
    std::fs::write(
        src.join("net/mod.rs"),
        "pub mod train; pub use train::Sample; pub struct Net;\n\
         impl Net { pub fn score(&self) -> f32 { train::forward(self) } }",
    )
    .unwrap();
    std::fs::write(
        src.join("net/train.rs"),
        "use crate::search::Search; pub struct Sample(Search);\n\
         pub fn forward(_: &super::Net) -> f32 { 0.0 }",
    )
    .unwrap();
    std::fs::write(src.join("search.rs"), "pub struct Search(crate::net::Net);").unwrap();
    let m = |s: &str| -> ModPath { s.split("::").map(str::to_owned).collect() };
    let edges = crate_edges(src);
    assert_eq!(edges[&m("net")], BTreeSet::from([m("net::train")]));
    assert_eq!(edges[&m("game")], BTreeSet::from([m("game::view")]));
    // Left out, the path into the trainer hides the cycle; counted, it is found.
    assert!(cycles(&outside(&edges)).is_empty());
    assert_eq!(
        forbidden_cycles(src),
        vec![
            "net <-> net::train <-> search (through a module's use of a module it declares)"
                .to_owned()
        ]
    );
    // The forward pass moved to the bot: the trainer depends on the bot, not the other way (the
    // re-export of the trainer's item is no use of it).
    std::fs::write(
        src.join("net/mod.rs"),
        "pub mod train; pub use train::Sample; pub struct Net;\n\
         impl Net { pub fn score(&self) -> f32 { forward(self) } }\n\
         fn forward(_: &Net) -> f32 { 0.0 }",
    )
    .unwrap();
    std::fs::write(
        src.join("net/train.rs"),
        "use crate::search::Search; pub struct Sample(Search);\n\
         pub fn loss(n: &super::Net) -> f32 { super::forward(n) }",
    )
    .unwrap();
    assert!(forbidden_cycles(src).is_empty());
}
