//! `net`: a learned policy for classic 6 nimmt!, trained on the search's own choices
//! ([`train`]), and the seat that plays it (one forward pass per decision).
//!
//! The network scores every card of the hand with the same small network (an MLP of
//! [`FEATURES`] inputs, two hidden layers of [`HIDDEN`] rectified units and one output), and a
//! softmax over the hand's scores is the policy. A card's inputs are what the seat sees of it:
//! the [`Mimic`] model's expected, certain and gap figures, the row it would join (length, bull
//! heads, the cards the seat has not seen and its own cards between the row's end and the card),
//! the cheapest row, where the card lies among the unseen cards and in the hand. Scoring cards one
//! at a time keeps it small (about 1,900 weights) and cheap enough for the search's playouts,
//! where it plays the other seats ([`super::styles::Style::Net`]).
//!
//! The network plays without its trainer: [`train`] builds on this module (and on the search
//! whose choices it learns), never this module on it.
//!
//! The shipped weights ([`WEIGHTS`], `classic.net`) are little-endian f32 after a header:
//! `NNET`, then the version, inputs, first and second hidden widths as u32.

pub mod train;

use super::mimic::Mimic;
use super::row_and_draft::row_or_pick;
use crate::Bot;
use nimmt_core::games::classic::kernel::{Kernel, MAX_HAND};
use nimmt_core::games::classic::{Action, Classic, Decision, View, ROW_CAPACITY};
use rand::Rng;
use std::sync::OnceLock;

/// Inputs per card.
pub const FEATURES: usize = 23;
/// Units of each hidden layer.
pub const HIDDEN: usize = 32;
/// The weights the `net` bot and the search's model play with (the file's size is
/// [`WEIGHTS`]`.len()` bytes).
pub static WEIGHTS: &[u8] = include_bytes!("classic.net");

const MAGIC: &[u8; 4] = b"NNET";
const VERSION: u32 = 1;
/// The header: magic, version, inputs, first and second hidden widths.
const HEADER: usize = 20;

/// One card's inputs.
pub type Features = [f32; FEATURES];

/// The weights of the card-scoring network.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// First layer, `HIDDEN × FEATURES`, row by row.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// Second layer, `HIDDEN × HIDDEN`.
    pub w2: Vec<f32>,
    pub b2: Vec<f32>,
    /// The output unit.
    pub w3: Vec<f32>,
    pub b3: f32,
}

/// Why weights could not be read.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    #[error("not a weights file of the classic network (bad header)")]
    Header,
    #[error("the weights are for {0} inputs and {1}×{2} hidden units; this build has {FEATURES} and {HIDDEN}×{HIDDEN}")]
    Shape(usize, usize, usize),
    #[error("the weights file has {0} bytes, {1} expected")]
    Size(usize, usize),
}

impl Net {
    /// The number of weights.
    pub const PARAMS: usize = HIDDEN * FEATURES + HIDDEN + HIDDEN * HIDDEN + HIDDEN + HIDDEN + 1;

    /// All weights zero (every card equally likely).
    pub fn zeros() -> Net {
        Net::from_flat(&[0.0; Net::PARAMS])
    }

    /// The weights in the order of [`Net::flat`].
    pub fn from_flat(p: &[f32]) -> Net {
        assert_eq!(p.len(), Net::PARAMS, "weights of the network's shape");
        let mut at = 0;
        let mut take = |n: usize| {
            let v = p[at..at + n].to_vec();
            at += n;
            v
        };
        Net {
            w1: take(HIDDEN * FEATURES),
            b1: take(HIDDEN),
            w2: take(HIDDEN * HIDDEN),
            b2: take(HIDDEN),
            w3: take(HIDDEN),
            b3: take(1)[0],
        }
    }

    /// Every weight in one vector: w1, b1, w2, b2, w3, b3.
    pub fn flat(&self) -> Vec<f32> {
        let mut p = Vec::with_capacity(Net::PARAMS);
        p.extend(&self.w1);
        p.extend(&self.b1);
        p.extend(&self.w2);
        p.extend(&self.b2);
        p.extend(&self.w3);
        p.push(self.b3);
        p
    }

