//! The online client as a pure state machine: the lobby (tables, chat, a new table of any game
//! the server offers), a table before its game (seats, chat with commands) and the game itself,
//! which is the same game screen as offline (found in [`crate::games`] by the table's game), fed
//! with the server's events, views and legal actions. [`Online::handle`] turns one input (a key, a server
//! message, a tick) into changes and [`OnlineEffect`]s (messages to send); the loop in
//! [`crate::net`] only delivers. The keys are read in `keys.rs`, the server's messages in
//! `server_messages.rs`, and the drawing is in `draw.rs`.

mod draw;
mod friends;
mod invite;
mod keys;
mod server_messages;
mod your_move;

use crate::games;
use crate::input::{Effect, Input, Key};
use crate::screen::Screen;
use crate::text::{Lang, T};
use nimmt_core::{GameDescriptor, GameKind, OptionMap};
use nimmt_protocol::{ClientMsg, Role, ServerMsg, TableId, TableInfo, You};

/// Something that happened to the online client. One at a time, handled at once: the size of a
/// server message inline costs nothing worth a box.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum OnlineInput {
    Key(Key),
    Click {
        x: u16,
        y: u16,
    },
    Tick,
    Resize {
        width: u16,
        height: u16,
    },
    /// A message from the server.
    Server(ServerMsg),
    /// The connection dropped, with the reason; the connection tries again by itself.
    Lost(String),
    /// The connection ended for good, with the reason (`replaced`: another connection of the
    /// same identity took over).
    Closed(String),
}

/// What the loop must do.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineEffect {
    Send(ClientMsg),
    Quit,
}

/// The table the client sits at or watches.
pub struct AtTable {
    pub info: TableInfo,
    pub version: u64,
    pub you: You,
    /// The game, once it has started.
    pub game: Option<Box<dyn Screen>>,
    /// The server's latest view and legal actions (a move made offline is taken back to them).
    pub view: Option<serde_json::Value>,
    pub legal: Vec<serde_json::Value>,
}

/// The whole online client.
pub struct Online {
    pub lang: Lang,
    pub width: u16,
    pub height: u16,
    pub server: String,
    pub name: String,
    pub connected: bool,
    /// The line dropped and the connection tries again.
    pub reconnecting: bool,
    /// The connection ended for good (another connection took over, or the server cannot be
    /// understood).
    pub ended: bool,
    /// A welcome was seen (the next one is a return).
    pub welcomed: bool,
    /// Tables this client asked to leave and the server has not yet confirmed: what they still
    /// send (a state after someone else left, say) no longer comes on screen.
    leaving: Vec<TableId>,
    pub tables: Vec<TableInfo>,
    pub selected: usize,
    /// Chat lines and notices, newest last.
    pub chat: Vec<String>,
    /// The chat line being typed, if any.
    pub input: Option<String>,
    pub at: Option<AtTable>,
    pub confirm_quit: bool,
    /// The games the server offers (from its welcome).
    pub games: Vec<GameDescriptor>,
    /// Choosing the game of a new table: the selected entry of [`Online::offered`].
    pub choosing: Option<usize>,
    /// The turn-based tables waiting for this player's move, soonest deadline first.
    pub your_move: Vec<nimmt_protocol::YourMove>,
}

impl Online {
    pub fn new(server: &str, name: &str, lang: Lang) -> Online {
        Online {
            lang,
            width: 80,
            height: 24,
            server: server.to_owned(),
            name: name.to_owned(),
            connected: false,
            reconnecting: false,
            ended: false,
            welcomed: false,
            leaving: Vec::new(),
            tables: Vec::new(),
            selected: 0,
            chat: vec![lang.fill(T::Connecting, &[&server])],
            input: None,
            at: None,
            confirm_quit: false,
            games: Vec::new(),
            choosing: None,
            your_move: Vec::new(),
        }
    }

    /// The games a new table may have: those the server offers that this client can show, in
    /// the server's order (every game the client knows when the server named none).
    pub fn offered(&self) -> Vec<(GameKind, String)> {
        if self.games.is_empty() {
            return games::SCREENS
                .iter()
                .map(|e| (e.kind, e.name().to_owned()))
                .collect();
        }
        self.games
            .iter()
            .filter_map(|d| {
                let entry = games::find(&d.name)?;
                let title = match self.lang {
                    Lang::En => d.title.en.clone(),
                    Lang::De => d.title.de.clone(),
                };
                Some((entry.kind, title))
            })
            .collect()
    }

    fn create(&self, game: GameKind) -> OnlineEffect {
        OnlineEffect::Send(ClientMsg::CreateTable {
            game,
            options: OptionMap::new(),
            seats: None,
        })
    }

