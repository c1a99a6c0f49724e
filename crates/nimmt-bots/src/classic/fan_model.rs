//! The rows as `greedy` sees them with a fan card on the table. `greedy` samples its turns under
//! the fan card's rules, while its model ([`Mimic`](super::mimic::Mimic)) reads the plain rows
//! of a [`Kernel`]; this module bends those rows towards the cow and the mountain so that the
//! model names `greedy`'s card more often: the cow fills a place of its row (F4), and the
//! mountain's row takes lower cards as a left end does and no higher ones (F3). Even-odd (F2)
//! keeps the plain rows: refusing the marked row to a card of the other parity named more of
//! `greedy`'s cards but did not play better (`docs/bots.md`). The Zahlendreher (F5) has no
//! marker; `greedy` spends it when a card's changed value is cheaper this turn than any card
//! played plain ([`zahlendreher`]).

use super::mimic::Mimic;
use nimmt_core::games::classic::kernel::{KRow, Kernel};
use nimmt_core::games::classic::{swapped_digits, Marker, Placement, Rows};

/// The plain rows of `rows` as a kernel for `players` seats (no hands): what the styles judge.
pub fn plain_rows(rows: &Rows, placement: Placement, players: usize) -> Kernel {
    let mut k = Kernel::empty(players, placement);
    for (kr, row) in k.rows.iter_mut().zip(&rows.rows) {
        if let (Some(first), Some(last)) = (row.first(), row.last()) {
            *kr = KRow {
                first: first.number(),
                last: last.number(),
                len: row.len() as u8,
                heads: row.iter().map(|c| c.bull_heads()).sum(),
            };
        }
    }
    k
}

/// The rows as the model of `greedy` reads them for `players` seats, where the fan card bends
/// them (the cow, the mountain; see the module documentation).
pub fn fan_rows(rows: &Rows, placement: Placement, players: usize) -> Option<Kernel> {
    let mut k = plain_rows(rows, placement, players);
    match rows.marker? {
        // The cow fills a place of its row.
        Marker::Cow { row } => k.rows[row].len += 1,
        Marker::Mountain { row, .. } if placement == Placement::Right => {
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
        Marker::Mountain { row, .. } => {
            // With both ends the row's left end takes the higher cards: the model cannot read
            // two left ends, so the row takes nothing (no card lies above 104 or below 0).
            k.rows[row].last = u8::MAX;
            k.rows[row].first = 0;
        }
        Marker::EvenOdd { .. } => return None,
    }
    Some(k)
}

/// The card of `hand` (numbers) that `greedy`, holding its Zahlendreher, plays with the digits
/// swapped (F5), if any: `greedy` spends it only when a changed value costs less this turn, or
/// as much with a smaller certain cost, than `plain`, the hand's best card played plain. Among
/// such cards the one the model rates best.
pub fn zahlendreher(m: &Mimic<'_>, hand: &[u8], plain: usize) -> Option<usize> {
    let (cost, certain, _) = m.key(*hand.get(plain)?);
    // No gap lies below 0: to beat the plain card a changed value needs a lower cost or certain
    // cost; after that the best changed value so far is the one to beat.
    let mut low = (cost, certain, 0);
    let mut best = None;
    for (i, &c) in hand.iter().enumerate() {
        // A value the swap leaves as it is (11, 22, …, 100–104) changes nothing.
        let value = swapped_digits(c);
        if value == c {
            continue;
        }
        let key = m.key(value);
        if key < low {
            low = key;
            best = Some(i);
        }
    }
    best
}
