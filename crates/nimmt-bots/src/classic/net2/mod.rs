//! `net2`: a learned policy for classic 6 nimmt! that sees cards as cards. Every card of the
//! deck is a token (where it lies, its bull heads, the row it would join); one network shared
//! by all cards reads them, pools them into a context and gives a policy over the hand, the row
//! to take for a low card, the value (each seat's points of the game) and the belief (who holds
//! each unseen card). It is trained by `nimmt learn` (the `nimmt-learn` crate, with candle) on
//! the search's self-play; here is only the forward pass, in plain Rust ([`model`]).
//!
//! The shipped weights ([`WEIGHTS`], `classic.safetensors`) are read once.

pub mod features;
pub mod model;
pub mod position;

use super::row_and_draft::row_or_pick;
use crate::Bot;
use features::{encode, HAND};
use model::Model;
use nimmt_core::games::classic::{Action, Classic, Decision, View};
use position::Position;
use std::sync::OnceLock;

/// The weights `net2` plays with.
pub static WEIGHTS: &[u8] = include_bytes!("classic.safetensors");

/// The shipped model.
pub fn shipped() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| Model::from_safetensors(WEIGHTS).expect("the shipped net2 weights"))
}

/// The index in `hand` of the card the model scores best, or the row it scores best when asked
/// to take one (`None` when `view` asks neither).
pub fn choose(model: &Model, view: &View) -> Option<Action> {
    let position = Position::from_view(view);
    let inputs = encode(&position);
    let out = model.forward(&inputs);
    let best = |scores: &mut dyn Iterator<Item = (usize, f32)>| {
        scores
            .fold(None, |b: Option<(usize, f32)>, (i, s)| match b {
                Some((_, t)) if t >= s => b,
                _ => Some((i, s)),
            })
            .map(|(i, _)| i)
    };
    match view.asked? {
        Decision::PlayCard => {
            let i = best(&mut view.hand.iter().enumerate().map(|(i, c)| {
                let card = usize::from(c.number()) - 1;
                debug_assert!(inputs.groups[card * features::GROUPS + HAND] > 0.0);
                (i, out.card[card])
            }))?;
            Some(Action::play(view.hand[i]))
        }
        Decision::TakeRow => {
            let r = best(&mut out.rows.iter().copied().enumerate())?;
            Some(Action::TakeRow { row: r })
        }
        Decision::DraftPick => None,
    }
}

/// The seat that plays the network's best card, and its best row for a low card; a draft picks
/// as `greedy` does.
#[derive(Clone, Debug)]
pub struct Net2Bot {
    model: &'static Model,
}

impl Net2Bot {
    pub fn new() -> Net2Bot {
        Net2Bot { model: shipped() }
    }

    /// The bot with other weights.
    pub fn with(model: &'static Model) -> Net2Bot {
        Net2Bot { model }
    }
}

impl Default for Net2Bot {
    fn default() -> Self {
        Net2Bot::new()
    }
}

impl Bot<Classic> for Net2Bot {
    fn decide(&mut self, view: &View) -> Action {
        let legal = view.legal_actions();
        assert!(!legal.is_empty(), "net2 bot asked without a decision");
        if legal.len() > 1 {
            if let Some(a) = choose(self.model, view).filter(|a| legal.contains(a)) {
                return a;
            }
        }
        row_or_pick(view, &legal)
    }

    fn name(&self) -> String {
        "net2".into()
    }

    fn reseed(&mut self, _seed: u64) {}
}

#[cfg(test)]
mod tests;
