//! The rows as `greedy` sees them with a fan card on the table. `greedy` samples its turns under
//! the fan card's rules, while its model ([`Mimic`](super::world::Mimic)) reads the plain rows
//! of a [`Kernel`]; this module bends those rows towards the fan card so that the model names
//! `greedy`'s card more often: the cow fills a place of its row (F4), the mountain's row takes
//! lower cards as a left end does and no higher ones (F3), and the even-odd row refuses a card
//! of the other parity (F2). The Zahlendreher (F5) has no marker and changes nothing here.

use nimmt_core::games::classic::kernel::{KRow, Kernel};
use nimmt_core::games::classic::{Marker, Placement, Rows};

/// The plain rows of `rows` as a kernel for `players` seats, bent for cards of parity `even`
/// (see the module documentation).
pub fn fan_rows(rows: &Rows, placement: Placement, players: usize, even: bool) -> Kernel {
    let mut k = Kernel::empty(players, placement);
    for (r, (kr, row)) in k.rows.iter_mut().zip(&rows.rows).enumerate() {
        if let (Some(first), Some(last)) = (row.first(), row.last()) {
            *kr = KRow {
                first: first.number(),
                last: last.number(),
                len: rows.items(r) as u8,
                heads: row.iter().map(|c| c.bull_heads()).sum(),
            };
        }
    }
    let refuse = |row: &mut KRow| {
        // No card lies above 104 (and with both ends none below 0): the row takes nothing.
        row.last = u8::MAX;
        row.first = 0;
    };
    match rows.marker {
        Some(Marker::Mountain { row, .. }) if placement == Placement::Right => {
            // The mountain's row runs downhill: it takes lower cards the way a left end does
            // (the closest lower card first, and a lower card laid before another one takes
            // its place), so it is read as the only left end on the table.
            k.placement = Placement::BothEnds;
            for (r, kr) in k.rows.iter_mut().enumerate() {
                if r == row {
                    kr.first = kr.last;
                    kr.last = u8::MAX;
                } else {
                    kr.first = 0;
                }
            }
        }
        Some(Marker::Mountain { row, .. }) => refuse(&mut k.rows[row]),
        Some(Marker::EvenOdd { row, even: marked }) if marked != even => refuse(&mut k.rows[row]),
        _ => {}
    }
    k
}
