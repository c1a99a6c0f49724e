//! Playing: starting the game, moves from people and bots (checked, stored, then told), and the
//! messages they cause, each built from typed protocol values: a full `state`, an `update` per
//! move with the receiver's view and legal actions, and notices in each member's language.

use super::Table;
use crate::conn::{frame, Conn, Frame, Refusal};
use crate::store::Op;
use nimmt_core::{ActionError, Addressed, Game, Seat, Setup, Viewer};
use nimmt_protocol::{
    ChatLine, ErrorCode, Lang, PlayerId, ServerMsg, TableInfo, TableState, Text, UpdateEvents,
};
use serde_json::Value;
use std::collections::HashMap;

/// A move from a human's request, for the acknowledgement.
pub(super) struct Origin {
    player: PlayerId,
    req: Option<u64>,
}

fn refusal_of(e: &ActionError) -> Refusal {
    match e {
        ActionError::NotAsked { .. } | ActionError::AlreadyChosen { .. } => {
            Refusal::new(ErrorCode::NotYourTurn)
        }
        ActionError::GameOver => Refusal::new(ErrorCode::GameOver),
        ActionError::Malformed { reason } => {
            Refusal::new(ErrorCode::Malformed).with("reason", reason)
        }
        other => Refusal::new(ErrorCode::IllegalAction)
            .with("reason", other.to_string())
            .with("rule", other.code()),
    }
}

impl Table {
    pub(super) fn state_msg(&self, player: &PlayerId, info: &TableInfo) -> ServerMsg {
        let viewer = self
            .members
            .get(player)
            .map(Self::viewer_of)
            .unwrap_or(Viewer::Spectator);
        ServerMsg::State {
            table: info.clone(),
            version: self.version,
            you: self.you(player),
            view: self.game().map(|g| g.view(viewer)),
            legal: match (self.game(), viewer.seat()) {
                (Some(g), Some(seat)) => g.legal_actions(seat),
                _ => Vec::new(),
            },
            deadline: viewer.seat().and_then(|s| self.deadline_of(s.index())),
        }
    }

    /// A full state to every connected member (after seats, options or state changed).
    pub(super) fn broadcast_state(&self) {
        let info = self.info();
        for (p, m) in &self.members {
            if let Some(c) = &m.conn {
                c.send(&self.state_msg(p, &info));
            }
        }
    }

    /// A notice to every connected member, each in its own language; the table's chat history
    /// keeps it for whoever reloads or joins later.
    pub(super) fn notice_all(&mut self, key: &str, params: Vec<(&str, String)>) {
        self.history.push(ChatLine::notice(&Text::new(
            Lang::En,
            key,
            params.iter().map(|(k, v)| (*k, v.clone())),
        )));
        let mut cache: HashMap<Lang, Frame> = HashMap::new();
        for m in self.members.values() {
            if let Some(c) = &m.conn {
                let f = cache.entry(c.lang).or_insert_with(|| {
                    frame(&ServerMsg::Notice {
                        table: Some(self.id),
                        text: Text::new(c.lang, key, params.iter().map(|(k, v)| (*k, v.clone()))),
                    })
                });
                c.send_frame(f.clone());
            }
        }
    }

    pub(super) fn tell_lobby(&self) {
        self.lobby
            .changed(self.info(), self.seated_players(), self.host());
    }

    /// After seats, options or state changed and were stored: everyone and the lobby hear.
    pub(super) fn changed(&mut self) {
        self.broadcast_state();
        self.tell_lobby();
        self.refresh_asked();
    }

    // ---- the game ----

    pub(super) async fn start(&mut self) -> Result<(), Refusal> {
        let players = self.meta.seats.len();
        let setup = Setup {
            data: super::info::data_for(
                self.meta.game,
                players,
                &self.meta.options,
                &self.config.game_data,
            ),
            ..Setup::new(
                self.meta.game,
                players,
                self.meta.options.clone(),
                rand::random(),
            )
        };
        // The recorder writes the options out in full, as the record keeps them.
        let game = super::Live::new(setup).map_err(|e| super::info::setup_refused(&e))?;
        self.version += 1;
        let op = Op::Start {
            id: self.id,
            meta: self.meta_json(),
            setup: serde_json::to_string(game.setup()).expect("setup serializes"),
            version: self.version,
        };
        if let Err(e) = self.store.write(vec![op]).await {
            self.version -= 1;
            return Err(e.refusal());
        }
        self.game = Some(game);
        self.game_changed_at = self.version;
        self.state = TableState::Playing;
        self.notice_all("started", vec![("players", players.to_string())]);
        self.changed();
        Ok(())
    }

