//! Taking an input back: the table as it was before the input, kept while the input's write is
//! being stored, and put back if the store refuses it. Only inputs that may change settings,
//! seats or the table's life keep one (a move is checked first and applied only once stored, so
//! it needs none).

use super::out::Then;
use super::{Asked, Live, Member, Meta, Table};
use crate::clock::Instant;
use crate::conn::Conn;
use nimmt_protocol::{PlayerId, TableState};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// The table's state as it was before an input.
pub(super) struct Snapshot {
    meta: Meta,
    state: TableState,
    game: Option<Live>,
    public_actions: usize,
    version: u64,
    game_changed_at: u64,
    members: HashMap<PlayerId, Member>,
    asked: Vec<Option<Asked>>,
    bot_due: Option<Instant>,
    bot_run: Option<u32>,
    empty_since: Option<Instant>,
    closing: bool,
    unsaved: bool,
    record_unsaved: bool,
    record_retry: Option<Instant>,
    history: super::history::ChatHistory,
    rematch: super::rematch::Rematch,
    away: Vec<Option<super::away::AwayLog>>,
    finished_at: Option<Instant>,
    changed_by: Option<usize>,
    rng: ChaCha8Rng,
}

impl Table {
    /// Keeps the table as it is now, to be put back if this input's write fails; `request`:
    /// whose request it is, refused with the store's error then.
    pub(super) fn begin_undo(&mut self, request: Option<(&Conn, Option<u64>)>) {
        if self.undo.is_none() {
            self.undo = Some(Box::new(Snapshot {
                meta: self.meta.clone(),
                state: self.state,
                game: self.game.clone(),
                public_actions: self.public_actions,
                version: self.version,
                game_changed_at: self.game_changed_at,
                members: self.members.clone(),
                asked: self.asked.clone(),
                bot_due: self.bot_due,
                bot_run: self.bot_run,
                empty_since: self.empty_since,
                closing: self.closing,
                unsaved: self.unsaved,
                record_unsaved: self.record_unsaved,
                record_retry: self.record_retry,
                history: self.history.clone(),
                rematch: self.rematch.clone(),
                away: self.away.clone(),
                finished_at: self.finished_at,
                changed_by: self.changed_by,
                rng: self.rng.clone(),
            }));
        }
        if let Some((conn, req)) = request {
            self.out.on_failure(Then::Request {
                conn: conn.clone(),
                req,
            });
        }
    }

    /// Puts the table back as it was before the input.
    pub(super) fn take_back(&mut self, s: Snapshot) {
        self.meta = s.meta;
        self.state = s.state;
        self.game = s.game;
        self.public_actions = s.public_actions;
        self.version = s.version;
        self.game_changed_at = s.game_changed_at;
        self.members = s.members;
        self.asked = s.asked;
        self.bot_due = s.bot_due;
        self.bot_run = s.bot_run;
        self.empty_since = s.empty_since;
        self.closing = s.closing;
        self.unsaved = s.unsaved;
        self.record_unsaved = s.record_unsaved;
        self.record_retry = s.record_retry;
        self.history = s.history;
        self.rematch = s.rematch;
        self.away = s.away;
        self.finished_at = s.finished_at;
        self.changed_by = s.changed_by;
        self.rng = s.rng;
    }
}
