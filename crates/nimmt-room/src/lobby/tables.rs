//! The lobby's list of tables: opening one (the cap per identity), a table's news, a restored
//! table, a closed one, and the questions about them (the list, how to reach one, where a player
//! is seated).

use super::effect::{LobbyAnswer, LobbyEffect, TableRequest, ToPeers};
use super::private::private;
use super::Lobby;
use crate::refusal::Refusal;
use crate::table::{Again, TableNews, Waiting, MOST_TURN_BASED_TABLES};
use nimmt_protocol::{ErrorCode, PlayerId, ServerMsg, TableId, TableInfo, TableState};
use std::collections::HashSet;

/// A table as the lobby knows it.
pub(super) struct Entry<H> {
    handle: H,
    /// How it looks from outside (none until a new table first says).
    pub(super) info: Option<TableInfo>,
    /// The identities seated there.
    pub(super) players: Vec<PlayerId>,
    /// The identity hosting the table (counted against its open tables).
    host: Option<PlayerId>,
    /// At a turn-based table: whose move it waits for (see `your_move`).
    pub(super) waiting: Vec<Waiting>,
}

impl<H> Entry<H> {
    /// Open or running (a new table is open until it says otherwise).
    fn live(&self) -> bool {
        self.info
            .as_ref()
            .is_none_or(|i| matches!(i.state, TableState::Open | TableState::Playing))
    }
}

impl<H: Clone> Lobby<H> {
    /// Answers with the tables as listed (those that said how they look).
    pub(super) fn list(&mut self) {
        let listed = self
            .tables
            .values()
            .filter_map(|e| e.info.clone())
            .collect();
        self.answer(LobbyAnswer::Tables(listed));
    }

    /// Answers with the tables as `viewer` sees the list: a private table only where they are
    /// seated (`None`: the public list, without any private table).
    pub(super) fn list_for(&mut self, viewer: Option<&PlayerId>) {
        let listed = self
            .tables
            .values()
            .filter(|e| e.info.as_ref().is_some_and(|i| !private(i)) || sits(e, viewer))
            .filter_map(|e| e.info.clone())
            .collect();
        self.answer(LobbyAnswer::Tables(listed));
    }

    /// Answers with how to reach `table`, if it is known.
    pub(super) fn get(&mut self, table: TableId) {
        let handle = self.tables.get(&table).map(|e| e.handle.clone());
        self.answer(LobbyAnswer::Table(handle));
    }

    /// Answers with how to reach the tables where `player` holds a seat.
    pub(super) fn seated(&mut self, player: &PlayerId) {
        let handles = self
            .seats
            .of(player)
            .iter()
            .filter_map(|id| self.tables.get(id))
            .map(|e| e.handle.clone())
            .collect();
        self.answer(LobbyAnswer::Handles(handles));
    }

    /// Opens a table, unless its host already hosts as many open or running tables as one
    /// identity may. A tournament's table is nobody's: it counts against no one's tables.
    pub(super) fn create(&mut self, request: TableRequest) {
        let tournament = request.again.as_ref().is_some_and(Again::is_tournament);
        let player = request.conn.player.clone();
        if !tournament {
            if let Some(refusal) = self.too_many(&player, &request) {
                self.answer(LobbyAnswer::Created(Err(refusal)));
                return;
            }
        }
        self.opening = (!tournament).then_some(player);
        let id = self.next_id + 1;
        self.out.push(LobbyEffect::OpenTable { id, request });
    }

    /// Why `player` may not open the table asked for: they host as many open or running tables
    /// as one identity may, or (a turn-based one) sit at as many turn-based tables as they may.
    fn too_many(&self, player: &PlayerId, request: &TableRequest) -> Option<Refusal> {
        let max = self.settings.tables_per_identity;
        if max > 0 {
            let hosted = self
                .seats
                .of(player)
                .iter()
                .filter_map(|id| self.tables.get(id))
                .filter(|e| e.live() && e.host.as_ref() == Some(player))
                .count();
            if hosted >= max {
                return Some(
                    Refusal::new(ErrorCode::RateLimited)
                        .keyed("too_many_tables")
                        .with("max", max),
                );
            }
        }
        // Its creator takes a seat: a turn-based table counts against their turn-based tables.
        let turn_based = request.options.get("pace").is_some_and(|p| p != "realtime");
        if turn_based && self.count_turn_based(player) >= MOST_TURN_BASED_TABLES {
            return Some(
                Refusal::new(ErrorCode::RateLimited)
                    .keyed("too_many_turn_based")
                    .with("max", MOST_TURN_BASED_TABLES),
            );
        }
        None
    }

    /// The table asked for is open (listed once it first says how it looks), or it is not.
    pub(super) fn opened(&mut self, result: Result<(TableId, H), Refusal>) {
        let answer = result
            .as_ref()
            .map(|(_, h)| h.clone())
            .map_err(Clone::clone);
        self.enter_opened(result);
        self.answer(LobbyAnswer::Created(answer));
    }

