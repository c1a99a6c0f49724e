//! The browser's types, generated from the Rust types with ts-rs: the protocol's messages and
//! what they carry (`protocol.ts`), what a game says about itself and the types every game shares
//! (`core.ts`), and each game's view, actions and events (`classic.ts`, `help.ts`, `buffalo.ts`,
//! `board.ts`), all in `web/src/generated/`.
//!
//! The test compares those files with what the Rust types say now and fails naming the first file
//! that differs. `NIMMT_WRITE_TS=1 cargo test -p nimmt-protocol typescript` writes them.

use nimmt_core::games::{board, buffalo, classic, help};
use std::any::{type_name, TypeId};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use ts_rs::{Config, TypeVisitor, TS};

/// The command that writes the generated files.
const REGENERATE: &str = "NIMMT_WRITE_TS=1 cargo test -p nimmt-protocol typescript";

/// Where the generated files live.
fn generated_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/generated")
}

/// The file a Rust type's declaration goes to, by the module it is defined in.
fn file_of(rust_path: &str) -> &'static str {
    const FILES: [(&str, &str); 6] = [
        ("nimmt_protocol::", "protocol.ts"),
        ("nimmt_core::games::classic::", "classic.ts"),
        ("nimmt_core::games::help::", "help.ts"),
        ("nimmt_core::games::buffalo::", "buffalo.ts"),
        ("nimmt_core::games::board::", "board.ts"),
        ("nimmt_core::", "core.ts"),
    ];
    FILES
        .iter()
        .find(|(prefix, _)| rust_path.starts_with(prefix))
        .map(|(_, file)| *file)
        .unwrap_or_else(|| panic!("no generated file takes {rust_path}"))
}

/// One exported declaration.
struct Declaration {
    /// Its name in TypeScript.
    name: String,
    file: &'static str,
    /// `export type Name = …;` with its doc comment.
    text: String,
    /// The declared types it names.
    uses: Vec<TypeId>,
}

/// Collects the declarations of the root types and of every type they name.
struct Collector {
    cfg: Config,
    roots: Vec<TypeId>,
    declarations: HashMap<TypeId, Declaration>,
}

impl Collector {
    /// Collects `T` and what it names; the files begin with the roots, in the order given.
    fn root<T: TS + 'static>(&mut self) {
        self.roots.push(TypeId::of::<T>());
        self.visit::<T>();
    }

    /// The declarations in the order they are written: each root, then what it names that is
    /// not written yet, by name, depth first. (ts-rs visits the types a type names in no fixed
    /// order.)
    fn order(&self) -> Vec<TypeId> {
        let mut order = Vec::new();
        let mut stack: Vec<TypeId> = self.roots.iter().rev().copied().collect();
        while let Some(id) = stack.pop() {
            if order.contains(&id) {
                continue;
            }
            order.push(id);
            let mut uses = self.declarations[&id].uses.clone();
            uses.sort_by_key(|u| std::cmp::Reverse(&self.declarations[u].name));
            stack.extend(uses);
        }
        order
    }
}

impl TypeVisitor for Collector {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        let id = TypeId::of::<T>();
        // Primitives and containers have no declaration of their own.
        if T::output_path().is_none() || self.declarations.contains_key(&id) {
            return;
        }
        let docs: String = T::docs()
            .map(|d| doc_lines(&d).join("\n") + "\n")
            .unwrap_or_default();
        let text = format!("{docs}export {}\n", pretty(&T::decl(&self.cfg)));
        let uses = T::dependencies(&self.cfg)
            .into_iter()
            .map(|d| d.type_id)
            .collect();
        self.declarations.insert(
            id,
            Declaration {
                name: T::ident(&self.cfg),
                file: file_of(type_name::<T>()),
                text,
                uses,
            },
        );
        T::visit_dependencies(self);
    }
}

