//! No Rust source file of the workspace is longer than 600 lines: every `.rs` file under each
//! crate's `src` and `tests` (the helpers in `tests/common` included), in every crate
//! under `crates/`, a new one too. A longer file holds more than one concept; split it by
//! concept. The test names every file over the limit with its length. No file is exempt.

use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const MOST_LINES: usize = 600;

/// Every `.rs` file below `dir`, at any depth.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `.rs` files under `src` and `tests` of every crate in `crates` that have more than
/// `most` lines, each with its number of lines, sorted by path.
fn files_over(crates: &Path, most: usize) -> Vec<(PathBuf, usize)> {
    let mut files = Vec::new();
    for member in std::fs::read_dir(crates).unwrap().flatten() {
        for part in ["src", "tests"] {
            rust_files(&member.path().join(part), &mut files);
        }
    }
    let mut over: Vec<(PathBuf, usize)> = files
        .into_iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(&path).ok()?.lines().count();
            (lines > most).then_some((path, lines))
        })
        .collect();
    over.sort();
    over
}

#[test]
fn no_source_file_is_longer_than_600_lines() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let over = files_over(&crates, MOST_LINES);
    let named: Vec<String> = over
        .iter()
        .map(|(path, lines)| {
            let path = path.strip_prefix(&crates).unwrap_or(path);
            format!("crates/{}: {lines} lines", path.display())
        })
        .collect();
    assert!(
        named.is_empty(),
        "files over {MOST_LINES} lines (split each by concept):\n{}",
        named.join("\n")
    );
}

#[test]
fn the_check_names_each_long_file_in_src_and_tests_of_any_crate() {
    let dir = tempfile::tempdir().unwrap();
    let write = |path: &str, lines: usize| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "// a line\n".repeat(lines)).unwrap();
    };
    write("new-crate/src/games/long.rs", 601);
    write("new-crate/src/short.rs", 600);
    write("other/tests/common/long.rs", 700);
    write("other/tests/notes.md", 900);
    write("other/benches/long.rs", 900);
    let over = files_over(dir.path(), MOST_LINES);
    assert_eq!(
        over,
        vec![
            (dir.path().join("new-crate/src/games/long.rs"), 601),
            (dir.path().join("other/tests/common/long.rs"), 700),
        ]
    );
}
