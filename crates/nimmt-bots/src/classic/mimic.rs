//! The model of a one-turn risk minimiser (the [`Playout::Mimic`](super::world::Playout) policy,
//! and what the styles of the field rate cards by): from the rows and the cards a seat has not
//! seen, each card's expected cost this turn, worked out with a few popcounts.

use nimmt_core::games::classic::kernel::Kernel;
use nimmt_core::games::classic::{Placement, ROW_CAPACITY};

/// Expected costs below this count as none (then the card closest to its row goes first).
const NEGLIGIBLE: f32 = 0.1;

#[inline]
pub(crate) fn quantize(cost: f32) -> f32 {
    if cost < NEGLIGIBLE {
        0.0
    } else {
        cost
    }
}

/// Mean bull heads of a card of the deck (171 heads on 104 cards).
const MEAN_HEADS: f32 = 171.0 / 104.0;

/// The chance that exactly `k` of `trials` seats play a card that lies in a set holding a share
/// `p` of the cards they may hold.
#[inline]
fn exactly(trials: usize, k: usize, p: f32) -> f32 {
    if k > trials {
        return 0.0;
    }
    let mut binom = 1.0f32;
    for i in 0..k {
        binom = binom * (trials - i) as f32 / (i + 1) as f32;
    }
    binom * p.powi(k as i32) * (1.0 - p).powi((trials - k) as i32)
}

/// The cards strictly between `lo` and `hi`, a bit per card.
#[inline]
fn between(lo: u8, hi: u8) -> u128 {
    if hi <= lo + 1 {
        0
    } else {
        ((1u128 << (hi - lo - 1)) - 1) << (lo + 1)
    }
}

/// How the [`Playout::Mimic`] model rates the cards of one seat at one turn: it knows the rows
/// and the cards that seat has not seen.
pub struct Mimic<'a> {
    k: &'a Kernel,
    unseen: u128,
    /// The cards that fit no row, a bit per card.
    low: u128,
    total: f32,
    others: usize,
    cheapest: usize,
    low_cost: f32,
    /// The chance that another seat's low card takes the cheapest row first.
    reset: f32,
}

/// A card's rating under [`Mimic`]: expected cost this turn, certain cost, gap to its row
/// (lower is preferred, in this order).
pub type MimicKey = (f32, u32, u8);

impl<'a> Mimic<'a> {
    /// The model for a seat that has not seen the cards of `unseen` (a bit per card).
    pub fn new(k: &'a Kernel, unseen: u128) -> Mimic<'a> {
        let total = unseen.count_ones().max(1) as f32;
        let others = k.players - 1;
        let cheapest = k.cheapest_row();
        // Cards that fit no row: below every last card, and with both ends also above every
        // first card.
        let lowest = k.rows.iter().map(|r| r.last).min().unwrap_or(0);
        let low = match k.placement {
            Placement::Right => between(0, lowest),
            Placement::BothEnds => {
                let highest_first = k.rows.iter().map(|r| r.first).max().unwrap_or(0);
                between(highest_first.saturating_sub(1), lowest)
            }
        };
        let below = (unseen & low).count_ones() as f32 / total;
        Mimic {
            k,
            unseen,
            low,
            total,
            others,
            cheapest,
            low_cost: k.rows[cheapest].heads as f32,
            reset: 1.0 - (1.0 - below).powi(others as i32),
        }
    }

    /// The rows the model judges.
    pub fn kernel(&self) -> &'a Kernel {
        self.k
    }

    /// The expected cost of joining row `r` at end `left` with card `c`: at a right end the row
    /// fills when exactly the missing cards slip in before it; a left end: [`Self::join_left`].
    fn join(&self, c: u8, r: usize, left: bool) -> f32 {
        if left {
            return self.join_left(c, r);
        }
        let row = self.k.rows[r];
        let p = (self.unseen & between(row.last, c)).count_ones() as f32 / self.total;
        let need = ROW_CAPACITY.saturating_sub(row.len as usize);
        exactly(self.others, need, p) * (row.heads as f32 + need as f32 * MEAN_HEADS)
    }

    /// The expected cost of joining row `r` at its left end (both ends, C5). The cards laid
    /// before `c` are lower, so none slips in between; but a lower card that lands on the same
    /// end first leaves `c` no place there. On a row of five that card takes the row and `c`
    /// joins it safely; else `c` goes to its next row (at a right end it may fill it, at a left
    /// end it takes it if it is full) or is a low card.
    fn join_left(&self, c: u8, r: usize) -> f32 {
        let k = self.k;
        let row = k.rows[r];
        // The lower cards that land on this end: above every other first card below it, and
        // closer to it than to the last card below it (on a tie the right end wins).
        let mut lo = 0u8;
        for (s, other) in k.rows.iter().enumerate() {
            if s != r && other.first < row.first {
                lo = lo.max(other.first);
            }
            if other.last < row.first {
                lo = lo.max(((other.last as u16 + row.first as u16) / 2) as u8);
            }
        }
        let p = (self.unseen & between(lo, c)).count_ones() as f32 / self.total;
        let displaced = 1.0 - (1.0 - p).powi(self.others as i32);
        if row.len as usize >= ROW_CAPACITY {
            return (1.0 - displaced) * row.heads as f32;
        }
        let elsewhere = match k.target_besides(c, r) {
            Some((r2, false)) => self.join(c, r2, false),
            Some((r2, true)) if k.rows[r2].len as usize >= ROW_CAPACITY => k.rows[r2].heads as f32,
            Some(_) => 0.0,
            None => self.low_cost,
        };
        displaced * elsewhere
    }

    /// The rating of card `c`.
    pub fn key(&self, c: u8) -> MimicKey {
        let k = self.k;
        match k.target(c) {
            None => {
                // Another seat's lower card takes the cheapest row first, and this one then
                // joins that seat's card safely.
                let p = (self.unseen & self.low & between(0, c)).count_ones() as f32 / self.total;
                let alone = (1.0 - p).powi(self.others as i32);
                (
                    quantize(self.low_cost * alone),
                    self.low_cost as u32,
                    u8::MAX,
                )
            }
            Some((r, left)) => {
                let row = k.rows[r];
                let gap = if left { row.first - c } else { c - row.last };
                let mut cost = self.join(c, r, left);
                if r == self.cheapest && self.reset > 0.0 {
                    // The row restarts from a lower card: the card joins it safely, or the
                    // row below it.
                    let other = match k.target_besides(c, r) {
                        Some((r2, left2)) => self.join(c, r2, left2),
                        None => 0.0,
                    };
                    cost = (1.0 - self.reset) * cost + self.reset * other;
                }
                let certain = if row.len as usize >= ROW_CAPACITY {
                    row.heads as u32
                } else {
                    0
                };
                (quantize(cost), certain, gap)
            }
        }
    }
}

/// The hand index `seat` plays under [`Playout::Mimic`].
pub(crate) fn mimic_index(k: &Kernel, seat: usize, hidden: u128) -> usize {
    let hand = &k.hands[seat][..k.hand_len[seat] as usize];
    let mut mine = 0u128;
    for &c in hand {
        mine |= 1 << c;
    }
    let model = Mimic::new(k, hidden & !mine);
    let mut best = (f32::MAX, u32::MAX, u8::MAX);
    let mut at = 0;
    for (i, &c) in hand.iter().enumerate() {
        let key = model.key(c);
        if key < best {
            best = key;
            at = i;
        }
    }
    at
}
