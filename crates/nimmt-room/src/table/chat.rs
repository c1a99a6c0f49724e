//! Chat at the table and the table commands (`/join`, `/option`, `/help`, …), typed in chat or
//! sent typed; the command table is in [`nimmt_protocol::command`]. Options are checked by the game's own rules, and `/help option`
//! explains them in the game's own words.

use super::info::{bad_seconds, check_game_options, descriptor};
use super::{Table, TableOptions};
use crate::conn::{frame, Conn};
use crate::refusal::Refusal;
use nimmt_protocol::command::{self as commands, Command, HelpTopic, ParseError, Spec, When, Who};
use nimmt_protocol::{ErrorCode, Lang, PlayerId, ServerMsg, TableState, Text};
use std::collections::HashSet;

impl Table {
    /// A chat line (or a command typed in chat) from `conn`; `muting`: who muted the speaker.
    pub(super) fn chat(
        &mut self,
        conn: &Conn,
        text: String,
        req: Option<u64>,
        muting: &HashSet<PlayerId>,
    ) -> Result<(), Refusal> {
        if !self.members.contains_key(&conn.player) {
            return Err(Refusal::new(ErrorCode::NotAtTable).with("table", self.id));
        }
        if text.trim_start().starts_with('/') {
            return self.command(conn, &text, req);
        }
        // A bot account chats only where it is seated.
        if conn.bot
            && self
                .members
                .get(&conn.player)
                .is_some_and(|m| m.seat.is_none())
        {
            return Err(Refusal::new(ErrorCode::NotBot).keyed("bot_chat_seated"));
        }
        let said = self.history.said(&conn.player, &conn.name, &text);
        // Whoever muted the speaker does not get the line.
        let f = frame(&ServerMsg::Chat {
            table: Some(self.id),
            from: conn.name.clone(),
            text,
            line: said.line,
            player: said.player,
            bot: conn.bot,
        });
        for (player, m) in &self.members {
            if let Some(c) = &m.conn {
                if !muting.contains(player) {
                    self.out.frame(c, f.clone());
                }
            }
        }
        Ok(())
    }

    /// A command sent typed: checked by the rules of its chat line, then run as that line is.
    pub(super) fn typed_command(
        &mut self,
        conn: &Conn,
        command: Command,
        req: Option<u64>,
    ) -> Result<(), Refusal> {
        if !self.members.contains_key(&conn.player) {
            return Err(Refusal::new(ErrorCode::NotAtTable).with("table", self.id));
        }
        let (spec, cmd) = command.checked().map_err(refusal)?;
        self.run_command(conn, spec, cmd, req)
    }

    fn command(&mut self, conn: &Conn, line: &str, req: Option<u64>) -> Result<(), Refusal> {
        let (spec, cmd) = commands::parse(line).map_err(refusal)?;
        self.run_command(conn, spec, cmd, req)
    }

