//! The online client as a pure state machine: the lobby (tables, chat, a new table of any game
//! the server offers), a table before its game (seats, chat with commands) and the game itself,
//! which is the same game screen as offline (found in [`crate::games`] by the table's game), fed
//! with the server's events, views and legal actions. [`Online::handle`] turns one input (a key, a server
//! message, a tick) into changes and [`OnlineEffect`]s (messages to send); the loop in
//! [`crate::net`] only delivers.

use crate::games;
use crate::input::{Effect, Input, Key};
use crate::screen::Screen;
use crate::text::{Lang, T};
use crate::widgets::status_style;
use nimmt_core::{GameDescriptor, GameKind, OptionMap, Seat};
use nimmt_protocol::{ClientMsg, Role, ServerMsg, TableId, TableInfo, TableState, You};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

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
    /// The connection ended, with the reason.
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
}

/// The whole online client.
pub struct Online {
    pub lang: Lang,
    pub width: u16,
    pub height: u16,
    pub server: String,
    pub name: String,
    pub connected: bool,
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
            OnlineInput::Closed(reason) => {
                self.connected = false;
                self.say(self.lang.fill(T::Disconnected, &[&reason]));
            }
            OnlineInput::Key(key) => self.key(key, &mut out),
        }
        out
    }

    fn forward(&mut self, input: Input, out: &mut Vec<OnlineEffect>) {
        let Some(at) = self.at.as_mut() else { return };
        let Some(app) = at.game.as_mut() else { return };
        let over = app.is_over();
        let mut leave = false;
        for effect in app.handle(input) {
            match effect {
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
        if leave {
            out.push(OnlineEffect::Send(ClientMsg::Leave { table: at.info.id }));
            self.at = None;
        }
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
                    out.push(OnlineEffect::Send(ClientMsg::Leave { table }));
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
                    out.push(OnlineEffect::Send(ClientMsg::Join { table: t.id, role }));
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
            ServerMsg::Welcome { name, games, .. } => {
                self.connected = true;
                self.games = games;
                self.name = name;
                self.say(self.lang.fill(T::Connected, &[&self.name]));
                out.push(OnlineEffect::Send(ClientMsg::ListTables {
                    subscribe: true,
                }));
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
                // A resync of the game on screen keeps the game (and what it told so far).
                if let Some(at) = self.at.as_mut().filter(|a| a.info.id == table.id) {
                    if let (Some(app), Some(view)) = (at.game.as_mut(), view.as_ref()) {
                        if app.update(&[], view, &legal).is_ok() {
                            at.info = table;
                            at.version = version;
                            at.you = you;
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
            ServerMsg::ChatHistory { lines, .. } => {
                for l in lines {
                    self.say(format!("{}: {}", l.from, l.text));
                }
            }
            ServerMsg::Notice { text, .. } => self.say(text.text),
            ServerMsg::Error { text, table, .. } => {
                self.say(format!("! {}", text.text));
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
                if self.at.as_ref().is_some_and(|a| a.info.id == table) {
                    self.at = None;
                }
            }
            ServerMsg::Replaced => {
                self.connected = false;
                self.say(self.lang.fill(T::Disconnected, &[&"replaced"]));
            }
            ServerMsg::Ack { .. } | ServerMsg::Pong { .. } => {}
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

    // ----- drawing -----

    pub fn draw(&self, frame: &mut Frame) {
        if let Some(app) = self.game() {
            app.draw(frame);
            if app.fits() {
                // Every game's status line is the terminal's last line.
                let area = frame.area();
                let status = Rect::new(
                    0,
                    self.height.saturating_sub(1),
                    area.width.min(self.width),
                    1,
                );
                if let Some(line) = &self.input {
                    self.draw_input(frame, status, line);
                } else if !app.busy() {
                    let hint = format!("{} ", self.lang.t(T::GameChatHint));
                    let w = hint.chars().count() as u16;
                    if status.width > w {
                        frame.render_widget(
                            Paragraph::new(hint).style(status_style()),
                            Rect::new(status.x + status.width - w, status.y, w, 1),
                        );
                    }
                }
            }
            return;
        }
        let area = frame.area();
        let lang = self.lang;
        let header = format!(
            " {} · {} · {}",
            lang.t(T::Title),
            lang.fill(T::Online, &[&self.name]),
            self.server
        );
        frame.render_widget(
            Paragraph::new(header).style(
                Style::default()
                    .fg(Color::Black)
                    .bg(Color::Green)
                    .add_modifier(Modifier::BOLD),
            ),
            Rect::new(0, 0, area.width, 1),
        );
        let body = area.height.saturating_sub(2);
        let top = (body / 2).max(3);
        let top_area = Rect::new(0, 1, area.width, top);
        let chat_area = Rect::new(0, 1 + top, area.width, body.saturating_sub(top));
        match &self.at {
            None => self.draw_tables(frame, top_area),
            Some(at) => self.draw_table(frame, top_area, at),
        }
        let block = Block::default()
            .borders(Borders::ALL)
            .title(format!(" {} ", lang.t(T::Chat)));
        let inner = block.inner(chat_area);
        frame.render_widget(block, chat_area);
        let room = inner.height as usize;
        let lines: Vec<Line> = self.chat[self.chat.len().saturating_sub(room)..]
            .iter()
            .map(|l| Line::from(l.clone()))
            .collect();
        frame.render_widget(Paragraph::new(lines), inner);
        let status = Rect::new(0, area.height.saturating_sub(1), area.width, 1);
        if let Some(line) = &self.input {
            self.draw_input(frame, status, line);
        } else {
            let hint = lang.t(if self.at.is_some() {
                T::TableHint
            } else {
                T::LobbyHint
            });
            frame.render_widget(
                Paragraph::new(format!(" {hint}")).style(status_style()),
                status,
            );
        }
        if let Some(selected) = self.choosing {
            self.draw_choice(frame, selected);
        }
        if self.confirm_quit {
            let text = lang.t(T::ConfirmQuit);
            let w = (text.chars().count() as u16 + 6).min(area.width);
            let r = Rect::new(area.width.saturating_sub(w) / 2, area.height / 2, w, 3);
            frame.render_widget(Clear, r);
            frame.render_widget(
                Paragraph::new(text)
                    .block(Block::default().borders(Borders::ALL))
                    .alignment(ratatui::layout::Alignment::Center),
                r,
            );
        }
    }

    fn draw_choice(&self, frame: &mut Frame, selected: usize) {
        let lang = self.lang;
        let offered = self.offered();
        let mut lines: Vec<Line> = offered
            .iter()
            .enumerate()
            .map(|(i, (kind, title))| {
                let text = format!(" {title} ({kind}) ");
                if i == selected {
                    Line::from(Span::styled(
                        text,
                        Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD),
                    ))
                } else {
                    Line::from(text)
                }
            })
            .collect();
        lines.push(Line::from(Span::styled(
            lang.t(T::ChooseGameHint),
            Style::default().add_modifier(Modifier::DIM),
        )));
        let width = lines.iter().map(|l| l.width()).max().unwrap_or(20) as u16 + 4;
        let r = crate::widgets::centered(frame, width, lines.len() as u16 + 2);
        let inner = crate::widgets::popup(
            frame,
            r,
            lang.t(T::ChooseGame),
            Style::default().fg(Color::Cyan),
        );
        frame.render_widget(Paragraph::new(lines), inner);
    }

    fn draw_input(&self, frame: &mut Frame, area: Rect, line: &str) {
        frame.render_widget(Clear, area);
        frame.render_widget(
            Paragraph::new(format!(" {}{line}█", self.lang.t(T::ChatPrompt)))
                .style(Style::default().fg(Color::Black).bg(Color::Yellow)),
            area,
        );
    }

    fn state_name(&self, s: TableState) -> &'static str {
        self.lang.t(match s {
            TableState::Open => T::StateOpen,
            TableState::Playing => T::StatePlaying,
            TableState::Finished => T::StateFinished,
        })
    }

    fn draw_tables(&self, frame: &mut Frame, area: Rect) {
        let lang = self.lang;
        let block = Block::default()
            .borders(Borders::ALL)
            .title(format!(" {} ", lang.t(T::Tables)));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if self.tables.is_empty() {
            frame.render_widget(Paragraph::new(lang.t(T::NoTables)), inner);
            return;
        }
        let lines: Vec<Line> = self
            .tables
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let names: Vec<&str> = t.seats.iter().map(|s| s.name.as_str()).collect();
                let text = format!(
                    "{}  [{}]",
                    lang.fill(
                        T::TableLine,
                        &[
                            &t.id,
                            &t.game,
                            &t.seats.len(),
                            &t.max_seats,
                            &self.state_name(t.state),
                            &t.host.clone().unwrap_or_else(|| "-".into()),
                        ]
                    ),
                    names.join(", ")
                );
                let style = if i == self.selected {
                    Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
                } else {
                    Style::default()
                };
                Line::from(Span::styled(text, style))
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), inner);
    }

    fn draw_table(&self, frame: &mut Frame, area: Rect, at: &AtTable) {
        let lang = self.lang;
        let t = &at.info;
        let title = lang.fill(T::TableTitle, &[&t.id, &t.game, &self.state_name(t.state)]);
        let block = Block::default()
            .borders(Borders::ALL)
            .title(format!(" {title} "));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let mut lines = Vec::new();
        for s in &t.seats {
            let mut text = format!("{:>2}. {}", s.seat.0 + 1, s.name);
            if let Some(level) = &s.level {
                text.push_str(&format!(" ({} {level})", lang.t(T::BotSeat)));
            }
            if !s.connected {
                text.push_str(&format!(" — {}", lang.t(T::Away)));
            }
            if t.host.as_deref() == Some(s.name.as_str()) {
                text.push_str(&format!(" · {}", lang.t(T::Host)));
            }
            let style = if at.you.seat == Some(s.seat) {
                Style::default().add_modifier(Modifier::BOLD)
            } else {
                Style::default()
            };
            lines.push(Line::from(Span::styled(text, style)));
        }
        lines.push(Line::from(lang.fill(T::Spectators, &[&t.spectators])));
        let options: Vec<String> = t.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        if !options.is_empty() {
            lines.push(Line::from(Span::styled(
                options.join("  "),
                Style::default().add_modifier(Modifier::DIM),
            )));
        }
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
    }
}
