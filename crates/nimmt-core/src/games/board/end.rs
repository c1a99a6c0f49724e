//! The end of a round (the next set of tiles dealt, the final points) and of the game.

use super::{sorted, Board, Event, Log, ScoreReason, Stage, HAND_TILES};
use crate::descriptor::ScoreSense;
use crate::rules::Outcome;
use crate::seat::Seat;

impl Board {
    /// The round's points and the scores after it go into the history.
    fn close_round(&mut self, log: &mut Log) {
        let scores = self.scores.clone();
        let points: Vec<i32> = scores
            .iter()
            .zip(&self.round_start)
            .map(|(now, before)| now - before)
            .collect();
        self.history.push(scores.clone());
        self.round_start = scores.clone();
        let round = self.round;
        log.public(|| Event::RoundEnded {
            round,
            points,
            scores,
        });
    }

    pub(super) fn end_round(&mut self, log: &mut Log) {
        let version = self.options.version;
        if version.is_pro() {
            if self.hands.iter().any(Vec::is_empty) {
                // Two moves in the rule book's order (docs/rules/board.md, decision 16): the
                // tiles left cost their bull heads, then each action card gives a point; each
                // move stops at the track's end.
                for seat in Seat::all(self.players) {
                    let s = seat.index();
                    let tiles = -self.hands[s].iter().map(|&t| self.bulls(t)).sum::<i32>();
                    let cards = self.action_hands[s].len() as i32;
                    for delta in [tiles, cards] {
                        if delta != 0 {
                            self.add_points(seat, delta, ScoreReason::Final, log);
                        }
                    }
                }
                self.close_round(log);
                self.end_game(log);
                return;
            }
            self.close_round(log);
        } else if self.hands.iter().all(Vec::is_empty) {
            self.close_round(log);
            if version.has_supply(self.players) && self.set == 1 {
                self.set = 2;
                for h in 0..self.players {
                    let at = self.supply.len().saturating_sub(HAND_TILES);
                    self.hands[h] = sorted(self.supply.split_off(at));
                }
                self.record_deal(Vec::new(), log);
            } else {
                self.end_game(log);
                return;
            }
        } else {
            self.close_round(log);
        }
        self.start_round(log);
    }

    fn end_game(&mut self, log: &mut Log) {
        let outcome = Outcome::best_win(self.scores.clone(), ScoreSense::Higher);
        if log.on {
            let outcome = outcome.clone();
            log.public(|| Event::GameEnded { outcome });
        }
        self.stage = Stage::Over(outcome);
    }
}
