//! Revealed cards laid one by one: the rows they fill or the row a low card takes, the cards
//! taken, the marker moved.

use super::{Classic, End, Event, Marker, Phase, Play, Taken, ROW_CAPACITY};
use crate::cards::{heads_of, Card};
use crate::seat::{Addressed, Seat};
use std::collections::VecDeque;

impl Classic {
    /// Lays revealed cards until a low card waits for its row, or the turn is over.
    pub(super) fn resolve(
        &mut self,
        mut queue: VecDeque<Play>,
        events: &mut Vec<Addressed<Event>>,
    ) {
        while let Some(play) = queue.front().copied() {
            match self.rows.target(play.value(), self.options.placement) {
                Some((row, end)) => {
                    queue.pop_front();
                    let before = self.rows.marker;
                    let full = self.rows.items(row) >= ROW_CAPACITY;
                    let taken = self.rows.lay(play.card, row, end);
                    let row_cards = self.row_with(play.card, row, end, full, &taken);
                    events.push(Addressed::public(Event::Placed {
                        seat: play.seat,
                        card: play.card,
                        row,
                        end,
                        low: false,
                        row_heads: heads_of(&row_cards),
                        row_cards,
                    }));
                    self.give(play.seat, taken, before, events);
                }
                None => {
                    events.push(Addressed::public(Event::RowChoice {
                        seat: play.seat,
                        card: play.card,
                    }));
                    self.phase = Phase::Place { queue };
                    return;
                }
            }
        }
        self.end_turn(events);
    }

    /// Row `row` as it stands with `card` just laid at its `end`, before a row it filled (`full`)
    /// goes to the player: what the rows show between the card and the take.
    fn row_with(&self, card: Card, row: usize, end: End, full: bool, taken: &[Taken]) -> Vec<Card> {
        let now = &self.rows.rows[row];
        match taken.iter().find(|t| t.row == row) {
            // The sixth card: the five taken, the card at its end.
            Some(t) if full => {
                let mut cards = Vec::with_capacity(t.cards.len() + 1);
                if end == End::Left {
                    cards.push(card);
                }
                cards.extend(&t.cards);
                if end == End::Right {
                    cards.push(card);
                }
                cards
            }
            // The cow jumped back onto this row and took its first cards (F4).
            Some(t) => t.cards.iter().chain(now).copied().collect(),
            None => now.clone(),
        }
    }

    pub(super) fn give(
        &mut self,
        seat: Seat,
        taken: Vec<Taken>,
        marker_before: Option<Marker>,
        events: &mut Vec<Addressed<Event>>,
    ) {
        for t in taken {
            let points = t.points();
            // What the row holds once this placement is over.
            let row_cards = self.rows.rows[t.row].clone();
            self.taken[seat.index()].extend(&t.cards);
            let deal_points = heads_of(&self.taken[seat.index()]);
            events.push(Addressed::public(Event::RowTaken {
                seat,
                taken: t,
                points,
                row_heads: heads_of(&row_cards),
                row_cards,
                deal_points,
                total: self.totals[seat.index()] + deal_points,
            }));
        }
        if let Some(marker) = self.rows.marker.filter(|m| Some(*m) != marker_before) {
            events.push(Addressed::public(Event::MarkerMoved { marker }));
        }
    }
}
