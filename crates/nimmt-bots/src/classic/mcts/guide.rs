//! The card-token network ([`crate::classic::net2`]) guiding the search (`guide=net2`): read
//! once per decision, its policy narrows the seat's cards to those worth searching and its
//! belief weighs who holds each unseen card when the hidden hands are dealt.
//!
//! The network learnt from four-player games with every card at the right end of a row and no
//! fan card; elsewhere the search goes unguided.

use crate::classic::net2::features::encode;
use crate::classic::net2::model::Outputs;
use crate::classic::net2::position::{Position, SEATS};
use crate::classic::net2::shipped;
use crate::classic::Knowledge;
use nimmt_core::games::classic::{Action, Decision, Placement, View};

/// The share of the policy's chance the cards searched cover, best first.
pub const PRIOR_MASS: f32 = 0.95;
/// The fewest cards searched (all of a smaller hand).
pub const LEAST_SEARCHED: usize = 3;
/// The smallest chance the belief gives any place of a card (the network is never certain).
const FLOOR: f32 = 0.01;

/// What the network says of the decision `view` asks, when it can guide it.
pub fn read(view: &View) -> Option<Outputs> {
    let plain = view.options.placement == Placement::Right && view.options.fan.is_none();
    if !plain || view.players > SEATS || view.asked != Some(Decision::PlayCard) {
        return None;
    }
    Some(shipped().forward(&encode(&Position::from_view(view))))
}

/// The cards of `legal` worth searching: by the policy's chance, best first, until they cover
/// [`PRIOR_MASS`], never fewer than [`LEAST_SEARCHED`]. Actions other than playing a card are
/// all kept.
pub fn searched(out: &Outputs, legal: &[Action]) -> Vec<Action> {
    let score = |a: &Action| match a {
        Action::Play { card, .. } => Some(out.card[usize::from(card.number()) - 1]),
        _ => None,
    };
    if legal.iter().any(|a| score(a).is_none()) || legal.len() <= LEAST_SEARCHED {
        return legal.to_vec();
    }
    let top = legal
        .iter()
        .filter_map(score)
        .fold(f32::NEG_INFINITY, f32::max);
    let mut ranked: Vec<(Action, f32)> = legal
        .iter()
        .map(|a| (*a, (score(a).unwrap_or(top) - top).exp()))
        .collect();
    let total: f32 = ranked.iter().map(|(_, p)| p).sum();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut covered = 0.0;
    let mut kept = Vec::new();
    for (action, p) in ranked {
        if kept.len() >= LEAST_SEARCHED && covered >= PRIOR_MASS * total {
            break;
        }
        covered += p;
        kept.push(action);
    }
    kept
}

/// Weighs the unknown cards of `knowledge` by the belief head: each card's chance of being in a
/// seat's hand against out of play, per card of room, multiplies what the weights said before.
pub fn weigh(out: &Outputs, knowledge: &mut Knowledge) {
    let n = knowledge.players;
    let me = knowledge.me;
    let room = knowledge.room();
    let out_of_play = knowledge
        .unknown
        .len()
        .saturating_sub(room.iter().sum::<usize>());
    if knowledge.weights.is_empty() {
        knowledge.weights = vec![vec![1.0; n]; knowledge.unknown.len()];
    }
    for (card, weights) in knowledge.unknown.iter().zip(&mut knowledge.weights) {
        let scores = &out.belief[usize::from(card.number()) - 1];
        let chance = softmax(&scores[..n.min(SEATS)]);
        let out_rate = if out_of_play == 0 {
            1.0
        } else {
            chance[0].max(FLOOR) / out_of_play as f32
        };
        for (s, w) in weights.iter_mut().enumerate() {
            if s == me || room[s] == 0 {
                continue;
            }
            let offset = (s + n - me) % n;
            *w *= chance[offset].max(FLOOR) / room[s] as f32 / out_rate;
        }
    }
}

fn softmax(scores: &[f32]) -> Vec<f32> {
    let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let e: Vec<f32> = scores.iter().map(|s| (s - top).exp()).collect();
    let sum: f32 = e.iter().sum();
    e.iter().map(|v| v / sum).collect()
}

#[cfg(test)]
#[path = "guide_tests.rs"]
mod tests;
