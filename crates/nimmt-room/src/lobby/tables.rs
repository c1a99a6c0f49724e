//! The lobby's list of tables: opening one (the cap per identity), a table's news, a restored
//! table, a closed one, and the questions about them (the list, how to reach one, where a player
//! is seated).

use super::effect::{LobbyAnswer, LobbyEffect, TableRequest, ToPeers};
use super::Lobby;
use crate::refusal::Refusal;
use crate::table::TableNews;
use nimmt_protocol::{ErrorCode, PlayerId, ServerMsg, TableId, TableInfo, TableState};

/// A table as the lobby knows it.
pub(super) struct Entry<H> {
    handle: H,
    /// How it looks from outside (none until a new table first says).
    info: Option<TableInfo>,
    /// The identities seated there.
    players: Vec<PlayerId>,
    /// The identity hosting the table (counted against its open tables).
    host: Option<PlayerId>,
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

    /// Answers with how to reach `table`, if it is known.
    pub(super) fn get(&mut self, table: TableId) {
        let handle = self.tables.get(&table).map(|e| e.handle.clone());
        self.answer(LobbyAnswer::Table(handle));
    }

    /// Answers with how to reach the tables where `player` holds a seat.
    pub(super) fn seated(&mut self, player: &PlayerId) {
        let handles = self
            .tables
            .values()
            .filter(|e| e.players.contains(player))
            .map(|e| e.handle.clone())
            .collect();
        self.answer(LobbyAnswer::Handles(handles));
    }

    /// Opens a table, unless its host already hosts as many open or running tables as one
    /// identity may.
    pub(super) fn create(&mut self, request: TableRequest) {
        let player = request.conn.player.clone();
        let max = self.settings.tables_per_identity;
        if max > 0 {
            let hosted = self
                .tables
                .values()
                .filter(|e| e.live() && e.host.as_ref() == Some(&player))
                .count();
            if hosted >= max {
                let refusal = Refusal::new(ErrorCode::RateLimited)
                    .keyed("too_many_tables")
                    .with("max", max);
                self.answer(LobbyAnswer::Created(Err(refusal)));
                return;
            }
        }
        self.opening = Some(player);
        let id = self.next_id + 1;
        self.out.push(LobbyEffect::OpenTable { id, request });
    }

    /// The table asked for is open (listed once it first says how it looks), or it is not.
    pub(super) fn opened(&mut self, result: Result<(TableId, H), Refusal>) {
        let host = self.opening.take();
        if let Ok((id, handle)) = &result {
            // The opener may number the table itself (a cluster's shared numbers).
            self.next_id = self.next_id.max(*id);
            self.tables.insert(
                *id,
                Entry {
                    handle: handle.clone(),
                    info: None,
                    players: host.iter().cloned().collect(),
                    host,
                },
            );
        }
        self.answer(LobbyAnswer::Created(result.map(|(_, handle)| handle)));
    }

    /// A table restored from the database.
    pub(super) fn adopt(
        &mut self,
        handle: H,
        info: TableInfo,
        players: Vec<PlayerId>,
        host: Option<PlayerId>,
    ) {
        self.next_id = self.next_id.max(info.id);
        self.tables.insert(
            info.id,
            Entry {
                handle,
                info: Some(info),
                players,
                host,
            },
        );
    }

    /// A table of this node changed: the other nodes and the subscribers hear of it.
    pub(super) fn changed(&mut self, news: TableNews) {
        self.tell_peers(ToPeers::Changed(news.clone()));
        self.update(news.info, news.players, news.host);
    }

    /// A table of another node changed (or is new here).
    pub(super) fn peer_changed(
        &mut self,
        handle: H,
        info: TableInfo,
        players: Vec<PlayerId>,
        host: Option<PlayerId>,
    ) {
        self.tables.entry(info.id).or_insert_with(|| Entry {
            handle,
            info: None,
            players: Vec::new(),
            host: None,
        });
        self.update(info, players, host);
    }

    /// A table of this node stopped: the other nodes hear of it, and it leaves the list.
    pub(super) fn closed(&mut self, id: TableId) {
        self.tell_peers(ToPeers::Closed { id });
        self.forget(id);
    }

    /// A table leaves the list; the subscribers hear of it if it was listed.
    pub(super) fn forget(&mut self, id: TableId) {
        if let Some(info) = self.tables.remove(&id).and_then(|e| e.info) {
            self.broadcast(
                &ServerMsg::TableChanged {
                    table: info,
                    closed: true,
                },
                None,
            );
        }
    }

    /// A known table looks different now: the subscribers hear of it.
    fn update(&mut self, info: TableInfo, players: Vec<PlayerId>, host: Option<PlayerId>) {
        let Some(e) = self.tables.get_mut(&info.id) else {
            return;
        };
        e.players = players;
        e.host = host;
        e.info = Some(info.clone());
        self.broadcast(
            &ServerMsg::TableChanged {
                table: info,
                closed: false,
            },
            None,
        );
    }
}
