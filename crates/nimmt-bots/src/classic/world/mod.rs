//! Simulated deals that bots play out: one determinized world (every hidden card given a place)
//! in which a decision is applied and the rest of the deal is played by a playout policy.
//!
//! Without a fan card worlds run on the engine's allocation-free [`Kernel`]; with a fan card they
//! run on the general placement rules of [`Rows`] (markers, the cow, the *Zahlendreher*). One
//! file per world: [`fast`] (the kernel), [`full`] (the general rows), [`draft`] (a draft pick);
//! here the policies they share and the template a sampled world is made from.

mod draft;
mod fast;
mod full;

pub use draft::DraftWorld;
pub use fast::{playout_fast, FastWorld};
pub use full::FullWorld;

use super::styles::Style;
use nimmt_core::games::classic::kernel::{Kernel, MAX_SEATS};
use nimmt_core::games::classic::{
    Action, Deck, Fan, PhaseView, Placement, Play, Rows, View, ROW_CAPACITY,
};
use nimmt_core::Card;

/// Each seat's style in a playout.
pub type Styles = [Style; MAX_SEATS];
use rand::Rng;

/// How the seats choose their cards during a playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Any card of the hand.
    Random,
    /// A card with the least immediate cost (a full row's or the cheapest row's heads), ties at
    /// random.
    Cautious,
    /// Like `greedy`: the card with the least expected cost this turn, estimated from the
    /// chance that enough other cards slip in before it to fill its row; ties go to the card
    /// closest to its row.
    Risk,
    /// A model of `greedy` as another seat plays it: the card with the least expected cost this
    /// turn if the others play cards they may hold, worked out from the cards the seat has not
    /// seen (a row fills when exactly the missing cards slip in first; a low card may take the
    /// row first); ties go to the card closest to its row.
    Mimic,
}

/// `RISK[n][gap][k]`: the chance that at least `k` of the other `n − 1` seats play a card
/// between a row's end and a card `gap` away from it (Poisson estimate, cards spread evenly).
fn risk_table() -> &'static [[[f32; ROW_CAPACITY + 1]; 105]; MAX_SEATS + 1] {
    static TABLE: std::sync::OnceLock<Box<[[[f32; ROW_CAPACITY + 1]; 105]; MAX_SEATS + 1]>> =
        std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([[[0f32; ROW_CAPACITY + 1]; 105]; MAX_SEATS + 1]);
        for (n, by_gap) in t.iter_mut().enumerate().skip(1) {
            for (gap, by_k) in by_gap.iter_mut().enumerate() {
                let lambda = (n - 1) as f64 * gap.saturating_sub(1) as f64 / 104.0;
                let mut below = 0.0f64; // P(fewer than k)
                let mut term = (-lambda).exp(); // P(exactly i)
                for (k, slot) in by_k.iter_mut().enumerate() {
                    *slot = (1.0 - below).max(0.0) as f32;
                    below += term;
                    term *= lambda / (k + 1) as f64;
                }
            }
        }
        t
    })
}

/// How often a policy plays a random card instead: rarely for the searching seat itself, more
/// often for the others, whose real play it only models (a searcher that trusts a model of its
/// opponents fully is easily fooled). `risk` models `greedy` roughly and needs much noise; `mimic`
/// models it closely and needs little (measured against `greedy`, `docs/bots.md`).
fn epsilon(policy: Playout, me: bool) -> f32 {
    match (policy, me) {
        (Playout::Mimic, true) => 0.1,
        (Playout::Mimic, false) => 0.15,
        (_, true) => 0.2,
        (_, false) => 0.5,
    }
}

/// `Risk` and `Mimic` turn into `Random` as often as [`epsilon`] says, except for a seat played
/// `steady` (see [`World::set_styles`]).
#[inline]
fn explore<R: Rng>(policy: Playout, me: bool, steady: bool, rng: &mut R) -> Playout {
    let noisy = matches!(policy, Playout::Risk | Playout::Mimic) && !steady;
    if noisy && rng.random::<f32>() < epsilon(policy, me) {
        Playout::Random
    } else {
        policy
    }
}

/// Added to a low card's cost: how much the policy dislikes taking a row by choice.
const LOW_BIAS: f32 = 0.0;
/// The expected cost of joining a row of `heads` bull heads and `items` items, `gap` away from
/// its end, at a table of `players` (the row fills if `ROW_CAPACITY − items` cards slip in first).
#[inline]
fn join_cost(
    table: &[[[f32; ROW_CAPACITY + 1]; 105]; MAX_SEATS + 1],
    players: usize,
    heads: u32,
    items: usize,
    gap: u8,
) -> f32 {
    if items >= ROW_CAPACITY {
        return heads as f32;
    }
    let need = ROW_CAPACITY - items;
    (heads + need as u32) as f32 * table[players.min(MAX_SEATS)][gap as usize][need]
}

/// Points per seat at the end of a simulated deal (this deal only, including points already
/// taken before the decision).
pub type Points = [u32; MAX_SEATS];

/// A determinized position at one decision of the viewer.
// The kernel world is the hot one: kept inline, so cloning it per playout never allocates.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum World {
    Fast(FastWorld),
    Full(FullWorld),
    Draft(DraftWorld),
}

/// What a determinized world needs from the view besides the sampled hands.
#[derive(Clone, Debug)]
pub struct Template {
    me: usize,
    /// Cards not yet revealed to the table (the viewer's hand included), a bit per card.
    hidden: u128,
    players: usize,
    placement: Placement,
    base: Points,
    kind: TemplateKind,
}

