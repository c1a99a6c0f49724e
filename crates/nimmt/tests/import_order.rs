//! The source files of every crate depend on each other one way: no file imports, through any
//! chain of other files, a file that imports it back. A cycle of files is a sign that a concept
//! is split in two, or two concepts share a file; the test names every cycle it finds.
//!
//! A file depends on another when it names an item of the other's module: in a `use` (a path
//! from `crate::`, `super::`, `self::` or a child module) or in a path in its code. A module may
//! use the modules it declares (a game's `mod.rs` builds its game from its children and
//! re-exports them), so paths into its own children are not counted, and neither are paths from
//! a crate's root (`lib.rs`, `main.rs`); inline modules (here: the tests) and `#[cfg(test)]` functions are not
//! followed either.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// A module path inside a crate (`["classic", "world"]`); the crate root is empty.
type ModPath = Vec<String>;

/// Every module file under `src`, by its module path.
fn module_files(src: &Path) -> BTreeMap<ModPath, PathBuf> {
    fn walk(dir: &Path, at: &ModPath, out: &mut BTreeMap<ModPath, PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                let mut inner = at.clone();
                inner.push(name);
                walk(&path, &inner, out);
            } else if let Some(stem) = name.strip_suffix(".rs") {
                let mut module = at.clone();
                if !matches!(stem, "mod" | "lib" | "main") {
                    module.push(stem.to_owned());
                }
                out.insert(module, path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, &Vec::new(), &mut out);
    out
}

/// The paths one file names, written as in the source (`super::world::Mimic`).
#[derive(Default)]
struct Paths(Vec<Vec<String>>);

impl Paths {
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.push(prefix, &n.ident),
            syn::UseTree::Rename(r) => self.push(prefix, &r.ident),
            syn::UseTree::Glob(_) => self.0.push(prefix.clone()),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(prefix, t)),
        }
    }

    fn push(&mut self, prefix: &[String], last: &syn::Ident) {
        let mut path = prefix.to_vec();
        if last != "self" {
            path.push(last.to_string());
        }
        self.0.push(path);
    }
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
    })
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.len() > 1 && matches!(segments[0].as_str(), "crate" | "super" | "self") {
            self.0.push(segments);
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_item_mod(&mut self, _item: &'ast syn::ItemMod) {
        // An inline module (here: the tests) has a `super` of its own: not followed.
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        if !is_test_only(&item.attrs) {
            syn::visit::visit_item_fn(self, item);
        }
    }
}

/// The module file a path written in `module` leads to: the longest prefix that is a module.
fn target(
    module: &ModPath,
    path: &[String],
    files: &BTreeMap<ModPath, PathBuf>,
) -> Option<ModPath> {
    let mut base = module.clone();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        // A child module, or another crate.
        Some(first) if !files.contains_key(&[module.as_slice(), &[first.to_owned()]].concat()) => {
            return None;
        }
        _ => {}
    }
    let mut best = None;
    let mut at = base.clone();
    if files.contains_key(&at) {
        best = Some(at.clone());
    }
    for segment in rest {
        at.push(segment.clone());
        if files.contains_key(&at) {
            best = Some(at.clone());
        }
    }
    // The module itself, or one of the modules it declares.
    best.filter(|t| !t.starts_with(module))
}

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

/// The import edges between the module files of one crate's `src`.
fn crate_edges(src: &Path) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let files = module_files(src);
    let mut edges = BTreeMap::new();
    for (module, file) in &files {
        let name = file.file_name().unwrap().to_string_lossy();
        if module.is_empty() && (name == "lib.rs" || name == "main.rs") {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut paths = Paths::default();
        paths.visit_file(&ast);
        let to: BTreeSet<ModPath> = paths
            .0
            .iter()
            .filter_map(|p| target(module, p, &files))
            .collect();
        edges.insert(module.clone(), to);
    }
    edges
}

fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn no_source_file_imports_a_file_that_imports_it_back() {
    let mut found = Vec::new();
    let mut crates = 0;
    for entry in std::fs::read_dir(crates_dir()).unwrap().flatten() {
        let src = entry.path().join("src");
        if !src.is_dir() {
            continue;
        }
        crates += 1;
        let edges = crate_edges(&src);
        for group in cycles(&edges) {
            let names: Vec<String> = group.iter().map(|m| m.join("::")).collect();
            found.push(format!(
                "{}: {}",
                entry.file_name().to_string_lossy(),
                names.join(" <-> ")
            ));
        }
    }
    assert!(crates >= 6, "found only {crates} crates");
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
    // Without the path back from the rules to the view, no cycle is left.
    std::fs::write(src.join("rules.rs"), "pub trait Rules {}").unwrap();
    assert!(cycles(&crate_edges(src)).is_empty());
}
