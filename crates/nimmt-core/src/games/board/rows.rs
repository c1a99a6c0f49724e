//! The rows on the board: which tile lies on which field, stop signs, and where a tile goes
//! (rule 1 ascending, rule 2 smallest difference, rule 3 a tile too low for every row goes to
//! the row whose last tile is highest). Rows with a stop sign take no tile.

use super::data::{BoardSide, Field, RowSpec};
use serde::{Deserialize, Serialize};

/// One row of the board as it lies now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RowState {
    /// One entry per field, left to right: the tile on it. A field left empty before the row's
    /// last tile was skipped (*Überspringen*).
    pub cells: Vec<Option<u8>>,
    /// Whether a stop sign lies at the end of the row.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stop: bool,
}

impl RowState {
    /// A free row of `len` fields.
    pub fn free(len: usize) -> RowState {
        RowState {
            cells: vec![None; len],
            stop: false,
        }
    }

    /// A row is active while a tile lies in it.
    pub fn is_active(&self) -> bool {
        self.cells.iter().any(Option::is_some)
    }

    /// The index of the next free field: the one after the last tile.
    pub fn end(&self) -> usize {
        self.cells
            .iter()
            .rposition(Option::is_some)
            .map_or(0, |i| i + 1)
    }

    /// The first empty field (a skipped one, or the next free field): where *An den Anfang
    /// legen* pushes the row to.
    pub fn first_hole(&self) -> usize {
        self.cells
            .iter()
            .position(Option::is_none)
            .unwrap_or(self.cells.len())
    }

    /// The last tile of the row.
    pub fn last_tile(&self) -> Option<u8> {
        self.cells.iter().rev().find_map(|c| *c)
    }

    /// The tile on the first field.
    pub fn first_tile(&self) -> Option<u8> {
        self.cells.first().copied().flatten()
    }

    /// The tiles of the row, left to right.
    pub fn tiles(&self) -> Vec<u8> {
        self.cells.iter().filter_map(|c| *c).collect()
    }

    /// Lays `tile` on the next free field, or the one after when `skip`. Returns the field.
    pub fn lay(&mut self, tile: u8, skip: bool) -> usize {
        let at = self.end() + usize::from(skip);
        self.cells[at] = Some(tile);
        at
    }

    /// Lays `tile` on the first field, pushing the tiles up to the first empty field one to the
    /// right. Returns the field the push filled and the tile now on it.
    pub fn lay_at_start(&mut self, tile: u8) -> (usize, u8) {
        let hole = self.first_hole();
        for i in (1..=hole).rev() {
            self.cells[i] = self.cells[i - 1];
        }
        self.cells[0] = Some(tile);
        (hole, self.cells[hole].expect("a tile was pushed here"))
    }

    /// Empties the row; returns its tiles.
    pub fn clear(&mut self) -> Vec<u8> {
        let tiles = self.tiles();
        self.cells.iter_mut().for_each(|c| *c = None);
        self.stop = false;
        tiles
    }
}

/// Rows on the board of `side`, all free.
pub fn free_board(side: &BoardSide) -> Vec<RowState> {
    side.rows.iter().map(|r| RowState::free(r.len())).collect()
}

/// The row `tile` must go to: among the active rows without a stop sign, the one whose last
/// tile is lower and closest (rules 1 and 2); if the tile is lower than all of them, the one
/// whose last tile is highest (rule 3).
pub fn destination(rows: &[RowState], tile: u8) -> usize {
    let open = || {
        rows.iter()
            .enumerate()
            .filter(|(_, r)| !r.stop)
            .filter_map(|(i, r)| r.last_tile().map(|l| (i, l)))
    };
    open()
        .filter(|&(_, l)| l < tile)
        .max_by_key(|&(_, l)| l)
        .or_else(|| open().max_by_key(|&(_, l)| l))
        .map(|(i, _)| i)
        .expect("an active row without a stop sign")
}

/// The rows *Aufsteigend anlegen* allows: active, no stop sign, last tile lower than `tile`.
pub fn ascending_rows(rows: &[RowState], tile: u8) -> Vec<usize> {
    (0..rows.len())
        .filter(|&i| !rows[i].stop && rows[i].last_tile().is_some_and(|l| l < tile))
        .collect()
}

/// The rows *An den Anfang legen* allows: active, no stop sign, first tile higher than `tile`,
/// and the push does not reach the row's last field (`docs/rules/board.md`).
pub fn to_start_rows(rows: &[RowState], side: &BoardSide, tile: u8) -> Vec<usize> {
    (0..rows.len())
        .filter(|&i| {
            let r = &rows[i];
            !r.stop
                && r.first_tile().is_some_and(|f| tile < f)
                && r.first_hole() < side.rows[i].last()
        })
        .collect()
}

/// Whether *Überspringen* may be used on `row`: the skipped field is not the row's last.
pub fn skip_allowed(row: &RowState, spec: &RowSpec) -> bool {
    row.end() < spec.last()
}

/// The free rows.
pub fn free_rows(rows: &[RowState]) -> Vec<usize> {
    (0..rows.len()).filter(|&i| !rows[i].is_active()).collect()
}

/// Base game: the row a tile opens after taking row `from` — the next free row below it, else
/// the top free row.
pub fn next_free_row(rows: &[RowState], from: usize) -> usize {
    let free: Vec<usize> = free_rows(rows).into_iter().filter(|&i| i != from).collect();
    free.iter()
        .copied()
        .find(|&i| i > from)
        .or_else(|| free.first().copied())
        .expect("a free row besides the one taken")
}

/// Whether this round everybody plays two tiles: the two-tiles row is active and one of its
/// double-tile fields is still uncovered.
pub fn two_tiles_round(rows: &[RowState], side: &BoardSide) -> bool {
    side.two_tiles_row().is_some_and(|r| {
        rows[r].is_active()
            && side.rows[r]
                .fields
                .iter()
                .zip(&rows[r].cells)
                .any(|(f, c)| *f == Field::DoubleTile && c.is_none())
    })
}
