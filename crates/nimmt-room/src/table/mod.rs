//! One table as a state machine: it takes an [`Input`] with the time ([`Moment`]) and returns a
//! [`Step`]: the writes to store first, then the effects (frames to send, news for the lobby,
//! jobs to think about). It does no IO and reads no clock, so the server's loop and the
//! simulator drive the same table.
//!
//! A change is stored before anyone hears of it: handling an input collects its writes and
//! effects ([`out`]); the shell stores the writes and hands the result to [`Table::written`];
//! only then do the effects go out. A write that fails takes the input back ([`undo`]).
//!
//! The table is split by concern: this file holds its state and the dispatch of inputs;
//! `info` what the table is (settings, stored meta, how it looks from outside); `seats`
//! members, seats and identity; `chat` chat lines and commands; `history` the recent chat kept for
//! whoever joins; `play` starting the game, moves and the messages they cause; `live` the running
//! game as kept in memory; `timers` decision timers (and their deadlines as clients see them) and
//! bot moves; `pace` and `turns` turn-based tables, whose games run for days; `recent` what
//! just happened, for whoever joins or comes back; `away` what a bot did for an absent player;
//! `abandon` pausing and closing a game nobody is at; `finished` a finished game waiting for its
//! players who were away at its end; `rematch` playing again once
//! the game is over; `persistence` storing, restoring and records; `written` what follows a
//! write. Nothing here knows a particular game: every game comes from `nimmt_core::registry`
//! behind `nimmt_core::Game`.

mod abandon;
mod away;
pub mod bot_faults;
mod bot_seat;
pub mod bot_terms;
mod chat;
pub mod effect;
pub mod faults;
mod finished;
mod hint;
mod history;
mod info;
mod input;
pub mod inspect;
mod invite;
pub mod job;
mod live;
mod moderate;
mod out;
mod pace;
mod persistence;
mod play;
mod ratings;
mod recent;
mod rematch;
mod seats;
mod sleep;
mod timers;
mod tournament;
mod turns;
mod undo;
mod vacation;
mod written;

pub use bot_faults::BOT_MOVE_LIMIT;
pub use bot_terms::{choose_bot, BotOffer, BotSeek, BotTerms, FoundBot};
pub use effect::{Again, Effect, RatingsQuery, SeatRatingsRead, Step, TableNews, Waiting};
pub use faults::Fault;
pub use info::{Meta, SeatMeta, TableConfig, TableOptions};
pub use input::Input;
pub use invite::Invitation;
pub use job::{Job, Thought};
pub use live::Live;
pub use pace::{Pace, MOST_TURN_BASED_TABLES};
pub use tournament::{tournament_meta, TournamentTag, TOURNAMENT_BOT_LEVEL};
pub use turns::{TurnClock, MOST_MISSED};
pub use vacation::MOST_VACATION_DAYS;

use crate::bots::SeatBot;
use crate::clock::{Instant, Moment};
use crate::conn::Conn;
use crate::refusal::Refusal;
use nimmt_core::Game;
use nimmt_protocol::{ErrorCode, PlayerId, TableId, TableState};
use out::Out;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// A human at the table, seated or watching.
#[derive(Clone, Debug)]
struct Member {
    conn: Option<Conn>,
    name: String,
    seat: Option<usize>,
    /// Since when a seated member is disconnected.
    away_since: Option<Instant>,
    /// Whether the bot already stands in for this absent member.
    standing_in: bool,
}

/// What a seat was asked, and at which version.
#[derive(Clone, Debug, PartialEq)]
struct Asked {
    decision: Value,
    /// The version as of which it is asked: the game's last change (`Table::game_changed_at`).
    /// A move that names an older version answers an older question.
    since: u64,
    deadline: Option<Instant>,
    /// The deadline on the wall clock (milliseconds since the Unix epoch), as clients see it.
    deadline_at: Option<u64>,
    /// Asked in an intervention window (see `Table::window_opens`): an absent player is
    /// answered for at once.
    window: bool,
}

