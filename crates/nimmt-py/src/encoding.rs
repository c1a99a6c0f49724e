//! Fixed-size numeric observations and numbered actions of every game, for learning code: what
//! `nimmt.pettingzoo` and `nimmt.gymnasium` hand to a policy. Classic has an encoding of its
//! own (cards by number); the other games share a generic one read from the JSON view.
//! `docs/python.md` documents every layout.

use nimmt_core::games::classic::{Action, Classic, Decision, PhaseView, View, ROWS};
use nimmt_core::{Game, GameKind, Rules, Seat, Viewer};
use serde_json::Value;

/// How one game's views become numbers and numbers become its actions.
pub trait Encoding: Send + Sync {
    /// Length of one seat's observation.
    fn observation_size(&self) -> usize;
    /// Number of actions (the length of the action mask).
    fn action_count(&self) -> usize;
    /// Writes `seat`'s observation into `out` (`observation_size` long).
    fn observe(&self, game: &Game, seat: Seat, out: &mut [f32]);
    /// Writes 1 for each action `seat` may take now, 0 elsewhere (`action_count` long).
    fn mask(&self, game: &Game, seat: Seat, out: &mut [u8]);
    /// The action of number `index` for `seat` now, if that number stands for a legal action.
    fn action(&self, game: &Game, seat: Seat, index: usize) -> Option<Value>;
}

/// The encoding of a game.
pub fn encoding(kind: GameKind) -> Box<dyn Encoding> {
    if kind == GameKind::new("classic") {
        Box::new(ClassicEncoding)
    } else if kind == GameKind::new("help") {
        Box::new(crate::help_encoding::HelpEncoding)
    } else {
        Box::new(GenericEncoding {
            actions: generic_action_count(kind),
        })
    }
}

/// The most legal actions a seat of `kind` is offered at once, with room to spare: the size of
/// the generic action space.
fn generic_action_count(kind: GameKind) -> usize {
    match kind.name() {
        "board" => 512,
        // The team's uses of the special cards: every combination the rules allow.
        "buffalo" => 16_384,
        _ => 128,
    }
}

/// Cards in the classic deck.
const CARDS: usize = 104;
/// Most seats at a classic table.
const SEATS: usize = 10;

/// Where each part of a classic observation starts.
pub mod classic_layout {
    use super::{CARDS, ROWS, SEATS};
    /// 1 for each card in the seat's hand (card n at HAND + n − 1).
    pub const HAND: usize = 0;
    /// 1 for each card seen this deal: on the rows, taken, revealed.
    pub const SEEN: usize = HAND + CARDS;
    /// 1 for each card lying open in the draft.
    pub const POOL: usize = SEEN + CARDS;
    /// Per row: first card / 104, last card / 104, cards / 5, bull heads / 30.
    pub const ROW_FEATURES: usize = POOL + CARDS;
    /// What the seat is asked: play a card, take a row, pick from the draft.
    pub const ASKED: usize = ROW_FEATURES + 4 * ROWS;
    /// Points taken this deal / 66, by seat from the observer on (the observer first).
    pub const DEAL_POINTS: usize = ASKED + 3;
    /// Points of the finished deals / 66, by seat from the observer on.
    pub const TOTALS: usize = DEAL_POINTS + SEATS;
    /// Cards in each hand / hand size, by seat from the observer on.
    pub const HAND_SIZES: usize = TOTALS + SEATS;
    /// Turn of the deal / hand size.
    pub const TURN: usize = HAND_SIZES + SEATS;
    /// 1 while the observer still holds its Zahlendreher.
    pub const SWAP_LEFT: usize = TURN + 1;
    /// Length of the observation.
    pub const SIZE: usize = SWAP_LEFT + 1;

    /// Play card n: action n − 1.
    pub const PLAY: usize = 0;
    /// Play card n with the Zahlendreher: PLAY_SWAPPED + n − 1.
    pub const PLAY_SWAPPED: usize = CARDS;
    /// Take row r: TAKE_ROW + r.
    pub const TAKE_ROW: usize = 2 * CARDS;
    /// Pick card n from the draft: DRAFT + n − 1.
    pub const DRAFT: usize = TAKE_ROW + ROWS;
    /// Number of actions.
    pub const ACTIONS: usize = DRAFT + CARDS;
}

/// Classic: cards by number, so one action number means the same card in every state.
struct ClassicEncoding;

fn classic(game: &Game) -> &Classic {
    game.downcast_ref::<Classic>()
        .expect("the classic encoding is used for classic games")
}