    /// A table the lobby asked for is open: it enters the list (its host seated), or it is not.
    pub(super) fn enter_opened(&mut self, result: Result<(TableId, H), Refusal>) {
        let host = self.opening.take();
        if let Ok((id, handle)) = &result {
            // The opener may number the table itself (a cluster's shared numbers).
            self.next_id = self.next_id.max(*id);
            self.seats.set(*id, [], host.iter());
            self.tables.insert(
                *id,
                Entry {
                    handle: handle.clone(),
                    info: None,
                    players: host.iter().cloned().collect(),
                    host,
                    waiting: Vec::new(),
                },
            );
        }
    }

    /// A table restored from the database.
    pub(super) fn adopt(&mut self, handle: H, news: TableNews) {
        let id = news.info.id;
        self.next_id = self.next_id.max(id);
        let before = self.tables.get(&id).map(|e| e.players.clone());
        self.seats
            .set(id, before.iter().flatten(), news.players.iter());
        self.tables.insert(
            id,
            Entry {
                handle,
                info: Some(news.info),
                players: news.players,
                host: news.host,
                waiting: Vec::new(),
            },
        );
        // Told to whoever is online; nobody is told again by the other channels.
        self.waits_changed(id, &[], &news.waiting, false);
        if let Some(e) = self.tables.get_mut(&id) {
            e.waiting = news.waiting;
        }
    }

    /// A table of this node changed: the other nodes and the subscribers hear of it.
    pub(super) fn changed(&mut self, news: TableNews) {
        self.tell_peers(ToPeers::Changed(news.clone()));
        self.update(news, true);
    }

    /// A table of another node changed (or is new here).
    pub(super) fn peer_changed(&mut self, handle: H, news: TableNews) {
        self.tables.entry(news.info.id).or_insert_with(|| Entry {
            handle,
            info: None,
            players: Vec::new(),
            host: None,
            waiting: Vec::new(),
        });
        self.update(news, false);
    }

    /// A table of this node stopped: the other nodes hear of it, and it leaves the list.
    pub(super) fn closed(&mut self, id: TableId) {
        self.tell_peers(ToPeers::Closed { id });
        self.forget(id);
    }

    /// A table leaves the list; the subscribers hear of it if it was listed.
    pub(super) fn forget(&mut self, id: TableId) {
        let Some(entry) = self.tables.remove(&id) else {
            return;
        };
        self.seats.set(id, entry.players.iter(), []);
        self.waits_changed(id, &entry.waiting, &[], false);
        if let Some(info) = entry.info {
            // A private table's end is told only where it was listed.
            let hidden = private(&info).then(|| self.not_seated(&entry.players));
            self.broadcast(
                &ServerMsg::TableChanged {
                    table: info,
                    closed: true,
                },
                hidden.as_ref(),
            );
        }
    }

    /// A known table looks different now: the subscribers hear of it (unless only whose move
    /// it waits for changed), and so do the players whose Your-move list changed. `local`: the
    /// table runs on this node.
    fn update(&mut self, news: TableNews, local: bool) {
        let id = news.info.id;
        let Some(e) = self.tables.get_mut(&id) else {
            return;
        };
        let before = std::mem::replace(&mut e.waiting, news.waiting.clone());
        let seated_before = std::mem::replace(&mut e.players, news.players);
        e.host = news.host;
        let same = e.info.as_ref() == Some(&news.info);
        let was_listed = e.info.as_ref().is_some_and(|i| !private(i));
        e.info = Some(news.info.clone());
        let players = e.players.clone();
        if !same && private(&news.info) {
            self.announce_private(news.info, was_listed, &players);
        } else if !same {
            self.broadcast(
                &ServerMsg::TableChanged {
                    table: news.info,
                    closed: false,
                },
                None,
            );
        }
        self.seats.set(id, seated_before.iter(), players.iter());
        self.waits_changed(id, &before, &news.waiting, local);
    }
}

fn sits<H>(e: &Entry<H>, viewer: Option<&PlayerId>) -> bool {
    viewer.is_some_and(|p| e.players.contains(p))
}

impl<H: Clone> Lobby<H> {
    /// A private table changed: the subscribers seated there hear of it; the others hear that it
    /// left their list if it was listed before (it just became private).
    /// The subscribers not seated among `players`.
    fn not_seated(&self, players: &[PlayerId]) -> HashSet<PlayerId> {
        self.subscribers
            .values()
            .map(|c| c.player.clone())
            .filter(|p| !players.contains(p))
            .collect()
    }

    fn announce_private(&mut self, info: TableInfo, was_listed: bool, players: &[PlayerId]) {
        let others = self.not_seated(players);
        let seated: HashSet<PlayerId> = self
            .subscribers
            .values()
            .map(|c| c.player.clone())
            .filter(|p| players.contains(p))
            .collect();
        if was_listed {
            let gone = ServerMsg::TableChanged {
                table: info.clone(),
                closed: true,
            };
            self.broadcast(&gone, Some(&seated));
        }
        let msg = ServerMsg::TableChanged {
            table: info,
            closed: false,
        };
        self.broadcast(&msg, Some(&others));
    }
}
