//! # nimmt-tui
//!
//! The terminal client of *6 nimmt!*: play classic offline at seat 0 against bots.
//!
//! The client is a pure state machine ([`app::App`]: state, [`app::App::handle`] for one input,
//! [`ui::draw`] to paint), driven by a thin terminal loop ([`term`]). Texts come in English and
//! German from one table ([`text`]).

pub mod app;
pub mod bots;
pub mod offline;
pub mod term;
pub mod text;
pub mod ui;

pub use app::{App, Effect, Input, Key};
pub use offline::{OfflineSetup, OfflineTable};
pub use text::Lang;
pub mod net;
pub mod online;