/// The action number of a classic action.
pub fn classic_action_index(action: &Action) -> usize {
    use classic_layout::*;
    match *action {
        Action::Play { card, swap: false } => PLAY + card.number() as usize - 1,
        Action::Play { card, swap: true } => PLAY_SWAPPED + card.number() as usize - 1,
        Action::TakeRow { row } => TAKE_ROW + row,
        Action::Draft { card } => DRAFT + card.number() as usize - 1,
    }
}

/// Writes a classic view as numbers (see [`classic_layout`]).
pub fn observe_classic(view: &View, out: &mut [f32]) {
    use classic_layout::*;
    out.fill(0.0);
    let mark = |out: &mut [f32], at: usize, card: u8| out[at + card as usize - 1] = 1.0;
    for c in &view.hand {
        mark(out, HAND, c.number());
    }
    for row in &view.rows.rows {
        for c in row {
            mark(out, SEEN, c.number());
        }
    }
    for c in view.taken.iter().flatten() {
        mark(out, SEEN, c.number());
    }
    for p in view.played.iter().flatten() {
        mark(out, SEEN, p.card.number());
    }
    match &view.phase {
        PhaseView::Draft { pool, .. } => {
            for c in pool {
                mark(out, POOL, c.number());
            }
        }
        PhaseView::Place { queue } => {
            for p in queue {
                mark(out, SEEN, p.card.number());
            }
        }
        PhaseView::Choose { .. } | PhaseView::Over => {}
    }
    for (r, row) in view.rows.rows.iter().enumerate() {
        let at = ROW_FEATURES + 4 * r;
        if let (Some(first), Some(last)) = (row.first(), row.last()) {
            out[at] = f32::from(first.number()) / CARDS as f32;
            out[at + 1] = f32::from(last.number()) / CARDS as f32;
        }
        out[at + 2] = row.len() as f32 / 5.0;
        out[at + 3] = view.rows.heads(r) as f32 / 30.0;
    }
    match view.asked {
        Some(Decision::PlayCard) => out[ASKED] = 1.0,
        Some(Decision::TakeRow) => out[ASKED + 1] = 1.0,
        Some(Decision::DraftPick) => out[ASKED + 2] = 1.0,
        None => {}
    }
    let n = view.players;
    let me = view.seat().map_or(0, Seat::index);
    let hand_size = f32::from(view.options.hand_size.max(1));
    for i in 0..n.min(SEATS) {
        let s = (me + i) % n;
        out[DEAL_POINTS + i] = view.deal_points.get(s).copied().unwrap_or(0) as f32 / 66.0;
        out[TOTALS + i] = view.totals.get(s).copied().unwrap_or(0) as f32 / 66.0;
        out[HAND_SIZES + i] = view.hand_sizes.get(s).copied().unwrap_or(0) as f32 / hand_size;
    }
    out[TURN] = view.turn as f32 / hand_size;
    out[SWAP_LEFT] = f32::from(u8::from(view.swap_left.get(me).copied().unwrap_or(false)));
}

impl Encoding for ClassicEncoding {
    fn observation_size(&self) -> usize {
        classic_layout::SIZE
    }

    fn action_count(&self) -> usize {
        classic_layout::ACTIONS
    }

    fn observe(&self, game: &Game, seat: Seat, out: &mut [f32]) {
        observe_classic(&Rules::view(classic(game), Viewer::Seat(seat)), out);
    }

    fn mask(&self, game: &Game, seat: Seat, out: &mut [u8]) {
        out.fill(0);
        for a in Rules::legal_actions(classic(game), seat) {
            out[classic_action_index(&a)] = 1;
        }
    }

    fn action(&self, game: &Game, seat: Seat, index: usize) -> Option<Value> {
        Rules::legal_actions(classic(game), seat)
            .into_iter()
            .find(|a| classic_action_index(a) == index)
            .map(|a| serde_json::to_value(a).expect("actions serialize"))
    }
}

/// Length of a generic observation.
pub const GENERIC_SIZE: usize = 1024;
/// Every number of an observation lies within ±LIMIT (the bounds of its space).
pub const LIMIT: f64 = 1e6;

/// Any game: the observation is the numbers of the seat's JSON view in document order (numbers
/// as they are within ±[`LIMIT`], true 1, false and null 0, a text a number from 0 to 1 that stands for it),
/// cut or padded with zeros to [`GENERIC_SIZE`]; action i is the i-th of the seat's legal
/// actions.
struct GenericEncoding {
    actions: usize,
}

