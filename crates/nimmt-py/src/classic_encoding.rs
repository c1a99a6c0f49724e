//! Classic's own encoding: cards by number, so one action number means the same card in every
//! state (`docs/python.md` has the layout).

use crate::encoding::TypedEncoding;
use nimmt_core::games::classic::{Action, Classic, Decision, PhaseView, View, ROWS};
use nimmt_core::Seat;

/// Cards in the classic deck.
const CARDS: usize = 104;
/// Most seats at a classic table.
const SEATS: usize = 10;

/// Where each part of a classic observation starts.
pub mod classic_layout {
    use super::{CARDS, ROWS, SEATS};
    /// 1 for each card in the seat's hand (card n at HAND + n − 1).
    pub const HAND: usize = 0;
    /// 1 for each card seen this deal: on the rows, taken, revealed.
    pub const SEEN: usize = HAND + CARDS;
    /// 1 for each card lying open in the draft.
    pub const POOL: usize = SEEN + CARDS;
    /// Per row: first card / 104, last card / 104, cards / 5, bull heads / 30.
    pub const ROW_FEATURES: usize = POOL + CARDS;
    /// What the seat is asked: play a card, take a row, pick from the draft.
    pub const ASKED: usize = ROW_FEATURES + 4 * ROWS;
    /// Points taken this deal / 66, by seat from the observer on (the observer first).
    pub const DEAL_POINTS: usize = ASKED + 3;
    /// Points of the finished deals / 66, by seat from the observer on.
    pub const TOTALS: usize = DEAL_POINTS + SEATS;
    /// Cards in each hand / hand size, by seat from the observer on.
    pub const HAND_SIZES: usize = TOTALS + SEATS;
    /// Turn of the deal / hand size.
    pub const TURN: usize = HAND_SIZES + SEATS;
    /// 1 while the observer still holds its Zahlendreher.
    pub const SWAP_LEFT: usize = TURN + 1;
    /// Length of the observation.
    pub const SIZE: usize = SWAP_LEFT + 1;

    /// Play card n: action n − 1.
    pub const PLAY: usize = 0;
    /// Play card n with the Zahlendreher: PLAY_SWAPPED + n − 1.
    pub const PLAY_SWAPPED: usize = CARDS;
    /// Take row r: TAKE_ROW + r.
    pub const TAKE_ROW: usize = 2 * CARDS;
    /// Pick card n from the draft: DRAFT + n − 1.
    pub const DRAFT: usize = TAKE_ROW + ROWS;
    /// Number of actions.
    pub const ACTIONS: usize = DRAFT + CARDS;
}

/// Classic: cards by number, so one action number means the same card in every state.
pub struct ClassicEncoding;

/// The action number of a classic action.
pub fn classic_action_index(action: &Action) -> usize {
    use classic_layout::*;
    match *action {
        Action::Play { card, swap: false } => PLAY + card.number() as usize - 1,
        Action::Play { card, swap: true } => PLAY_SWAPPED + card.number() as usize - 1,
        Action::TakeRow { row } => TAKE_ROW + row,
        Action::Draft { card } => DRAFT + card.number() as usize - 1,
    }
}

/// Writes a classic view as numbers (see [`classic_layout`]).
pub fn observe_classic(view: &View, out: &mut [f32]) {
    use classic_layout::*;
    out.fill(0.0);
    let mark = |out: &mut [f32], at: usize, card: u8| out[at + card as usize - 1] = 1.0;
    for c in &view.hand {
        mark(out, HAND, c.number());
    }
    for row in &view.rows.rows {
        for c in row {
            mark(out, SEEN, c.number());
        }
    }
    for c in view.taken.iter().flatten() {
        mark(out, SEEN, c.number());
    }
    for p in view.played.iter().flatten() {
        mark(out, SEEN, p.card.number());
    }
    match &view.phase {
        PhaseView::Draft { pool, .. } => {
            for c in pool {
                mark(out, POOL, c.number());
            }
        }
        PhaseView::Place { queue } => {
            for p in queue {
                mark(out, SEEN, p.card.number());
            }
        }
        PhaseView::Choose { .. } | PhaseView::Over => {}
    }
    for (r, row) in view.rows.rows.iter().enumerate() {
        let at = ROW_FEATURES + 4 * r;
        if let (Some(first), Some(last)) = (row.first(), row.last()) {
            out[at] = f32::from(first.number()) / CARDS as f32;
            out[at + 1] = f32::from(last.number()) / CARDS as f32;
        }
        out[at + 2] = row.len() as f32 / 5.0;
        out[at + 3] = view.rows.heads(r) as f32 / 30.0;
    }
    match view.asked {
        Some(Decision::PlayCard) => out[ASKED] = 1.0,
        Some(Decision::TakeRow) => out[ASKED + 1] = 1.0,
        Some(Decision::DraftPick) => out[ASKED + 2] = 1.0,
        None => {}
    }
    let n = view.players;
    let me = view.seat().map_or(0, Seat::index);
    let hand_size = f32::from(view.options.hand_size.max(1));
    for i in 0..n.min(SEATS) {
        let s = (me + i) % n;
        out[DEAL_POINTS + i] = view.deal_points.get(s).copied().unwrap_or(0) as f32 / 66.0;
        out[TOTALS + i] = view.totals.get(s).copied().unwrap_or(0) as f32 / 66.0;
        out[HAND_SIZES + i] = view.hand_sizes.get(s).copied().unwrap_or(0) as f32 / hand_size;
    }
    out[TURN] = view.turn as f32 / hand_size;
    out[SWAP_LEFT] = f32::from(u8::from(view.swap_left.get(me).copied().unwrap_or(false)));
}

impl TypedEncoding for ClassicEncoding {
    type Game = Classic;
    const SIZE: usize = classic_layout::SIZE;
    const ACTIONS: usize = classic_layout::ACTIONS;

    fn index(action: &Action) -> usize {
        classic_action_index(action)
    }

    fn observe_view(view: &View, out: &mut [f32]) {
        observe_classic(view, out);
    }
}
