//! A special card used in a window: its effect applied, the card replaced from the stack (B2).

use super::rows::CLASSIC_CAPACITY;
use super::{remove_one, Action, Buffalo, Event, Log, Owner, Played, Special, OPEN_SPECIALS};
use crate::cards::Card;
use crate::seat::Seat;

impl Buffalo {
    fn queued(&self, card: Card) -> usize {
        self.queue
            .iter()
            .position(|p| p.card == card)
            .expect("checked: the card waits to be laid")
    }

    /// A checked use of an open special card (or removal of a stop sign): applied at once, the
    /// card replaced from the stack, the window reopened for everyone (B2).
    pub(super) fn use_special(&mut self, seat: Seat, action: Action, log: &mut Log) {
        if let Some(special) = action.special() {
            remove_one(&mut self.open, &special);
        }
        // A *7 nimmt!* or *Stopp!* lies beside its row; every other card (and a removed stop
        // sign) leaves the game at once.
        let out_of_game = match action {
            Action::SevenTakes { .. } | Action::Stop { .. } => None,
            Action::RemoveStop { .. } => Some(Special::Stop),
            ref other => other.special(),
        };
        self.used.extend(out_of_game);
        match action {
            Action::SevenTakes { row } => self.rows[row].capacity = CLASSIC_CAPACITY + 1,
            Action::Stop { row } => self.rows[row].blocked = true,
            Action::RemoveStop { row } => self.rows[row].blocked = false,
            _ => {}
        }
        if log.on {
            let (rows, open, used) = (self.rows.clone(), self.open.clone(), self.used.clone());
            log.public(|| Event::Used {
                seat,
                action: action.clone(),
                rows,
                open,
                used,
            });
        }
        let team = Owner::Seat(seat);
        let mut lay_now = None;
        let mut reordered = false;
        match action {
            Action::SevenTakes { .. } | Action::Stop { .. } | Action::RemoveStop { .. } => {}
            Action::Replace { card, with } => {
                self.queue.remove(self.queued(card));
                let hand = &mut self.hands[seat.index()];
                remove_one(hand, &with);
                hand.push(card);
                hand.sort();
                log.public(|| Event::ReturnedToHand { seat, card });
                lay_now = Some(Played {
                    owner: team,
                    card: with,
                });
                reordered = true;
            }
            Action::Insert { card, row, at } => {
                let played = self.queue.remove(self.queued(card));
                self.place(played, row, at, log);
            }
            Action::Shift {
                row,
                at,
                to_row,
                to_at,
            } => {
                let card = self.rows[row].remove(at);
                self.rows[to_row].place(to_at, card);
                log.public(|| Event::Shifted {
                    card,
                    row,
                    to_row,
                    to_at,
                    rows: self.rows.clone(),
                });
                let taken = self.rows[to_row].take_overflow();
                self.give(team, to_row, taken, log);
            }
            Action::First { card } => {
                let played = self.queue.remove(self.queued(card));
                self.queue.insert(0, played);
                reordered = true;
            }
            Action::Last { card } => {
                let played = self.queue.remove(self.queued(card));
                self.queue.push(played);
                reordered = true;
            }
            Action::Sort { order } => {
                self.queue = order.iter().map(|&c| self.queue[self.queued(c)]).collect();
                reordered = true;
            }
            Action::Play { .. }
            | Action::TakeRow { .. }
            | Action::Pass
            | Action::PassCard
            | Action::PassGame
            | Action::AskAgain => unreachable!("not a use"),
        }
        if reordered {
            let plays = self.queue.clone();
            log.public(|| Event::Order { plays });
        }
        if self.open.len() < OPEN_SPECIALS {
            if let Some(special) = self.stack.pop() {
                self.open.push(special);
                log.public(|| Event::SpecialTurnedUp {
                    special,
                    open: self.open.clone(),
                    stack: self.stack.len(),
                });
            }
        }
        match lay_now {
            Some(played) => self.lay(played, log),
            None => self.decision_point(log),
        }
    }
}
