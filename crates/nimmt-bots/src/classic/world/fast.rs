//! The world on the engine's allocation-free [`Kernel`], for a deal without a fan card, and
//! the playout on the kernel that the draft's world plays too.

use super::{explore, join_cost, risk_table, Playout, Points, Styles, LOW_BIAS};
use crate::classic::mimic::{mimic_index, quantize};
use crate::classic::styles::Style;
use nimmt_core::games::classic::kernel::{Kernel, LowRow, MAX_SEATS};
use nimmt_core::games::classic::{Action, ROWS, ROW_CAPACITY};
use rand::Rng;

/// A world on the kernel (no fan card).
#[derive(Clone, Debug)]
pub struct FastWorld {
    pub(super) k: Kernel,
    /// Cards no seat has seen revealed: the hands and the cards out of play (a bit per card).
    pub(super) hidden: u128,
    pub(super) me: usize,
    pub(super) base: Points,
    /// The viewer's low card waiting for its row, if the decision is a row.
    pub(super) low: Option<u8>,
    /// The revealed cards after it: (seat, card).
    pub(super) rest: [(u8, u8); MAX_SEATS],
    pub(super) rest_len: u8,
    /// How each seat plays in the playouts under `Mimic` (the viewer's own entry unused).
    pub(super) styles: Styles,
    /// The seats that play their style without random cards (a bit per seat).
    pub(super) steady: u32,
}

impl FastWorld {
    pub(super) fn apply<R: Rng>(&mut self, action: &Action, policy: Playout, rng: &mut R) {
        let n = self.k.players;
        match *action {
            Action::TakeRow { row } => {
                let card = self.low.expect("a low card waits for its row");
                self.k.place(self.me, card, row.min(ROWS - 1));
                for &(seat, card) in &self.rest[..self.rest_len as usize] {
                    let low = if self.k.target(card).is_none() {
                        self.k.cheapest_row()
                    } else {
                        0
                    };
                    self.k.place(seat as usize, card, low);
                }
            }
            Action::Play { card, .. } => {
                let mut cards = [0u8; MAX_SEATS];
                self.k.remove_card(self.me, card.number());
                for (s, slot) in cards.iter_mut().enumerate().take(n) {
                    *slot = if s == self.me {
                        card.number()
                    } else {
                        take_fast(
                            &mut self.k,
                            s,
                            self.me,
                            (policy, self.styles[s], self.steady >> s & 1 == 1),
                            self.hidden,
                            rng,
                        )
                    };
                }
                reveal(&mut self.hidden, &cards[..n]);
                self.k.turn(&cards[..n], LowRow::Cheapest, rng);
            }
            Action::Draft { .. } => {}
        }
    }

    pub(super) fn finish<R: Rng>(&mut self, policy: Playout, rng: &mut R) -> Points {
        playout_fast(
            &mut self.k,
            self.me,
            (policy, &self.styles, self.steady),
            &mut self.hidden,
            rng,
        );
        self.points()
    }

    pub(super) fn points(&self) -> Points {
        let mut out = self.base;
        for (o, p) in out.iter_mut().zip(&self.k.points) {
            *o += *p as u32;
        }
        out
    }
}

/// Plays the kernel's deal to its end with `policy` for every seat (with `Mimic`, each seat
/// plays its style of `styles`, the seats of `steady` without random cards).
/// `hidden` holds the cards not yet revealed (see [`FastWorld`]); the played ones leave it.
pub fn playout_fast<R: Rng>(
    k: &mut Kernel,
    me: usize,
    (policy, styles, steady): (Playout, &Styles, u32),
    hidden: &mut u128,
    rng: &mut R,
) {
    let n = k.players;
    let mut cards = [0u8; MAX_SEATS];
    while k.hand_len[me] > 0 {
        for (s, slot) in cards.iter_mut().enumerate().take(n) {
            *slot = take_fast(
                k,
                s,
                me,
                (policy, styles[s], steady >> s & 1 == 1),
                *hidden,
                rng,
            );
        }
        reveal(hidden, &cards[..n]);
        k.turn(&cards[..n], LowRow::Cheapest, rng);
    }
}

/// The played `cards` are no longer hidden.
#[inline]
fn reveal(hidden: &mut u128, cards: &[u8]) {
    for &c in cards {
        *hidden &= !(1u128 << c);
    }
}

/// Removes and returns the card `seat` plays under `policy`.
#[inline]
fn take_fast<R: Rng>(
    k: &mut Kernel,
    seat: usize,
    me: usize,
    (policy, style, steady): (Playout, Style, bool),
    hidden: u128,
    rng: &mut R,
) -> u8 {
    let len = k.hand_len[seat] as usize;
    let i = match explore(policy, seat == me, steady, rng) {
        Playout::Mimic if style == Style::Greedy => mimic_index(k, seat, hidden),
        Playout::Mimic => {
            let hand = &k.hands[seat][..len];
            let mut mine = 0u128;
            for &c in hand {
                mine |= 1 << c;
            }
            style.choose(k, hand, hidden & !mine, rng)
        }
        Playout::Random => rng.random_range(0..len),
        Playout::Cautious => {
            let low_cost = k.rows[k.cheapest_row()].heads as u32;
            let mut best = u32::MAX;
            let mut at = 0;
            let mut ties = 0u32;
            for i in 0..len {
                let c = k.hands[seat][i];
                let cost = match k.target(c) {
                    None => low_cost,
                    Some((r, _)) if k.rows[r].len as usize >= ROW_CAPACITY => {
                        k.rows[r].heads as u32
                    }
                    Some(_) => 0,
                };
                if cost < best {
                    best = cost;
                    at = i;
                    ties = 1;
                } else if cost == best {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        at = i;
                    }
                }
            }
            at
        }
        Playout::Risk => {
            let table = risk_table();
            let low_cost = k.rows[k.cheapest_row()].heads as f32 + LOW_BIAS;
            let mut best = (f32::MAX, u8::MAX);
            let mut at = 0;
            for i in 0..len {
                let c = k.hands[seat][i];
                let key = match k.target(c) {
                    None => (low_cost, u8::MAX),
                    Some((r, left)) => {
                        let row = k.rows[r];
                        let gap = if left { row.first - c } else { c - row.last };
                        (
                            quantize(join_cost(
                                table,
                                k.players,
                                row.heads as u32,
                                row.len as usize,
                                gap,
                            )),
                            gap,
                        )
                    }
                };
                if key < best {
                    best = key;
                    at = i;
                }
            }
            at
        }
    };
    let card = k.hands[seat][i];
    k.hands[seat][i] = k.hands[seat][len - 1];
    k.hand_len[seat] -= 1;
    card
}
