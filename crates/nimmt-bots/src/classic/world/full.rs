//! The world on the general placement rules of [`Rows`], for a deal with a fan card (markers,
//! the cow, the *Zahlendreher*).

use super::{explore, join_cost, risk_table, Playout, Points, Styles, LOW_BIAS};
use crate::classic::fan_model::{fan_rows, plain_rows, zahlendreher};
use crate::classic::mimic::{quantize, Mimic};
use crate::classic::styles::Style;
use nimmt_core::games::classic::kernel::MAX_HAND;
use nimmt_core::games::classic::{can_swap, Action, Placement, Play, Rows, ROWS, ROW_CAPACITY};
use nimmt_core::{Card, Seat};
use rand::Rng;

/// A world on the general rows (a fan card is in play).
#[derive(Clone, Debug)]
pub struct FullWorld {
    pub(super) rows: Rows,
    pub(super) placement: Placement,
    pub(super) hands: Vec<Vec<Card>>,
    pub(super) swap_left: Vec<bool>,
    pub(super) points: Points,
    pub(super) me: usize,
    /// The revealed cards still to be laid; the first is the viewer's low card.
    pub(super) queue: Vec<Play>,
    /// Cards no seat has seen revealed (see [`super::FastWorld`]).
    pub(super) hidden: u128,
    /// How each seat plays in the playouts under `Mimic`.
    pub(super) styles: Styles,
    /// The seats that play their style without random cards (a bit per seat).
    pub(super) steady: u32,
}

impl FullWorld {
    pub(super) fn apply<R: Rng>(&mut self, action: &Action, policy: Playout, rng: &mut R) {
        match *action {
            Action::TakeRow { row } => {
                let queue = std::mem::take(&mut self.queue);
                if let Some(first) = queue.first() {
                    let taken = self.rows.take_with(first.card, row.min(ROWS - 1));
                    self.points[first.seat.index()] +=
                        taken.iter().map(|t| t.points()).sum::<u32>();
                }
                for p in queue.iter().skip(1) {
                    self.lay(p);
                }
            }
            Action::Play { card, swap } => {
                let n = self.hands.len();
                let mut plays = Vec::with_capacity(n);
                if let Some(i) = self.hands[self.me].iter().position(|&c| c == card) {
                    self.hands[self.me].swap_remove(i);
                }
                for s in 0..n {
                    plays.push(if s == self.me {
                        Play {
                            seat: Seat(s as u8),
                            card,
                            swap,
                        }
                    } else {
                        self.take(s, policy, rng)
                    });
                }
                self.turn(plays);
            }
            Action::Draft { .. } => {}
        }
    }

    pub(super) fn finish<R: Rng>(&mut self, policy: Playout, rng: &mut R) -> Points {
        let n = self.hands.len();
        while !self.hands[self.me].is_empty() {
            let plays = (0..n).map(|s| self.take(s, policy, rng)).collect();
            self.turn(plays);
        }
        self.points
    }

    fn turn(&mut self, mut plays: Vec<Play>) {
        plays.sort_by_key(Play::order_key);
        for p in &plays {
            self.hidden &= !(1u128 << p.card.number());
            if p.swap {
                self.swap_left[p.seat.index()] = false;
            }
        }
        for p in &plays {
            self.lay(p);
        }
    }

    /// Lays a revealed card; a low card takes the cheapest row (C6).
    fn lay(&mut self, p: &Play) {
        let taken = match self.rows.target(p.value(), self.placement) {
            Some((row, end)) => self.rows.lay(p.card, row, end),
            None => {
                let row = self.rows.cheapest_row();
                self.rows.take_with(p.card, row)
            }
        };
        self.points[p.seat.index()] += taken.iter().map(|t| t.points()).sum::<u32>();
    }

