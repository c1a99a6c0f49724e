//! The game screens of the terminal client: one module per game, registered by one line in
//! [`SCREENS`]. The shell finds a game's screen here by the game's name and knows nothing else of
//! it.

pub mod board;
pub mod buffalo;
pub mod classic;
pub mod help;

use crate::app::{App, GameScreen};
use crate::offline::{OfflineError, OfflineSetup, OfflineTable};
use crate::screen::Screen;
use crate::text::Lang;
use nimmt_core::{GameKind, Rules, Seat};
use serde_json::Value;

/// Every game the terminal client can show, in the order the lobby offers them.
pub static SCREENS: &[ScreenEntry] = &[
    ScreenEntry::of::<classic::ClassicScreen>(),
    ScreenEntry::of::<help::HelpScreen>(),
    ScreenEntry::of::<board::BoardScreen>(),
    ScreenEntry::of::<buffalo::BuffaloScreen>(),
];

/// Starts an offline table of one game against bots.
pub type StartOffline = fn(&OfflineSetup, Lang) -> Result<Box<dyn Screen>, OfflineError>;
/// Opens a remote table of one game from the server's view and legal actions, the player's seat
/// and the seats' names.
pub type OpenRemote = fn(&Value, &[Value], Seat, Vec<String>, Lang) -> Option<Box<dyn Screen>>;

/// One game's screen, without its type.
pub struct ScreenEntry {
    pub kind: GameKind,
    /// An offline table against bots, the player at seat 0.
    pub offline: StartOffline,
    /// A remote table from the server's view and legal actions; `None` when the view is not
    /// this game's.
    pub remote: OpenRemote,
}

impl ScreenEntry {
    pub const fn of<S: GameScreen>() -> ScreenEntry {
        ScreenEntry {
            kind: <S::R as Rules>::KIND,
            offline: offline::<S>,
            remote: remote::<S>,
        }
    }

    pub fn name(&self) -> &'static str {
        self.kind.name()
    }
}

fn offline<S: GameScreen>(
    setup: &OfflineSetup,
    lang: Lang,
) -> Result<Box<dyn Screen>, OfflineError> {
    let table = OfflineTable::<S::R>::new(setup)?;
    Ok(Box::new(App::<S>::new(table, lang)))
}

fn remote<S: GameScreen>(
    view: &Value,
    legal: &[Value],
    me: Seat,
    names: Vec<String>,
    lang: Lang,
) -> Option<Box<dyn Screen>> {
    let view = serde_json::from_value(view.clone()).ok()?;
    let mut app = App::<S>::remote(view, me, names, lang);
    let view = app.view().clone();
    let legal = legal
        .iter()
        .filter_map(|a| serde_json::from_value(a.clone()).ok())
        .collect();
    app.remote_update(Vec::new(), view, Some(legal));
    Some(Box::new(app))
}

/// The screen of the game called `name`.
pub fn find(name: &str) -> Option<&'static ScreenEntry> {
    SCREENS.iter().find(|e| e.name().eq_ignore_ascii_case(name))
}

/// The names of the games the client can show.
pub fn names() -> Vec<&'static str> {
    SCREENS.iter().map(ScreenEntry::name).collect()
}
