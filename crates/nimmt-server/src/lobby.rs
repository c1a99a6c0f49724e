//! The shell around the lobby: a tokio task that feeds the room's lobby
//! ([`nimmt_room::Lobby`], a state machine without IO) the commands of its channel with the time,
//! and carries out what it returns, in order: frames and closes to connections, the answers by
//! the commands' oneshots, the news for the other nodes of a cluster, and the opening of tables
//! (whose result goes back to the lobby before anything else). Everything the lobby decides is in
//! `nimmt-room`; this file only does IO.

use crate::conn::{frame, Conn};
use crate::handles::{LobbyCmd, LobbyHandle, LobbyPeers, NewTable, OpenTable, TableHandle};
use crate::notify::{Notifier, YourMoveNote};
use nimmt_core::GameKind;
use nimmt_protocol::{
    OnlineBot, PlayerId, SeatRating, ServerMsg, TableId, TableInfo, TournamentId, YourMove,
};
use nimmt_room::lobby::{LobbyAnswer, LobbyEffect, LobbyInput, LobbySettings, ToPeers};
use nimmt_room::Refusal;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// The lobby and what its shell needs to carry out its effects.
pub struct Lobby {
    lobby: nimmt_room::Lobby<TableHandle>,
    /// Opens a table (checks the request, starts its actor).
    open: OpenTable,
    /// The lobby's own handle, for the tables it opens to report to.
    me: LobbyHandle,
    /// The other nodes of a cluster, told of this node's tables and lobby chat.
    peers: Option<Arc<dyn LobbyPeers>>,
    /// Tells players who are not here that a turn-based table waits for their move.
    notifier: Option<Notifier>,
    /// Who hears of tournaments here.
    tournaments: TournamentListeners,
}

/// The connections that hear tournament news: the lobby's subscribers, and every player's
/// connection here (kept as the room's lobby keeps them, from the same commands).
#[derive(Default)]
struct TournamentListeners {
    subscribers: HashMap<u64, Conn>,
    online: HashMap<PlayerId, Conn>,
}

impl TournamentListeners {
    /// Notes what a command says of connections.
    fn hear(&mut self, cmd: &LobbyCmd) {
        match cmd {
            LobbyCmd::Online { conn } => {
                self.online.insert(conn.player.clone(), conn.clone());
            }
            LobbyCmd::Subscribe { conn } => {
                self.subscribers.insert(conn.id, conn.clone());
            }
            LobbyCmd::Offline { player, conn_id } => {
                self.subscribers.remove(conn_id);
                if self.online.get(player).is_some_and(|c| c.id == *conn_id) {
                    self.online.remove(player);
                }
            }
            _ => {}
        }
    }

    /// `tournament_changed` to the subscribers and `players`, or a notice to `players`; each
    /// connection once.
    fn tell(
        &self,
        changed: Option<TournamentId>,
        notice: Option<(&'static str, Vec<(&'static str, String)>)>,
        players: &[PlayerId],
    ) {
        let mut told = HashSet::new();
        let to_players = players.iter().filter_map(|p| self.online.get(p));
        if let Some(tournament) = changed {
            let frame = frame(&ServerMsg::TournamentChanged { tournament });
            for conn in self.subscribers.values().chain(to_players) {
                if told.insert(conn.id) {
                    conn.send_frame(frame.clone());
                }
            }
        } else if let Some((key, params)) = notice {
            for conn in to_players {
                if told.insert(conn.id) {
                    conn.notice(None, key, params.clone());
                }
            }
        }
    }
}

impl LobbyHandle {
    /// Tournament `id` changed: the lobby's subscribers and its `players` hear it.
    pub fn tournament_changed(&self, id: TournamentId, players: Vec<PlayerId>) {
        self.send(LobbyCmd::Tournament {
            changed: Some(id),
            notice: None,
            players,
        });
    }

