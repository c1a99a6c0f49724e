//! Simulated deals that bots play out: one determinized world (every hidden card given a place)
//! in which a decision is applied and the rest of the deal is played by a playout policy.
//!
//! Without a fan card worlds run on the engine's allocation-free [`Kernel`]; with a fan card they
//! run on the general placement rules of [`Rows`] (markers, the cow, the *Zahlendreher*).

use super::fan_model::{fan_rows, plain_rows, zahlendreher};
use super::mimic::{mimic_index, quantize, Mimic};
use super::styles::Style;
use nimmt_core::games::classic::kernel::{Kernel, LowRow, MAX_HAND, MAX_SEATS};
use nimmt_core::games::classic::{
    can_swap, Action, Deck, Fan, PhaseView, Placement, Play, Rows, View, ROWS, ROW_CAPACITY,
};
use nimmt_core::{Card, Seat};

/// Each seat's style in a playout.
pub type Styles = [Style; MAX_SEATS];
use rand::seq::SliceRandom;
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

/// A world on the kernel (no fan card).
#[derive(Clone, Debug)]
pub struct FastWorld {
    k: Kernel,
    /// Cards no seat has seen revealed: the hands and the cards out of play (a bit per card).
    hidden: u128,
    me: usize,
    base: Points,
    /// The viewer's low card waiting for its row, if the decision is a row.
    low: Option<u8>,
    /// The revealed cards after it: (seat, card).
    rest: [(u8, u8); MAX_SEATS],
    rest_len: u8,
    /// How each seat plays in the playouts under `Mimic` (the viewer's own entry unused).
    styles: Styles,
    /// The seats that play their style without random cards (a bit per seat).
    steady: u32,
}

impl FastWorld {
    fn apply<R: Rng>(&mut self, action: &Action, policy: Playout, rng: &mut R) {
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

    fn finish<R: Rng>(&mut self, policy: Playout, rng: &mut R) -> Points {
        playout_fast(
            &mut self.k,
            self.me,
            (policy, &self.styles, self.steady),
            &mut self.hidden,
            rng,
        );
        self.points()
    }

    fn points(&self) -> Points {
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

/// A world on the general rows (a fan card is in play).
#[derive(Clone, Debug)]
pub struct FullWorld {
    rows: Rows,
    placement: Placement,
    hands: Vec<Vec<Card>>,
    swap_left: Vec<bool>,
    points: Points,
    me: usize,
    /// The revealed cards still to be laid; the first is the viewer's low card.
    queue: Vec<Play>,
    /// Cards no seat has seen revealed (see [`FastWorld`]).
    hidden: u128,
    /// How each seat plays in the playouts under `Mimic`.
    styles: Styles,
    /// The seats that play their style without random cards (a bit per seat).
    steady: u32,
}

impl FullWorld {
    fn apply<R: Rng>(&mut self, action: &Action, policy: Playout, rng: &mut R) {
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

    fn finish<R: Rng>(&mut self, policy: Playout, rng: &mut R) -> Points {
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

/// A world in the middle of a draft (C4): the pool lies open, every hand is known.
#[derive(Clone, Debug)]
pub struct DraftWorld {
    pool: Vec<Card>,
    hands: Vec<Vec<Card>>,
    me: usize,
    players: usize,
    placement: Placement,
    deck: Deck,
    fan: Option<Fan>,
    hand_size: usize,
}

impl DraftWorld {
    /// Picks `action`'s card, lets everyone complete the draft with random picks, lays the rows
    /// and plays the deal.
    fn run<R: Rng>(&mut self, action: &Action, policy: Playout, rng: &mut R) -> Points {
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
