//! The answers of `greedy` and the styles to the decisions that are not a choice of cards to
//! play: the row to take for a low card, and the card to pick in a draft.

use nimmt_core::games::classic::{Action, Decision, PhaseView, View};
use nimmt_core::Card;

/// The open card farthest from every card of the hand; ties: fewer bull heads, then lower.
fn draft_pick(pool: &[Card], hand: &[Card]) -> Card {
    *pool
        .iter()
        .min_by_key(|c| {
            let spread = hand
                .iter()
                .map(|h| h.number().abs_diff(c.number()))
                .min()
                .unwrap_or(u8::MAX);
            (std::cmp::Reverse(spread), c.bull_heads(), c.number())
        })
        .expect("an open card")
}

/// The answer of `greedy` and the styles to everything but a choice of cards: for a low card
/// the row with the fewest bull heads (C6), in a draft [`draft_pick`], else the first legal
/// action.
pub(crate) fn row_or_pick(view: &View, legal: &[Action]) -> Action {
    match (view.asked, &view.phase) {
        (Some(Decision::TakeRow), _) => Action::TakeRow {
            row: view.rows.cheapest_row(),
        },
        (Some(Decision::DraftPick), PhaseView::Draft { pool, .. }) => Action::Draft {
            card: draft_pick(pool, &view.hand),
        },
        _ => legal[0],
    }
}
