//! The lobby as a state machine: it knows every table (how to reach it and how it looks from
//! outside), who is online here, and who listens to lobby news and lobby chat. It takes a
//! [`LobbyInput`] with the time ([`Moment`]) and returns the [`LobbyEffect`]s to carry out in
//! order: frames, closes, the answer to the input, news for the other nodes of a cluster, a table
//! to open. It does no IO and reads no clock, so the server's shell (`nimmt-server`'s
//! `lobby.rs`) and a test drive the same lobby.
//!
//! `H` is how a table is reached: the server's table handle, a plain number in tests. The lobby
//! only keeps and hands out handles; it never uses one.
//!
//! Split by concern: `tables` the list of tables (opening, news, closing, the cap per identity);
//! `presence` who is online and the replacing of an older connection; `news` the subscribers
//! and lobby chat; `ending` which connections an ended session closes; `your_move` the
//! turn-based tables waiting for each player.

mod bots;
#[cfg(test)]
mod bots_tests;
mod effect;
mod ending;
mod friends;
mod index;
mod input;
mod ladder;
mod news;
mod presence;
mod private;
mod tables;
#[cfg(test)]
mod tests;
mod your_move;
#[cfg(test)]
mod your_move_tests;

pub use bots::{check_declaration, FAULT_WINDOW_MS, MOST_FAULTS, REST_MS};
pub use effect::{LobbyAnswer, LobbyEffect, TableRequest, ToPeers};
pub use ending::Ending;
pub use friends::{
    challenge_state, closed_refusal, expires_ms, room_for_turn_based, takes_challenge,
    ChallengeState, FriendsInput, Stance, Whereabouts, CHALLENGE_LIFETIME_MS,
};
pub use input::{LobbyInput, PeerNews};
pub use ladder::{pair, sizes, Candidate, LadderTable};

use crate::clock::Moment;
use crate::conn::{frame, Conn};
use nimmt_protocol::{CloseReason, PlayerId, ServerMsg, TableId};
use std::collections::{BTreeMap, HashMap};

/// What the lobby is set up with.
#[derive(Clone, Debug, Default)]
pub struct LobbySettings {
    /// Open or running tables one identity may host (0 = no cap).
    pub tables_per_identity: usize,
    /// Whether there are other nodes to tell of this node's tables, lobby chat and hellos
    /// ([`LobbyEffect::Peers`]).
    pub peers: bool,
    /// How the tables the lobby opens itself (the ladder's) are set up.
    pub tables: crate::table::TableConfig,
}

/// The lobby's state.
pub struct Lobby<H> {
    tables: BTreeMap<TableId, tables::Entry<H>>,
    /// The tables each identity sits at.
    seats: index::PlayerIndex,
    /// The turn-based tables waiting for each identity's move.
    waits: index::PlayerIndex,
    /// Who is online here.
    online: HashMap<PlayerId, presence::Online>,
    /// Who hears of every table's change and of lobby chat, by connection id.
    subscribers: HashMap<u64, Conn>,
    /// The highest table number known; a new table gets the next one.
    next_id: TableId,
    settings: LobbySettings,
    /// Who asked for the table being opened (its host), until the answer comes.
    opening: Option<PlayerId>,
    /// The online bot accounts, their faults and rests, the ladder.
    bots: bots::Bots,
    /// The ladder's memory.
    ladder: ladder::LadderState,
    /// The time of the input being handled.
    now: Moment,
    /// What the input being handled produced so far.
    out: Vec<LobbyEffect<H>>,
}

impl<H: Clone> Lobby<H> {
    /// A lobby without tables; new table numbers follow `next_id`.
    pub fn new(next_id: TableId, settings: LobbySettings) -> Lobby<H> {
        Lobby {
            tables: BTreeMap::new(),
            seats: Default::default(),
            waits: Default::default(),
            online: HashMap::new(),
            subscribers: HashMap::new(),
            next_id,
            settings,
            opening: None,
            bots: Default::default(),
            ladder: Default::default(),
            now: Moment::default(),
            out: Vec::new(),
        }
    }