    /// A tournament's notice (text `key` with `params`) to `player`, if connected here.
    pub fn tournament_notice(
        &self,
        player: PlayerId,
        key: &'static str,
        params: Vec<(&'static str, String)>,
    ) {
        self.send(LobbyCmd::Tournament {
            changed: None,
            notice: Some((key, params)),
            players: vec![player],
        });
    }
}

/// Where the answer to a command goes.
enum Reply {
    None,
    List(oneshot::Sender<Vec<TableInfo>>),
    Get(oneshot::Sender<Option<TableHandle>>),
    Seated(oneshot::Sender<Vec<TableHandle>>),
    YourMoves(oneshot::Sender<Vec<YourMove>>),
    Count(oneshot::Sender<usize>),
    MaySit(oneshot::Sender<Result<(), Refusal>>),
    Create {
        reply: oneshot::Sender<Result<TableHandle, Refusal>>,
        /// Handed to the new table (see [`NewTable::stored`]).
        stored: Option<oneshot::Sender<bool>>,
    },
    Done(Option<oneshot::Sender<()>>),
    Whereabouts(oneshot::Sender<Vec<nimmt_room::lobby::Whereabouts>>),
    BotReady(oneshot::Sender<Result<(), Refusal>>),
    Bots(oneshot::Sender<Vec<OnlineBot>>),
    OnlineBot(oneshot::Sender<Option<OnlineBot>>),
}

impl Lobby {
    /// Starts the lobby; new table ids follow `next_id`, and `open` opens each table.
    /// `tables_per_identity`: open or running tables one identity may host (0 = no cap).
    pub fn spawn(next_id: TableId, open: OpenTable, tables_per_identity: usize) -> LobbyHandle {
        Self::spawn_with(
            next_id,
            open,
            tables_per_identity,
            None,
            None,
            Default::default(),
        )
    }

    /// As [`Lobby::spawn`], telling `peers` (the other nodes of a cluster) of this node's
    /// tables and lobby chat, and `notifier` of the turn-based tables that wait for the move
    /// of a player who is not here; the tables the lobby opens itself (the ladder's) are set up
    /// by `tables`.
    pub fn spawn_with(
        next_id: TableId,
        open: OpenTable,
        tables_per_identity: usize,
        peers: Option<Arc<dyn LobbyPeers>>,
        notifier: Option<Notifier>,
        tables: nimmt_room::TableConfig,
    ) -> LobbyHandle {
        let (me, rx) = LobbyHandle::channel();
        let settings = LobbySettings {
            tables_per_identity,
            peers: peers.is_some(),
            tables,
        };
        let lobby = Lobby {
            lobby: nimmt_room::Lobby::new(next_id, settings),
            open,
            me: me.clone(),
            peers,
            notifier,
            tournaments: TournamentListeners::default(),
        };
        tokio::spawn(lobby.run(rx));
        me
    }

    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<LobbyCmd>) {
        while let Some(cmd) = rx.recv().await {
            self.tournaments.hear(&cmd);
            if let LobbyCmd::Tournament {
                changed,
                notice,
                players,
            } = cmd
            {
                self.tournaments.tell(changed, notice, &players);
                continue;
            }
            let (input, reply) = split(cmd);
            self.feed(input, reply);
        }
    }

    /// Feeds one input and carries out everything it leads to (the opening of a table and the
    /// lobby's answer to it included) before the next.
    fn feed(&mut self, input: LobbyInput<TableHandle>, mut reply: Reply) {
        let mut pending = Some(input);
        while let Some(input) = pending.take() {
            for effect in self.lobby.handle(input, crate::clock::now()) {
                match effect {
                    LobbyEffect::Send { to, frame } => to.send_frame(frame),
                    LobbyEffect::Close { conn, reason } => conn.close_for(reason),
                    LobbyEffect::Answer(answer) => reply.send(answer),
                    LobbyEffect::Peers(news) => self.tell_peers(news),
                    LobbyEffect::OpenTable { id, request } => {
                        let result = (self.open)(NewTable {
                            id,
                            conn: request.conn,
                            game: request.game,
                            options: request.options,
                            seats: request.seats,
                            lobby: self.me.clone(),
                            again: request.again,
                            stored: reply.take_stored(),
                        });
                        let result = result.map(|handle| (handle.id, handle));
                        pending = Some(LobbyInput::Opened { result });
                    }
                    LobbyEffect::Waits {
                        player,
                        table,
                        game,
                        deadline_ms,
                    } => {
                        if let Some(n) = &self.notifier {
                            n.your_move(YourMoveNote {
                                player,
                                table,
                                game,
                                deadline_ms,
                            });
                        }
                    }
                }
            }
        }
    }

