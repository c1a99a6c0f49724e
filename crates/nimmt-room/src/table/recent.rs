//! What just happened, for whoever joins or comes back (a reload, another device): the game as
//! the client's viewer saw it a few moves ago and the events of those moves since (`recent`), so
//! a client that arrives in the middle of a turn shows the turn, not only its result. Rebuilt
//! from the game's log when asked: nothing else is kept for it.

use super::{Live, Table};
use crate::conn::Conn;
use nimmt_core::Viewer;
use nimmt_protocol::{ServerMsg, TableState};

impl Table {
    /// How many moves back `recent` goes: one per seat (a turn of simultaneous choices, the
    /// move that revealed them, and whatever the bots chose right after it).
    fn recent_moves(&self) -> u64 {
        self.meta.seats.len() as u64 + 1
    }

    /// Sends `recent` to a client that just got the table's `state`.
    pub(super) fn send_recent(&mut self, conn: &Conn) {
        if self.state == TableState::Open {
            return;
        }
        let Some(live) = self.game.as_ref() else {
            return;
        };
        let n = live.actions();
        if n == 0 {
            return;
        }
        let viewer = self
            .members
            .get(&conn.player)
            .map(Self::viewer_of)
            .unwrap_or(Viewer::Spectator);
        let stored = live.all_recorded();
        let Some(from) = (n as usize).checked_sub(self.recent_moves().min(n) as usize) else {
            return;
        };
        let Ok((base, _)) = Live::resume(live.setup().clone(), &stored[..from]) else {
            return;
        };
        let mut base = base.into_game();
        let view = base.view(viewer);
        let mut events = Vec::new();
        for a in &stored[from..] {
            let Ok(evs) = base.act(a.seat, &a.action) else {
                return;
            };
            events.extend(
                evs.into_iter()
                    .filter(|e| e.to.admits(viewer))
                    .map(|e| e.event),
            );
        }
        let msg = ServerMsg::Recent {
            table: self.id,
            version: self.version,
            view,
            events,
        };
        self.out.send(conn, &msg);
    }
}
