//! The fast path of classic play: a deal as small integers, rows reduced to what placing needs
//! (first card, last card, length, bull heads), no allocation per turn. Bots run their playouts
//! here and `nimmt bench` measures it. A property test keeps it in agreement with [`super::Classic`].
//!
//! Fan cards are not modelled here; with a fan card, bots play out on the general engine.

use super::options::Placement;
use super::rows::{ROWS, ROW_CAPACITY};
use crate::cards::{bull_heads, Card, MAX_CARD};
use rand::Rng;

/// Most cards a hand can hold (two players, hand size 50).
pub const MAX_HAND: usize = 50;
/// Most seats at a table.
pub const MAX_SEATS: usize = 10;

const HEADS: [u8; MAX_CARD as usize + 1] = {
    let mut t = [0u8; MAX_CARD as usize + 1];
    let mut n = 1;
    while n <= MAX_CARD as usize {
        t[n] = bull_heads(n as u8);
        n += 1;
    }
    t
};

/// A number below `n` (at least 1) from one draw: the high half of a 64-bit product, as fast
/// random play wants it (off from uniform by at most `n / 2³²`, nothing at these sizes).
#[inline(always)]
fn below<R: Rng>(rng: &mut R, n: u32) -> usize {
    ((u64::from(rng.next_u32()) * u64::from(n)) >> 32) as usize
}

/// A row as placing sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KRow {
    pub first: u8,
    pub last: u8,
    pub len: u8,
    pub heads: u8,
}

impl KRow {
    fn start(card: u8) -> KRow {
        KRow {
            first: card,
            last: card,
            len: 1,
            heads: HEADS[card as usize],
        }
    }
}

/// How a low card's row is chosen in a playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LowRow {
    /// Fewest bull heads, on a tie the highest last card (C6).
    Cheapest,
    /// Any row at random.
    Random,
}

/// A classic deal in the fast representation.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub players: usize,
    pub placement: Placement,
    pub rows: [KRow; ROWS],
    pub hands: [[u8; MAX_HAND]; MAX_SEATS],
    pub hand_len: [u8; MAX_SEATS],
    /// Points taken so far in this deal.
    pub points: [u16; MAX_SEATS],
}

impl Kernel {
    /// A deal from explicit rows (number cards left to right) and hands.
    pub fn new(placement: Placement, rows: &[Vec<Card>], hands: &[Vec<Card>]) -> Kernel {
        let mut k = Kernel::empty(hands.len(), placement);
        for (r, row) in rows.iter().enumerate().take(ROWS) {
            k.rows[r] = KRow {
                first: row[0].number(),
                last: row[row.len() - 1].number(),
                len: row.len() as u8,
                heads: row.iter().map(|c| c.bull_heads()).sum(),
            };
        }
        for (s, hand) in hands.iter().enumerate() {
            for (i, c) in hand.iter().enumerate() {
                k.hands[s][i] = c.number();
            }
            k.hand_len[s] = hand.len() as u8;
        }
        k
    }

    pub fn empty(players: usize, placement: Placement) -> Kernel {
        Kernel {
            players,
            placement,
            rows: [KRow::default(); ROWS],
            hands: [[0; MAX_HAND]; MAX_SEATS],
            hand_len: [0; MAX_SEATS],
            points: [0; MAX_SEATS],
        }
    }

    /// Deals `hand_size` cards to each seat and four start cards from `deck`, a permutation of
    /// the cards in play that is shuffled in place (only as far as needed).
    pub fn deal<R: Rng>(&mut self, deck: &mut [u8], hand_size: usize, rng: &mut R) {
        let need = self.players * hand_size + ROWS;
        let len = deck.len() as u32;
        for i in 0..need {
            let j = i + below(rng, len - i as u32);
            deck.swap(i, j);
        }
        for s in 0..self.players {
            self.hands[s][..hand_size].copy_from_slice(&deck[s * hand_size..(s + 1) * hand_size]);
            self.hand_len[s] = hand_size as u8;
            self.points[s] = 0;
        }
        for r in 0..ROWS {
            self.rows[r] = KRow::start(deck[self.players * hand_size + r]);
        }
    }

    /// The row and end for `card`: `Some((row, left))`, or `None` for a low card (C5).
    ///
    /// Branch-free: each end that accepts the card gets the key `difference · 8 + end · 4 + row`
    /// (right end 0, left end 1, so the right end wins on equal difference); the smallest wins.
    #[inline]
    pub fn target(&self, card: u8) -> Option<(usize, bool)> {
        self.target_besides(card, ROWS)
    }

    /// Where `card` would go if row `skip` were not there (`ROWS`: every row counts).
    #[inline(always)]
    pub fn target_besides(&self, card: u8, skip: usize) -> Option<(usize, bool)> {
        let card = card as u32;
        let mut best = u32::MAX;
        for r in 0..ROWS {
            let last = self.rows[r].last as u32;
            let key = if card > last && r != skip {
                ((card - last) << 3) | r as u32
            } else {
                u32::MAX
            };
            best = best.min(key);
        }
        if self.placement == Placement::BothEnds {
            for r in 0..ROWS {
                let first = self.rows[r].first as u32;
                let key = if card < first && r != skip {
                    ((first - card) << 3) | 4 | r as u32
                } else {
                    u32::MAX
                };
                best = best.min(key);
            }
        }
        (best != u32::MAX).then_some(((best & 3) as usize, best & 4 != 0))
    }

