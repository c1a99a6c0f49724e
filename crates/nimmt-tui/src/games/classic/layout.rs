//! Where each part of the classic table lies at the current size: one layout shared by drawing
//! and mouse hits, so a click lands on exactly what is drawn there.

use super::ClassicApp as App;
use crate::widgets::{contains, inner};
use nimmt_core::games::classic::{PhaseView, ROWS};
use ratatui::layout::Rect;

/// The narrowest terminal the table fits in.
pub const MIN_WIDTH: u16 = 80;
/// Columns a card takes, with the gap after it.
pub const CELL: u16 = 7;
/// Width of the players' panel.
const SCORES_WIDTH: u16 = 24;

/// Where each part of the table is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub header: Rect,
    pub rows: Rect,
    pub scores: Rect,
    pub middle: Rect,
    pub hand: Rect,
    pub status: Rect,
}

/// What a click landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Hand(usize),
    Row(usize),
    Pool(usize),
}

pub(super) fn per_line(width: u16) -> usize {
    (width.saturating_sub(2) / CELL).max(1) as usize
}

/// Cards per line of the draft pool at the current size.
pub fn pool_per_line(app: &App) -> usize {
    per_line(app.width)
}

pub(super) fn pool_len(app: &App) -> Option<usize> {
    match &app.view().phase {
        PhaseView::Draft { pool, .. } => Some(pool.len()),
        _ => None,
    }
}

/// The lines each part needs at the current state and width.
pub(super) fn heights(app: &App) -> (u16, u16, u16) {
    let v = app.view();
    let top = (ROWS.max(v.players + 1) + 2) as u16;
    let middle = match pool_len(app) {
        Some(n) => (n.div_ceil(per_line(app.width)).max(1) + 2) as u16,
        None => 5,
    };
    let hand_cards = (v.options.hand_size as usize).max(v.hand.len()).max(1);
    let hand = (hand_cards.div_ceil(per_line(app.width)) + 2) as u16;
    (top, middle, hand)
}

/// The fewest lines the table needs now.
pub fn min_height(app: &App) -> u16 {
    let (top, middle, hand) = heights(app);
    1 + top + middle + hand + 1
}

/// Whether the table fits in the terminal.
pub fn fits(app: &App) -> bool {
    app.width >= MIN_WIDTH && app.height >= min_height(app)
}

/// The layout of the table in a terminal of the app's size.
pub fn areas(app: &App) -> Areas {
    let (top, middle, hand) = heights(app);
    let w = app.width;
    let header = Rect::new(0, 0, w, 1);
    let rows = Rect::new(0, 1, w.saturating_sub(SCORES_WIDTH), top);
    let scores = Rect::new(rows.width, 1, SCORES_WIDTH.min(w), top);
    // The table panel takes the lines left over.
    let spare = app.height.saturating_sub(min_height(app));
    let middle = Rect::new(0, 1 + top, w, middle + spare);
    let hand = Rect::new(0, middle.y + middle.height, w, hand);
    let status = Rect::new(0, hand.y + hand.height, w, 1);
    Areas {
        header,
        rows,
        scores,
        middle,
        hand,
        status,
    }
}

pub(super) fn cell(area: Rect, i: usize) -> Rect {
    let inner = inner(area);
    let per = per_line(area.width);
    Rect::new(
        inner.x + (i % per) as u16 * CELL,
        inner.y + (i / per) as u16,
        CELL - 1,
        1,
    )
}

/// What is drawn at cell (`x`, `y`).
pub fn hit(app: &App, x: u16, y: u16) -> Option<Target> {
    if !fits(app) {
        return None;
    }
    let a = areas(app);
    let rows_inner = inner(a.rows);
    if contains(rows_inner, x, y) && ((y - rows_inner.y) as usize) < ROWS {
        return Some(Target::Row((y - rows_inner.y) as usize));
    }
    if let Some(n) = pool_len(app) {
        return (0..n)
            .find(|&i| contains(cell(a.middle, i), x, y))
            .map(Target::Pool);
    }
    (0..app.view().hand.len())
        .find(|&i| contains(cell(a.hand, i), x, y))
        .map(Target::Hand)
}
