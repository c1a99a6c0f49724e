//! The end of the game: the team's points against the buffalo's (B1).

use super::{Buffalo, Event, Log, Phase, BUFFALO};
use crate::descriptor::ScoreSense;
use crate::rules::{Outcome, PartyScore};
use crate::seat::Seat;

impl Buffalo {
    /// The team wins only with fewer points than the buffalo, its points doubled for one or two
    /// players; a tie is a loss (B1).
    pub(super) fn end_game(&mut self, log: &mut Log) {
        let team_points = self.team_points();
        let buffalo_points = self.buffalo_points();
        let outcome = Outcome {
            scores: vec![team_points as i32; self.players],
            winners: if team_points < buffalo_points {
                Seat::all(self.players).collect()
            } else {
                Vec::new()
            },
            sense: ScoreSense::Lower,
            others: vec![PartyScore {
                name: BUFFALO.to_owned(),
                score: buffalo_points as i32,
            }],
        };
        if log.on {
            let outcome = outcome.clone();
            let buffalo_pile = self.buffalo_pile.clone();
            log.public(|| Event::GameEnded {
                team_points,
                buffalo_points,
                buffalo_pile,
                outcome,
            });
        }
        self.phase = Phase::Over(outcome);
    }
}
