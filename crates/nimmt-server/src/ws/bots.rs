//! A bot account's requests to the lobby over the WebSocket: `bot_ready` (its ratings in the
//! games it declared read from the store, then the lobby lists it or says why not) and
//! `list_bots` (answered with `bots`).

use super::Session;
use crate::conn::Conn;
use nimmt_protocol::{BotDeclaration, ErrorCode, ServerMsg};

impl Session {
    /// `bot_ready`: answered with `ack` once the bot is listed, else refused.
    pub(super) async fn bot_ready(
        &mut self,
        id: Option<u64>,
        conn: Conn,
        declaration: BotDeclaration,
    ) {
        if !conn.bot {
            return self.refuse(id, None, ErrorCode::NotBot);
        }
        let games: Vec<_> = declaration.games.iter().map(|g| g.game).collect();
        let pool = self.state.store.pool().clone();
        let ratings = match crate::lobby::bot_ratings(&pool, &conn.player, &games).await {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!("bot_ready of {}: ratings not read: {e}", conn.player);
                return self.refuse(id, None, ErrorCode::Storage);
            }
        };
        let lobby = self.state.lobby.clone();
        match lobby.bot_ready(conn, declaration, ratings).await {
            Ok(()) => self.ack(id),
            Err(r) => self.refuse(id, None, r),
        }
    }

    /// `list_bots`: the online bot accounts, by name.
    pub(super) async fn list_bots(&mut self) {
        let bots = self.state.lobby.bots().await;
        self.send(&ServerMsg::Bots { bots });
    }
}
