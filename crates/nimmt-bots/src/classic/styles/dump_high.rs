//! `dump-high`: get rid of the high cards early. The highest card whose expected penalty this
//! turn is below one bull head; when every card is riskier, the least risky.

use super::Key;
use crate::classic::mimic::Mimic;

/// Expected penalties below this count as safe enough to dump the card.
const SAFE: f32 = 1.0;

pub(super) fn key(m: &Mimic<'_>, c: u8) -> Key {
    let (cost, certain, _) = m.key(c);
    let risk = if cost < SAFE { 0.0 } else { cost };
    (risk, certain as f32, -(c as f32))
}