pub struct Table {
    id: TableId,
    meta: Meta,
    state: TableState,
    /// The game as it stands, its setup and its actions, once started.
    game: Option<Live>,
    /// How many actions of the log the public may see (none of a turn not yet revealed).
    public_actions: usize,
    version: u64,
    /// The version of the game's last change (its start or its latest action). A question is
    /// asked as of this version, so a move made on any view of the game as it stands is taken,
    /// also after the table was rebuilt from its log (where connections raised no stored
    /// version).
    game_changed_at: u64,
    members: HashMap<PlayerId, Member>,
    asked: Vec<Option<Asked>>,
    bots: Vec<Option<SeatBot>>,
    bot_due: Option<Instant>,
    /// Bot moves made since the table woke up (see `timers`).
    bot_run: Option<u32>,
    config: Arc<TableConfig>,
    /// Since when no human is connected to the running game (see `abandon`).
    empty_since: Option<Instant>,
    /// Set when the table has nobody left and stops.
    closing: bool,
    /// The table's row must be written first (a new table).
    unsaved: bool,
    /// The game is over but its record not stored yet (see `persistence`).
    record_unsaved: bool,
    /// When to try again to store the record (after a write that failed).
    record_retry: Option<Instant>,
    /// The recent chat lines, for whoever joins or comes back.
    history: history::ChatHistory,
    /// Playing again once the game is over: who asked, who is awaited at a rematch.
    rematch: rematch::Rematch,
    /// By seat: what a bot did for the seat's absent player, told to them when they are back.
    away: Vec<Option<away::AwayLog>>,
    /// The seats' ratings as shown beside their names.
    ratings: ratings::SeatRatings,
    /// When the game ended, as this table saw it (see `finished`).
    finished_at: Option<Instant>,
    /// The seat whose action made the game's last change.
    changed_by: Option<usize>,
    /// The seeds of the table's games.
    rng: ChaCha8Rng,
    /// The time of the input being handled.
    now: Moment,
    /// What the input being handled produced so far.
    out: Out,
    /// The table as it was before the input being handled, while a write of it may fail.
    undo: Option<Box<undo::Snapshot>>,
    /// The request being handled is answered later (a hint, a rematch), not with `ack`.
    answer_later: bool,
    /// A fresh invitation code from the shell, and who came with the right one (see `invite`).
    invites: invite::Invites,
}

impl Table {
    /// A new table (nobody at it yet); `seed` seeds its games.
    pub fn create(
        id: TableId,
        meta: Meta,
        config: Arc<TableConfig>,
        seed: u64,
        now: Moment,
    ) -> Table {
        Table {
            id,
            meta,
            state: TableState::Open,
            game: None,
            public_actions: 0,
            version: 1,
            game_changed_at: 0,
            members: HashMap::new(),
            asked: Vec::new(),
            bots: Vec::new(),
            bot_due: None,
            bot_run: None,
            empty_since: None,
            config,
            closing: false,
            unsaved: true,
            record_unsaved: false,
            record_retry: None,
            history: history::ChatHistory::default(),
            rematch: rematch::Rematch::default(),
            away: Vec::new(),
            ratings: ratings::SeatRatings::default(),
            finished_at: None,
            changed_by: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            now,
            out: Out::default(),
            undo: None,
            answer_later: false,
            invites: invite::Invites::default(),
        }
    }

    /// The table's number.
    pub fn id(&self) -> TableId {
        self.id
    }

    /// Whether the table has stopped (nobody left, closed, or it could not be stored): its shell
    /// ends once it carried out the last step.
    pub fn closing(&self) -> bool {
        self.closing
    }

    /// The running game, if started.
    fn game(&self) -> Option<&Game> {
        self.game.as_ref().map(Live::game)
    }

    /// Whether the simulator put this bug in (never in a room).
    fn has(&self, fault: Fault) -> bool {
        self.config.fault == Some(fault)
    }

