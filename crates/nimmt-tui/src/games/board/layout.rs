//! Where each part of the Brettspiel table lies at the current size: one layout shared by
//! drawing and mouse hits.

use super::BoardApp as App;
use crate::widgets::{contains, inner};
use ratatui::layout::Rect;

/// The narrowest terminal the table fits in.
pub const MIN_WIDTH: u16 = 80;
/// Columns a tile or a field takes on the board and in your tiles.
pub const CELL: u16 = 6;
/// Columns before a row's first field: its number and its stop sign.
pub const ROW_LABEL: u16 = 3;
/// Width of the players' panel.
pub const PLAYERS_WIDTH: u16 = 26;
/// Your tiles on one line.
pub const TILES_PER_LINE: usize = 13;

/// Where each part of the table is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub header: Rect,
    pub board: Rect,
    pub players: Rect,
    pub track: Rect,
    pub middle: Rect,
    pub hand: Rect,
    pub status: Rect,
}

/// What a click landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Hand(usize),
    /// An entry of the list of choices.
    Choice(usize),
}

fn heights(app: &App) -> (u16, u16, u16) {
    let v = app.view();
    let top = (v.rows.len() + 1).max(v.players + 1) as u16 + 2;
    let middle = 5;
    let lines = v.hand.len().div_ceil(TILES_PER_LINE).max(1) as u16;
    (top, middle, lines + 1 + 2)
}

/// The fewest lines the table needs now.
pub fn min_height(app: &App) -> u16 {
    let (top, middle, hand) = heights(app);
    1 + top + 3 + middle + hand + 1
}

/// The layout of the table in a terminal of the app's size.
pub fn areas(app: &App) -> Areas {
    let (top, middle, hand) = heights(app);
    let w = app.width;
    let header = Rect::new(0, 0, w, 1);
    let board = Rect::new(0, 1, w.saturating_sub(PLAYERS_WIDTH), top);
    let players = Rect::new(board.width, 1, PLAYERS_WIDTH.min(w), top);
    let track = Rect::new(0, 1 + top, w, 3);
    let spare = app.height.saturating_sub(min_height(app));
    let middle = Rect::new(0, track.y + 3, w, middle + spare);
    let hand = Rect::new(0, middle.y + middle.height, w, hand);
    let status = Rect::new(0, hand.y + hand.height, w, 1);
    Areas {
        header,
        board,
        players,
        track,
        middle,
        hand,
        status,
    }
}

/// The cell of field `field` of row `row` on the board.
pub fn field_cell(board: Rect, row: usize, field: usize) -> Rect {
    let i = inner(board);
    Rect::new(
        i.x + ROW_LABEL + field as u16 * CELL,
        i.y + row as u16,
        CELL,
        1,
    )
}

/// The cell of your tile `i`.
pub fn tile_cell(hand: Rect, i: usize) -> Rect {
    let inner = inner(hand);
    Rect::new(
        inner.x + (i % TILES_PER_LINE) as u16 * CELL,
        inner.y + (i / TILES_PER_LINE) as u16,
        CELL,
        1,
    )
}

/// The first entry of the list shown, so that the selected one is visible in `lines` lines.
pub fn list_offset(selected: usize, lines: usize) -> usize {
    selected.saturating_sub(lines.saturating_sub(1))
}

/// What is drawn at cell (`x`, `y`).
pub fn hit(app: &App, x: u16, y: u16) -> Option<Target> {
    if !app.fits() {
        return None;
    }
    let a = areas(app);
    let choices = app.choices().len();
    if choices > 0 {
        let list = inner(a.middle);
        if contains(list, x, y) {
            let off = list_offset(app.screen.choice, list.height as usize);
            let i = off + (y - list.y) as usize;
            return (i < choices).then_some(Target::Choice(i));
        }
    }
    (0..app.view().hand.len())
        .find(|&i| contains(tile_cell(a.hand, i), x, y))
        .map(Target::Hand)
}