#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum TemplateKind {
    /// Choose a card (or take a row for the front of `queue`) on the kernel.
    Fast { kernel: Kernel, queue: Vec<Play> },
    /// The same on the general rows (a fan card is in play).
    Full {
        rows: Rows,
        swap_left: Vec<bool>,
        queue: Vec<Play>,
    },
    /// A draft pick.
    Draft {
        pool: Vec<Card>,
        deck: Deck,
        fan: Option<Fan>,
        hand_size: usize,
    },
}

impl Template {
    /// The template for the decision `view` asks of its seat.
    pub fn from_view(view: &View) -> Template {
        let me = view.seat().map_or(0, |s| s.index());
        let n = view.players;
        let mut base = [0u32; MAX_SEATS];
        for (b, p) in base.iter_mut().zip(&view.deal_points) {
            *b = *p;
        }
        let queue = match &view.phase {
            PhaseView::Place { queue } => queue.clone(),
            _ => Vec::new(),
        };
        let kind = match &view.phase {
            PhaseView::Draft { pool, .. } => TemplateKind::Draft {
                pool: pool.clone(),
                deck: view.options.deck,
                fan: view.options.fan,
                hand_size: view.options.hand_size as usize,
            },
            _ if view.options.fan.is_none() => {
                let empty: Vec<Vec<Card>> = vec![Vec::new(); n];
                TemplateKind::Fast {
                    kernel: Kernel::new(view.options.placement, &view.rows.rows, &empty),
                    queue,
                }
            }
            _ => TemplateKind::Full {
                rows: view.rows.clone(),
                swap_left: view.swap_left.clone(),
                queue,
            },
        };
        let mut hidden = 0u128;
        for c in view.unseen_cards().iter().chain(&view.hand) {
            hidden |= 1 << c.number();
        }
        if let PhaseView::Choose { mine: Some(p), .. } = &view.phase {
            hidden |= 1 << p.card.number();
        }
        Template {
            me,
            hidden,
            players: n,
            placement: view.options.placement,
            base,
            kind,
        }
    }

    /// A world with these hands (one per seat, as [`super::Knowledge::sample`] gives them).
    pub fn world(&self, hands: &[Vec<Card>]) -> World {
        match &self.kind {
            TemplateKind::Fast { kernel, queue } => {
                let mut k = kernel.clone();
                for (s, hand) in hands.iter().enumerate() {
                    for (i, c) in hand.iter().enumerate() {
                        k.hands[s][i] = c.number();
                    }
                    k.hand_len[s] = hand.len() as u8;
                }
                let mut rest = [(0u8, 0u8); MAX_SEATS];
                for (slot, p) in rest.iter_mut().zip(queue.iter().skip(1)) {
                    *slot = (p.seat.0, p.card.number());
                }
                World::Fast(FastWorld {
                    k,
                    hidden: self.hidden,
                    me: self.me,
                    base: self.base,
                    low: queue.first().map(|p| p.card.number()),
                    rest,
                    rest_len: queue.len().saturating_sub(1) as u8,
                    styles: [Style::Greedy; MAX_SEATS],
                    steady: 0,
                })
            }
            TemplateKind::Full {
                rows,
                swap_left,
                queue,
            } => World::Full(FullWorld {
                rows: rows.clone(),
                placement: self.placement,
                hands: hands.to_vec(),
                swap_left: swap_left.clone(),
                points: self.base,
                me: self.me,
                queue: queue.clone(),
                hidden: self.hidden,
                styles: [Style::Greedy; MAX_SEATS],
                steady: 0,
            }),
            TemplateKind::Draft {
                pool,
                deck,
                fan,
                hand_size,
            } => World::Draft(DraftWorld {
                pool: pool.clone(),
                hands: hands.to_vec(),
                me: self.me,
                players: self.players,
                placement: self.placement,
                deck: *deck,
                fan: *fan,
                hand_size: *hand_size,
            }),
        }
    }
}

impl World {
    /// Applies the viewer's `action`, then plays the deal to its end; the points of the deal.
    pub fn run<R: Rng>(mut self, action: &Action, policy: Playout, rng: &mut R) -> Points {
        match &mut self {
            World::Fast(w) => {
                w.apply(action, policy, rng);
                w.finish(policy, rng)
            }
            World::Full(w) => {
                w.apply(action, policy, rng);
                w.finish(policy, rng)
            }
            World::Draft(w) => w.run(action, policy, rng),
        }
    }

    /// Lets each seat play its style in this world's playouts (a draft plays everyone like
    /// `greedy`); the seats of `steady` (a bit per seat) play it without random cards.
    pub fn set_styles(&mut self, styles: &Styles, steady: u32) {
        match self {
            World::Fast(w) => (w.styles, w.steady) = (*styles, steady),
            World::Full(w) => (w.styles, w.steady) = (*styles, steady),
            World::Draft(_) => {}
        }
    }

    /// Applies the viewer's `action` and plays only the rest of the current turn (or, for a
    /// draft pick, nothing); the points of the deal so far.
    pub fn one_turn<R: Rng>(mut self, action: &Action, policy: Playout, rng: &mut R) -> Points {
        match &mut self {
            World::Fast(w) => {
                w.apply(action, policy, rng);
                w.points()
            }
            World::Full(w) => {
                w.apply(action, policy, rng);
                w.points
            }
            World::Draft(_) => [0; MAX_SEATS],
        }
    }
}