    pub(super) async fn human_act(
        &mut self,
        conn: &Conn,
        version: u64,
        action: Value,
        req: Option<u64>,
    ) -> Result<(), Refusal> {
        let Some(m) = self.members.get(&conn.player) else {
            return Err(Refusal::new(ErrorCode::NotAtTable).with("table", self.id));
        };
        if m.conn.as_ref().map(|c| c.id) != Some(conn.id) {
            return Err(Refusal::new(ErrorCode::NotAtTable).with("table", self.id));
        }
        let Some(seat) = m.seat else {
            return Err(Refusal::new(ErrorCode::NotSeated));
        };
        match self.state {
            TableState::Open => return Err(Refusal::new(ErrorCode::NotStarted)),
            TableState::Finished => return Err(Refusal::new(ErrorCode::GameOver)),
            TableState::Playing => {}
        }
        let stale = || {
            Refusal::new(ErrorCode::Stale)
                .with("version", version)
                .with("current", self.version)
        };
        if version > self.version {
            // A version this table has not reached (not one it answered before).
            return Err(stale().keyed("stale_future"));
        }
        match self.asked.get(seat).and_then(Option::as_ref) {
            // Not asked since another seat's change this move had not seen (a teammate closed
            // the window): a race, answered `stale`.
            None if version < self.game_changed_at && self.changed_by != Some(seat) => {
                return Err(stale())
            }
            None => return Err(Refusal::new(ErrorCode::NotYourTurn)),
            Some(a) if version < a.since => return Err(stale()),
            Some(_) => {}
        }
        let (seen, changed, current) = (version, self.game_changed_at, self.version);
        self.apply(
            Seat(seat as u8),
            action,
            Some(Origin {
                player: conn.player.clone(),
                req,
            }),
        )
        .await
        .map_err(|r| {
            // A move made on a view older than the game's last change, which that change made
            // illegal (a teammate used the special card first): a race, answered `stale`.
            if r.code == ErrorCode::IllegalAction && seen < changed {
                Refusal::new(ErrorCode::Stale)
                    .with("version", seen)
                    .with("current", current)
            } else {
                r
            }
        })
    }

    /// Checks an action, stores it, applies it, then tells everyone. On any refusal nothing
    /// changed.
    pub(super) async fn apply(
        &mut self,
        seat: Seat,
        action: Value,
        origin: Option<Origin>,
    ) -> Result<(), Refusal> {
        let Some(game) = self.game.as_ref() else {
            return Err(Refusal::new(ErrorCode::NotStarted));
        };
        // The rules check first and change nothing.
        let checked = game.check(seat, &action).map_err(|e| refusal_of(&e))?;
        let version = self.version + 1;
        let text = action.to_string();
        let op = Op::Action {
            table: self.id,
            idx: game.actions(),
            seat: seat.0,
            action: text.clone(),
            version,
        };
        // Durable before anyone hears of it; not stored, nothing changed.
        self.store.write(vec![op]).await.map_err(|e| e.refusal())?;
        let game = self.game.as_mut().expect("the game checked the action");
        let events = game.apply(checked, text.into());
        let over = game.game().is_over();
        let public = game.game().log_is_public().then(|| game.actions() as usize);
        self.version = version;
        self.game_changed_at = version;
        self.changed_by = Some(seat.index());
        if let Some(public) = public {
            self.public_actions = public;
        }
        // The seat answered its question: whatever it is asked next is a new question (with a
        // new version and a fresh timer), even if it is again "play a card".
        if let Some(a) = self.asked.get_mut(seat.index()) {
            *a = None;
        }
        if over {
            // The record, from the game in memory, is stored before anyone hears of the end.
            self.record_unsaved = true;
            self.store_record().await;
        }
        // What each seat is asked now (and until when) goes out with the update.
        self.refresh_asked();
        self.note_away(seat, &action, origin.is_none(), &events);
        self.send_update(&events, origin.as_ref());
        if over {
            self.state = TableState::Finished;
            let winners: Vec<String> = self
                .game()
                .and_then(Game::outcome)
                .map(|o| {
                    o.winners
                        .iter()
                        .map(|s| self.seat_name(s.index()))
                        .collect()
                })
                .unwrap_or_default();
            if winners.is_empty() {
                // A team game the table lost (the buffalo won).
                self.notice_all("game_over_no_winner", vec![]);
            } else {
                self.notice_all("game_over_notice", vec![("winners", winners.join(", "))]);
            }
            self.tell_lobby();
            // Nobody is asked anything any more.
            self.refresh_asked();
        }
        Ok(())
    }

    /// Tells every connected member what a move changed: the events its viewer may see, its
    /// view after them and what its seat may do now. Each member's frame is serialized once,
    /// its view straight from the rules' types; the spectators share one.
    fn send_update(&self, events: &[Addressed<Value>], origin: Option<&Origin>) {
        let Some(game) = self.game() else { return };
        // The seats' views are written together (what they share once); the spectators share
        // one frame.
        let connected: Vec<(&PlayerId, &Conn, Viewer)> = self
            .members
            .iter()
            .filter_map(|(p, m)| m.conn.as_ref().map(|c| (p, c, Self::viewer_of(m))))
            .collect();
        let mut viewers: Vec<Viewer> = connected.iter().map(|(_, _, v)| *v).collect();
        viewers.sort_unstable_by_key(|v| v.seat().map_or(u8::MAX, |s| s.0));
        viewers.dedup();
        let views = game.view_texts(&viewers);
        let view_of = |viewer: Viewer| -> &str {
            let i = viewers
                .iter()
                .position(|v| *v == viewer)
                .expect("every viewer has a view");
            &views[i]
        };
        // Each event is written once for all the frames.
        let events = UpdateEvents::new(events);
        let frame = |viewer: Viewer, deadline, ack| {
            Frame::from(nimmt_protocol::update_frame(
                self.id,
                self.version,
                game,
                viewer,
                view_of(viewer),
                &events,
                deadline,
                ack,
            ))
        };
        let mut spectators: Option<Frame> = None;
        for (p, c, viewer) in connected {
            let f = match viewer {
                Viewer::Spectator => spectators
                    .get_or_insert_with(|| frame(viewer, None, None))
                    .clone(),
                _ => {
                    let ack = origin.filter(|o| o.player == *p).and_then(|o| o.req);
                    let deadline = viewer.seat().and_then(|s| self.deadline_of(s.index()));
                    frame(viewer, deadline, ack)
                }
            };
            c.send_frame(f);
        }
    }
}
