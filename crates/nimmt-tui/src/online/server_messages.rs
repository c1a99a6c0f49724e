//! The server's messages as the online client takes them in: the welcome, the lobby's tables,
//! a table's state and updates (the game screen made or fed), chat, notices and refusals.

use super::{AtTable, Online, OnlineEffect};
use crate::games;
use crate::input::Input;
use crate::rating::marked_name;
use crate::screen::Screen;
use crate::text::{Lang, T};
use nimmt_core::Seat;
use nimmt_protocol::{ClientMsg, ErrorCode, Role, ServerMsg, TableId, TableInfo, You};

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
    /// Takes in one server message; what must be sent in answer goes to `out`.
    pub(super) fn server(&mut self, msg: ServerMsg, out: &mut Vec<OnlineEffect>) {
        match msg {
            ServerMsg::Welcome {
                name,
                games,
                seated,
                token,
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
                // An account (a session's token) hears of the challenges that came meanwhile.
                if token.starts_with("s.") {
                    out.push(OnlineEffect::Send(ClientMsg::Friends {}));
                }
                // A table where the identity holds a seat sends its state by itself; any other
                // table on screen (watched, or a seat given up) is asked for again.
                if let Some(at) = self.at.as_ref().filter(|a| !seated.contains(&a.info.id)) {
                    out.push(OnlineEffect::Send(ClientMsg::Join {
                        table: at.info.id,
                        role: Role::Spectator,
                        invite: None,
                    }));
                }
            }
            ServerMsg::YourMove { tables } => self.your_move = super::your_move::ordered(tables),
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
            ServerMsg::Chat {
                from, text, bot, ..
            } => self.say(format!("{}: {text}", marked_name(&from, bot))),
            // The terminal's log keeps what it printed; a removed line stays until it scrolls away.
            ServerMsg::ChatRemoved { .. } => {}
            ServerMsg::ChatHistory { lines, .. } => {
                for l in lines {
                    // A notice the table heard has no sender.
                    match l.key {
                        Some(_) => self.say(l.text),
                        None => self.say(format!("{}: {}", marked_name(&l.from, l.bot), l.text)),
                    }
                }
            }
            ServerMsg::Notice { text, table } => {
                let next = text.params.get("table").and_then(|t| t.parse().ok());
                self.say(text.text.clone());
                // The host's link, in full, on this client's server.
                if let (true, Some(t), Some(code)) = (
                    text.key == "invite_link",
                    text.params.get("table"),
                    text.params.get("code"),
                ) {
                    self.say(super::invite::link(&self.server, t, code));
                }
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
            msg @ (ServerMsg::Friends { .. }
            | ServerMsg::ChallengeReceived { .. }
            | ServerMsg::ChallengeAnswered { .. }) => self.friends(msg, out),
            // A person's terminal is never seated as a bot account; the bot list is the browser's.
            ServerMsg::Ack { .. }
            | ServerMsg::Pong { .. }
            | ServerMsg::Recent { .. }
            | ServerMsg::Bots { .. }
            | ServerMsg::BotSeated { .. }
            | ServerMsg::TournamentChanged { .. } => {}
            // A tournament seated this player: the table opens on screen.
            ServerMsg::TournamentTable { table, .. } => {
                out.push(OnlineEffect::Send(ClientMsg::Join {
                    table,
                    role: Role::Player,
                    invite: None,
                }));
            }
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
}
