//! Where each part of the HELP! table lies at the current size: one layout shared by drawing and
//! mouse hits.

use super::HelpApp as App;
use crate::widgets::{contains, inner};
use ratatui::layout::Rect;

/// The narrowest terminal the table fits in.
pub const MIN_WIDTH: u16 = 80;
/// Columns a card takes, with the gap after it.
pub const CELL: u16 = 9;
/// Width of the players' panel.
pub const PLAYERS_WIDTH: u16 = 28;

/// Where each part of the table is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub header: Rect,
    pub row: Rect,
    pub players: Rect,
    pub middle: Rect,
    pub hand: Rect,
    pub status: Rect,
}

/// What a click landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Hand(usize),
    /// An entry of the open choice.
    Choice(usize),
}

fn heights(app: &App) -> (u16, u16, u16) {
    let top = (app.view().players + 1).max(4) as u16 + 2;
    let choices = app.screen.choice.as_ref().map_or(0, |(a, _)| a.len());
    let middle = (choices as u16 + 2).max(5);
    (top, middle, 3)
}

/// The fewest lines the table needs now.
pub fn min_height(app: &App) -> u16 {
    let (top, middle, hand) = heights(app);
    1 + top + middle + hand + 1
}

/// The layout of the table in a terminal of the app's size.
pub fn areas(app: &App) -> Areas {
    let (top, middle, hand) = heights(app);
    let w = app.width;
    let header = Rect::new(0, 0, w, 1);
    let row = Rect::new(0, 1, w.saturating_sub(PLAYERS_WIDTH), top);
    let players = Rect::new(row.width, 1, PLAYERS_WIDTH.min(w), top);
    // The table panel takes the lines left over.
    let spare = app.height.saturating_sub(min_height(app));
    let middle = Rect::new(0, 1 + top, w, middle + spare);
    let hand = Rect::new(0, middle.y + middle.height, w, hand);
    let status = Rect::new(0, hand.y + hand.height, w, 1);
    Areas {
        header,
        row,
        players,
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

/// What is drawn at cell (`x`, `y`).
pub fn hit(app: &App, x: u16, y: u16) -> Option<Target> {
    if !app.fits() {
        return None;
    }
    let a = areas(app);
    if let Some((actions, _)) = &app.screen.choice {
        let list = inner(a.middle);
        if contains(list, x, y) && ((y - list.y) as usize) < actions.len() {
            return Some(Target::Choice((y - list.y) as usize));
        }
    }
    (0..app.view().hand.len())
        .find(|&i| contains(cell(a.hand, i), x, y))
        .map(Target::Hand)
}
