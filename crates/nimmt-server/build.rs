//! Embeds the browser client (`web/dist` at the workspace root) when it has been built, so one
//! binary serves it. Without it the server still builds and shows a placeholder page.

use std::path::{Path, PathBuf};

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
            out.push((rel.to_string_lossy().replace('\\', "/"), p.clone()));
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let dist = manifest.join("../../web/dist");
    // Watch what exists (a missing path would rebuild every time). After building web/dist for
    // the first time, `touch crates/nimmt-server/build.rs` (or serve it with `--web-dir`).
    if dist.is_dir() {
        println!("cargo:rerun-if-changed={}", dist.display());
    } else {
        println!("cargo:rerun-if-changed=build.rs");
    }
    println!("cargo:rerun-if-changed=migrations");
    let mut files = Vec::new();
    if dist.is_dir() {
        walk(&dist, &dist, &mut files);
    }
    let mut code = String::from("/// Files of the built browser client: path, bytes.\npub static WEB_ASSETS: &[(&str, &[u8])] = &[\n");
    for (rel, path) in &files {
        let abs = path.canonicalize().unwrap_or(path.clone());
        code.push_str(&format!(
            "    ({rel:?}, include_bytes!({:?})),\n",
            abs.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("web_assets.rs");
    std::fs::write(out, code).unwrap();
}
