//! A bot account's requests to the lobby over the WebSocket: `bot_ready` (its ratings in the
//! games it declared read from the store, then the lobby lists it or says why not) and
//! `list_bots` (answered with `bots`).

use super::Session;
use crate::conn::Conn;
use crate::ratings::shown;
use nimmt_core::GameKind;
use nimmt_protocol::{BotDeclaration, ErrorCode, SeatRating, ServerMsg};
use std::collections::BTreeMap;

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
        let ratings = match self.ratings_of(&conn, &declaration).await {
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

    /// The bot's ratings in the games it declared (those it played rated).
    async fn ratings_of(
        &self,
        conn: &Conn,
        declaration: &BotDeclaration,
    ) -> Result<BTreeMap<GameKind, SeatRating>, sqlx::Error> {
        let mut db = self.state.store.pool().acquire().await?;
        let mut ratings = BTreeMap::new();
        let me = [Some(conn.player.clone())];
        for g in &declaration.games {
            if let Some(Some(r)) = shown::of_seats(&mut db, g.game.name(), &me, None)
                .await?
                .pop()
            {
                ratings.insert(g.game, r);
            }
        }
        Ok(ratings)
    }
}