    /// The weights file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + 4 * Net::PARAMS);
        out.extend(MAGIC);
        for v in [VERSION, FEATURES as u32, HIDDEN as u32, HIDDEN as u32] {
            out.extend(v.to_le_bytes());
        }
        for w in self.flat() {
            out.extend(w.to_le_bytes());
        }
        out
    }

    /// Reads a weights file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, WeightsError> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(WeightsError::Header);
        }
        let word = |i: usize| {
            u32::from_le_bytes(bytes[4 + 4 * i..8 + 4 * i].try_into().expect("4 bytes")) as usize
        };
        if word(0) != VERSION as usize {
            return Err(WeightsError::Header);
        }
        let (f, h1, h2) = (word(1), word(2), word(3));
        if (f, h1, h2) != (FEATURES, HIDDEN, HIDDEN) {
            return Err(WeightsError::Shape(f, h1, h2));
        }
        let want = HEADER + 4 * Net::PARAMS;
        if bytes.len() != want {
            return Err(WeightsError::Size(bytes.len(), want));
        }
        let p: Vec<f32> = bytes[HEADER..]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")))
            .collect();
        Ok(Net::from_flat(&p))
    }

    /// The shipped weights.
    pub fn shipped() -> &'static Net {
        static NET: OnceLock<Net> = OnceLock::new();
        NET.get_or_init(|| Net::from_bytes(WEIGHTS).expect("the shipped weights"))
    }

    /// A card's score (higher is preferred).
    pub fn score(&self, x: &Features) -> f32 {
        forward(self, x).out
    }

    /// The scores of the cards of `hand` for the seat that model `m` sees with.
    pub fn scores(&self, m: &Mimic<'_>, hand: &[u8]) -> ([f32; MAX_HAND], usize) {
        let mut out = [0f32; MAX_HAND];
        let n = hand.len().min(MAX_HAND);
        let shared = Shared::new(m, hand);
        for (o, &c) in out.iter_mut().zip(&hand[..n]) {
            *o = self.score(&shared.features(m, hand, c));
        }
        (out, n)
    }

    /// The index in `hand` of the best-scored card.
    pub fn best(&self, m: &Mimic<'_>, hand: &[u8]) -> usize {
        let (s, n) = self.scores(m, hand);
        (0..n).fold(0, |b, i| if s[i] > s[b] { i } else { b })
    }

    /// An index in `hand` drawn from the policy (the softmax of the scores).
    pub fn sample<R: Rng>(&self, m: &Mimic<'_>, hand: &[u8], rng: &mut R) -> usize {
        let (mut s, n) = self.scores(m, hand);
        let top = s[..n].iter().copied().fold(f32::MIN, f32::max);
        let mut sum = 0.0;
        for x in &mut s[..n] {
            *x = (*x - top).exp();
            sum += *x;
        }
        let mut r = rng.random::<f32>() * sum;
        for (i, &x) in s[..n].iter().enumerate() {
            if r < x {
                return i;
            }
            r -= x;
        }
        n.saturating_sub(1)
    }
}

/// The activations of one card's forward pass (the trainer, [`train`], takes its gradient from
/// them).
struct Pass {
    h1: [f32; HIDDEN],
    h2: [f32; HIDDEN],
    out: f32,
}

fn forward(net: &Net, x: &Features) -> Pass {
    let mut h1 = [0f32; HIDDEN];
    for (j, h) in h1.iter_mut().enumerate() {
        let row = &net.w1[j * FEATURES..(j + 1) * FEATURES];
        *h = (net.b1[j] + row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>()).max(0.0);
    }
    let mut h2 = [0f32; HIDDEN];
    for (j, h) in h2.iter_mut().enumerate() {
        let row = &net.w2[j * HIDDEN..(j + 1) * HIDDEN];
        *h = (net.b2[j] + row.iter().zip(&h1).map(|(w, v)| w * v).sum::<f32>()).max(0.0);
    }
    let out = net.b3 + net.w3.iter().zip(&h2).map(|(w, v)| w * v).sum::<f32>();
    Pass { h1, h2, out }
}

/// The cards strictly between `lo` and `hi`, a bit per card.
fn between(lo: u8, hi: u8) -> u128 {
    if hi <= lo.saturating_add(1) {
        0
    } else {
        ((1u128 << (hi - lo - 1)) - 1) << (lo + 1)
    }
}

/// What the inputs of every card of one hand share.
struct Shared {
    mine: u128,
    unseen: u128,
    /// The row each card of the hand joins, counted per row (`ROWS` = a low card).
    per_row: [u8; 5],
    low_cards: u8,
    hand: f32,
}

