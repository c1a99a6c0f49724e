//! `greedy-high`: the least expected penalty this turn, as `greedy` reckons it, but among cards
//! of the same risk the highest goes first (high cards are the ones that end up taking rows).

use super::Key;
use crate::classic::mimic::Mimic;

pub(super) fn key(m: &Mimic<'_>, c: u8) -> Key {
    let (cost, certain, _) = m.key(c);
    (cost, certain as f32, -(c as f32))
}