    /// The row taken for a low card by the rule of C6.
    #[inline]
    pub fn cheapest_row(&self) -> usize {
        let mut best = 0;
        for r in 1..ROWS {
            let (a, b) = (self.rows[r], self.rows[best]);
            if a.heads < b.heads || (a.heads == b.heads && a.last > b.last) {
                best = r;
            }
        }
        best
    }

    /// Lays `card` of `seat`; a low card takes `low_row` (0–3).
    #[inline]
    pub fn place(&mut self, seat: usize, card: u8, low_row: usize) {
        match self.target(card) {
            Some((r, left)) => self.lay_at(seat, card, r, left),
            None => self.take_with(seat, card, low_row),
        }
    }

    #[inline(always)]
    fn lay_at(&mut self, seat: usize, card: u8, r: usize, left: bool) {
        let row = &mut self.rows[r];
        if row.len as usize >= ROW_CAPACITY {
            self.points[seat] += row.heads as u16;
            *row = KRow::start(card);
        } else {
            if left {
                row.first = card;
            } else {
                row.last = card;
            }
            row.len += 1;
            row.heads += HEADS[card as usize];
        }
    }

    #[inline(always)]
    fn take_with(&mut self, seat: usize, card: u8, row: usize) {
        self.points[seat] += self.rows[row].heads as u16;
        self.rows[row] = KRow::start(card);
    }

    /// Plays one turn: `cards[s]` is seat `s`'s card, already removed from its hand.
    #[inline]
    pub fn turn<R: Rng>(&mut self, cards: &[u8], low: LowRow, rng: &mut R) {
        // The cards in ascending order: a bit per card, the seat of each card beside it.
        let mut set = 0u128;
        let mut seat_of = [0u8; MAX_CARD as usize + 1];
        for (s, &c) in cards.iter().enumerate() {
            set |= 1u128 << c;
            seat_of[c as usize] = s as u8;
        }
        while set != 0 {
            let card = set.trailing_zeros() as u8;
            set &= set - 1;
            let seat = seat_of[card as usize] as usize;
            match self.target(card) {
                Some((r, left)) => self.lay_at(seat, card, r, left),
                None => {
                    let row = match low {
                        LowRow::Cheapest => self.cheapest_row(),
                        LowRow::Random => below(rng, ROWS as u32),
                    };
                    self.take_with(seat, card, row);
                }
            }
        }
    }

    /// Removes and returns a random card of `seat`'s hand.
    #[inline]
    pub fn take_random_card<R: Rng>(&mut self, seat: usize, rng: &mut R) -> u8 {
        let len = self.hand_len[seat] as usize;
        let i = below(rng, len as u32);
        let card = self.hands[seat][i];
        self.hands[seat][i] = self.hands[seat][len - 1];
        self.hand_len[seat] -= 1;
        card
    }

    /// Removes `card` from `seat`'s hand; false if it is not there.
    pub fn remove_card(&mut self, seat: usize, card: u8) -> bool {
        let len = self.hand_len[seat] as usize;
        match self.hands[seat][..len].iter().position(|&c| c == card) {
            Some(i) => {
                self.hands[seat][i] = self.hands[seat][len - 1];
                self.hand_len[seat] -= 1;
                true
            }
            None => false,
        }
    }

    /// Plays the rest of the deal with random cards; returns the points of the deal.
    pub fn playout<R: Rng>(&mut self, low: LowRow, rng: &mut R) -> [u16; MAX_SEATS] {
        let n = self.players;
        let mut cards = [0u8; MAX_SEATS];
        while self.hand_len[0] > 0 {
            for (s, c) in cards.iter_mut().enumerate().take(n) {
                *c = self.take_random_card(s, rng);
            }
            self.turn(&cards[..n], low, rng);
        }
        self.points
    }
}

/// Random play of whole deals on the fast path, as `nimmt bench` measures it.
pub struct RandomDeals {
    kernel: Kernel,
    deck: Vec<u8>,
    hand_size: usize,
}

impl RandomDeals {
    pub fn new(players: usize, placement: Placement, deck_size: usize, hand_size: usize) -> Self {
        RandomDeals {
            kernel: Kernel::empty(players, placement),
            deck: (1..=deck_size as u8).collect(),
            hand_size,
        }
    }

    /// Deals and plays one deal: a random card for every seat, a random row for a low card.
    #[inline]
    pub fn play_one<R: Rng>(&mut self, rng: &mut R) -> [u16; MAX_SEATS] {
        self.kernel.deal(&mut self.deck, self.hand_size, rng);
        self.kernel.playout(LowRow::Random, rng)
    }
}
