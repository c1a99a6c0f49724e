//! The online client as a pure state machine: the lobby (tables, chat, a new table of any game
//! the server offers), a table before its game (seats, chat with commands) and the game itself,
//! which is the same game screen as offline (found in [`crate::games`] by the table's game), fed
//! with the server's events, views and legal actions. [`Online::handle`] turns one input (a key, a server
//! message, a tick) into changes and [`OnlineEffect`]s (messages to send); the loop in
//! [`crate::net`] only delivers. The drawing is in `draw.rs`.

mod draw;

use crate::games;
use crate::input::{Effect, Input, Key};
use crate::screen::Screen;
use crate::text::{Lang, T};
use nimmt_core::{GameDescriptor, GameKind, OptionMap, Seat};
use nimmt_protocol::{ClientMsg, ErrorCode, Role, ServerMsg, TableId, TableInfo, TableState, You};

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
}

/// A seat of a table as the screens name it.
fn seat_names(info: &TableInfo, lang: Lang) -> Vec<String> {
    let n = info
        .seats
        .iter()
        .map(|s| s.seat.index() + 1)
        .max()
        .unwrap_or(0);
    let mut names: Vec<String> = (0..n).map(|i| lang.fill(T::BotName, &[&i])).collect();
    for s in &info.seats {
        names[s.seat.index()] = s.name.clone();
    }
    names
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
        out.push(OnlineEffect::Send(ClientMsg::Join { table: to, role }));
        self.leave(from, out);
    }

    fn leave(&mut self, table: TableId, out: &mut Vec<OnlineEffect>) {
        if !self.leaving.contains(&table) {
            self.leaving.push(table);
        }
        out.push(OnlineEffect::Send(ClientMsg::Leave { table }));
    }

    fn key(&mut self, key: Key, out: &mut Vec<OnlineEffect>) {
        if key == Key::CtrlC {
            out.push(OnlineEffect::Quit);
            return;
        }
        // Typing a chat line.
        if let Some(line) = self.input.as_mut() {
            match key {
                Key::Char(c) => line.push(c),
                Key::Backspace => {
                    line.pop();
                }
                Key::Esc => self.input = None,
                Key::Enter => {
                    let text = self.input.take().unwrap_or_default();
                    if !text.trim().is_empty() {
                        let table = self.at.as_ref().map(|a| a.info.id);
                        out.push(OnlineEffect::Send(ClientMsg::Chat { table, text }));
                    }
                }
                _ => {}
            }
            return;
        }
        if key == Key::Tab {
            self.input = Some(String::new());
            return;
        }
        if self.game().is_some() {
            // The game's own keys, its own quit confirmation included.
            self.forward(Input::Key(key), out);
            return;
        }
        if let Some(i) = self.choosing {
            let offered = self.offered();
            match key {
                Key::Up => self.choosing = Some(i.saturating_sub(1)),
                Key::Down => self.choosing = Some((i + 1).min(offered.len().saturating_sub(1))),
                Key::Enter => {
                    self.choosing = None;
                    if let Some((kind, _)) = offered.get(i) {
                        out.push(self.create(*kind));
                    }
                }
                Key::Esc | Key::Char('q') => self.choosing = None,
                _ => {}
            }
            return;
        }
        if self.confirm_quit {
            match key {
                Key::Char('y' | 'Y' | 'j' | 'J') => out.push(OnlineEffect::Quit),
                _ => self.confirm_quit = false,
            }
            return;
        }
        match key {
            Key::Char('/') => self.input = Some("/".into()),
            Key::Char('q') => self.confirm_quit = true,
            _ if self.at.is_some() => {
                if matches!(key, Key::Char('l') | Key::Esc) {
                    let table = self.at.as_ref().map(|a| a.info.id).unwrap_or_default();
                    self.leave(table, out);
                }
            }
            Key::Up => self.selected = self.selected.saturating_sub(1),
            Key::Down => {
                self.selected = (self.selected + 1).min(self.tables.len().saturating_sub(1))
            }
            Key::Enter | Key::Char('w') => {
                if let Some(t) = self.tables.get(self.selected) {
                    let role = if key == Key::Enter && t.state == TableState::Open {
                        Role::Player
                    } else {
                        Role::Spectator
                    };
                    let table = t.id;
                    self.leaving.retain(|t| *t != table);
                    out.push(OnlineEffect::Send(ClientMsg::Join { table, role }));
                }
            }
            Key::Char('n') => {
                // One game: a table of it at once; several: the player chooses.
                let offered = self.offered();
                match offered.len() {
                    0 => {}
                    1 => out.push(self.create(offered[0].0)),
                    _ if self.games.is_empty() => out.push(self.create(offered[0].0)),
                    _ => self.choosing = Some(0),
                }
            }
            Key::Char('r') => out.push(OnlineEffect::Send(ClientMsg::ListTables {
                subscribe: true,
            })),
            _ => {}
        }
    }

    fn server(&mut self, msg: ServerMsg, out: &mut Vec<OnlineEffect>) {
        match msg {
            ServerMsg::Welcome {
                name,
                games,
                seated,
                ..
            } => {
                let back = self.welcomed;
                self.welcomed = true;
                self.connected = true;
                self.reconnecting = false;
                self.ended = false;
                self.games = games;
                self.name = name;
                if back {
                    self.say(self.lang.t(T::Reconnected).to_owned());
                } else {
                    self.say(self.lang.fill(T::Connected, &[&self.name]));
                }
                out.push(OnlineEffect::Send(ClientMsg::ListTables {
                    subscribe: true,
                }));
                // A table where the identity holds a seat sends its state by itself; any other
                // table on screen (watched, or a seat given up) is asked for again.
                if let Some(at) = self.at.as_ref().filter(|a| !seated.contains(&a.info.id)) {
                    out.push(OnlineEffect::Send(ClientMsg::Join {
                        table: at.info.id,
                        role: Role::Spectator,
                    }));
                }
            }
            ServerMsg::Tables { tables } => {
                self.tables = tables;
                self.selected = self.selected.min(self.tables.len().saturating_sub(1));
            }
            ServerMsg::TableChanged { table, closed } => {
                if let Some(at) = self.at.as_mut().filter(|a| a.info.id == table.id) {
                    at.info = table.clone();
                }
                self.tables.retain(|t| t.id != table.id);
                if !closed {
                    self.tables.push(table);
                    self.tables.sort_by_key(|t| t.id);
                }
                self.selected = self.selected.min(self.tables.len().saturating_sub(1));
            }
            ServerMsg::State {
                table,
                version,
                you,
                view,
                legal,
                ..
            } => {
                if self.leaving.contains(&table.id) {
                    return;
                }
                // A resync of the game on screen keeps the game (and what it told so far).
                if let Some(at) = self.at.as_mut().filter(|a| a.info.id == table.id) {
                    if let (Some(app), Some(v)) = (at.game.as_mut(), view.as_ref()) {
                        if app.update(&[], v, &legal).is_ok() {
                            at.info = table;
                            at.version = version;
                            at.you = you;
                            at.view = view;
                            at.legal = legal;
                            return;
                        }
                    }
                }
                let game = view
                    .as_ref()
                    .and_then(|v| self.new_game(&table, &you, v, &legal));
                self.at = Some(AtTable {
                    info: table,
                    version,
                    you,
                    game,
                    view,
                    legal,
                });
            }
            ServerMsg::Update {
                table,
                version,
                events,
                view,
                legal,
                ..
            } => self.update(table, version, events, view, legal, out),
            ServerMsg::Chat { from, text, .. } => self.say(format!("{from}: {text}")),
            // The terminal's log keeps what it printed; a removed line stays until it scrolls away.
            ServerMsg::ChatRemoved { .. } => {}
            ServerMsg::ChatHistory { lines, .. } => {
                for l in lines {
                    // A notice the table heard has no sender.
                    match l.key {
                        Some(_) => self.say(l.text),
                        None => self.say(format!("{}: {}", l.from, l.text)),
                    }
                }
            }
            ServerMsg::Notice { text, table } => {
                let next = text.params.get("table").and_then(|t| t.parse().ok());
                self.say(text.text.clone());
                if let (true, Some(from), Some(to)) = (text.key == "rematch", table, next) {
                    self.follow(from, to, out);
                }
            }
            ServerMsg::Error {
                text, table, code, ..
            } => {
                self.say(format!("! {}", text.text));
                if matches!(code, ErrorCode::NoSuchTable | ErrorCode::NotAtTable) {
                    self.leaving.retain(|t| Some(*t) != table);
                }
                // The table on screen is gone (or this client is no longer there): the lobby.
                if matches!(code, ErrorCode::NoSuchTable | ErrorCode::NotAtTable)
                    && table.is_some()
                    && self.at.as_ref().map(|a| a.info.id) == table
                {
                    self.at = None;
                    return;
                }
                // The table moves to another server of the room: its new owner sends the whole
                // state by itself (asking meanwhile only hears the same refusal); a move the
                // screen showed made is taken back.
                if code == ErrorCode::NotOwner {
                    if let Some(at) = self.at.as_mut().filter(|a| Some(a.info.id) == table) {
                        if let (Some(app), Some(view)) = (at.game.as_mut(), at.view.as_ref()) {
                            let _ = app.update(&[], view, &at.legal);
                        }
                    }
                    return;
                }
                // A refused move: the screen may have shown it made; fetch the table anew.
                if let Some(at) = self
                    .at
                    .as_ref()
                    .filter(|a| a.game.is_some() && Some(a.info.id) == table)
                {
                    out.push(OnlineEffect::Send(ClientMsg::Resync { table: at.info.id }));
                }
            }
            ServerMsg::Left { table } => {
                self.leaving.retain(|t| *t != table);
                if self.at.as_ref().is_some_and(|a| a.info.id == table) {
                    self.at = None;
                }
            }
            ServerMsg::Replaced => self.replaced(),
            ServerMsg::Ack { .. } | ServerMsg::Pong { .. } | ServerMsg::Recent { .. } => {}
        }
    }

    fn new_game(
        &self,
        info: &TableInfo,
        you: &You,
        view: &serde_json::Value,
        legal: &[serde_json::Value],
    ) -> Option<Box<dyn Screen>> {
        let entry = games::find(info.game.name())?;
        let me = you.seat.unwrap_or(Seat(u8::MAX));
        let mut app = (entry.remote)(view, legal, me, seat_names(info, self.lang), self.lang)?;
        app.handle(Input::Resize {
            width: self.width,
            height: self.height,
        });
        Some(app)
    }

    fn update(
        &mut self,
        table: TableId,
        version: u64,
        events: Vec<serde_json::Value>,
        view: serde_json::Value,
        legal: Vec<serde_json::Value>,
        out: &mut Vec<OnlineEffect>,
    ) {
        let Some(at) = self.at.as_ref().filter(|a| a.info.id == table) else {
            return;
        };
        if version != at.version + 1 {
            // A gap: ask for the whole state again.
            out.push(OnlineEffect::Send(ClientMsg::Resync { table }));
            return;
        }
        let fresh = match &at.game {
            Some(_) => None,
            None => match self.new_game(&at.info, &at.you, &view, &legal) {
                Some(app) => Some(app),
                None => {
                    out.push(OnlineEffect::Send(ClientMsg::Resync { table }));
                    return;
                }
            },
        };
        let at = self.at.as_mut().expect("at the table");
        at.view = Some(view.clone());
        at.legal = legal.clone();
        match (&mut at.game, fresh) {
            (None, Some(app)) => at.game = Some(app),
            (Some(app), _) => {
                if app.update(&events, &view, &legal).is_err() {
                    out.push(OnlineEffect::Send(ClientMsg::Resync { table }));
                    return;
                }
            }
            (None, None) => {}
        }
        at.version = version;
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