/// Every generated file's name and text.
fn generated_files() -> BTreeMap<&'static str, String> {
    let mut c = Collector {
        cfg: Config::new().with_large_int("number"),
        roots: Vec::new(),
        declarations: HashMap::new(),
    };
    c.root::<crate::ServerMsg>();
    c.root::<crate::ClientMsg>();
    // Flattened into `notice` and `error`, and named by clients on its own.
    c.root::<crate::Text>();
    c.root::<nimmt_core::Outcome>();
    c.root::<crate::replay::Replay>();
    c.root::<crate::TournamentList>();
    c.root::<crate::TournamentPage>();
    c.root::<crate::TournamentSetup>();
    c.root::<crate::TournamentEntry>();
    c.root::<classic::View>();
    c.root::<classic::Action>();
    c.root::<classic::Event>();
    c.root::<help::View>();
    c.root::<help::Action>();
    c.root::<help::Event>();
    c.root::<buffalo::View>();
    c.root::<buffalo::Action>();
    c.root::<buffalo::Event>();
    c.root::<board::View>();
    c.root::<board::Action>();
    c.root::<board::Event>();

    let mut files: BTreeMap<&'static str, (BTreeMap<&str, BTreeSet<&str>>, String)> =
        BTreeMap::new();
    let mut names: HashMap<(&str, &str), TypeId> = HashMap::new();
    for id in c.order() {
        let d = &c.declarations[&id];
        if let Some(other) = names.insert((d.file, &d.name), id) {
            assert_eq!(other, id, "two types are named {} in {}", d.name, d.file);
        }
        let (imports, body) = files.entry(d.file).or_default();
        body.push('\n');
        body.push_str(&d.text);
        for used in &d.uses {
            let u = &c.declarations[used];
            if u.file != d.file {
                imports.entry(u.file).or_default().insert(&u.name);
            }
        }
    }
    files
        .into_iter()
        .map(|(file, (imports, body))| {
            let mut text = format!(
                "// Generated from the Rust types by crates/nimmt-protocol/src/typescript.rs: do not edit.\n// To regenerate: {REGENERATE}\n"
            );
            if !imports.is_empty() {
                text.push('\n');
            }
            for (from, names) in imports {
                let from = from.trim_end_matches(".ts");
                let names: Vec<&str> = names.into_iter().collect();
                text.push_str(&format!(
                    "import type {{ {} }} from './{from}';\n",
                    names.join(", ")
                ));
            }
            if file == "protocol.ts" {
                text.push_str(&format!(
                    "\n/** The protocol version this client speaks (sent in `hello`). */\nexport const PROTOCOL_VERSION = {};\n",
                    crate::PROTOCOL_VERSION
                ));
            }
            text.push_str(&body);
            (file, text)
        })
        .collect()
}

/// A declaration laid out for reading (ts-rs writes each on one line): an object type of more
/// than one field one field per line, each doc comment on lines of its own, and a long union one
/// member per line. Strings are kept as they are.
fn pretty(decl: &str) -> String {
    let chars: Vec<char> = decl.chars().collect();
    let split_union = decl.len() > 100 && top_level_union(&chars);
    let mut out = String::new();
    let mut depth = 0usize;
    // For each open bracket: whether it is an object type laid out on several lines.
    let mut open: Vec<bool> = Vec::new();
    let mut i = 0;
    let newline = |out: &mut String, depth: usize| {
        let trimmed = out.trim_end_matches([' ', '\n']).len();
        out.truncate(trimmed);
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    let skip_space = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
    };
    while i < chars.len() {
        let ch = chars[i];
        match ch {
            '"' => {
                let end = (i + 1..chars.len())
                    .find(|&j| chars[j] == '"' && chars[j - 1] != '\\')
                    .unwrap_or(chars.len() - 1);
                out.extend(&chars[i..=end]);
                i = end;
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                let end = (i + 2..chars.len())
                    .find(|&j| chars[j] == '/' && chars[j - 1] == '*')
                    .unwrap_or(chars.len() - 1);
                let comment: String = chars[i..=end].iter().collect();
                for (n, line) in doc_lines(&comment).iter().enumerate() {
                    if n > 0 {
                        newline(&mut out, depth);
                    }
                    out.push_str(line);
                }
                newline(&mut out, depth);
                i = end + 1;
                skip_space(&mut i);
                continue;
            }
            '=' if split_union && open.is_empty() && depth == 0 => {
                out.push('=');
                depth = 1;
                newline(&mut out, depth);
                out.push_str("| ");
                i += 1;
                skip_space(&mut i);
                continue;
            }
            '|' if split_union && open.is_empty() => {
                newline(&mut out, depth);
                out.push('|');
            }
            '{' => {
                // `{ }` and one-field objects stay on one line.
                let multi = object_fields(&chars[i..]) > 1;
                open.push(multi);
                out.push('{');
                if multi {
                    depth += 1;
                    newline(&mut out, depth);
                    i += 1;
                    skip_space(&mut i);
                    continue;
                }
            }
            '[' | '(' | '<' => {
                open.push(false);
                out.push(ch);
            }
            '}' => {
                if open.pop() == Some(true) {
                    depth -= 1;
                    let trimmed = out.trim_end().len();
                    out.truncate(trimmed);
                    if !out.ends_with(',') {
                        out.push(',');
                    }
                    newline(&mut out, depth);
                } else if out.ends_with(", ") {
                    // An object without fields: `{ "type": "ping" }`.
                    out.truncate(out.len() - 2);
                    out.push(' ');
                }
                out.push('}');
            }
            ']' | ')' | '>' => {
                open.pop();
                out.push(ch);
            }
            ',' if open.last() == Some(&true) => {
                out.push(',');
                newline(&mut out, depth);
                i += 1;
                skip_space(&mut i);
                continue;
            }
            _ => out.push(ch),
        }
        i += 1;
    }
    out
}

