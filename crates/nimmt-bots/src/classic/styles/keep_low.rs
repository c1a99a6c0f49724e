//! `keep-low`: keep the low cards for later, to start a cheap row when it suits. The least
//! expected penalty this turn, with a card of 30 or below counted two bull heads dearer; ties:
//! the card closest to its row.

use super::Key;
use crate::classic::mimic::Mimic;

/// Cards up to this are kept back.
const LOW: u8 = 30;
/// What playing one of them counts as costing.
const KEEP: f32 = 2.0;

pub(super) fn key(m: &Mimic<'_>, c: u8) -> Key {
    let (cost, certain, gap) = m.key(c);
    let kept = if c <= LOW { KEEP } else { 0.0 };
    (cost + kept, certain as f32, gap as f32)
}
