//! `cautious`: judges only what is certain. Never a sixth card or a low card if it can help it
//! (the certain penalty first), and no card on a row that already has four cards (one card
//! slipping in before it would make it the sixth); then the card closest to its row.

use super::Key;
use crate::classic::mimic::Mimic;
use nimmt_core::games::classic::ROW_CAPACITY;

pub(super) fn key(m: &Mimic<'_>, c: u8) -> Key {
    let (_, certain, gap) = m.key(c);
    let k = m.kernel();
    let crowded = match k.target(c) {
        Some((r, _)) => k.rows[r].len as usize + 1 >= ROW_CAPACITY,
        None => false,
    };
    (certain as f32, f32::from(u8::from(crowded)), gap as f32)
}
