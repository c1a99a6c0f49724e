//! What one seat sees at a decision of classic 6 nimmt!, in the plain numbers the network's
//! inputs are made of: its hand, the rows, the cards revealed this turn, the cards it has not
//! seen, the points of every seat counted from its own seat.

use super::super::net::{hand_features, view_kernel, Features};
use crate::classic::mimic::Mimic;
use nimmt_core::games::classic::{Decision, PhaseView, View, ROWS};

/// The seats the value and belief heads have outputs for (the viewer first, then the others in
/// seat order); a larger table shares the last one.
pub const SEATS: usize = 4;
/// The cards of the deck, `1..=CARDS`.
pub const CARDS: usize = 104;

/// One seat's decision as the network sees it. Seats are counted from the viewer (offset 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub players: u8,
    /// Asked which row to take (its card fits no row); otherwise which card to play.
    pub take_row: bool,
    /// The hand, sorted.
    pub hand: Vec<u8>,
    pub rows: [Vec<u8>; ROWS],
    /// The cards revealed this turn and not laid yet, in the order they are laid, with the seat
    /// offset of who played them (when taking a row, the viewer's own card comes first).
    pub queue: Vec<(u8, u8)>,
    /// The cards the viewer has not seen (in another hand or out of play).
    pub unseen: u128,
    /// Points taken this deal and points of the finished deals, by seat offset.
    pub deal_points: [u16; SEATS],
    pub totals: [u16; SEATS],
    /// The learned model `net`'s inputs for every card of the hand (card decisions only).
    pub hand_inputs: Vec<Features>,
}

impl Position {
    /// The position of the seat of `view`, which must be asked to play a card or take a row.
    pub fn from_view(view: &View) -> Position {
        let me = view.seat().map_or(0, |s| s.index());
        let players = view.players;
        let offset = |seat: usize| ((seat + players - me) % players) as u8;
        let hand: Vec<u8> = view.hand.iter().map(|c| c.number()).collect();
        let rows = std::array::from_fn(|r| view.rows.rows[r].iter().map(|c| c.number()).collect());
        let queue = match &view.phase {
            PhaseView::Place { queue } => queue
                .iter()
                .map(|p| (p.card.number(), offset(p.seat.index())))
                .collect(),
            _ => Vec::new(),
        };
        let mut unseen = 0u128;
        for c in view.unseen_cards() {
            unseen |= 1 << c.number();
        }
        let mut deal_points = [0u16; SEATS];
        let mut totals = [0u16; SEATS];
        for seat in 0..players {
            let o = usize::from(offset(seat)).min(SEATS - 1);
            deal_points[o] = deal_points[o].max(view.deal_points[seat] as u16);
            totals[o] = totals[o].max(view.totals.get(seat).copied().unwrap_or(0) as u16);
        }
        let take_row = view.asked == Some(Decision::TakeRow);
        let hand_inputs = if take_row || hand.is_empty() {
            Vec::new()
        } else {
            let (k, unseen) = view_kernel(view);
            hand_features(&Mimic::new(&k, unseen), &hand)
        };
        Position {
            players: players as u8,
            take_row,
            hand,
            rows,
            queue,
            unseen: unseen & !hand_mask_of(view),
            deal_points,
            totals,
            hand_inputs,
        }
    }

    /// The cards of the hand, a bit per card.
    pub fn hand_mask(&self) -> u128 {
        self.hand.iter().fold(0, |m, &c| m | 1 << c)
    }
}

fn hand_mask_of(view: &View) -> u128 {
    view.hand.iter().fold(0, |m, c| m | 1 << c.number())
}