    /// Removes and returns the play of `seat` under `policy`.
    fn take<R: Rng>(&mut self, seat: usize, policy: Playout, rng: &mut R) -> Play {
        let hand = &self.hands[seat];
        let may_swap = self.swap_left.get(seat).copied().unwrap_or(false);
        let steady = self.steady >> seat & 1 == 1;
        let (i, swap) = match explore(policy, seat == self.me, steady, rng) {
            // The styles judge the plain rows, as the seated styles do (a fan card's marker is
            // not looked at), but `greedy` samples its turns under the fan card's rules: its
            // model reads the rows bent towards the cow or the mountain, and spends the
            // Zahlendreher when it is cheaper; the other styles keep it. The searching seat
            // reads the fan card's rules as `greedy` does, whatever its own style.
            Playout::Mimic => {
                let n = self.hands.len();
                let style = self.styles[seat];
                let reads_fan = style == Style::Greedy || seat == self.me;
                let k = reads_fan
                    .then(|| fan_rows(&self.rows, self.placement, n))
                    .flatten()
                    .unwrap_or_else(|| plain_rows(&self.rows, self.placement, n));
                let mut numbers = [0u8; MAX_HAND];
                let mut mine = 0u128;
                for (slot, c) in numbers.iter_mut().zip(hand) {
                    *slot = c.number();
                    mine |= 1 << c.number();
                }
                let len = hand.len().min(MAX_HAND);
                let m = Mimic::new(&k, self.hidden & !mine);
                let plain = style.choose_in(&m, &numbers[..len], rng);
                let swapped = (may_swap && reads_fan)
                    .then(|| zahlendreher(&m, &numbers[..len], plain))
                    .flatten();
                swapped.map_or((plain, false), |i| (i, true))
            }
            Playout::Random => {
                let i = rng.random_range(0..hand.len());
                // Spend the Zahlendreher about once per deal.
                let swap = may_swap && can_swap(hand[i]) && rng.random_range(0..hand.len()) == 0;
                (i, swap)
            }
            Playout::Cautious => {
                let low_cost = self.rows.heads(self.rows.cheapest_row());
                let cost = |value: u8| match self.rows.target(value, self.placement) {
                    None => low_cost,
                    Some((r, _)) if self.rows.items(r) >= ROW_CAPACITY => self.rows.heads(r),
                    Some(_) => 0,
                };
                let mut best = (u32::MAX, false);
                let mut at = (0, false);
                let mut ties = 0u32;
                for (i, &c) in hand.iter().enumerate() {
                    let plain = cost(c.number());
                    let mut options = [(plain, false), (u32::MAX, true)];
                    if may_swap && can_swap(c) {
                        let swapped = Play {
                            seat: Seat(seat as u8),
                            card: c,
                            swap: true,
                        };
                        // Only worth spending when strictly cheaper.
                        let s = cost(swapped.value());
                        if s < plain {
                            options[1].0 = s;
                        }
                    }
                    for (cost, swap) in options {
                        if cost == u32::MAX {
                            continue;
                        }
                        if (cost, swap) < best {
                            best = (cost, swap);
                            at = (i, swap);
                            ties = 1;
                        } else if (cost, swap) == best {
                            ties += 1;
                            if rng.random_range(0..ties) == 0 {
                                at = (i, swap);
                            }
                        }
                    }
                }
                at
            }
            Playout::Risk => {
                let table = risk_table();
                let n = self.hands.len();
                let low_cost = self.rows.heads(self.rows.cheapest_row()) as f32 + LOW_BIAS;
                let key = |value: u8| match self.rows.target(value, self.placement) {
                    None => (low_cost, u8::MAX),
                    Some((r, _)) => {
                        let gap = value
                            .abs_diff(self.rows.last(r).number())
                            .min(value.abs_diff(self.rows.first(r).number()));
                        (
                            quantize(join_cost(
                                table,
                                n,
                                self.rows.heads(r),
                                self.rows.items(r),
                                gap,
                            )),
                            gap,
                        )
                    }
                };
                let mut best = (f32::MAX, u8::MAX, true);
                let mut at = (0, false);
                for (i, &c) in hand.iter().enumerate() {
                    let (cost, gap) = key(c.number());
                    if (cost, gap, false) < best {
                        best = (cost, gap, false);
                        at = (i, false);
                    }
                    if may_swap && can_swap(c) {
                        let value = Play {
                            seat: Seat(seat as u8),
                            card: c,
                            swap: true,
                        }
                        .value();
                        let (cost, gap) = key(value);
                        // Only worth spending when clearly cheaper.
                        if cost + 0.25 < best.0 {
                            best = (cost, gap, true);
                            at = (i, true);
                        }
                    }
                }
                at
            }
        };
        let card = self.hands[seat].swap_remove(i);
        Play {
            seat: Seat(seat as u8),
            card,
            swap,
        }
    }
}
