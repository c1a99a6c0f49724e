//! The team's policy for the special cards: at each window, a search over the uses of the open
//! cards (which card, which row or played card it targets, and passing).
//!
//! 1. Every use is tried on a world that agrees with the member's view and the rest of the turn
//!    is played out: the revealed cards are open, so this part is exact (later windows passed, a
//!    member's low card taking the cheapest row). *Sortieren* with more than four cards is
//!    searched by moving one card at a time while that helps.
//! 2. The uses that beat passing by more than `margin` points in the turn (at most `top` of them)
//!    and passing are played out to the end of the deal in `worlds` sampled worlds (teammates'
//!    hands and the buffalo's cards dealt from the cards the member has not seen; greedy members;
//!    the same worlds for every use). The lowest mean of the team's points minus the buffalo's
//!    wins; a use must beat passing by `margin`, so a card is not spent for nothing.
//!
//! A member that sees a teammate has passed in this window leaves the shared cards to that
//! teammate's judgement (it searched the same open cards) and searches only the uses no one
//! else could make: *Ersetzen* for its own played card.

use super::greedy::{cheapest, margin, play_out, WindowChoice};
use nimmt_core::games::buffalo::{Action, Buffalo, Special, Stage, View};
use nimmt_core::{Rules, Seat};
use rand_chacha::ChaCha8Rng;

/// Settings of the team policy (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TeamPolicy {
    /// Sampled worlds per use in the second stage.
    pub worlds: usize,
    /// Uses carried into the second stage.
    pub top: usize,
    /// Points a use must save over passing.
    pub margin: f64,
}

impl Default for TeamPolicy {
    fn default() -> Self {
        TeamPolicy {
            worlds: 12,
            top: 3,
            margin: 0.5,
        }
    }
}

/// Plays the rest of the current turn in `world` (windows passed, low cards to the cheapest
/// row); stops at the next turn's choice or the end of the game.
pub fn finish_turn(world: &mut Buffalo) {
    loop {
        let action = match world.stage() {
            None | Some(Stage::Choose) => return,
            Some(Stage::TakeRow { seat, .. }) => (
                *seat,
                Action::TakeRow {
                    row: cheapest(world.rows()),
                },
            ),
            Some(Stage::Window { .. }) => (
                Seat::all(world.players())
                    .find(|&s| world.asked(s).is_some())
                    .expect("someone to pass"),
                Action::PassCard,
            ),
        };
        world
            .act_quiet(action.0, &action.1)
            .expect("a legal move to finish the turn");
    }
}

/// `action` of `me` in a copy of `world`, special cards then put away: the world after it.
fn after(world: &Buffalo, me: Seat, action: &Action) -> Buffalo {
    let mut w = world.clone();
    w.act_quiet(me, action).expect("a legal use");
    w.put_specials_away();
    w
}

/// The team's margin after `action` and the rest of the turn.
fn turn_value(world: &Buffalo, me: Seat, action: &Action) -> f64 {
    let mut w = after(world, me, action);
    finish_turn(&mut w);
    margin(&w)
}

impl TeamPolicy {
    /// The action of the member whose view asks for a window decision.
    pub fn decide(&self, view: &View, rng: &mut ChaCha8Rng) -> Action {
        let me = view.seat().expect("a member decides");
        let world = Buffalo::from_view(view, rng);
        let mut scored = self.turn_candidates(&world, me);
        if scored.is_empty() {
            return Action::PassCard;
        }
        // Stage 2: the rest of the deal, in the same sampled worlds for every candidate.
        let mut totals = vec![0.0; scored.len() + 1];
        for _ in 0..self.worlds {
            let w = Buffalo::from_view(view, rng);
            totals[0] += play_out(&mut after(&w, me, &Action::PassCard));
            for (i, (_, a)) in scored.iter().enumerate() {
                totals[i + 1] += play_out(&mut after(&w, me, a));
            }
        }
        let best = (1..totals.len())
            .min_by(|&a, &b| totals[a].total_cmp(&totals[b]))
            .expect("a candidate");
        let worlds = self.worlds.max(1) as f64;
        if totals[best] / worlds < totals[0] / worlds - self.margin {
            scored.swap_remove(best - 1).1
        } else {
            Action::PassCard
        }
    }

    /// The policy's first stage alone, for `me` in a window of `world`: the use that saves the
    /// team most in the rest of the turn, if it beats passing by `margin`, else passing. The
    /// revealed cards are open, so this needs nothing hidden; the searching bots' playouts
    /// decide every window so.
    pub fn decide_for_turn(&self, world: &Buffalo, me: Seat) -> Action {
        self.turn_candidates(world, me)
            .into_iter()
            .next()
            .map_or(Action::PassCard, |(_, a)| a)
    }

    /// Stage 1: the uses of `me` in `world`'s window that beat passing in the rest of the turn
    /// by more than `margin`, best first, at most `top`.
    fn turn_candidates(&self, world: &Buffalo, me: Seat) -> Vec<(f64, Action)> {
        let teammate_passed =
            matches!(world.stage(), Some(Stage::Window { passed }) if passed.iter().any(|&p| p));
        let pass = turn_value(world, me, &Action::PassCard);
        let mut scored: Vec<(f64, Action)> = world
            .legal_actions(me)
            .into_iter()
            .filter(|a| !a.is_pass() && !matches!(a, Action::Sort { .. }))
            .filter(|a| !teammate_passed || matches!(a, Action::Replace { .. }))
            .map(|a| (turn_value(world, me, &a), a))
            .collect();
        if !teammate_passed && world.open_specials().contains(&Special::Sort) {
            scored.extend(self.sort_orders(world, me));
        }
        scored.retain(|(v, _)| *v < pass - self.margin);
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        scored.truncate(self.top);
        scored
    }

    /// *Sortieren*: every order of up to four cards; more cards are ordered by moving one card
    /// at a time while that lowers the turn's margin (from the current order).
    fn sort_orders(&self, world: &Buffalo, me: Seat) -> Vec<(f64, Action)> {
        let cards: Vec<_> = world.queue().iter().map(|p| p.card).collect();
        if cards.len() <= 4 {
            return world
                .legal_actions(me)
                .into_iter()
                .filter(|a| matches!(a, Action::Sort { .. }))
                .map(|a| (turn_value(world, me, &a), a))
                .collect();
        }
        let value = |order: &Vec<_>| {
            turn_value(
                world,
                me,
                &Action::Sort {
                    order: order.clone(),
                },
            )
        };
        let mut order = cards;
        let mut best = value(&order);
        for _ in 0..3 {
            let mut improved = None;
            for from in 0..order.len() {
                for to in 0..order.len() {
                    if from == to {
                        continue;
                    }
                    let mut o = order.clone();
                    let c = o.remove(from);
                    o.insert(to, c);
                    let v = value(&o);
                    if v < best - 1e-9 && improved.as_ref().is_none_or(|(bv, _)| v < *bv) {
                        improved = Some((v, o));
                    }
                }
            }
            match improved {
                Some((v, o)) => {
                    best = v;
                    order = o;
                }
                None => break,
            }
        }
        vec![(best, Action::Sort { order })]
    }
}

impl WindowChoice for TeamPolicy {
    fn decide_for_turn(&self, world: &Buffalo, seat: Seat) -> Action {
        TeamPolicy::decide_for_turn(self, world, seat)
    }
}
