//! Bots for classic 6 nimmt!: `random`, `greedy` and `mcts`, and the pieces they share: what a
//! seat knows about the hidden cards ([`Knowledge`]) and the simulated deals they play out
//! ([`world`]).

pub mod greedy;
pub mod mcts;
pub mod random;
pub mod world;

pub use greedy::GreedyBot;
pub use mcts::{Budget, MctsBot, MctsConfig, Utility};
pub use random::RandomBot;
pub use world::Playout;

use nimmt_core::games::classic::{PhaseView, View};
use nimmt_core::Card;
use rand::seq::SliceRandom;
use rand::Rng;

/// What one seat knows about where the cards it cannot see are.
///
/// Built from the seat's view alone: the cards not yet seen, how many cards each other seat
/// holds, and with a draft the public picks (a seat's drafted cards that are still unseen are
/// exactly its hand).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// The viewer's seat.
    pub me: usize,
    pub players: usize,
    /// Unseen cards not known to be in a particular hand (other hands or out of play).
    pub unknown: Vec<Card>,
    /// Per seat: cards known to be in that seat's hand (the viewer's own hand for itself).
    pub known: Vec<Vec<Card>>,
    /// Per seat: cards the seat holds, counting a card it has chosen but not yet revealed.
    pub holds: Vec<usize>,
}

impl Knowledge {
    /// What the viewer of `view` knows. A spectator view is treated as seat 0 with no hand.
    pub fn from_view(view: &View) -> Knowledge {
        let me = view.seat().map_or(0, |s| s.index());
        let n = view.players;
        let unseen = view.unseen_cards();
        let mut is_unseen = [false; 105];
        for c in &unseen {
            is_unseen[c.number() as usize] = true;
        }
        let mut known: Vec<Vec<Card>> = vec![Vec::new(); n];
        let mut placed = [false; 105];
        for s in (0..n).filter(|&s| s != me) {
            if let Some(picks) = view.drafted.get(s) {
                for &c in picks {
                    if is_unseen[c.number() as usize] {
                        known[s].push(c);
                        placed[c.number() as usize] = true;
                    }
                }
            }
        }
        known[me] = view.hand.clone();
        let chosen: Vec<bool> = match &view.phase {
            PhaseView::Choose { chosen, .. } => chosen.clone(),
            _ => vec![false; n],
        };
        let holds = (0..n)
            .map(|s| {
                if s == me {
                    view.hand.len()
                } else {
                    view.hand_sizes[s] + usize::from(chosen.get(s).copied().unwrap_or(false))
                }
            })
            .collect();
        let unknown = unseen
            .into_iter()
            .filter(|c| !placed[c.number() as usize])
            .collect();
        Knowledge {
            me,
            players: n,
            unknown,
            known,
            holds,
        }
    }

    /// One world consistent with the view: a full hand for every seat (the viewer's own hand as
    /// it is). Cards the viewer has seen anywhere never appear in another hand.
    pub fn sample<R: Rng>(&self, rng: &mut R) -> Vec<Vec<Card>> {
        let mut pool = self.unknown.clone();
        let need: usize = (0..self.players)
            .filter(|&s| s != self.me)
            .map(|s| self.holds[s].saturating_sub(self.known[s].len()))
            .sum();
        let need = need.min(pool.len());
        let (drawn, _) = pool.partial_shuffle(rng, need);
        let mut drawn = drawn.iter().copied();
        (0..self.players)
            .map(|s| {
                let mut hand = self.known[s].clone();
                if s != self.me {
                    let missing = self.holds[s].saturating_sub(hand.len());
                    hand.extend(drawn.by_ref().take(missing));
                }
                hand
            })
            .collect()
    }
}

/// The points a seat takes if it plays a card of value `value` now and nobody else's card
/// interferes: the row's bull heads if it is full, the cheapest row's for a low card, else 0.
pub(crate) fn immediate_cost(
    rows: &nimmt_core::games::classic::Rows,
    value: u8,
    view: &View,
) -> u32 {
    match rows.target(value, view.options.placement) {
        Some((row, _)) if rows.items(row) >= nimmt_core::games::classic::ROW_CAPACITY => {
            rows.heads(row)
        }
        Some(_) => 0,
        None => rows.heads(rows.cheapest_row()),
    }
}

#[cfg(test)]
pub(crate) mod testing;