    fn tell_peers(&self, news: ToPeers) {
        let Some(peers) = &self.peers else { return };
        match news {
            ToPeers::Changed(n) => peers.changed(&n),
            ToPeers::Closed { id } => peers.closed(id),
            ToPeers::Chat { from, player, text } => peers.chat(&from, &player, &text),
            ToPeers::Online { player, at } => peers.online(&player, at),
        }
    }
}

/// A command as the lobby's input, and where its answer goes.
fn split(cmd: LobbyCmd) -> (LobbyInput<TableHandle>, Reply) {
    match cmd {
        LobbyCmd::Online { conn } => (LobbyInput::Online { conn }, Reply::None),
        LobbyCmd::Offline { player, conn_id } => {
            (LobbyInput::Offline { player, conn_id }, Reply::None)
        }
        LobbyCmd::List { reply } => (LobbyInput::List, Reply::List(reply)),
        LobbyCmd::ListFor { viewer, reply } => (LobbyInput::ListFor { viewer }, Reply::List(reply)),
        LobbyCmd::Subscribe { conn } => (LobbyInput::Subscribe { conn }, Reply::None),
        LobbyCmd::Create {
            request,
            stored,
            reply,
        } => (
            LobbyInput::Create(request),
            Reply::Create {
                reply,
                stored: Some(stored),
            },
        ),
        LobbyCmd::Get { table, reply } => (LobbyInput::Get { table }, Reply::Get(reply)),
        LobbyCmd::Seated { player, reply } => (LobbyInput::Seated { player }, Reply::Seated(reply)),
        LobbyCmd::Chat {
            conn,
            text,
            hidden_from,
        } => (
            LobbyInput::Chat {
                conn,
                text,
                hidden_from,
            },
            Reply::None,
        ),
        LobbyCmd::Changed(news) => (LobbyInput::Changed(news), Reply::None),
        LobbyCmd::Closed { id } => (LobbyInput::Closed { id }, Reply::None),
        LobbyCmd::Adopt { handle, news } => (LobbyInput::Adopt { handle, news }, Reply::None),
        LobbyCmd::YourMoves { player, reply } => {
            (LobbyInput::YourMoves { player }, Reply::YourMoves(reply))
        }
        LobbyCmd::TurnBasedSeats { player, reply } => {
            (LobbyInput::TurnBasedSeats { player }, Reply::Count(reply))
        }
        LobbyCmd::MaySit {
            player,
            table,
            reply,
        } => (LobbyInput::MaySit { player, table }, Reply::MaySit(reply)),
        LobbyCmd::Peer(news) => (LobbyInput::Peer(news), Reply::None),
        LobbyCmd::Friends { input, reply } => (
            LobbyInput::Friends(input),
            reply.map_or(Reply::None, Reply::Whereabouts),
        ),
        LobbyCmd::EndSessions {
            player,
            which,
            refusal,
            done,
        } => (
            LobbyInput::EndSessions {
                player,
                which,
                refusal,
            },
            Reply::Done(done),
        ),
        LobbyCmd::BotReady {
            conn,
            declaration,
            ratings,
            reply,
        } => (
            LobbyInput::BotReady {
                conn,
                declaration,
                ratings,
            },
            Reply::BotReady(reply),
        ),
        LobbyCmd::ListBots { reply } => (LobbyInput::ListBots, Reply::Bots(reply)),
        LobbyCmd::OnlineBot { name, reply } => {
            (LobbyInput::OnlineBot { name }, Reply::OnlineBot(reply))
        }
        LobbyCmd::BotFault { player } => (LobbyInput::BotFault { player }, Reply::None),
        LobbyCmd::LadderTick => (LobbyInput::LadderTick, Reply::None),
        LobbyCmd::BotRatings { player, ratings } => {
            (LobbyInput::BotRatings { player, ratings }, Reply::None)
        }
        LobbyCmd::Tournament { .. } => unreachable!("tournament news is told by `run` itself"),
    }
}

