//! Where each part of the buffalo table lies at the current size: one layout shared by drawing
//! and mouse hits.

use super::BuffaloApp as App;
use crate::widgets::{contains, inner};
use nimmt_core::games::buffalo::Decision;
use ratatui::layout::Rect;

/// The narrowest terminal the table fits in.
pub const MIN_WIDTH: u16 = 80;
/// Columns a card takes, with the gap after it.
pub const CELL: u16 = 7;
/// Columns a revealed card takes, with its owner below it.
pub const REVEAL_CELL: u16 = 10;
/// Width of the team and buffalo panel.
pub const PANEL_WIDTH: u16 = 26;
/// Lines of the rows' box.
const ROWS_HEIGHT: u16 = 6;
/// Lines of the revealed cards' box.
const REVEALED_HEIGHT: u16 = 4;
/// Lines of the special cards' box.
const SPECIALS_HEIGHT: u16 = 4;
/// The fewest lines of the log (or the list of uses).
const MIDDLE_HEIGHT: u16 = 4;
const HAND_HEIGHT: u16 = 3;

/// Where each part of the table is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub header: Rect,
    pub rows: Rect,
    pub panel: Rect,
    pub revealed: Rect,
    pub specials: Rect,
    pub middle: Rect,
    pub hand: Rect,
    pub status: Rect,
}

/// What a click landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Hand(usize),
    Row(usize),
    /// An entry of the list of uses in a window.
    Use(usize),
}

/// The fewest lines the table needs.
pub fn min_height(_app: &App) -> u16 {
    1 + ROWS_HEIGHT + REVEALED_HEIGHT + SPECIALS_HEIGHT + MIDDLE_HEIGHT + HAND_HEIGHT + 1
}

/// The layout of the table in a terminal of the app's size.
pub fn areas(app: &App) -> Areas {
    let w = app.width;
    let header = Rect::new(0, 0, w, 1);
    let rows = Rect::new(0, 1, w.saturating_sub(PANEL_WIDTH), ROWS_HEIGHT);
    let panel = Rect::new(rows.width, 1, PANEL_WIDTH.min(w), ROWS_HEIGHT);
    let revealed = Rect::new(0, rows.y + rows.height, w, REVEALED_HEIGHT);
    let specials = Rect::new(0, revealed.y + revealed.height, w, SPECIALS_HEIGHT);
    let spare = app.height.saturating_sub(min_height(app));
    let middle = Rect::new(0, specials.y + specials.height, w, MIDDLE_HEIGHT + spare);
    let hand = Rect::new(0, middle.y + middle.height, w, HAND_HEIGHT);
    let status = Rect::new(0, hand.y + hand.height, w, 1);
    Areas {
        header,
        rows,
        panel,
        revealed,
        specials,
        middle,
        hand,
        status,
    }
}

/// The cell of card `i` in a one-line box.
pub fn cell(area: Rect, i: usize) -> Rect {
    let inner = inner(area);
    Rect::new(inner.x + i as u16 * CELL, inner.y, CELL - 1, 1)
}

/// The first use shown in the list of `visible` lines, so that the selected one is in sight.
pub fn uses_top(app: &App, visible: usize) -> usize {
    app.screen.pick.saturating_sub(visible.saturating_sub(1))
}

/// What is drawn at cell (`x`, `y`).
pub fn hit(app: &App, x: u16, y: u16) -> Option<Target> {
    if !app.fits() {
        return None;
    }
    let a = areas(app);
    match app.asked()? {
        Decision::PlayCard => (0..app.view().hand.len())
            .find(|&i| contains(cell(a.hand, i), x, y))
            .map(Target::Hand),
        Decision::TakeRow => {
            let rows = inner(a.rows);
            (contains(rows, x, y) && ((y - rows.y) as usize) < app.view().rows.len())
                .then(|| Target::Row((y - rows.y) as usize))
        }
        Decision::Window => {
            let list = inner(a.middle);
            if !contains(list, x, y) {
                return None;
            }
            let i = uses_top(app, list.height as usize) + (y - list.y) as usize;
            (i < app.uses().len()).then_some(Target::Use(i))
        }
    }
}