    /// A fresh seed for a game.
    fn next_seed(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// Handles one input at `now`. The shell must carry out the step (and hand the result of
    /// its write to [`Table::written`]) before the next input.
    pub fn handle(&mut self, input: Input, now: Moment) -> Step {
        self.now = now;
        self.answer_later = false;
        // A table made private takes its link's code before it is stored.
        self.ensure_code();
        match input {
            Input::Opened => self.opened(),
            Input::Attach {
                conn,
                role,
                req,
                muted,
                invite,
            } => {
                self.begin_undo(Some((&conn, req)));
                // The state comes first, then the `ack` (clients that wait for the state keep
                // working; clients that match answers by id get one).
                let r = self
                    .invite_gate(&conn, role, invite.as_deref())
                    .and_then(|()| self.attach(&conn, role));
                match r {
                    Ok(()) => {
                        self.out.ack(&conn, req);
                        self.send_recent(&conn);
                        if let Some(msg) = self.history.for_conn(conn.lang, self.id, &muted) {
                            self.out.send(&conn, &msg);
                        }
                    }
                    Err(r) => self.out.refuse(&conn, req, Some(self.id), &r),
                }
            }
            Input::Detach { player, conn_id } => self.detach(&player, conn_id),
            // `leave` sends `left` (once) to the member's connection.
            Input::Leave { conn, req } => {
                self.begin_undo(Some((&conn, req)));
                match self.leave(&conn.player, false) {
                    // The last one out of an open table closes it, stored before the answer.
                    Ok(()) => {
                        self.check_empty();
                        self.out.ack(&conn, req)
                    }
                    Err(r) => self.out.refuse(&conn, req, Some(self.id), &r),
                }
            }
            Input::Chat {
                conn,
                text,
                req,
                muting,
            } => {
                if text.trim_start().starts_with('/') {
                    self.begin_undo(Some((&conn, req)));
                }
                let r = self.chat(&conn, text, req, &muting);
                self.answer(&conn, req, r);
            }
            Input::Command { conn, command, req } => {
                self.begin_undo(Some((&conn, req)));
                let r = self.typed_command(&conn, command, req);
                self.answer(&conn, req, r);
            }
            Input::Act {
                conn,
                version,
                action,
                req,
            } => {
                if let Err(r) = self.human_act(&conn, version, action, req) {
                    self.out.refuse(&conn, req, Some(self.id), &r);
                    // A bot account's seat is played by the default move at once.
                    self.bot_fault(&conn, &r);
                }
            }
            Input::Resync { conn, req } => {
                if self
                    .members
                    .get(&conn.player)
                    .and_then(|m| m.conn.as_ref())
                    .map(|c| c.id)
                    == Some(conn.id)
                {
                    let msg = self.state_msg(&conn.player, &self.info());
                    self.out.send(&conn, &msg);
                    self.out.ack(&conn, req);
                } else {
                    self.out.refuse(
                        &conn,
                        req,
                        Some(self.id),
                        &Refusal::new(ErrorCode::NotAtTable).with("table", self.id),
                    );
                }
            }
            Input::Moderate { act } => {
                self.begin_undo(None);
                let outcome = self.moderate(act);
                self.out.effect(Effect::Moderated(outcome));
            }
            Input::Wake => self.on_timers(),
            Input::Thought(thought) => self.thought(thought),
            Input::Ratings { query, seats } => self.ratings_read(query, seats),
            Input::RematchOpened { by, req, result } => self.rematch_opened(&by, req, result),
            Input::SeatAccount { by, req, found } => self.seat_account(&by, req, found),
        }
        self.check_empty();
        self.after_input()
    }

    /// Answers a request: `ack` once what it changed is stored, or its refusal.
    fn answer(&mut self, conn: &Conn, req: Option<u64>, r: Result<(), Refusal>) {
        match r {
            Ok(()) if self.answer_later => {}
            Ok(()) => self.out.ack(conn, req),
            Err(r) => self.out.refuse(conn, req, Some(self.id), &r),
        }
    }

    /// What follows every input (and every stored write): the record is stored if it is not
    /// yet, presence and the game's end are noted, the ratings are read if the seats changed;
    /// then the step goes to the shell.
    fn after_input(&mut self) -> Step {
        self.store_record();
        self.note_presence();
        self.note_finished();
        self.refresh_ratings();
        let step = self.out.step();
        if step.write.is_none() {
            self.undo = None;
        }
        step
    }

    /// A table nobody is at any more closes (an open one is dropped, stored as closed before
    /// anyone hears of it; a running one with only absent humans stays to be resumed).
    fn check_empty(&mut self) {
        if self.closing {
            return;
        }
        // A game seen over for the first time waits for its players away at the end.
        self.note_finished();
        let anyone_connected = self.members.values().any(|m| m.conn.is_some());
        let humans_seated = self.meta.seats.iter().any(|s| s.player.is_some());
        match self.state {
            TableState::Open if !anyone_connected && !humans_seated => self.closing = true,
            // A finished game's bot accounts do not keep it (see `bot_faults`).
            TableState::Finished
                if !self.people_connected()
                    && !self.record_unsaved
                    && self.result_delivered(self.now.at) =>
            {
                self.bots_leave();
                self.closing = true
            }
            _ => {}
        }
        if self.closing && self.state == TableState::Open {
            self.out.write(
                crate::store_port::Op::Close { id: self.id },
                out::Then::ClosedEmpty,
            );
        }
    }
}

/// How soon a finished game's record that could not be stored is tried again.
const RECORD_RETRY: Duration = Duration::from_secs(1);