impl Reply {
    /// Sends the lobby's answer where it goes (the one kind the command waits for).
    fn send(&mut self, answer: LobbyAnswer<TableHandle>) {
        match (std::mem::replace(self, Reply::None), answer) {
            (Reply::List(tx), LobbyAnswer::Tables(tables)) => {
                let _ = tx.send(tables);
            }
            (Reply::Get(tx), LobbyAnswer::Table(handle)) => {
                let _ = tx.send(handle);
            }
            (Reply::Seated(tx), LobbyAnswer::Handles(handles)) => {
                let _ = tx.send(handles);
            }
            (Reply::YourMoves(tx), LobbyAnswer::YourMoves(list)) => {
                let _ = tx.send(list);
            }
            (Reply::Count(tx), LobbyAnswer::Count(n)) => {
                let _ = tx.send(n);
            }
            (Reply::MaySit(tx), LobbyAnswer::MaySit(answer)) => {
                let _ = tx.send(answer);
            }
            (Reply::Create { reply, .. }, LobbyAnswer::Created(result)) => {
                let _ = reply.send(result);
            }
            (Reply::Whereabouts(tx), LobbyAnswer::Whereabouts(found)) => {
                let _ = tx.send(found);
            }
            (Reply::BotReady(tx), LobbyAnswer::BotReady(answer)) => {
                let _ = tx.send(answer);
            }
            (Reply::Bots(tx), LobbyAnswer::Bots(list)) => {
                let _ = tx.send(list);
            }
            (Reply::OnlineBot(tx), LobbyAnswer::OnlineBot(found)) => {
                let _ = tx.send(found);
            }
            (Reply::Done(done), LobbyAnswer::Done) => {
                if let Some(done) = done {
                    let _ = done.send(());
                }
            }
            (_, answer) => tracing::error!("the lobby answered out of turn: {answer:?}"),
        }
    }

    /// The sender told once a new table is stored, for the table being opened.
    fn take_stored(&mut self) -> Option<oneshot::Sender<bool>> {
        match self {
            Reply::Create { stored, .. } => stored.take(),
            _ => None,
        }
    }
}

/// A bot account's ratings in `games` (those it played rated).
pub async fn bot_ratings(
    pool: &sqlx::AnyPool,
    player: &str,
    games: &[GameKind],
) -> Result<BTreeMap<GameKind, SeatRating>, sqlx::Error> {
    let mut db = pool.acquire().await?;
    let mut ratings = BTreeMap::new();
    let me = [Some(player.to_owned())];
    for &game in games {
        let found = crate::ratings::shown::of_seats(&mut db, game.name(), &me, None).await?;
        if let Some(Some(r)) = found.into_iter().next() {
            ratings.insert(game, r);
        }
    }
    Ok(ratings)
}

/// Ticks the ladder every `every` while the lobby runs; before each tick, the online bots'
/// ratings are read again (the ladder pairs by them, the bot list shows them).
pub async fn ladder_ticks(lobby: LobbyHandle, pool: sqlx::AnyPool, every: Duration) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        if lobby.is_closed() {
            return;
        }
        for bot in lobby.bots().await {
            let games: Vec<GameKind> = bot.declaration.games.iter().map(|g| g.game).collect();
            match bot_ratings(&pool, &bot.player, &games).await {
                Ok(now) if now != bot.ratings => lobby.bot_ratings(bot.player, now),
                Ok(_) => {}
                Err(e) => tracing::warn!("the ratings of bot {}: {e}", bot.name),
            }
        }
        lobby.ladder_tick();
    }
}