/// A doc comment as lines: `/** One line. */`, or `/**`, ` * …` lines and ` */`.
fn doc_lines(comment: &str) -> Vec<String> {
    let text: Vec<&str> = comment
        .trim()
        .trim_start_matches("/**")
        .trim_end_matches("*/")
        .lines()
        .map(|l| l.trim().trim_start_matches('*').trim_end())
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .filter(|l| !l.trim().is_empty())
        .collect();
    match text.as_slice() {
        [one] => vec![format!("/** {one} */")],
        lines => std::iter::once("/**".to_owned())
            .chain(lines.iter().map(|l| format!(" * {l}")))
            .chain(std::iter::once(" */".to_owned()))
            .collect(),
    }
}

/// The characters of a declaration outside its strings, each with its index and how deep in
/// brackets it stands (an opening or closing bracket at the depth outside it).
fn outside_strings(chars: &[char]) -> Vec<(usize, char, usize)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut in_string = false;
    for (j, &ch) in chars.iter().enumerate() {
        if in_string {
            in_string = !(ch == '"' && chars[j - 1] != '\\');
            continue;
        }
        match ch {
            '"' => in_string = true,
            '{' | '[' | '(' | '<' => {
                out.push((j, ch, depth));
                depth += 1;
                continue;
            }
            '}' | ']' | ')' | '>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        out.push((j, ch, depth));
    }
    out
}

/// Whether the declaration's type is a union at its top level.
fn top_level_union(chars: &[char]) -> bool {
    outside_strings(chars)
        .iter()
        .any(|&(_, ch, depth)| ch == '|' && depth == 0)
}

/// How many fields the object type starting at `chars[0] == '{'` has (its commas at its own
/// level, plus one when something follows the last), counting a doc comment as one more.
fn object_fields(chars: &[char]) -> usize {
    let mut fields = 0;
    let mut last = '{';
    for (j, ch, depth) in outside_strings(chars) {
        match ch {
            '}' if depth == 0 => return fields + usize::from(last != ',' && last != '{'),
            ',' if depth == 1 => fields += 1,
            // A field with a doc comment gets lines of its own.
            '*' if depth == 1 && chars[j - 1] == '/' => fields += 1,
            _ => {}
        }
        if !ch.is_whitespace() && j > 0 {
            last = ch;
        }
    }
    fields
}

#[test]
fn the_browsers_types_are_those_of_the_rust_types() {
    let dir = generated_dir();
    let files = generated_files();
    if std::env::var("NIMMT_WRITE_TS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(&dir).unwrap();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".ts") && !files.contains_key(name.as_str()) {
                std::fs::remove_file(&path).unwrap();
            }
        }
        for (name, text) in &files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        return;
    }
    for (name, text) in &files {
        let path = dir.join(name);
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            on_disk == *text,
            "web/src/generated/{name} differs from the Rust types; regenerate it with `{REGENERATE}`"
        );
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            !name.ends_with(".ts") || files.contains_key(name.as_str()),
            "web/src/generated/{name} is no longer generated; remove it with `{REGENERATE}`"
        );
    }
}
