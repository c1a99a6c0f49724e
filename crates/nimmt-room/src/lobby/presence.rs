//! Who is online here: one connection per identity, the newest one wherever it said hello (here
//! or on another node); an older one is told it was replaced and closes (code 4001). An ended
//! session closes the connections opened with it (code 4005).

use super::effect::{LobbyAnswer, ToPeers};
use super::ending::Ending;
use super::Lobby;
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_protocol::{CloseReason, PlayerId, ServerMsg};

/// An identity's connection here and when it said hello.
pub(super) struct Online {
    pub(super) conn: Conn,
    /// Milliseconds since the Unix epoch.
    since: u64,
}

impl<H: Clone> Lobby<H> {
    /// A connection said hello: the other nodes hear of it, and an older connection of the same
    /// identity here is replaced.
    pub(super) fn online(&mut self, conn: Conn) {
        let since = self.now.wall_ms;
        self.tell_peers(ToPeers::Online {
            player: conn.player.clone(),
            at: since,
        });
        let new_id = conn.id;
        let old = self
            .online
            .insert(conn.player.clone(), Online { conn, since });
        if let Some(old) = old.filter(|o| o.conn.id != new_id) {
            self.replace(&old.conn);
        }
    }

    /// A connection closed: it is no longer online (if it still was) nor subscribed.
    pub(super) fn offline(&mut self, player: &PlayerId, conn_id: u64) {
        if self
            .online
            .get(player)
            .is_some_and(|o| o.conn.id == conn_id)
        {
            self.online.remove(player);
        }
        self.subscribers.remove(&conn_id);
    }

    /// `player` said hello on another node at `at`: the newer connection wins, wherever it is
    /// (`wins_tie`: the other node's at the same millisecond).
    pub(super) fn peer_online(&mut self, player: &PlayerId, at: u64, wins_tie: bool) {
        let older = self
            .online
            .get(player)
            .is_some_and(|o| o.since < at || (o.since == at && wins_tie));
        if older {
            if let Some(old) = self.online.remove(player) {
                self.replace(&old.conn);
            }
        }
    }

    /// A newer connection of the same identity took over: the old one says so and closes
    /// (code 4001).
    fn replace(&mut self, old: &Conn) {
        self.send(old, &ServerMsg::Replaced);
        self.close(old, CloseReason::Replaced);
        self.subscribers.remove(&old.id);
    }

    /// Sessions of `player` ended: their connection here, if opened with one of them, gets
    /// `refusal` (if any) and closes (code 4005). Answered once it is closing.
    pub(super) fn end_sessions(
        &mut self,
        player: &PlayerId,
        which: &Ending,
        refusal: Option<&Refusal>,
    ) {
        let ends = self
            .online
            .get(player)
            .is_some_and(|o| which.ends(o.conn.session.as_deref()));
        if let Some(Online { conn, .. }) = ends.then(|| self.online.remove(player)).flatten() {
            if let Some(r) = refusal {
                self.send(&conn, &r.to_msg(conn.lang, None, None));
            }
            self.close(&conn, CloseReason::SessionEnded);
            self.subscribers.remove(&conn.id);
        }
        self.answer(LobbyAnswer::Done);
    }
}
