//! Playing: starting the game, moves from people and bots (checked, stored, then told), and the
//! messages they cause, each built from typed protocol values: a full `state`, an `update` per
//! move with the receiver's view and legal actions, and notices in each member's language.

use super::out::{Origin, Then};
use super::turns::TurnChange;
use super::{Effect, Live, Table, TableNews};
use crate::conn::{frame, Conn, Frame};
use crate::refusal::Refusal;
use crate::store_port::Op;
use nimmt_core::game::CheckedAction;
use nimmt_core::{ActionError, Addressed, Game, Seat, Setup, Viewer};
use nimmt_protocol::{
    ChatLine, ErrorCode, Lang, PlayerId, ServerMsg, TableInfo, TableState, Text, UpdateEvents,
};
use serde_json::Value;
use std::collections::HashMap;

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
    pub(super) fn broadcast_state(&mut self) {
        let info = self.info();
        let msgs: Vec<(Conn, ServerMsg)> = self
            .members
            .iter()
            .filter_map(|(p, m)| Some((m.conn.clone()?, self.state_msg(p, &info))))
            .collect();
        for (c, msg) in msgs {
            self.out.send(&c, &msg);
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
        let id = self.id;
        for m in self.members.values() {
            if let Some(c) = &m.conn {
                let f = cache.entry(c.lang).or_insert_with(|| {
                    frame(&ServerMsg::Notice {
                        table: Some(id),
                        text: Text::new(c.lang, key, params.iter().map(|(k, v)| (*k, v.clone()))),
                    })
                });
                self.out.frame(c, f.clone());
            }
        }
    }

    pub(super) fn tell_lobby(&mut self) {
        let news = self.news();
        self.out.effect(Effect::Lobby(news));
    }

    /// How the table looks to the lobby now.
    pub fn news(&self) -> TableNews {
        TableNews {
            info: self.info(),
            players: self.seated_players(),
            host: self.host(),
            waiting: self.waiting(),
        }
    }

    /// After seats, options or state changed and were stored: everyone and the lobby hear.
    /// Someone back at a paused table resumes it first, so the deadlines told are the new ones.
    pub(super) fn changed(&mut self) {
        self.note_presence();
        self.broadcast_state();
        self.tell_lobby();
        self.refresh_asked();
    }

    // ---- the game ----

    pub(super) fn start(&mut self) -> Result<(), Refusal> {
        let players = self.meta.seats.len();
        // Every seated bot account takes a game of this many seats.
        self.within_bot_terms(&self.meta.options, &self.meta.table_options, Some(players))?;
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
                self.next_seed(),
            )
        };
        // The recorder writes the options out in full, as the record keeps them.
        let game = super::Live::new(setup).map_err(|e| super::info::setup_refused(&e))?;
        self.version += 1;
        self.start_turns();
        let op = Op::Start {
            id: self.id,
            meta: self.meta_json(),
            setup: serde_json::to_string(game.setup()).expect("setup serializes"),
            version: self.version,
        };
        // Taken back with the input if the write fails (see `undo`).
        self.out.write_op(op);
        self.game = Some(game);
        self.game_changed_at = self.version;
        self.state = TableState::Playing;
        self.notice_all("started", vec![("players", players.to_string())]);
        self.changed();
        Ok(())
    }

    pub(super) fn human_act(
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
                conn: conn.clone(),
                req,
            }),
        )
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

    /// Checks an action and stores it; once stored it is applied and told (`apply_stored`).
    /// On any refusal nothing changed.
    pub(super) fn apply(
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
        let text: Box<str> = action.to_string().into();
        let op = self.action_op(seat, &text);
        // At a tournament's table a bot playing an absent player's seat is noted.
        let noted = origin.is_none() && self.note_bot_played(seat.index());
        // A turn-based table's clock is written with the move (and so is the note).
        let turn = self.turn_move(seat, origin.is_none());
        if self.has(super::Fault::TellBeforeStored) {
            self.out.write_op(op);
            self.out.tell_now = true;
            self.apply_stored(seat, checked, text, action, origin, turn);
            return Ok(());
        }
        // Durable before anyone hears of it; not stored, nothing changed.
        if noted && turn.is_none() {
            let save = self.save_op_as_of(self.version + 1);
            self.out.write_op(save);
        }
        self.out.write(
            op,
            Then::Apply {
                seat,
                checked,
                text,
                action,
                origin,
                turn,
            },
        );
        Ok(())
    }

    /// The write of `seat`'s action (`text`) as the game's next one.
    pub(super) fn action_op(&self, seat: Seat, text: &str) -> Op {
        Op::Action {
            table: self.id,
            idx: self.game.as_ref().map_or(0, Live::actions),
            seat: seat.0,
            action: text.to_owned(),
            version: self.version + 1,
        }
    }

    /// Applies a stored action, then tells everyone.
    pub(super) fn apply_stored(
        &mut self,
        seat: Seat,
        checked: CheckedAction,
        text: Box<str>,
        action: Value,
        origin: Option<Origin>,
        turn: Option<Box<TurnChange>>,
    ) {
        let version = self.version + 1;
        let game = self.game.as_mut().expect("the game checked the action");
        let events = game.apply(checked, text);
        let over = game.game().is_over();
        let public = game.game().log_is_public().then(|| game.actions() as usize);
        self.version = version;
        self.game_changed_at = version;
        self.changed_by = Some(seat.index());
        if let Some(public) = public {
            self.public_actions = public;
        }
        if over {
            // The record, from the game in memory, is stored before anyone hears of the end.
            self.record_unsaved = true;
            self.store_record();
        }
        // The seat answered its question: whatever it is asked next is a new question (with a
        // new version and a fresh timer), even if it is again "play a card". What each seat is
        // asked now (and until when) goes out with the update.
        self.refresh_asked_after(Some(seat.index()));
        self.note_away(seat, &action, origin.is_none(), &events);
        self.turn_told(seat, turn);
        self.send_update(&events, origin.as_ref());
        if over {
            self.state = TableState::Finished;
            self.bot_due = None;
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
        if origin.is_none() {
            // A bot's move: the run of bot moves goes on (see `timers`).
            self.next_bot_move();
        }
    }

    /// Tells every connected member what a move changed: the events its viewer may see, its
    /// view after them and what its seat may do now. Each member's frame is serialized once,
    /// its view straight from the rules' types; the spectators share one.
    fn send_update(&mut self, events: &[Addressed<Value>], origin: Option<&Origin>) {
        let Some(game) = self.game() else { return };
        // The seats' views are written together (what they share once); the spectators share
        // one frame.
        let connected: Vec<(PlayerId, Conn, Viewer)> = self
            .members
            .iter()
            .filter_map(|(p, m)| m.conn.clone().map(|c| (p.clone(), c, Self::viewer_of(m))))
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
        let seats = self.meta.seats.len() as u8;
        let neighbour = self.has(super::Fault::HandToNeighbour).then(|| {
            (0..seats)
                .map(|s| game.view_text(Viewer::Seat(Seat((s + 1) % seats))))
                .collect::<Vec<String>>()
        });
        let frame = |viewer: Viewer, deadline, ack| {
            let view = match (&neighbour, viewer.seat()) {
                (Some(views), Some(s)) => views[s.index()].as_str(),
                _ => view_of(viewer),
            };
            Frame::from(nimmt_protocol::update_frame(
                self.id,
                self.version,
                game,
                viewer,
                view,
                &events,
                deadline,
                ack,
            ))
        };
        let mut spectators: Option<Frame> = None;
        let mut frames = Vec::with_capacity(connected.len());
        for (p, c, viewer) in connected {
            let f = match viewer {
                Viewer::Spectator => spectators
                    .get_or_insert_with(|| frame(viewer, None, None))
                    .clone(),
                _ => {
                    let ack = origin.filter(|o| o.player == p).and_then(|o| o.req);
                    let deadline = viewer.seat().and_then(|s| self.deadline_of(s.index()));
                    frame(viewer, deadline, ack)
                }
            };
            frames.push((c, f));
        }
        for (c, f) in frames {
            self.out.frame(&c, f);
        }
    }
}
