//! Fixed-size numeric observations and numbered actions, for learning code: what
//! `nimmt.pettingzoo` and `nimmt.gymnasium` hand to a policy. A game's own encoding works on
//! its typed views and actions ([`TypedEncoding`]); the generic one reads the JSON view.
//! `docs/python.md` documents every layout; `encodings` picks each game's.

use nimmt_core::{Game, GameKind, Rules, Seat, Viewer};
use serde_json::Value;
use std::marker::PhantomData;

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

/// A game's own encoding, from its typed views and actions: one number per kind of action, so
/// a number means the same in every state.
pub trait TypedEncoding: Send + Sync + 'static {
    type Game: Rules;
    /// Length of an observation.
    const SIZE: usize;
    /// Number of actions.
    const ACTIONS: usize;
    /// The number of an action.
    fn index(action: &<Self::Game as Rules>::Action) -> usize;
    /// Writes a view as numbers (`SIZE` long).
    fn observe_view(view: &<Self::Game as Rules>::View, out: &mut [f32]);
}

/// The [`Encoding`] of a [`TypedEncoding`].
pub struct Typed<E>(PhantomData<fn() -> E>);

impl<E: TypedEncoding> Typed<E> {
    pub const NEW: Typed<E> = Typed(PhantomData);

    fn rules(game: &Game) -> &E::Game {
        game.downcast_ref::<E::Game>()
            .expect("a game's encoding is used for that game")
    }
}

impl<E: TypedEncoding> Encoding for Typed<E> {
    fn observation_size(&self) -> usize {
        E::SIZE
    }

    fn action_count(&self) -> usize {
        E::ACTIONS
    }

    fn observe(&self, game: &Game, seat: Seat, out: &mut [f32]) {
        E::observe_view(&Rules::view(Self::rules(game), Viewer::Seat(seat)), out);
    }

    fn mask(&self, game: &Game, seat: Seat, out: &mut [u8]) {
        out.fill(0);
        for a in Rules::legal_actions(Self::rules(game), seat) {
            out[E::index(&a)] = 1;
        }
    }

    fn action(&self, game: &Game, seat: Seat, index: usize) -> Option<Value> {
        Rules::legal_actions(Self::rules(game), seat)
            .into_iter()
            .find(|a| E::index(a) == index)
            .map(|a| serde_json::to_value(a).expect("actions serialize"))
    }
}

/// The most legal actions a seat of `kind` is offered at once, with room to spare: the size of
/// the generic action space.
pub fn generic_action_count(kind: GameKind) -> usize {
    match kind.name() {
        "board" => 512,
        // The team's uses of the special cards: every combination the rules allow.
        "buffalo" => 16_384,
        _ => 128,
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
pub struct GenericEncoding {
    pub actions: usize,
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
