//! What each source file of a crate names, read with `syn`, shared by the tests that hold the
//! crates' files in order (`import_order.rs`: no cycles; `server_layers.rs`: the server's
//! layers point one way).
//!
//! A file names another module when a `use` (a path from `crate::`, `super::`, `self::` or a
//! child module) or a path in its code leads there. Inline modules (the tests) and
//! `#[cfg(test)]` functions are not followed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// A module path inside a crate (`["classic", "world"]`); the crate root is empty.
pub type ModPath = Vec<String>;

/// Every module file under `src`, by its module path.
pub fn module_files(src: &Path) -> BTreeMap<ModPath, PathBuf> {
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

/// The paths one file names, written as in the source (`super::world::Mimic`), each with
/// whether it only re-exports (`pub use`).
#[derive(Default)]
pub struct Paths {
    pub named: Vec<(Vec<String>, bool)>,
    in_reexport: bool,
}

impl Paths {
    /// The paths the source file `file` names.
    pub fn of_file(file: &Path) -> Paths {
        let text =
            std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut paths = Paths::default();
        paths.visit_file(&ast);
        paths
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.push(prefix, &n.ident),
            syn::UseTree::Rename(r) => self.push(prefix, &r.ident),
            syn::UseTree::Glob(_) => self.named.push((prefix.clone(), self.in_reexport)),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.use_tree(prefix, t)),
        }
    }

    fn push(&mut self, prefix: &[String], last: &syn::Ident) {
        let mut path = prefix.to_vec();
        if last != "self" {
            path.push(last.to_string());
        }
        self.named.push((path, self.in_reexport));
    }
}

fn is_test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
    })
}

impl<'ast> Visit<'ast> for Paths {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.in_reexport = !matches!(item.vis, syn::Visibility::Inherited);
        self.use_tree(&mut Vec::new(), &item.tree);
        self.in_reexport = false;
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        // Every path of two segments or more: `target` keeps those that start at `crate`,
        // `super`, `self` or a child module (`train::forward`).
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.len() > 1 {
            self.named.push((segments, false));
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

/// The module file a path written in `module` leads to: the longest prefix that is a module
/// other than `module` itself.
pub fn target(
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
    best.filter(|t| t != module)
}
