//! Who hears the lobby's news (every table's change) and lobby chat, and the chat itself: a line
//! said here goes to the other nodes too; nobody gets a line from someone they muted.

use super::effect::{LobbyEffect, ToPeers};
use super::Lobby;
use crate::conn::{frame, Conn};
use nimmt_protocol::{PlayerId, ServerMsg};
use std::collections::HashSet;

impl<H: Clone> Lobby<H> {
    /// `conn` hears the lobby's news and chat from now on (until it closes or is replaced).
    pub(super) fn subscribe(&mut self, conn: Conn) {
        self.subscribers.insert(conn.id, conn);
    }

    /// Sends `msg` to every subscriber but the players in `hidden`.
    pub(super) fn broadcast(&mut self, msg: &ServerMsg, hidden: Option<&HashSet<PlayerId>>) {
        if self.subscribers.is_empty() {
            return;
        }
        let f = frame(msg);
        let told = self
            .subscribers
            .values()
            .filter(|c| hidden.is_none_or(|h| !h.contains(&c.player)));
        self.out.extend(told.map(|c| LobbyEffect::Send {
            to: c.clone(),
            frame: f.clone(),
        }));
    }

    /// A lobby chat line said here: the other nodes hear it, and every subscriber but those in
    /// `hidden_from` (who muted the speaker).
    pub(super) fn chat(&mut self, conn: &Conn, text: String, hidden_from: &HashSet<PlayerId>) {
        self.tell_peers(ToPeers::Chat {
            from: conn.name.clone(),
            player: conn.player.clone(),
            text: text.clone(),
        });
        self.say(
            conn.name.clone(),
            Some(conn.player.clone()),
            text,
            hidden_from,
        );
    }

    /// A lobby chat line (said here or on another node) goes to the subscribers but those in
    /// `hidden_from`.
    pub(super) fn say(
        &mut self,
        from: String,
        player: Option<PlayerId>,
        text: String,
        hidden_from: &HashSet<PlayerId>,
    ) {
        let msg = ServerMsg::Chat {
            table: None,
            from,
            text,
            line: None,
            player,
            bot: false,
        };
        self.broadcast(&msg, Some(hidden_from));
    }
}
