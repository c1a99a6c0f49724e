//! Playing again at a finished table (`/rematch`): the host starts the next game at once; any
//! other player's `/rematch` is a vote, and the next game starts once every seated player who is
//! connected has asked. The next game is a new game with its own number (a table's number is its
//! game's number) and the same seats, options, bots and chat; it starts at once, and the finished
//! table tells everyone there where it is (notice `rematch`, `params.table`). The finished game's
//! record stays as it is.

use super::effect::{Again, Effect};
use super::history::ChatHistory;
use super::{Meta, Table, TableConfig};
use crate::clock::Moment;
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_protocol::{ErrorCode, PlayerId, ServerMsg, TableId};
use std::collections::HashSet;
use std::sync::Arc;

#[derive(Clone, Debug, Default)]
pub struct Rematch {
    /// The players of the finished game who asked to play again.
    votes: HashSet<PlayerId>,
    /// The rematch, once it was opened.
    next: Option<TableId>,
    /// At a rematch: players not yet arrived from the finished table (their arrival is no
    /// "back" notice).
    pub awaited: HashSet<PlayerId>,
    /// At a rematch: start the game as soon as the table runs.
    pub start_now: bool,
}

impl Table {
    /// A rematch of a finished table: its seats (every human awaited: each client joins it when
    /// the finished table names it), options, host and chat; the game starts once the table's
    /// actor runs.
    pub fn again(
        id: TableId,
        again: Again,
        config: Arc<TableConfig>,
        seed: u64,
        now: Moment,
    ) -> Result<Table, Refusal> {
        let mut meta: Meta = serde_json::from_str(&again.meta)
            .map_err(|e| Refusal::new(ErrorCode::BadOptions).with("reason", e))?;
        for s in &mut meta.seats {
            // A seat whose player left the finished game stays a bot's.
            s.left = None;
        }
        // The next game's clock starts with it.
        meta.turns = None;
        let mut t = Table::create(id, meta, config, seed, now);
        t.rematch.awaited = t.seat_players_away().into_iter().collect();
        t.history = ChatHistory::of(again.history);
        t.rematch.start_now = true;
        Ok(t)
    }

    /// `/rematch` from a player of the finished game.
    pub(super) fn ask_rematch(&mut self, conn: &Conn, req: Option<u64>) -> Result<(), Refusal> {
        if let Some(next) = self.rematch.next {
            return Err(Refusal::new(ErrorCode::AlreadyStarted)
                .keyed("rematch_open")
                .with("table", next));
        }
        self.rematch.votes.insert(conn.player.clone());
        let players: Vec<&PlayerId> = self
            .members
            .iter()
            .filter(|(_, m)| m.seat.is_some() && m.conn.is_some())
            .map(|(p, _)| p)
            .collect();
        let agreed = players
            .iter()
            .filter(|p| self.rematch.votes.contains(**p))
            .count();
        let host = self.meta.host.as_ref() == Some(&conn.player);
        if !host && agreed < players.len() {
            self.notice_all(
                "rematch_vote",
                vec![
                    ("name", conn.name.clone()),
                    ("votes", agreed.to_string()),
                    ("players", players.len().to_string()),
                ],
            );
            return Ok(());
        }
        let again = Again {
            meta: self.meta_json(),
            history: self.history.lines(),
        };
        self.out.effect(Effect::OpenRematch {
            by: conn.clone(),
            req,
            game: self.meta.game,
            again,
        });
        self.answer_later = true;
        Ok(())
    }

    /// The rematch asked for was opened (its number), or could not be.
    pub(super) fn rematch_opened(
        &mut self,
        by: &Conn,
        req: Option<u64>,
        result: Result<TableId, Refusal>,
    ) {
        match result {
            Ok(id) => {
                self.rematch.next = Some(id);
                self.notice_all("rematch", vec![("table", id.to_string())]);
                self.out.ack(by, req);
                // The bot accounts of the seats are seated there too: each is told so.
                let game = self.meta.game;
                for s in self.meta.seats.iter().filter(|s| s.bot_account) {
                    if let Some(player) = s.player.clone() {
                        let msg = Box::new(ServerMsg::BotSeated { table: id, game });
                        self.out.effect(Effect::Tell { player, msg });
                    }
                }
            }
            Err(r) => self.out.refuse(by, req, Some(self.id), &r),
        }
    }

    /// A player awaited at a rematch arrived (no "back" notice for them).
    pub(super) fn arrived(&mut self, player: &PlayerId) -> bool {
        self.rematch.awaited.remove(player)
    }
}
