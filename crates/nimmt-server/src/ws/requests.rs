//! A text frame from the client: its size and budget checked, read as a message, and the
//! request handed to the lobby or a table, or answered here.

use super::friends::FriendsRequest;
use super::{readable_id, Session};
use crate::conn::Refusal;
use crate::handles::{LobbyCmd, TableCmd};
use crate::moderation::{mutes, sanctions};
use crate::names;
use crate::tournaments;
use nimmt_protocol::{
    clean_chat, ClientMsg, Envelope, ErrorCode, Role, ServerMsg, MAX_CHAT_CHARS, MAX_MESSAGE_BYTES,
};

impl Session {
    /// Handles one text frame.
    pub(super) async fn on_text(&mut self, text: &str) {
        // A connection that is closing (its session ended, say) has no more say.
        if self.outbox.closing().is_some() {
            return;
        }
        if text.len() > MAX_MESSAGE_BYTES {
            self.send(
                &Refusal::new(ErrorCode::TooLarge)
                    .with("max", MAX_MESSAGE_BYTES)
                    .to_msg(self.lang, readable_id(text), None),
            );
            return;
        }
        let env = match Envelope::parse(text) {
            Ok(e) => e,
            Err(e) => {
                let mut reason = e.to_string();
                if let Some(cut) = (0..=200.min(reason.len()))
                    .rev()
                    .find(|&i| reason.is_char_boundary(i))
                {
                    reason.truncate(cut);
                }
                self.refuse(
                    readable_id(text),
                    None,
                    Refusal::new(ErrorCode::Malformed).with("reason", reason),
                );
                return;
            }
        };
        let id = env.id;
        let Some(conn) = self.conn.clone() else {
            return self.hello(id, env.msg).await;
        };
        // A seat at one turn-based table too many is refused before the table hears of it.
        if let ClientMsg::Join {
            table,
            role: Role::Player,
            ..
        } = &env.msg
        {
            if let Err(r) = self.state.lobby.may_sit(conn.player.clone(), *table).await {
                return self.refuse(id, Some(*table), r);
            }
        }
        let msg = match FriendsRequest::of_msg(env.msg) {
            Ok(req) => return self.friends(id, None, conn, req, false).await,
            Err(msg) => msg,
        };
        match msg {
            // Taken above (`FriendsRequest::of_msg`).
            ClientMsg::Follow { .. }
            | ClientMsg::Unfollow { .. }
            | ClientMsg::Friends {}
            | ClientMsg::FriendSettings { .. }
            | ClientMsg::Challenge { .. }
            | ClientMsg::AnswerChallenge { .. } => {}
            ClientMsg::BotReady { declaration } => self.bot_ready(id, conn, declaration).await,
            ClientMsg::ListBots {} => self.list_bots().await,
            ClientMsg::JoinTournament { tournament, code } => {
                let (t, pool) = (&self.state.tournaments, self.state.store.pool());
                let done = tournaments::requests::join(t, pool, &conn, tournament, code).await;
                self.acked(id, done);
            }
            ClientMsg::LeaveTournament { tournament } => {
                let t = &self.state.tournaments;
                let done = tournaments::requests::leave(t, &conn, tournament).await;
                self.acked(id, done);
            }
            ClientMsg::StartTournament { tournament } => {
                let (t, pool) = (&self.state.tournaments, self.state.store.pool());
                let done = tournaments::requests::start(t, pool, &conn, tournament).await;
                self.acked(id, done);
            }
            ClientMsg::Hello { .. } => self.refuse(id, None, ErrorCode::AlreadyHello),
            ClientMsg::Ping {} => self.send(&ServerMsg::Pong { id }),
            ClientMsg::ListTables { subscribe } => {
                if subscribe {
                    self.state
                        .lobby
                        .send(LobbyCmd::Subscribe { conn: conn.clone() });
                }
                let tables = self.state.lobby.list_for(Some(conn.player.clone())).await;
                self.send(&ServerMsg::Tables { tables });
                self.ack(id);
            }
            ClientMsg::CreateTable {
                game,
                options,
                seats,
            } => match self.state.lobby.create(conn, game, options, seats).await {
                Ok(h) => {
                    self.tables.insert(h.id, h);
                    self.ack(id);
                }
                Err(r) => self.refuse(id, None, r),
            },
            ClientMsg::Join {
                table,
                role,
                invite,
            } => match self.table(table).await {
                Some(h) => {
                    if let Some(wait) = invite
                        .as_ref()
                        .and(self.state.addrs.guesses.blocked(self.peer))
                    {
                        let minutes = wait.as_secs().div_ceil(60).max(1);
                        let r = Refusal::new(ErrorCode::RateLimited)
                            .keyed("invite_guesses")
                            .with("minutes", minutes);
                        return self.refuse(id, Some(table), r);
                    }
                    if h.send(TableCmd::Attach {
                        conn,
                        role,
                        req: id,
                        invite,
                    })
                    .await
                    {
                        self.tables.insert(table, h);
                    } else {
                        self.refuse(
                            id,
                            Some(table),
                            Refusal::new(ErrorCode::NoSuchTable).with("table", table),
                        );
                    }
                }
                None => {
                    // A game that ended and whose table closed: its result, not "no such table".
                    let r = match crate::records::finished_winners(&self.state.store, table).await {
                        Some(winners) => Refusal::new(ErrorCode::GameOver)
                            .keyed("game_finished")
                            .with("table", table)
                            .with("winners", winners.join(", ")),
                        None => Refusal::new(ErrorCode::NoSuchTable).with("table", table),
                    };
                    self.refuse(id, Some(table), r);
                }
            },
            ClientMsg::Leave { table } => match self.tables.remove(&table) {
                Some(h) => {
                    if !h.send(TableCmd::Leave { conn, req: id }).await {
                        self.gone(id, table);
                    }
                }
                None => self.not_here(id, table).await,
            },
            ClientMsg::Chat { table, text } => {
                // `/follow`, `/challenge`, … wherever they are typed.
                match FriendsRequest::of_chat(&text) {
                    Some(Ok(req)) => return self.friends(id, table, conn, req, true).await,
                    Some(Err(r)) => return self.refuse(id, table, r),
                    None => {}
                }
                if text.chars().count() > MAX_CHAT_CHARS {
                    self.refuse(
                        id,
                        table,
                        Refusal::new(ErrorCode::Flood)
                            .keyed("chat_too_long")
                            .with("max", MAX_CHAT_CHARS),
                    );
                    return;
                }
                // Control and reordering characters go, as names may not carry them.
                let Some(text) = clean_chat(&text).filter(|t| names::visible(t)) else {
                    self.refuse(
                        id,
                        table,
                        Refusal::new(ErrorCode::Malformed).keyed("chat_empty"),
                    );
                    return;
                };
                // The flood rule counts chat lines; commands count against the message budget.
                let command = table.is_some() && text.trim_start().starts_with('/');
                // A bot account chats only at its tables (there, the table checks its seat).
                if conn.bot && table.is_none() {
                    let r = Refusal::new(ErrorCode::NotBot).keyed("bot_chat_seated");
                    return self.refuse(id, table, r);
                }
                if !command && self.chat.check().is_err() {
                    self.refuse(id, table, ErrorCode::Flood);
                    return;
                }
                if !command {
                    let pool = self.state.store.pool();
                    if let Some(r) = sanctions::chat_refusal(pool, &conn.player).await {
                        self.refuse(id, table, r);
                        return;
                    }
                }
                match table {
                    None => {
                        // Whoever muted the speaker does not get the line.
                        let pool = self.state.store.pool();
                        let hidden_from =
                            mutes::muting(pool, &conn.player).await.unwrap_or_default();
                        self.state.lobby.send(LobbyCmd::Chat {
                            conn,
                            text,
                            hidden_from,
                        });
                        self.ack(id);
                    }
                    Some(t) => match self.tables.get(&t).cloned() {
                        Some(h) => {
                            let cmd = TableCmd::Chat {
                                conn,
                                text,
                                req: id,
                            };
                            if !h.send(cmd).await {
                                self.gone(id, t);
                            }
                        }
                        None => self.not_here(id, t).await,
                    },
                }
            }
            // A command counts against the message budget, as one typed in chat does.
            ClientMsg::Command { table, command } => match self.tables.get(&table).cloned() {
                Some(h) => {
                    let cmd = TableCmd::Command {
                        conn,
                        command,
                        req: id,
                    };
                    if !h.send(cmd).await {
                        self.gone(id, table);
                    }
                }
                None => self.not_here(id, table).await,
            },
            ClientMsg::Act {
                table,
                version,
                action,
            } => match self.tables.get(&table).cloned() {
                Some(h) => {
                    let cmd = TableCmd::Act {
                        conn,
                        version,
                        action,
                        req: id,
                    };
                    if !h.send(cmd).await {
                        self.gone(id, table);
                    }
                }
                None => self.not_here(id, table).await,
            },
            ClientMsg::Resync { table } => match self.tables.get(&table).cloned() {
                Some(h) => {
                    if !h.send(TableCmd::Resync { conn, req: id }).await {
                        self.gone(id, table);
                    }
                }
                None => self.not_here(id, table).await,
            },
        }
    }
}

impl Session {
    /// Acknowledges request `id`, or refuses it.
    fn acked(&self, id: Option<u64>, done: Result<(), Refusal>) {
        match done {
            Ok(()) => self.ack(id),
            Err(r) => self.refuse(id, None, r),
        }
    }
}
