//! How a game's deals end, found without knowing the game: a deal has ended when the game has
//! dealt the next one ([`Rules::deals`] grows) or is over. Each seat's points in the deal are the
//! change of the view's `totals` (the points of the finished deals, which every game of several
//! deals shows), and for the last deal the change up to the outcome's scores.

use nimmt_core::{Outcome, Rules, Viewer};
use serde::Serialize;

/// The end of one deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealEnd {
    /// The deal's number in its game, from 1.
    pub deal: u32,
    /// Each seat's points in this deal (by seat), in the game's own sense; `None` when the game
    /// does not show them before its end.
    pub points: Option<Vec<i32>>,
}

/// Follows one game from its start: after each action, [`Endings::after_action`] says which
/// deals ended with it.
#[derive(Clone, Debug)]
pub struct Endings {
    finished: usize,
    totals: Option<Vec<i32>>,
}

impl Endings {
    /// A tracker for a game of `players` seats that has just been set up.
    pub fn new(players: usize) -> Endings {
        Endings {
            finished: 0,
            totals: Some(vec![0; players]),
        }
    }

    /// The deals that ended with the last action, and the outcome if the game ended with it.
    pub fn after_action<R: Rules>(&mut self, game: &R) -> (Vec<DealEnd>, Option<Outcome>) {
        let outcome = game.outcome();
        let dealt = game.deals().len();
        let finished = if outcome.is_some() {
            dealt
        } else {
            dealt.saturating_sub(1)
        };
        if finished <= self.finished {
            return (Vec::new(), None);
        }
        let now = match &outcome {
            Some(o) => Some(o.scores.clone()),
            None => totals(game),
        };
        let points = match (&self.totals, &now) {
            (Some(before), Some(now)) if before.len() == now.len() => {
                Some(now.iter().zip(before).map(|(n, b)| n - b).collect())
            }
            _ => None,
        };
        let ends = (self.finished + 1..=finished)
            .map(|deal| DealEnd {
                deal: deal as u32,
                // Only the last of several deals ended at once has a known result.
                points: if deal == finished {
                    points.clone()
                } else {
                    None
                },
            })
            .collect();
        self.finished = finished;
        self.totals = now;
        (ends, outcome)
    }
}

/// The view's `totals`, if the game shows them.
fn totals<R: Rules>(game: &R) -> Option<Vec<i32>> {
    let view = serde_json::to_value(game.view(Viewer::Spectator)).ok()?;
    view.get("totals")?
        .as_array()?
        .iter()
        .map(|t| t.as_i64().map(|t| t as i32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimmt_core::games::classic::Classic;
    use nimmt_core::games::help::Help;
    use nimmt_core::OptionMap;

    /// Plays `game` to its end with default actions, collecting every deal end.
    fn play<R: Rules>(mut game: R) -> (Vec<DealEnd>, Outcome) {
        let mut endings = Endings::new(game.players());
        let mut ends = Vec::new();
        loop {
            let (seat, _) = game.pending().first().cloned().expect("someone is asked");
            let action = game.default_action(seat).expect("a default action");
            game.act(seat, &action).unwrap();
            let (mut e, outcome) = endings.after_action(&game);
            ends.append(&mut e);
            if let Some(outcome) = outcome {
                assert!(endings.after_action(&game).0.is_empty(), "told once");
                return (ends, outcome);
            }
        }
    }

    #[test]
    fn every_deal_of_a_classic_game_ends_once_and_its_points_add_up() {
        let options = OptionMap::parse(["deals=3", "hand_size=4"]).unwrap();
        let (ends, outcome) = play(Classic::from_setup(3, &options, 5).unwrap());
        assert_eq!(ends.iter().map(|e| e.deal).collect::<Vec<_>>(), [1, 2, 3]);
        let mut sum = vec![0; 3];
        for e in &ends {
            for (s, p) in sum.iter_mut().zip(e.points.as_ref().unwrap()) {
                *s += p;
            }
        }
        assert_eq!(sum, outcome.scores);
    }

    #[test]
    fn a_help_game_tells_each_deal_with_its_points() {
        let (ends, outcome) = play(Help::from_setup(3, &OptionMap::default(), 2).unwrap());
        assert!(!ends.is_empty());
        assert_eq!(ends.last().unwrap().deal as usize, ends.len());
        let sum: i32 = ends.iter().flat_map(|e| e.points.clone().unwrap()).sum();
        assert_eq!(sum, outcome.scores.iter().sum::<i32>());
    }
}
