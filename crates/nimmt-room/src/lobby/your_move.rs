//! The Your-move lists: which turn-based tables wait for whose move. Every table's news says
//! whom it waits for ([`Waiting`]); the lobby keeps it with the table, sends each affected
//! player who is online here their whole list again (`your_move`, soonest deadline first), and
//! hands a new wait of a player who is not online here to the shell ([`LobbyEffect::Waits`]),
//! which tells them by the channels they chose. A table of another node counts in the lists
//! too; only the node that runs a table hands its waits on, so nobody is told twice.

use super::effect::{LobbyAnswer, LobbyEffect};
use super::Lobby;
use crate::refusal::Refusal;
use crate::table::{Waiting, MOST_TURN_BASED_TABLES};
use nimmt_protocol::{ErrorCode, PlayerId, ServerMsg, TableId, TableInfo, TableState, YourMove};
use std::collections::BTreeSet;

/// An open or running table whose pace is not real time.
fn turn_based(info: &TableInfo) -> bool {
    matches!(info.state, TableState::Open | TableState::Playing)
        && info
            .table_options
            .get("pace")
            .is_some_and(|p| p != "realtime")
}

impl<H: Clone> Lobby<H> {
    /// The turn-based tables waiting for `player`, soonest deadline first.
    pub(super) fn your_moves(&self, player: &PlayerId) -> Vec<YourMove> {
        let mut list: Vec<YourMove> = self
            .waits
            .of(player)
            .iter()
            .filter_map(|id| self.tables.get(id))
            .filter_map(|e| {
                let info = e.info.as_ref()?;
                let w = e.waiting.iter().find(|w| &w.player == player)?;
                Some(YourMove {
                    table: info.id,
                    game: info.game,
                    deadline_ms: w.deadline_ms,
                    with: info
                        .seats
                        .iter()
                        .filter(|s| s.seat.index() != w.seat)
                        .map(|s| s.name.clone())
                        .collect(),
                })
            })
            .collect();
        list.sort_by_key(|m| (m.deadline_ms, m.table));
        list
    }

    /// Answers with `player`'s list (a connection that just said hello asks for it).
    pub(super) fn answer_your_moves(&mut self, player: &PlayerId) {
        let list = self.your_moves(player);
        self.answer(LobbyAnswer::YourMoves(list));
    }

    /// How many turn-based tables, open or running, `player` sits at (a tournament's tables
    /// aside: the tournament seats them, and they count against no one's tables).
    pub(super) fn count_turn_based(&self, player: &PlayerId) -> usize {
        self.seats
            .of(player)
            .iter()
            .filter_map(|id| self.tables.get(id)?.info.as_ref())
            .filter(|i| turn_based(i) && i.tournament.is_none())
            .count()
    }

    /// Answers whether `player` may take a seat at `table`: always, unless it is a turn-based
    /// table they do not sit at yet and they sit at as many turn-based tables as one may.
    pub(super) fn may_sit(&mut self, player: &PlayerId, table: TableId) {
        let entry = self.tables.get(&table);
        let new_turn_based = entry.is_some_and(|e| {
            !e.players.contains(player) && e.info.as_ref().is_some_and(turn_based)
        });
        let answer = if new_turn_based && self.count_turn_based(player) >= MOST_TURN_BASED_TABLES {
            Err(Refusal::new(ErrorCode::RateLimited)
                .keyed("too_many_turn_based")
                .with("max", MOST_TURN_BASED_TABLES))
        } else {
            Ok(())
        };
        self.answer(LobbyAnswer::MaySit(answer));
    }

    /// Table `id` now waits for `now` instead of `before`: the players whose list changed and
    /// who are online here get it again; when the table runs here (`local`), each new wait of a
    /// player who is not online here goes to the shell.
    pub(super) fn waits_changed(
        &mut self,
        id: TableId,
        before: &[Waiting],
        now: &[Waiting],
        local: bool,
    ) {
        if before == now {
            return;
        }
        self.waits.set(
            id,
            before.iter().map(|w| &w.player),
            now.iter().map(|w| &w.player),
        );
        let affected: BTreeSet<&PlayerId> = before.iter().chain(now).map(|w| &w.player).collect();
        for player in affected {
            let Some(conn) = self.online.get(player).map(|o| o.conn.clone()) else {
                continue;
            };
            let tables = self.your_moves(player);
            self.send(&conn, &ServerMsg::YourMove { tables });
        }
        if !local {
            return;
        }
        let game = self
            .tables
            .get(&id)
            .and_then(|e| e.info.as_ref())
            .map(|i| i.game);
        for w in now.iter().filter(|w| !before.contains(w)) {
            if let (false, Some(game)) = (self.online.contains_key(&w.player), game) {
                self.out.push(LobbyEffect::Waits {
                    player: w.player.clone(),
                    table: id,
                    game,
                    deadline_ms: w.deadline_ms,
                });
            }
        }
    }
}
