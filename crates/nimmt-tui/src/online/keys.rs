//! The keys of the online client outside a game: typing a chat line, the lobby's table list,
//! choosing the game of a new table, leaving a table and quitting. In a game, the game's screen
//! takes the keys.

use super::{Online, OnlineEffect};
use crate::input::{Input, Key};
use nimmt_protocol::{ClientMsg, Role, TableState};

impl Online {
    /// Handles one key: what it changes here, and what it sends in `out`.
    pub(super) fn key(&mut self, key: Key, out: &mut Vec<OnlineEffect>) {
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
                    // `/join ID CODE` or a pasted invitation link: join that table.
                    if let Some((table, invite)) = super::invite::join_line(&text) {
                        self.leaving.retain(|t| *t != table);
                        out.push(OnlineEffect::Send(ClientMsg::Join {
                            table,
                            role: Role::Player,
                            invite,
                        }));
                    } else if !text.trim().is_empty() {
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
                    out.push(OnlineEffect::Send(ClientMsg::Join {
                        table,
                        role,
                        invite: None,
                    }));
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
}