/// Appends the numbers of a JSON value to `out`, up to its capacity.
fn flatten(value: &Value, out: &mut Vec<f32>, cap: usize) {
    if out.len() >= cap {
        return;
    }
    match value {
        Value::Null => out.push(0.0),
        Value::Bool(b) => out.push(f32::from(u8::from(*b))),
        Value::Number(n) => out.push(n.as_f64().unwrap_or(0.0).clamp(-LIMIT, LIMIT) as f32),
        Value::String(s) => out.push(text_number(s)),
        Value::Array(items) => items.iter().for_each(|v| flatten(v, out, cap)),
        Value::Object(map) => map.values().for_each(|v| flatten(v, out, cap)),
    }
}

/// A number in [0, 1) that stands for a text (FNV-1a, so it is the same in every run).
fn text_number(s: &str) -> f32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in s.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    (h >> 8) as f32 / (1u32 << 24) as f32
}

impl Encoding for GenericEncoding {
    fn observation_size(&self) -> usize {
        GENERIC_SIZE
    }

    fn action_count(&self) -> usize {
        self.actions
    }

    fn observe(&self, game: &Game, seat: Seat, out: &mut [f32]) {
        let mut numbers = Vec::with_capacity(GENERIC_SIZE);
        flatten(&game.view(Viewer::Seat(seat)), &mut numbers, GENERIC_SIZE);
        out.fill(0.0);
        out[..numbers.len()].copy_from_slice(&numbers);
    }

    fn mask(&self, game: &Game, seat: Seat, out: &mut [u8]) {
        out.fill(0);
        let legal = game.legal_actions(seat).len().min(self.actions);
        out[..legal].fill(1);
    }

    fn action(&self, game: &Game, seat: Seat, index: usize) -> Option<Value> {
        game.legal_actions(seat).into_iter().nth(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimmt_core::{OptionMap, Setup};

    fn game(name: &'static str, players: usize, seed: u64) -> Game {
        Game::new(&Setup::new(
            GameKind::new(name),
            players,
            OptionMap::new(),
            seed,
        ))
        .unwrap()
    }

    /// Plays every game to its end by action numbers, several seeds, a different allowed number
    /// each time: the mask names exactly the numbers `action` turns into legal actions, one per
    /// distinct legal action (while they fit the action space).
    #[test]
    fn every_masked_number_is_a_legal_action_to_the_end_of_every_game() {
        for kind in GameKind::all() {
            let d = nimmt_core::registry::find(kind.name())
                .unwrap()
                .descriptor();
            let enc = encoding(kind);
            let mut mask = vec![0u8; enc.action_count()];
            let mut obs = vec![0f32; enc.observation_size()];
            for seed in 0..4u64 {
                let players = (d.players.0.max(2) + seed as usize).min(d.players.1);
                let mut g = game(kind.name(), players, seed);
                let mut steps = 0;
                while let Some((seat, _)) = g.pending().first().cloned() {
                    enc.observe(&g, seat, &mut obs);
                    enc.mask(&g, seat, &mut mask);
                    let legal = g.legal_actions(seat);
                    let mut distinct: Vec<String> = legal.iter().map(Value::to_string).collect();
                    distinct.sort();
                    distinct.dedup();
                    let allowed: Vec<usize> = (0..mask.len()).filter(|&i| mask[i] == 1).collect();
                    assert_eq!(
                        allowed.len(),
                        distinct.len().min(enc.action_count()),
                        "{kind}: the mask counts the legal actions"
                    );
                    for &i in &allowed {
                        let a = enc
                            .action(&g, seat, i)
                            .expect("a masked number is an action");
                        assert!(legal.contains(&a), "{kind}: {a} is legal");
                    }
                    let action = enc
                        .action(&g, seat, allowed[steps % allowed.len()])
                        .unwrap();
                    g.act(seat, &action).unwrap();
                    steps += 1;
                    assert!(steps < 100_000, "{kind} ends");
                }
            }
        }
    }

    #[test]
    fn a_classic_observation_shows_the_hand_and_the_rows() {
        use classic_layout::*;
        let g = game("classic", 4, 7);
        let c = classic(&g);
        let mut obs = vec![0f32; SIZE];
        ClassicEncoding.observe(&g, Seat(1), &mut obs);
        for card in c.hand(Seat(1)) {
            assert_eq!(obs[HAND + card.number() as usize - 1], 1.0);
        }
        assert_eq!(obs[HAND..HAND + CARDS].iter().sum::<f32>(), 10.0);
        assert_eq!(
            obs[SEEN..SEEN + CARDS].iter().sum::<f32>(),
            4.0,
            "the four rows"
        );
        assert_eq!(obs[ASKED], 1.0, "asked to play a card");
        let first = c.rows().rows[0][0].number();
        assert_eq!(obs[ROW_FEATURES], f32::from(first) / 104.0);
    }
}
