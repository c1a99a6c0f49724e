//! What an operator does at a table: find a chat line (for a report), remove one (every member
//! is told to drop it), or close the table (every member is told why and leaves; a running
//! game is kept unfinished, as a game nobody came back to).

use super::out::Then;
use super::Table;
use crate::moderation::{Outcome, TableAct};
use crate::store_port::Op;
use nimmt_protocol::{ServerMsg, TableState};

impl Table {
    pub(super) fn moderate(&mut self, act: TableAct) -> Outcome {
        match act {
            TableAct::FindLine { line } => Outcome {
                done: true,
                line: self.history.find(line).cloned(),
                ..Outcome::default()
            },
            TableAct::FindSeat { seat } => Outcome {
                done: true,
                player: self.meta.seats.get(seat).and_then(|s| s.player.clone()),
                ..Outcome::default()
            },
            TableAct::RemoveLine { line } => {
                let Some(removed) = self.history.remove(line) else {
                    return Outcome::default();
                };
                let gone = ServerMsg::ChatRemoved {
                    table: self.id,
                    line,
                };
                for m in self.members.values() {
                    if let Some(c) = &m.conn {
                        self.out.send(c, &gone);
                    }
                }
                Outcome {
                    done: true,
                    line: Some(removed),
                    ..Outcome::default()
                }
            }
            TableAct::Close { reason } => {
                // Not stored: nothing happened, and the operator hears so (see `written`).
                self.out.on_failure(Then::Moderated);
                match self.state {
                    TableState::Playing => {
                        self.close_abandoned();
                        if !self.closing {
                            return Outcome::default();
                        }
                    }
                    TableState::Open => self.out.write_op(Op::Close { id: self.id }),
                    TableState::Finished => {}
                }
                self.closing = true;
                for m in self.members.values() {
                    if let Some(c) = &m.conn {
                        self.out.notice(
                            c,
                            Some(self.id),
                            "closed_by_operator",
                            vec![("reason", reason.clone())],
                        );
                        self.out.send(c, &ServerMsg::Left { table: self.id });
                    }
                }
                Outcome {
                    done: true,
                    ..Outcome::default()
                }
            }
        }
    }
}