    fn run_command(
        &mut self,
        conn: &Conn,
        spec: &Spec,
        cmd: Command,
        req: Option<u64>,
    ) -> Result<(), Refusal> {
        let seated = self
            .members
            .get(&conn.player)
            .is_some_and(|m| m.seat.is_some());
        let host = self.meta.host.as_ref() == Some(&conn.player);
        self.tournament_refuses(&conn.player, &cmd)?;
        match spec.who {
            Who::Anyone => {}
            Who::Seated if !seated => return Err(Refusal::new(ErrorCode::NotSeated)),
            Who::Host if !host => return Err(Refusal::new(ErrorCode::NotHost)),
            _ => {}
        }
        if spec.when == When::BeforeStart && self.state != TableState::Open {
            return Err(Refusal::new(ErrorCode::AlreadyStarted));
        }
        if spec.when == When::AfterEnd && self.state != TableState::Finished {
            return Err(Refusal::new(ErrorCode::NotStarted).keyed("not_over"));
        }
        match cmd {
            Command::Join => {
                if seated {
                    return Err(Refusal::new(ErrorCode::AlreadySeated));
                }
                self.invite_gate(conn, nimmt_protocol::Role::Player, None)?;
                self.sit(conn)
            }
            Command::Invite { renew } => self.invite_command(conn, renew),
            Command::Leave => self.leave(&conn.player, true),
            Command::Start => self.start(),
            Command::Option { key, value } => self.set_option(&key, &value),
            Command::BotAdd {
                account: Some(name),
                ..
            } => self.seek_bot(conn, name, req),
            Command::BotAdd { level, .. } => self.bot_add(level),
            Command::BotRemove => self.bot_remove(),
            Command::Kick { player } => self.kick(conn, &player),
            Command::Rematch => self.ask_rematch(conn, req),
            Command::Hint => self.hint(conn, req),
            Command::Vacation { days } => self.vacation(conn, days),
            Command::Who => {
                let players: Vec<String> = self
                    .meta
                    .seats
                    .iter()
                    .map(|s| match &s.player {
                        Some(_) if !s.bot_account => s.name.clone(),
                        // Built-in bots and bot accounts are marked alike.
                        _ => format!("{} (bot)", s.name),
                    })
                    .collect();
                let watching: Vec<String> = self
                    .members
                    .values()
                    .filter(|m| m.seat.is_none())
                    .map(|m| m.name.clone())
                    .collect();
                let none = Text::new(conn.lang, "nobody", []).text;
                self.out.notice(
                    conn,
                    Some(self.id),
                    "who",
                    vec![
                        (
                            "players",
                            if players.is_empty() {
                                none.clone()
                            } else {
                                players.join(", ")
                            },
                        ),
                        (
                            "spectators",
                            if watching.is_empty() {
                                none
                            } else {
                                watching.join(", ")
                            },
                        ),
                    ],
                );
                Ok(())
            }
            Command::Help { topic: None } => {
                self.out.notice(
                    conn,
                    Some(self.id),
                    "help",
                    vec![("commands", commands::help(conn.lang))],
                );
                Ok(())
            }
            Command::Help {
                topic: Some(HelpTopic::Options),
            } => {
                let game = descriptor(self.meta.game)?;
                let mut specs = game.options.clone();
                specs.extend(TableOptions::specs(&self.config));
                let title = match conn.lang {
                    Lang::En => &game.title.en,
                    Lang::De => &game.title.de,
                };
                self.out.notice(
                    conn,
                    Some(self.id),
                    "help_options",
                    vec![
                        ("game", title.clone()),
                        ("options", commands::options_help(conn.lang, &specs)),
                    ],
                );
                Ok(())
            }
        }
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), Refusal> {
        let before = (self.meta.options.clone(), self.meta.table_options.clone());
        if let Err(r) = self.change_option(key, value) {
            (self.meta.options, self.meta.table_options) = before;
            return Err(r);
        }
        self.save_meta();
        self.notice_all(
            "option_set",
            vec![("key", key.to_owned()), ("value", value.to_owned())],
        );
        self.changed();
        Ok(())
    }

    /// Changes an option in the settings (not stored yet), or says why not: a bad value, or a
    /// value a seated bot account does not take.
    fn change_option(&mut self, key: &str, value: &str) -> Result<(), Refusal> {
        if TableOptions::KEYS.contains(&key) {
            self.meta
                .table_options
                .set(key, value)
                .map_err(|_| bad_seconds(key, value))?;
            if !self.ensure_code() {
                // No code from the shell yet: nothing changes.
                self.meta.table_options.private = false;
                return Err(Refusal::new(ErrorCode::Storage));
            }
        } else {
            let mut options = self.meta.options.clone();
            options.set(key, value);
            let (min, _) = descriptor(self.meta.game)?.players;
            check_game_options(
                self.meta.game,
                self.meta.seats.len().max(min),
                &options,
                &self.config.game_data,
            )?;
            self.meta.options = options;
        }
        self.within_bot_terms(&self.meta.options, &self.meta.table_options, None)
    }
}

/// Why a command is refused when it does not read.
fn refusal(e: ParseError) -> Refusal {
    match e {
        ParseError::Unknown(c) => Refusal::new(ErrorCode::UnknownCommand).with("command", c),
        ParseError::Usage(u) => Refusal::new(ErrorCode::BadCommand).with("usage", u),
    }
}
