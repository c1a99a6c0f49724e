//! nimmt for Python: the games, bots, arena and records of the engine as the Python package
//! `nimmt` (built with maturin; `docs/python.md`).
//!
//! Without the `python` feature this crate is the part that needs no Python: the fixed-size
//! observations and numbered actions of every game ([`encoding`]) and the vectorised classic
//! tables ([`vector`]). With it, [`python`] binds everything as the extension `nimmt._nimmt`.

pub mod classic_encoding;
pub mod encoding;
pub mod encodings;
pub mod help_encoding;
pub mod played;
pub mod vector;

#[cfg(feature = "python")]
mod python;
