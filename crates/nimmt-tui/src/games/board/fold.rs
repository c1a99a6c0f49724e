//! How the Brettspiel screen's picture follows the events between two views: each event says
//! what it changed (the field a tile lies on, the row after a push, the score after a move, the
//! supply left), and this copies it into the view shown. No rule is worked out here.

use nimmt_core::games::board::{Event, StageView, View};

/// Copies what `event` changed into `view`.
pub fn fold(view: &mut View, event: &Event) {
    let me = view.seat();
    match event {
        Event::TilesDealt { seat, tiles } if Some(*seat) == me => view.hand = tiles.clone(),
        Event::Dealt { supply, .. } => view.supply_size = *supply,
        Event::RoundStarted { round, .. } => view.round = *round,
        Event::Laid {
            tile, row, field, ..
        } => {
            if let Some(c) = view
                .rows
                .get_mut(*row)
                .and_then(|r| r.cells.get_mut(*field))
            {
                *c = Some(*tile);
            }
        }
        Event::LaidAtStart { row, cells, .. } => {
            if let Some(r) = view.rows.get_mut(*row) {
                r.cells = cells.clone();
            }
        }
        Event::StopPlaced { row, .. } => {
            if let Some(r) = view.rows.get_mut(*row) {
                r.stop = true;
            }
        }
        Event::StopsRemoved => view.rows.iter_mut().for_each(|r| r.stop = false),
        Event::RowTaken {
            row,
            tiles,
            to_screen,
            ..
        } => {
            if let Some(r) = view.rows.get_mut(*row) {
                r.cells.iter_mut().for_each(|c| *c = None);
            }
            if !to_screen {
                view.boxed.extend(tiles);
                view.boxed.sort_unstable();
            }
        }
        Event::RowOpened { tile, row, .. } => {
            if let Some(c) = view.rows.get_mut(*row).and_then(|r| r.cells.first_mut()) {
                *c = Some(*tile);
            }
        }
        Event::Scored { seat, score, .. } => {
            if let Some(s) = view.scores.get_mut(seat.index()) {
                *s = *score;
            }
        }
        Event::TileDrawn { supply, .. } => view.supply_size = *supply,
        Event::ActionCardDrawn { stack, .. } => view.action_stack_size = *stack,
        Event::ActionCardsReshuffled { cards } => {
            view.action_stack_size = *cards;
            view.action_discard.clear();
        }
        Event::LuckCardPlayed { seat, card } => {
            if let Some(hand) = view.luck_hands.get_mut(seat.index()) {
                if let Some(i) = hand.iter().position(|c| c == card) {
                    hand.remove(i);
                }
            }
            view.luck_stacks.put_back(*card);
        }
        Event::LuckCardTaken { seat, card } => {
            if let Some(hand) = view.luck_hands.get_mut(seat.index()) {
                hand.push(*card);
                hand.sort();
            }
            view.luck_stacks.take(*card);
        }
        Event::RoundEnded { scores, .. } => {
            view.scores = scores.clone();
            view.history.push(scores.clone());
        }
        Event::GameEnded { outcome } => {
            view.scores = outcome.scores.clone();
            view.outcome = Some(outcome.clone());
            view.stage = StageView::Over;
            view.asked = None;
        }
        _ => {}
    }
}
