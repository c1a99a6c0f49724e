//! The end of a turn, of a deal (its points) and of the game.

use super::{Classic, Event, Phase};
use crate::descriptor::ScoreSense;
use crate::rules::Outcome;
use crate::seat::Addressed;

impl Classic {
    pub(super) fn end_turn(&mut self, events: &mut Vec<Addressed<Event>>) {
        events.push(Addressed::public(Event::TurnEnded {
            deal: self.deal,
            turn: self.turn,
            rows: self.rows.clone(),
        }));
        if self.turn < self.options.hand_size as u32 {
            self.begin_turn(events);
            return;
        }
        // The deal is over.
        let points = self.deal_points();
        for (t, p) in self.totals.iter_mut().zip(&points) {
            *t += p;
        }
        self.history.push(points.clone());
        events.push(Addressed::public(Event::DealEnded {
            deal: self.deal,
            points,
            totals: self.totals.clone(),
        }));
        if self
            .options
            .end
            .ends_after(self.deal, self.totals.iter().copied())
        {
            let outcome = Outcome::best_win(
                self.totals.iter().map(|&t| t as i32).collect(),
                ScoreSense::Lower,
            );
            events.push(Addressed::public(Event::GameEnded {
                outcome: outcome.clone(),
            }));
            self.phase = Phase::Over { outcome };
        } else {
            self.deal += 1;
            self.start_deal(events);
        }
    }
}