    fn say(&mut self, line: String) {
        if let Some(app) = self.at.as_mut().and_then(|a| a.game.as_mut()) {
            app.note(line.clone());
        }
        self.chat.push(line);
        if self.chat.len() > 200 {
            self.chat.remove(0);
        }
    }

    /// The game at the current table, if it runs.
    pub fn game(&self) -> Option<&dyn Screen> {
        self.at.as_ref().and_then(|a| a.game.as_deref())
    }

    /// The game at the current table as its typed table, when it is of that screen's game.
    pub fn table<S: crate::app::GameScreen>(&self) -> Option<&crate::app::App<S>> {
        self.game()?.as_any().downcast_ref()
    }

    pub fn handle(&mut self, input: OnlineInput) -> Vec<OnlineEffect> {
        let mut out = Vec::new();
        match input {
            OnlineInput::Resize { width, height } => {
                self.width = width;
                self.height = height;
                if let Some(app) = self.at.as_mut().and_then(|a| a.game.as_mut()) {
                    app.handle(Input::Resize { width, height });
                }
            }
            OnlineInput::Tick => self.forward(Input::Tick, &mut out),
            OnlineInput::Click { x, y } => self.forward(Input::Click { x, y }, &mut out),
            OnlineInput::Server(msg) => self.server(msg, &mut out),
            OnlineInput::Lost(reason) => {
                self.connected = false;
                if !self.reconnecting && !self.ended {
                    self.reconnecting = true;
                    self.say(format!("{} ({reason})", self.lang.t(T::Reconnecting)));
                }
            }
            OnlineInput::Closed(reason) => {
                self.connected = false;
                self.reconnecting = false;
                if reason == "replaced" {
                    self.replaced();
                } else if reason == "session_ended" {
                    self.ended = true;
                    self.say(self.lang.t(T::SessionEnded).to_owned());
                } else {
                    self.ended = true;
                    self.say(self.lang.fill(T::Disconnected, &[&reason]));
                }
            }
            OnlineInput::Key(key) => self.key(key, &mut out),
        }
        out
    }

    fn forward(&mut self, input: Input, out: &mut Vec<OnlineEffect>) {
        let Some(at) = self.at.as_mut() else { return };
        let Some(app) = at.game.as_mut() else { return };
        let over = app.is_over();
        let id = at.info.id;
        let mut leave = false;
        let mut offline = false;
        for effect in app.handle(input) {
            match effect {
                // No line: the move is not lost silently; the screen takes it back.
                Effect::Act(_) if self.reconnecting || self.ended => offline = true,
                Effect::Act(action) => out.push(OnlineEffect::Send(ClientMsg::Act {
                    table: at.info.id,
                    version: at.version,
                    action,
                })),
                // After the result, leaving goes back to the lobby.
                Effect::Quit if over => leave = true,
                Effect::Quit => out.push(OnlineEffect::Quit),
                Effect::SaveRecord => {}
            }
        }
        if offline {
            if let Some(view) = &at.view {
                let _ = app.update(&[], view, &at.legal);
            }
            self.say(self.lang.t(T::Offline).to_owned());
        }
        if leave {
            self.leave(id, out);
            self.at = None;
        }
    }

    /// Another connection of the same identity took over: said once, no new attempt.
    fn replaced(&mut self) {
        self.connected = false;
        self.reconnecting = false;
        if !self.ended {
            self.ended = true;
            self.say(self.lang.t(T::Replaced).to_owned());
        }
    }

    /// The finished table `from` plays again as table `to`: sit down there (or watch) and leave
    /// `from`, when `from` is the table on screen.
    fn follow(&mut self, from: TableId, to: TableId, out: &mut Vec<OnlineEffect>) {
        let Some(at) = self.at.as_ref().filter(|a| a.info.id == from) else {
            return;
        };
        let role = if at.you.seat.is_some() {
            Role::Player
        } else {
            Role::Spectator
        };
        out.push(OnlineEffect::Send(ClientMsg::Join {
            table: to,
            role,
            invite: None,
        }));
        self.leave(from, out);
    }

    fn leave(&mut self, table: TableId, out: &mut Vec<OnlineEffect>) {
        if !self.leaving.contains(&table) {
            self.leaving.push(table);
        }
        out.push(OnlineEffect::Send(ClientMsg::Leave { table }));
    }

    /// The state of the line, when it is not up: shown on the status line.
    pub fn link_status(&self) -> Option<&'static str> {
        if self.reconnecting {
            Some(self.lang.t(T::Reconnecting))
        } else if self.ended {
            Some(self.lang.t(T::LinkEnded))
        } else {
            None
        }
    }
}