impl Shared {
    fn new(m: &Mimic<'_>, hand: &[u8]) -> Shared {
        let k = m.kernel();
        let mut mine = 0u128;
        let mut per_row = [0u8; 5];
        let mut low_cards = 0;
        for &c in hand {
            mine |= 1 << c;
            match k.target(c) {
                Some((r, _)) => per_row[r] += 1,
                None => {
                    per_row[4] += 1;
                    low_cards += 1;
                }
            }
        }
        Shared {
            mine,
            unseen: m.unseen() & !mine,
            per_row,
            low_cards,
            hand: hand.len() as f32,
        }
    }

    /// The inputs of card `c` of `hand`.
    fn features(&self, m: &Mimic<'_>, hand: &[u8], c: u8) -> Features {
        let k: &Kernel = m.kernel();
        let mut x = [0f32; FEATURES];
        let (cost, certain, gap) = m.key(c);
        x[0] = c as f32 / 104.0;
        x[2] = cost / 5.0;
        x[3] = certain as f32 / 10.0;
        x[4] = f32::from(gap.min(40)) / 40.0;
        match k.target(c) {
            None => {
                x[1] = 1.0;
                x[13] = f32::from(self.per_row[4]) / 5.0;
            }
            Some((r, left)) => {
                let row = k.rows[r];
                let len = (row.len as usize).clamp(1, ROW_CAPACITY);
                x[4 + len] = 1.0;
                x[10] = f32::from(row.heads) / 10.0;
                let span = if left {
                    between(c, row.first)
                } else {
                    between(row.last, c)
                };
                x[11] = (self.unseen & span).count_ones() as f32 / 10.0;
                x[12] = (self.mine & span).count_ones() as f32 / 5.0;
                x[13] = f32::from(self.per_row[r]) / 5.0;
                x[21] = f32::from(u8::from(r == k.cheapest_row()));
            }
        }
        x[14] = f32::from(k.rows[k.cheapest_row()].heads) / 10.0;
        x[15] = (self.unseen & between(0, c)).count_ones() as f32 / 20.0;
        x[16] = (self.unseen & between(c, 105)).count_ones() as f32 / 20.0;
        let below = hand.iter().filter(|&&h| h < c).count() as f32;
        x[17] = below / (self.hand - 1.0).max(1.0);
        x[18] = self.hand / 10.0;
        x[19] = k.players as f32 / 10.0;
        x[20] = self.unseen.count_ones() as f32 / 50.0;
        x[22] = f32::from(self.low_cards) / 5.0;
        x
    }
}

/// The inputs of every card of `hand` for the seat that model `m` sees with.
pub fn hand_features(m: &Mimic<'_>, hand: &[u8]) -> Vec<Features> {
    let shared = Shared::new(m, hand);
    hand.iter().map(|&c| shared.features(m, hand, c)).collect()
}

/// The rows and what the seat of `view` has not seen, as the kernel and the model judge them
/// (the plain rows: a fan card's marker is not looked at, as the styles do).
pub fn view_kernel(view: &View) -> (Kernel, u128) {
    let mut hands = vec![Vec::new(); view.players];
    if let Some(me) = view.seat() {
        hands[me.index()] = view.hand.clone();
    }
    let k = Kernel::new(view.options.placement, &view.rows.rows, &hands);
    let mut unseen = 0u128;
    for c in view.unseen_cards() {
        unseen |= 1 << c.number();
    }
    (k, unseen)
}

/// The seat that plays the network: the best-scored card, one forward pass per card of the hand;
/// a low card takes the row with the fewest bull heads, a draft picks as `greedy` does.
#[derive(Clone, Debug)]
pub struct NetBot {
    net: &'static Net,
}

impl NetBot {
    pub fn new() -> NetBot {
        NetBot {
            net: Net::shipped(),
        }
    }

    /// The bot with other weights (for training and tests).
    pub fn with(net: &'static Net) -> NetBot {
        NetBot { net }
    }
}

impl Default for NetBot {
    fn default() -> Self {
        NetBot::new()
    }
}

impl Bot<Classic> for NetBot {
    fn decide(&mut self, view: &View) -> Action {
        let legal = view.legal_actions();
        assert!(!legal.is_empty(), "net bot asked without a decision");
        match view.asked {
            Some(Decision::PlayCard) if view.hand.len() > 1 => {
                let (k, unseen) = view_kernel(view);
                let hand: Vec<u8> = view.hand.iter().map(|c| c.number()).collect();
                let i = self.net.best(&Mimic::new(&k, unseen), &hand);
                Action::play(view.hand[i])
            }
            _ => row_or_pick(view, &legal),
        }
    }

    fn name(&self) -> String {
        "net".into()
    }

    fn reseed(&mut self, _seed: u64) {}
}

#[cfg(test)]
mod tests;
