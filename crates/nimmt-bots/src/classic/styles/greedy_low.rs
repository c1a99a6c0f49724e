//! `greedy-low`: the least expected penalty this turn, as `greedy` reckons it, but among cards
//! of the same risk the lowest goes first (the high ones are kept to end rows later).

use super::Key;
use crate::classic::mimic::Mimic;

pub(super) fn key(m: &Mimic<'_>, c: u8) -> Key {
    let (cost, certain, _) = m.key(c);
    (cost, certain as f32, c as f32)
}
