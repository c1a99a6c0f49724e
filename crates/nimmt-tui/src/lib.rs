//! # nimmt-tui
//!
//! The terminal client of the *6 nimmt!* family: play any registered game offline at seat 0
//! against bots, or online at a server's tables.
//!
//! The shell knows no game: [`app::App`] is one table as a pure state machine (state,
//! [`app::App::handle`] for one input), [`widgets::draw`] paints it with the game's own screen,
//! a thin terminal loop ([`term`]) drives it, and [`online`] adds the lobby and chat. Each game
//! brings a [`app::GameScreen`] under [`games`], registered by one line. Texts come in English
//! and German ([`text`]).

pub mod account;
pub mod app;
pub mod bots;
pub mod games;
pub mod input;
pub mod net;
pub mod offline;
pub mod online;
pub mod rating;
pub mod screen;
pub mod term;
pub mod text;
pub mod widgets;

pub use app::{App, Effect, Input, Key};
pub use offline::{OfflineSetup, OfflineTable};
pub use text::Lang;
