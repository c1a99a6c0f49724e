//! The world of a draft pick: the rest of the draft at random, then the deal on the kernel or,
//! with a fan card, on the general rows.

use super::fast::playout_fast;
use super::full::FullWorld;
use super::{Playout, Points};
use crate::classic::styles::Style;
use nimmt_core::games::classic::kernel::{Kernel, MAX_SEATS};
use nimmt_core::games::classic::{Action, Deck, Fan, Placement, Rows, ROWS};
use nimmt_core::Card;
use rand::seq::SliceRandom;
use rand::Rng;

/// A world in the middle of a draft (C4): the pool lies open, every hand is known.
#[derive(Clone, Debug)]
pub struct DraftWorld {
    pub(super) pool: Vec<Card>,
    pub(super) hands: Vec<Vec<Card>>,
    pub(super) me: usize,
    pub(super) players: usize,
    pub(super) placement: Placement,
    pub(super) deck: Deck,
    pub(super) fan: Option<Fan>,
    pub(super) hand_size: usize,
}

impl DraftWorld {
    /// Picks `action`'s card, lets everyone complete the draft with random picks, lays the rows
    /// and plays the deal.
    pub(super) fn run<R: Rng>(&mut self, action: &Action, policy: Playout, rng: &mut R) -> Points {
        let n = self.players;
        if let Action::Draft { card } = *action {
            if let Some(i) = self.pool.iter().position(|&c| c == card) {
                self.pool.swap_remove(i);
                self.hands[self.me].push(card);
            }
        }
        let mut next = (self.me + 1) % n;
        while self.hands.iter().any(|h| h.len() < self.hand_size) && !self.pool.is_empty() {
            if self.hands[next].len() < self.hand_size {
                let i = rng.random_range(0..self.pool.len());
                let card = self.pool.swap_remove(i);
                self.hands[next].push(card);
            }
            next = (next + 1) % n;
        }
        let starts: [Card; ROWS] = match self.deck {
            Deck::Tactic => {
                self.pool.sort();
                match self.pool[..].try_into() {
                    Ok(s) => s,
                    Err(_) => return [0; MAX_SEATS],
                }
            }
            Deck::Full => {
                let (drawn, _) = self.pool.partial_shuffle(rng, ROWS);
                match (&*drawn).try_into() {
                    Ok(s) => s,
                    Err(_) => return [0; MAX_SEATS],
                }
            }
        };
        let rows = Rows::new(starts, self.fan);
        if self.fan.is_none() {
            let mut k = Kernel::new(self.placement, &rows.rows, &self.hands);
            let mut hidden = !0u128;
            for row in &rows.rows {
                for c in row {
                    hidden &= !(1u128 << c.number());
                }
            }
            let styles = [Style::Greedy; MAX_SEATS];
            playout_fast(&mut k, self.me, (policy, &styles, 0), &mut hidden, rng);
            let mut out = [0; MAX_SEATS];
            for (o, p) in out.iter_mut().zip(&k.points) {
                *o = *p as u32;
            }
            out
        } else {
            let mut hidden = !0u128;
            for row in &rows.rows {
                for c in row {
                    hidden &= !(1u128 << c.number());
                }
            }
            let mut w = FullWorld {
                rows,
                placement: self.placement,
                hands: std::mem::take(&mut self.hands),
                swap_left: vec![self.fan == Some(Fan::DigitSwap); n],
                points: [0; MAX_SEATS],
                me: self.me,
                queue: Vec::new(),
                hidden,
                styles: [Style::Greedy; MAX_SEATS],
                steady: 0,
            };
            w.finish(policy, rng)
        }
    }
}
