//! What handling one input produced so far, and the rule that nobody hears of a change before
//! it is stored: the writes (`ops`) go to the shell first, the effects wait until they are
//! stored. A write that fails takes the input back: the table returns to how it was before the
//! input (`undo`), its effects are dropped, and each pending consequence (`then`) learns of the
//! failure (a move is refused, a bot tries again later, a record is tried again).

use super::effect::{Effect, Step};
use crate::conn::{frame, Conn, Frame};
use crate::refusal::Refusal;
use crate::store_port::Op;
use nimmt_core::game::CheckedAction;
use nimmt_core::Seat;
use nimmt_protocol::{CloseReason, PlayerId, ServerMsg, TableId, Text};

/// What happens once a write is stored (or what happens instead if it is not).
#[derive(Debug)]
pub(super) enum Then {
    /// A new table's row: stored (a rematch's game starts now) or not (the table stops).
    Created,
    /// A checked action: applied and told once stored; refused (a human's) or tried again
    /// later (a bot's) if not.
    Apply {
        seat: Seat,
        checked: CheckedAction,
        text: Box<str>,
        action: serde_json::Value,
        origin: Option<Origin>,
        /// What the move changed of a turn-based table's clock.
        turn: Option<Box<super::turns::TurnChange>>,
    },
    /// The finished game's record: tried again later if not stored.
    Record,
    /// An abandoned game's close: tried again later if not stored.
    Abandoned,
    /// An empty table's close: only logged if it fails.
    ClosedEmpty,
    /// An operator's close: answered not done if it fails.
    Moderated,
    /// A client's request whose changes were stored: refused with the store's error if not.
    Request { conn: Conn, req: Option<u64> },
}

/// A move from a human's request, for the acknowledgement.
#[derive(Clone, Debug)]
pub(super) struct Origin {
    pub player: PlayerId,
    pub conn: Conn,
    pub req: Option<u64>,
}

/// The writes and effects of the input being handled.
#[derive(Debug, Default)]
pub(super) struct Out {
    ops: Vec<Op>,
    then: Vec<Then>,
    effects: Vec<Effect>,
    /// The consequences of the write the shell is storing now.
    pub in_flight: Vec<Then>,
    /// The effects go out with the write, before it is stored (a bug: `Fault::TellBeforeStored`).
    pub tell_now: bool,
}

impl Out {
    /// A change to store before anyone hears of it, and what follows once it is.
    pub fn write(&mut self, op: Op, then: Then) {
        self.ops.push(op);
        self.then.push(then);
    }

    /// A change to store along with the others of this input; nothing follows it.
    pub fn write_op(&mut self, op: Op) {
        self.ops.push(op);
    }

    /// What happens if this input's write fails (nothing is written for it alone).
    pub fn on_failure(&mut self, then: Then) {
        self.then.push(then);
    }

    /// Whether a write of this kind waits to be stored.
    pub fn writes(&self, kind: fn(&Then) -> bool) -> bool {
        self.then.iter().chain(&self.in_flight).any(kind)
    }

    pub fn effect(&mut self, e: Effect) {
        self.effects.push(e);
    }

    pub fn frame(&mut self, to: &Conn, frame: Frame) {
        self.effects.push(Effect::Send {
            to: to.clone(),
            frame,
        });
    }

    pub fn send(&mut self, to: &Conn, msg: &ServerMsg) {
        self.frame(to, frame(msg));
    }

    pub fn notice(
        &mut self,
        to: &Conn,
        table: Option<TableId>,
        key: &str,
        params: Vec<(&str, String)>,
    ) {
        self.send(
            to,
            &ServerMsg::Notice {
                table,
                text: Text::new(to.lang, key, params),
            },
        );
    }

    pub fn refuse(&mut self, to: &Conn, req: Option<u64>, table: Option<TableId>, r: &Refusal) {
        self.send(to, &r.to_msg(to.lang, req, table));
    }

    /// Answers a request that has no answer of its own: `ack` with its id, if it has one.
    pub fn ack(&mut self, to: &Conn, req: Option<u64>) {
        if let Some(id) = req {
            self.send(to, &ServerMsg::Ack { id });
        }
    }

    pub fn close(&mut self, conn: &Conn, reason: CloseReason) {
        self.effects.push(Effect::Close {
            conn: conn.clone(),
            reason,
        });
    }

    /// The step to hand the shell: the writes if there are any (the effects wait), else the
    /// effects.
    pub fn step(&mut self) -> Step {
        if self.ops.is_empty() {
            self.then.clear();
            return Step {
                write: None,
                effects: std::mem::take(&mut self.effects),
            };
        }
        self.in_flight = std::mem::take(&mut self.then);
        let told = if std::mem::take(&mut self.tell_now) {
            std::mem::take(&mut self.effects)
        } else {
            Vec::new()
        };
        Step {
            write: Some(std::mem::take(&mut self.ops)),
            effects: told,
        }
    }

    /// The write was not stored and the input is taken back: its effects are dropped.
    pub fn drop_effects(&mut self) {
        self.effects.clear();
    }
}
