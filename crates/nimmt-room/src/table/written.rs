//! What follows a write: the store's answer to the step's write, and each consequence that
//! waited for it ([`Then`]): applied and told once stored, or taken back, refused or tried again
//! later when not.

use super::effect::{Effect, Step};
use super::out::Then;
use super::Table;
use crate::clock::Moment;
use crate::moderation::Outcome;
use crate::store_port::WriteFailed;
use std::time::Duration;

/// How long to wait before trying again to store the close of an abandoned table.
const CLOSE_RETRY: Duration = Duration::from_secs(10);

impl Table {
    /// The store's answer to the last step's write, at `now`; answers with the next step.
    pub fn written(&mut self, result: Result<(), WriteFailed>, now: Moment) -> Step {
        self.now = now;
        let thens = std::mem::take(&mut self.out.in_flight);
        let undo = self.undo.take();
        match result {
            Ok(()) => {
                for then in thens {
                    self.stored(then);
                }
            }
            Err(e) => {
                if let Some(before) = undo {
                    self.take_back(*before);
                    self.out.drop_effects();
                }
                for then in thens {
                    self.not_stored(then, &e);
                }
            }
        }
        self.check_empty();
        self.after_input()
    }

    fn stored(&mut self, then: Then) {
        match then {
            Then::Created => self.begin(),
            Then::Apply {
                seat,
                checked,
                text,
                action,
                origin,
                turn,
            } => {
                if self.has(super::Fault::WriteMoveTwice) {
                    let op = self.action_op(seat, &text);
                    self.out.write_op(op);
                }
                self.apply_stored(seat, checked, text, action, origin, turn)
            }
            Then::Record => {
                self.record_unsaved = false;
                self.record_retry = None;
            }
            Then::Abandoned => {
                tracing::info!("table {} closed: nobody came back to its game", self.id)
            }
            Then::ClosedEmpty | Then::Moderated | Then::Request { .. } => {}
        }
    }

    fn not_stored(&mut self, then: Then, e: &WriteFailed) {
        let id = self.id;
        match then {
            Then::Created => {
                tracing::warn!("table {id} could not be stored: {}", e.reason);
                self.closing = true;
            }
            Then::Apply {
                seat, origin, turn, ..
            } => {
                self.turn_not_stored(turn);
                match origin {
                    Some(o) => self.out.refuse(&o.conn, o.req, Some(id), &e.refusal),
                    None => {
                        tracing::warn!("table {id}: a bot move for seat {} is not stored", seat.0);
                        self.bot_move_later(seat.index());
                    }
                }
            }
            Then::Record => {
                tracing::warn!("table {id}: the record is not stored yet: {}", e.reason);
                self.record_retry = Some(self.now.at + super::RECORD_RETRY);
            }
            Then::Abandoned => {
                tracing::warn!(
                    "table {id}: its close cannot be stored ({}); trying again",
                    e.reason
                );
                self.empty_since = self.empty_since.map(|t| t + CLOSE_RETRY);
            }
            Then::ClosedEmpty => {
                tracing::warn!("table {id}: its close could not be stored: {}", e.reason)
            }
            Then::Moderated => self.out.effect(Effect::Moderated(Outcome::default())),
            Then::Request { conn, req } => self.out.refuse(&conn, req, Some(id), &e.refusal),
        }
    }
}
