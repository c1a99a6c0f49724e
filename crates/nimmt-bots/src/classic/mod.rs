//! Bots for classic 6 nimmt!: `random`, `greedy` and `mcts`, and the pieces they share: what a
//! seat knows about the hidden cards ([`Knowledge`]) and the simulated deals they play out
//! ([`world`]).

pub mod by_name;
pub mod fan_model;
pub mod greedy;
pub mod inference;
pub mod mcts;
pub mod mimic;
pub mod montecarlo;
pub mod net;
pub mod net2;
pub mod row_and_draft;
pub mod style_model;
pub mod styles;
pub mod world;

pub use crate::random::RandomBot;
pub use greedy::GreedyBot;
pub use mcts::{Budget, MctsBot, MctsConfig, Utility};
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
#[derive(Clone, Debug, PartialEq)]
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
    /// Per unknown card, per seat: how likely the card is in that seat's hand, relative to
    /// out of play (1). Empty: every place equally likely.
    pub weights: Vec<Vec<f32>>,
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
            weights: Vec::new(),
        }
    }

    /// One world consistent with the view: a full hand for every seat (the viewer's own hand as
    /// it is). Cards the viewer has seen anywhere never appear in another hand.
    pub fn sample<R: Rng>(&self, rng: &mut R) -> Vec<Vec<Card>> {
        if !self.weights.is_empty() {
            return self.sample_weighted(rng);
        }
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

impl Knowledge {
    /// Per seat: how many unknown cards its hand still takes (none for the viewer's own).
    pub fn room(&self) -> Vec<usize> {
        (0..self.players)
            .map(|s| {
                if s == self.me {
                    0
                } else {
                    self.holds[s].saturating_sub(self.known[s].len())
                }
            })
            .collect()
    }

    /// [`Self::sample`] by the weights: the unknown cards in random order, each given to a
    /// seat with room (or left out of play) with a chance proportional to its weight times the
    /// room left.
    fn sample_weighted<R: Rng>(&self, rng: &mut R) -> Vec<Vec<Card>> {
        let n = self.players;
        let mut hands = self.known.clone();
        let mut room = self.room();
        let need: usize = room.iter().sum();
        let mut out = self.unknown.len().saturating_sub(need);
        let mut order: Vec<usize> = (0..self.unknown.len()).collect();
        order.shuffle(rng);
        let mut chance = vec![0f32; n + 1];
        for i in order {
            let w = &self.weights[i];
            let mut sum = 0.0;
            for s in 0..n {
                chance[s] = w[s] * room[s] as f32;
                sum += chance[s];
            }
            chance[n] = out as f32;
            sum += chance[n];
            if sum <= 0.0 {
                break;
            }
            let mut x = rng.random::<f32>() * sum;
            let mut to = n;
            for (s, c) in chance.iter().enumerate() {
                if *c > 0.0 && x < *c {
                    to = s;
                    break;
                }
                x -= c;
            }
            if to == n {
                if out == 0 {
                    // rounding: the last seat with room
                    to = (0..n).rev().find(|&s| room[s] > 0).unwrap_or(n);
                    if to == n {
                        break;
                    }
                } else {
                    out -= 1;
                    continue;
                }
            }
            room[to] -= 1;
            hands[to].push(self.unknown[i]);
        }
        hands
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

#[cfg(test)]
mod tests {
    use super::testing::{game, play, OPTION_SETS};
    use super::*;
    use crate::Bot;
    use nimmt_core::games::classic::{Action, Classic, Decision};
    use nimmt_core::{Rules, Seat};
    use std::collections::HashSet;

    fn bots(players: usize, seed: u64) -> Vec<Box<dyn Bot<Classic>>> {
        (0..players)
            .map(|s| -> Box<dyn Bot<Classic>> {
                match s % 3 {
                    0 => Box::new(MctsBot::new(
                        MctsConfig::new(Budget::Iters(60)),
                        seed + s as u64,
                    )),
                    1 => Box::new(GreedyBot::new(seed + s as u64)),
                    _ => Box::new(RandomBot::new(seed + s as u64)),
                }
            })
            .collect()
    }

    #[test]
    fn every_bot_only_ever_chooses_legal_actions() {
        let mut asked = HashSet::new();
        let mut swapped = 0;
        for (i, options) in OPTION_SETS.iter().enumerate() {
            for seed in 0..3u64 {
                let players = 2 + (i + seed as usize) % 5;
                let mut g = game(players, options, seed * 100 + i as u64);
                let mut bots = bots(players, seed);
                play(&mut g, &mut bots, |game, seat, view, action| {
                    assert!(
                        game.legal_actions(seat).contains(action),
                        "{options:?}: {action:?} not legal"
                    );
                    assert_eq!(view.legal_actions(), game.legal_actions(seat));
                    asked.insert(format!("{:?}", view.asked));
                    swapped += usize::from(matches!(action, Action::Play { swap: true, .. }));
                });
            }
        }
        // a full table: ten players, every card of the deck dealt
        for options in [&[][..], &["fan=cow"][..], &["deal=draft"][..]] {
            let mut g = game(10, options, 77);
            let mut bots = bots(10, 77);
            play(&mut g, &mut bots, |game, seat, _, action| {
                assert!(
                    game.legal_actions(seat).contains(action),
                    "{options:?}: {action:?} not legal"
                );
            });
        }
        for d in [Decision::PlayCard, Decision::TakeRow, Decision::DraftPick] {
            assert!(
                asked.contains(&format!("{:?}", Some(d))),
                "never asked {d:?}"
            );
        }
        assert!(swapped > 0, "the Zahlendreher was never played");
    }

    #[test]
    fn sampled_worlds_never_place_a_card_the_viewer_has_seen() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut checked = 0;
        for (i, options) in OPTION_SETS.iter().enumerate() {
            let players = 3 + i % 4;
            let mut g = game(players, options, i as u64);
            let mut bots: Vec<Box<dyn Bot<Classic>>> = (0..players)
                .map(|s| Box::new(RandomBot::new(s as u64)) as Box<dyn Bot<Classic>>)
                .collect();
            play(&mut g, &mut bots, |game, seat, view, _| {
                let k = Knowledge::from_view(view);
                let me = seat.index();
                let mut visible: HashSet<u8> = view.hand.iter().map(|c| c.number()).collect();
                visible.extend(view.rows.cards().map(|c| c.number()));
                visible.extend(view.taken.iter().flatten().map(|c| c.number()));
                if let nimmt_core::games::classic::PhaseView::Place { queue } = &view.phase {
                    visible.extend(queue.iter().map(|p| p.card.number()));
                }
                if let nimmt_core::games::classic::PhaseView::Draft { pool, .. } = &view.phase {
                    visible.extend(pool.iter().map(|c| c.number()));
                }
                for _ in 0..5 {
                    let hands = k.sample(&mut rng);
                    assert_eq!(hands[me], view.hand);
                    let mut all = HashSet::new();
                    for (s, hand) in hands.iter().enumerate().filter(|(s, _)| *s != me) {
                        // the true number of cards the seat holds (a chosen card counts)
                        assert_eq!(hand.len(), k.holds[s]);
                        for c in hand {
                            assert!(
                                !visible.contains(&c.number()),
                                "seat {s} given seen card {c}"
                            );
                            assert!(all.insert(c.number()), "card {c} given twice");
                            for (t, picks) in view.drafted.iter().enumerate() {
                                if t != s {
                                    assert!(
                                        !picks.contains(c),
                                        "seat {s} given {c}, drafted by seat {t}"
                                    );
                                }
                            }
                        }
                        // a drafted card still unseen is in its picker's hand
                        for c in view.drafted.get(s).into_iter().flatten() {
                            if !visible.contains(&c.number())
                                && !game.rows().cards().any(|r| r == *c)
                            {
                                assert!(hand.contains(c) || !game.hand(Seat(s as u8)).contains(c));
                            }
                        }
                    }
                    // with every card in play and hands known, the sample is the truth
                    if options.contains(&"deal=draft") && view.asked != Some(Decision::DraftPick) {
                        for s in (0..players).filter(|&s| s != me) {
                            let mut truth: Vec<_> = game.hand(Seat(s as u8)).to_vec();
                            let mut got: Vec<_> = hands[s].clone();
                            truth.sort();
                            got.sort();
                            if k.holds[s] == truth.len() {
                                assert_eq!(got, truth, "draft hands are public");
                            }
                        }
                    }
                }
                checked += 1;
            });
        }
        assert!(checked > 100);
    }
}
