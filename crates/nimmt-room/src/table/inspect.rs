//! What a table shows to whoever checks it from outside (the simulator, tests): read-only
//! looks at its settings, its game and what each member sees. Nothing here changes the table.

use super::Table;
use nimmt_core::{Game, Viewer};
use nimmt_protocol::{PlayerId, TableState};
use serde_json::Value;

/// A member as the table holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberLook {
    pub player: PlayerId,
    pub seat: Option<usize>,
    /// The connection the table sends to, if connected.
    pub conn: Option<u64>,
}

impl Table {
    pub fn state(&self) -> TableState {
        self.state
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    /// The settings as stored (seats, options, host, who was sent away).
    pub fn meta(&self) -> &super::Meta {
        &self.meta
    }

    /// The running game, once started.
    pub fn running_game(&self) -> Option<&Game> {
        self.game()
    }

    /// Every action of the game so far, as stored: `(seat, action JSON)`.
    pub fn action_log(&self) -> Vec<(u8, String)> {
        self.game.as_ref().map_or_else(Vec::new, |g| {
            g.all_recorded()
                .into_iter()
                .map(|a| (a.seat.0, a.action.to_string()))
                .collect()
        })
    }

    /// Everyone at the table.
    pub fn members(&self) -> Vec<MemberLook> {
        let mut all: Vec<MemberLook> = self
            .members
            .iter()
            .map(|(p, m)| MemberLook {
                player: p.clone(),
                seat: m.seat,
                conn: m.conn.as_ref().map(|c| c.id),
            })
            .collect();
        all.sort_by(|a, b| a.player.cmp(&b.player));
        all
    }

    /// The game's view for `player` as the table would send it now (a spectator's if they do not
    /// hold a seat); none before the start.
    pub fn view_for(&self, player: &PlayerId) -> Option<Value> {
        let viewer = self
            .members
            .get(player)
            .map(Self::viewer_of)
            .unwrap_or(Viewer::Spectator);
        self.game().map(|g| g.view(viewer))
    }

    /// Whether a write of this table waits for the store (the table takes no input until
    /// `written`).
    pub fn writing(&self) -> bool {
        !self.out.in_flight.is_empty() || self.undo.is_some()
    }

    /// Whether the seat is played by a bot now (a bot seat, or a stand-in for an absent player).
    pub fn played_by_bot(&self, seat: usize) -> bool {
        self.stand_in(seat, self.now.at)
    }

    /// Whether the table is paused (running, nobody connected, the reconnection window over).
    pub fn is_paused(&self) -> bool {
        self.paused(self.now.at)
    }
}