    /// Handles one input at `now`; the shell carries out the effects in order (and feeds the
    /// answer to an [`LobbyEffect::OpenTable`] back before the next input).
    pub fn handle(&mut self, input: LobbyInput<H>, now: Moment) -> Vec<LobbyEffect<H>> {
        self.now = now;
        match input {
            LobbyInput::Online { conn } => {
                self.bot_replaced(&conn.player, Some(conn.id));
                self.online(conn);
            }
            LobbyInput::Offline { player, conn_id } => {
                self.offline(&player, conn_id);
                self.bot_offline(&player, conn_id);
            }
            LobbyInput::List => self.list(),
            LobbyInput::ListFor { viewer } => self.list_for(viewer.as_ref()),
            LobbyInput::Subscribe { conn } => self.subscribe(conn),
            LobbyInput::Create(request) => self.create(request),
            LobbyInput::Opened { result } if self.ladder.opening.is_some() => {
                self.ladder_opened(result)
            }
            LobbyInput::Opened { result } => self.opened(result),
            LobbyInput::Get { table } => self.get(table),
            LobbyInput::Seated { player } => self.seated(&player),
            LobbyInput::Chat {
                conn,
                text,
                hidden_from,
            } => self.chat(&conn, text, &hidden_from),
            LobbyInput::Changed(news) => self.changed(news),
            LobbyInput::Closed { id } => self.closed(id),
            LobbyInput::Adopt { handle, news } => self.adopt(handle, news),
            LobbyInput::YourMoves { player } => self.answer_your_moves(&player),
            LobbyInput::TurnBasedSeats { player } => {
                let n = self.count_turn_based(&player);
                self.answer(LobbyAnswer::Count(n));
            }
            LobbyInput::MaySit { player, table } => self.may_sit(&player, table),
            LobbyInput::Friends(input) => self.friends(input),
            LobbyInput::Peer(news) => self.peer(news),
            LobbyInput::EndSessions {
                player,
                which,
                refusal,
            } => self.end_sessions(&player, &which, refusal.as_ref()),
            LobbyInput::BotReady {
                conn,
                declaration,
                ratings,
            } => self.bot_ready(conn, declaration, ratings),
            LobbyInput::ListBots => self.list_bots(),
            LobbyInput::OnlineBot { name } => self.online_bot(&name),
            LobbyInput::BotFault { player } => self.bot_fault(player),
            LobbyInput::LadderTick => self.ladder_tick(),
            LobbyInput::BotRatings { player, ratings } => {
                if let Some(r) = self.bots.ready.get_mut(&player) {
                    r.ratings = ratings;
                }
            }
        }
        std::mem::take(&mut self.out)
    }

    /// News from another node.
    fn peer(&mut self, news: PeerNews<H>) {
        match news {
            PeerNews::Changed { handle, news } => self.peer_changed(handle, news),
            PeerNews::Closed { id } => self.forget(id),
            PeerNews::Chat {
                from,
                text,
                player,
                hidden_from,
            } => self.say(from, player, text, &hidden_from),
            PeerNews::Online {
                player,
                at,
                wins_tie,
            } => {
                self.peer_online(&player, at, wins_tie);
                if !self.online.contains_key(&player) {
                    self.bot_replaced(&player, None);
                }
            }
        }
    }

    fn send(&mut self, to: &Conn, msg: &ServerMsg) {
        self.out.push(LobbyEffect::Send {
            to: to.clone(),
            frame: frame(msg),
        });
    }

    fn close(&mut self, conn: &Conn, reason: CloseReason) {
        self.out.push(LobbyEffect::Close {
            conn: conn.clone(),
            reason,
        });
    }

    fn answer(&mut self, answer: LobbyAnswer<H>) {
        self.out.push(LobbyEffect::Answer(answer));
    }

    /// Tells the other nodes, if there are any.
    fn tell_peers(&mut self, news: ToPeers) {
        if self.settings.peers {
            self.out.push(LobbyEffect::Peers(news));
        }
    }
}
