//! What each *Schlagt den Büffel* special card may do at a decision point (B2, B5): every use a
//! seat may make, enumerated, and the check of one use with its reason. The state machine and
//! the view both ask these functions, so the view lists what `act` accepts.

use super::actions::{Action, Owner, Played};
use super::rows::{Row, CLASSIC_CAPACITY};
use super::specials::Special;
use crate::cards::Card;
use crate::error::ActionError;
use crate::seat::Seat;

/// What a decision point looks like to one member: enough to list and check its uses.
#[derive(Clone, Copy, Debug)]
pub struct Table<'a> {
    pub seat: Seat,
    /// The member's hand.
    pub hand: &'a [Card],
    pub rows: &'a [Row],
    /// The revealed cards not yet laid, in laying order.
    pub queue: &'a [Played],
    /// The open special cards.
    pub open: &'a [Special],
}

impl Table<'_> {
    fn queued(&self, card: Card) -> Option<Played> {
        self.queue.iter().copied().find(|p| p.card == card)
    }

    fn team_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.queue.iter().filter(|p| p.is_team()).map(|p| p.card)
    }

    fn is_open(&self, special: Special) -> bool {
        self.open.contains(&special)
    }

    /// Whether any use (other than passing) is possible now.
    pub fn has_use(&self) -> bool {
        if self.rows.iter().any(|r| r.blocked) {
            return true;
        }
        let mut out = Vec::new();
        let mut kinds: Vec<Special> = self.open.to_vec();
        kinds.dedup();
        kinds.into_iter().any(|k| {
            if k == Special::Sort {
                return !self.queue.is_empty();
            }
            out.clear();
            self.candidates(k, &mut out);
            out.iter().any(|a| self.check(a).is_ok())
        })
    }

    /// Every use `seat` may make now, without passing, in a stable order.
    pub fn uses(&self) -> Vec<Action> {
        let mut out = Vec::new();
        for row in 0..self.rows.len() {
            if self.rows[row].blocked {
                out.push(Action::RemoveStop { row });
            }
        }
        let mut kinds: Vec<Special> = self.open.to_vec();
        kinds.sort();
        kinds.dedup();
        for k in kinds {
            let mut found = Vec::new();
            self.candidates(k, &mut found);
            found.retain(|a| self.check(a).is_ok());
            out.append(&mut found);
        }
        out
    }

    /// A superset of the uses of `kind` (each then goes through [`Table::check`]).
    fn candidates(&self, kind: Special, out: &mut Vec<Action>) {
        let rows = 0..self.rows.len();
        match kind {
            Special::SevenTakes => out.extend(rows.map(|row| Action::SevenTakes { row })),
            Special::Stop => out.extend(rows.map(|row| Action::Stop { row })),
            Special::Replace => {
                for p in self
                    .queue
                    .iter()
                    .filter(|p| p.owner == Owner::Seat(self.seat))
                {
                    for &with in self.hand {
                        out.push(Action::Replace { card: p.card, with });
                    }
                }
            }
            Special::Insert => {
                for card in self.team_cards() {
                    for row in rows.clone() {
                        for at in 0..self.rows[row].len() {
                            out.push(Action::Insert { card, row, at });
                        }
                    }
                }
            }
            Special::Shift => {
                for row in rows.clone() {
                    for at in 0..self.rows[row].len() {
                        for to_row in rows.clone() {
                            for to_at in 0..=self.rows[to_row].len() {
                                out.push(Action::Shift {
                                    row,
                                    at,
                                    to_row,
                                    to_at,
                                });
                            }
                        }
                    }
                }
            }
            Special::First => out.extend(self.team_cards().map(|card| Action::First { card })),
            Special::Last => out.extend(self.team_cards().map(|card| Action::Last { card })),
            Special::Sort => {
                let cards: Vec<Card> = self.queue.iter().map(|p| p.card).collect();
                permutations(&cards, &mut |order| {
                    out.push(Action::Sort {
                        order: order.to_vec(),
                    })
                });
            }
        }
    }

    fn row(&self, row: usize) -> Result<&Row, ActionError> {
        self.rows.get(row).ok_or(ActionError::NoSuchRow { row })
    }

    fn open_row(&self, row: usize) -> Result<&Row, ActionError> {
        let r = self.row(row)?;
        if r.blocked {
            return Err(ActionError::illegal(format!(
                "row {row} is blocked by a stop sign"
            )));
        }
        Ok(r)
    }

    /// A card of the team not yet laid (never the buffalo's, B5).
    fn team_card(&self, card: Card) -> Result<Played, ActionError> {
        match self.queued(card) {
            Some(p) if p.is_team() => Ok(p),
            Some(_) => Err(ActionError::illegal(
                "this special card cannot be used for the buffalo's card",
            )),
            None => Err(ActionError::illegal(format!(
                "{card} is not a played card waiting to be laid"
            ))),
        }
    }

    /// Checks one window action other than `Pass`.
    pub fn check(&self, action: &Action) -> Result<(), ActionError> {
        if let Some(special) = action.special() {
            if !self.is_open(special) {
                return Err(ActionError::illegal(format!(
                    "{special} is not among the open special cards"
                )));
            }
        }
        match *action {
            Action::RemoveStop { row } => {
                if !self.row(row)?.blocked {
                    return Err(ActionError::illegal(format!("row {row} has no stop sign")));
                }
            }
            Action::SevenTakes { row } => {
                if self.row(row)?.capacity > CLASSIC_CAPACITY {
                    return Err(ActionError::illegal(format!(
                        "row {row} already has a 7 nimmt! beside it"
                    )));
                }
            }
            Action::Stop { row } => {
                self.open_row(row)?;
            }
            Action::Replace { card, with } => {
                let p = self.queued(card).ok_or_else(|| {
                    ActionError::illegal(format!("{card} is not a played card waiting to be laid"))
                })?;
                if p.owner != Owner::Seat(self.seat) {
                    return Err(ActionError::illegal(
                        "Ersetzen is used by the owner of the card, who alone knows their hand",
                    ));
                }
                if !self.hand.contains(&with) {
                    return Err(ActionError::NotInHand {
                        seat: self.seat,
                        card: with.number(),
                    });
                }
            }
            Action::Insert { card, row, at } => {
                self.team_card(card)?;
                let r = self.open_row(row)?;
                if at >= r.len() {
                    return Err(ActionError::illegal(
                        "Dazwischenlegen puts a card before a card of the row, not at its end",
                    ));
                }
                if !r.fits_at(at, card) {
                    return Err(ActionError::illegal(format!(
                        "{card} does not fit ascending at place {at} of row {row}"
                    )));
                }
            }
            Action::Shift {
                row,
                at,
                to_row,
                to_at,
            } => {
                let from = self.open_row(row)?;
                if at >= from.len() {
                    return Err(ActionError::illegal(format!(
                        "row {row} has no card at place {at}"
                    )));
                }
                if to_row == row {
                    return Err(ActionError::illegal(
                        "Verschieben moves a card to another row",
                    ));
                }
                let to = self.open_row(to_row)?;
                let card = from.cards[at];
                if !to.fits_at(to_at, card) {
                    return Err(ActionError::illegal(format!(
                        "{card} does not fit ascending at place {to_at} of row {to_row}"
                    )));
                }
            }
            Action::First { card } | Action::Last { card } => {
                self.team_card(card)?;
            }
            Action::Sort { ref order } => {
                let mut given = order.clone();
                given.sort();
                let mut waiting: Vec<Card> = self.queue.iter().map(|p| p.card).collect();
                waiting.sort();
                if given != waiting {
                    return Err(ActionError::illegal(
                        "Sortieren orders exactly the cards not yet laid, each once",
                    ));
                }
            }
            Action::Play { .. }
            | Action::TakeRow { .. }
            | Action::PassCard
            | Action::Pass
            | Action::PassGame
            | Action::AskAgain => {
                unreachable!("not a use")
            }
        }
        Ok(())
    }
}

/// Calls `f` with every order of `items` (Heap's algorithm).
fn permutations(items: &[Card], f: &mut impl FnMut(&[Card])) {
    let mut a = items.to_vec();
    let n = a.len();
    let mut c = vec![0usize; n];
    f(&a);
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i);
            } else {
                a.swap(c[i], i);
            }
            f(&a);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_once() {
        let cards: Vec<Card> = [1, 2, 3, 4].map(|n| Card::new(n).unwrap()).to_vec();
        let mut seen = Vec::new();
        permutations(&cards, &mut |o| seen.push(o.to_vec()));
        assert_eq!(seen.len(), 24);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 24);
    }
}
