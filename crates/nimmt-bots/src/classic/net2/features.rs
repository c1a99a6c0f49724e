//! The network's inputs: one token of [`TOKEN`] numbers for every card of the deck (where it
//! is, its bull heads, the row it would join and, for a card of the hand, the learned model
//! `net`'s inputs), the groups the tokens are pooled over, and [`GLOBAL`] numbers for the table.

use super::position::{Position, CARDS, SEATS};
use crate::classic::net::FEATURES;
use nimmt_core::cards::bull_heads;
use nimmt_core::games::classic::ROWS;

/// Numbers per card token.
pub const TOKEN: usize = 24 + FEATURES;
/// Numbers for the whole table.
pub const GLOBAL: usize = 16;
/// The groups the tokens are pooled over: the hand, the rows, the unseen cards and the cards
/// seen elsewhere (taken, or revealed this turn).
pub const GROUPS: usize = 4;
pub const HAND: usize = 0;
pub const UNSEEN: usize = 2;

/// The inputs of one position, card `n` at index `n − 1` of every per-card table.
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    /// `CARDS × TOKEN`.
    pub tokens: Vec<f32>,
    /// `CARDS × GROUPS`: 1 where the card is in the group.
    pub groups: Vec<f32>,
    /// `CARDS × ROWS`: 1 where the card lies in the row.
    pub rows: Vec<f32>,
    pub globals: [f32; GLOBAL],
}

/// The row card `c` joins when laid now and how far above the row's end it is; `None` for a
/// low card.
fn target(rows: &[Vec<u8>; ROWS], c: u8) -> Option<(usize, u8)> {
    rows.iter()
        .enumerate()
        .filter_map(|(r, row)| row.last().filter(|&&end| end < c).map(|&end| (r, c - end)))
        .min_by_key(|&(_, gap)| gap)
}

fn count(mask: u128, lo: u8, hi: u8) -> f32 {
    (lo.saturating_add(1)..hi)
        .filter(|&c| mask >> c & 1 == 1)
        .count() as f32
}

/// The inputs of `p`.
pub fn encode(p: &Position) -> Inputs {
    let mut tokens = vec![0f32; CARDS * TOKEN];
    let mut groups = vec![0f32; CARDS * GROUPS];
    let mut in_rows = vec![0f32; CARDS * ROWS];
    let hand = p.hand_mask();
    let heads_of_row = |r: usize| {
        p.rows[r]
            .iter()
            .map(|&c| f32::from(bull_heads(c)))
            .sum::<f32>()
    };
    for c in 1..=CARDS as u8 {
        let i = usize::from(c) - 1;
        let x = &mut tokens[i * TOKEN..(i + 1) * TOKEN];
        x[0] = f32::from(c) / 104.0;
        x[1] = f32::from(bull_heads(c)) / 7.0;
        let row = p.rows.iter().position(|row| row.contains(&c));
        let group = if hand >> c & 1 == 1 {
            x[2] = 1.0;
            HAND
        } else if let Some(r) = row {
            let at = p.rows[r].iter().position(|&d| d == c).unwrap_or(0);
            x[3 + r] = 1.0;
            x[7] = (at + 1) as f32 / 5.0;
            x[8] = f32::from(u8::from(at + 1 == p.rows[r].len()));
            x[19] = p.rows[r].len() as f32 / 5.0;
            x[20] = heads_of_row(r) / 15.0;
            in_rows[i * ROWS + r] = 1.0;
            1
        } else if p.unseen >> c & 1 == 1 {
            x[10] = 1.0;
            UNSEEN
        } else {
            x[9] = 1.0;
            3
        };
        groups[i * GROUPS + group] = 1.0;
        if let Some(q) = p.queue.iter().position(|&(d, _)| d == c) {
            x[11] = 1.0;
            x[12] = f32::from(u8::from(q == 0 && p.take_row));
            x[21] = f32::from(p.queue[q].1) / 4.0;
        }
        if row.is_none() {
            match target(&p.rows, c) {
                Some((r, gap)) => {
                    x[13 + r] = 1.0;
                    x[18] = f32::from(gap.min(20)) / 20.0;
                    x[19] = p.rows[r].len() as f32 / 5.0;
                    x[20] = heads_of_row(r) / 15.0;
                    let end = c - gap;
                    x[22] = count(p.unseen, end, c) / 10.0;
                    x[23] = count(hand, end, c) / 5.0;
                }
                None => {
                    x[17] = 1.0;
                    x[18] = f32::from(c.min(20)) / 20.0;
                    x[22] = count(p.unseen, 0, c) / 10.0;
                    x[23] = count(hand, 0, c) / 5.0;
                }
            }
        }
        if let Some(h) = p.hand.iter().position(|&d| d == c) {
            if let Some(f) = p.hand_inputs.get(h) {
                x[24..].copy_from_slice(f);
            }
        }
    }
    let mut globals = [0f32; GLOBAL];
    globals[0] = f32::from(p.players) / 10.0;
    globals[1] = p.hand.len() as f32 / 10.0;
    globals[2] = f32::from(u8::from(p.take_row));
    globals[3] = p.unseen.count_ones() as f32 / 50.0;
    for o in 0..SEATS {
        globals[4 + o] = f32::from(p.deal_points[o]) / 20.0;
        globals[8 + o] = f32::from(p.totals[o]) / 66.0;
        globals[12 + o] = f32::from(u8::from(o < usize::from(p.players)));
    }
    Inputs {
        tokens,
        groups,
        rows: in_rows,
        globals,
    }
}
