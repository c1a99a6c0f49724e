//! The game data of the Brettspiel (RULING K2): the two board sides with every row and field,
//! the score track with its clover marks, and the bull heads of the tiles 1–100. Parsed from
//! JSON (`docs/board-data.md`) and checked, so that a bad file is refused with the field named.

use crate::error::SetupError;
use serde::{Deserialize, Serialize};

/// The highest tile.
pub const TILE_COUNT: u8 = 100;

/// What a field of the board does when a tile is laid on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Field {
    /// Nothing happens.
    Empty,
    /// *Reihe nehmen (Hornochse)*: minus points for the row's other tiles, which leave the game;
    /// the tile opens a new row.
    TakeRow,
    /// *Reihe nehmen (Plättchen)*, pro side: the row's other tiles go behind the player's screen;
    /// the tile opens a new row.
    TakeRowToScreen,
    /// Plus points: the tile's bull heads, `count` times (1 or 2).
    GreenBulls { count: u8 },
    /// Minus points: the tile's bull heads, `count` times (1 or 2).
    RedBulls { count: u8 },
    /// `points` plus points.
    Plus { points: u8 },
    /// `points` minus points.
    Minus { points: u8 },
    /// Draw a tile from the supply (pro side).
    DrawTile,
    /// Draw an action card (pro side).
    DrawActionCard,
    /// A field of the "two tiles" row: while one is uncovered everybody plays two tiles.
    DoubleTile,
}

impl Field {
    /// Whether a tile laid here takes the row.
    pub fn takes_row(self) -> bool {
        matches!(self, Field::TakeRow | Field::TakeRowToScreen)
    }

    /// The field's name as the data files spell it.
    pub fn kind_name(self) -> &'static str {
        match self {
            Field::Empty => "empty",
            Field::TakeRow => "take_row",
            Field::TakeRowToScreen => "take_row_to_screen",
            Field::GreenBulls { .. } => "green_bulls",
            Field::RedBulls { .. } => "red_bulls",
            Field::Plus { .. } => "plus",
            Field::Minus { .. } => "minus",
            Field::DrawTile => "draw_tile",
            Field::DrawActionCard => "draw_action_card",
            Field::DoubleTile => "double_tile",
        }
    }
}

/// One row of a board side, its fields from left to right.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RowSpec {
    /// Whether this is the special row "Zwei Plättchen ausspielen".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub two_tiles: bool,
    pub fields: Vec<Field>,
}

impl RowSpec {
    pub fn len(&self) -> usize {
        self.fields.len()
    }
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }
    /// The index of the row's last field.
    pub fn last(&self) -> usize {
        self.fields.len() - 1
    }
}

/// The score track: points run from `-limit` to `+limit`; a move back onto or over a clover
/// earns a luck card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ScoreTrack {
    #[serde(default)]
    pub about: String,
    /// The most plus or minus points a player can have (the rule book's 44).
    pub limit: i32,
    /// The track positions that carry a clover.
    pub clovers: Vec<i32>,
}

impl ScoreTrack {
    /// `score + delta`, kept on the track.
    pub fn clamp(&self, score: i32) -> i32 {
        score.clamp(-self.limit, self.limit)
    }

    /// The clovers a counter moving back from `from` to `to` lands on or passes.
    pub fn clovers_passed(&self, from: i32, to: i32) -> u32 {
        if to >= from {
            return 0;
        }
        self.clovers
            .iter()
            .filter(|&&c| to <= c && c < from)
            .count() as u32
    }
}

/// Which side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SideName {
    /// The side with the blue bull: base game.
    Base,
    /// The side with the red bull: pro version.
    Pro,
}

/// One side of the board: its rows and the score track.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BoardSide {
    /// Where the layout comes from; the default says it is reconstructed.
    pub about: String,
    pub side: SideName,
    pub rows: Vec<RowSpec>,
    pub track: ScoreTrack,
}

impl BoardSide {
    /// Parses and checks one side from JSON.
    pub fn from_json(json: &str) -> Result<BoardSide, SetupError> {
        let side: BoardSide = parse("board side", json)?;
        side.validate()?;
        Ok(side)
    }

    /// The index of the "two tiles" row, if the side has one.
    pub fn two_tiles_row(&self) -> Option<usize> {
        self.rows.iter().position(|r| r.two_tiles)
    }

    /// The field at `row`, `index`.
    pub fn field(&self, row: usize, index: usize) -> Field {
        self.rows[row].fields[index]
    }

    /// Checks the rules the state machine relies on; the error names the bad field.
    pub fn validate(&self) -> Result<(), SetupError> {
        let side = match self.side {
            SideName::Base => "base",
            SideName::Pro => "pro",
        };
        let bad = |at: String, what: &str| invalid(format!("{side}.{at}: {what}"));
        if self.rows.len() < 5 {
            return Err(bad(
                "rows".into(),
                "a board needs at least five rows (four active and one free)",
            ));
        }
        if self.rows.iter().filter(|r| r.two_tiles).count() > 1 {
            return Err(bad("rows".into(), "at most one row is the two-tiles row"));
        }
        for (r, row) in self.rows.iter().enumerate() {
            if row.fields.len() < 2 {
                return Err(bad(
                    format!("rows[{r}].fields"),
                    "a row has at least two fields",
                ));
            }
            if row.two_tiles && !row.fields.contains(&Field::DoubleTile) {
                return Err(bad(
                    format!("rows[{r}]"),
                    "the two-tiles row needs at least one double_tile field",
                ));
            }
            for (i, &f) in row.fields.iter().enumerate() {
                let at = format!("rows[{r}].fields[{i}]");
                let last = i == row.last();
                if last && !f.takes_row() {
                    return Err(bad(
                        at,
                        "the last field of a row must be take_row or take_row_to_screen",
                    ));
                }
                if !last && f.takes_row() {
                    return Err(bad(at, "only the last field of a row may take the row"));
                }
                if i == 0 && f == Field::DoubleTile {
                    return Err(bad(at, "the first field cannot be a double_tile field"));
                }
                match f {
                    Field::DoubleTile if !row.two_tiles => {
                        return Err(bad(
                            at,
                            "double_tile fields lie only in the row marked two_tiles",
                        ))
                    }
                    Field::GreenBulls { count } | Field::RedBulls { count }
                        if !(1..=2).contains(&count) =>
                    {
                        return Err(bad(at, "a field shows one or two bulls"))
                    }
                    Field::Plus { points } | Field::Minus { points }
                        if points == 0 || i32::from(points) > self.track.limit =>
                    {
                        return Err(bad(at, "points must be from 1 to the track's limit"))
                    }
                    Field::TakeRowToScreen | Field::DrawTile | Field::DrawActionCard
                        if self.side == SideName::Base =>
                    {
                        return Err(bad(
                            at,
                            &format!("{} fields belong to the pro side only", f.kind_name()),
                        ))
                    }
                    _ => {}
                }
            }
        }
        if !(1..=1000).contains(&self.track.limit) {
            return Err(bad("track.limit".into(), "must be from 1 to 1000"));
        }
        if let Some(c) = self
            .track
            .clovers
            .iter()
            .find(|c| c.abs() > self.track.limit)
        {
            return Err(bad(
                "track.clovers".into(),
                &format!("clover at {c} lies off the track"),
            ));
        }
        Ok(())
    }
}

/// The bull heads of the tiles 1–100.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileTable {
    pub about: String,
    /// Entry k: the bull heads of tile k + 1.
    pub bulls: Vec<u8>,
}

impl TileTable {
    pub fn from_json(json: &str) -> Result<TileTable, SetupError> {
        let t: TileTable = parse("tile table", json)?;
        t.validate()?;
        Ok(t)
    }

    /// The bull heads of `tile` (1–100).
    pub fn bulls(&self, tile: u8) -> u8 {
        self.bulls[usize::from(tile) - 1]
    }

    pub fn validate(&self) -> Result<(), SetupError> {
        if self.bulls.len() != usize::from(TILE_COUNT) {
            return Err(invalid(format!(
                "tiles.bulls: {} entries, expected one per tile 1–100",
                self.bulls.len()
            )));
        }
        if let Some((i, b)) = self
            .bulls
            .iter()
            .enumerate()
            .find(|(_, b)| ![1, 2, 3, 5].contains(*b))
        {
            return Err(invalid(format!(
                "tiles.bulls[{i}] (tile {}): {b} bull heads, expected 1, 2, 3 or 5",
                i + 1
            )));
        }
        Ok(())
    }
}

/// Everything a Brettspiel table plays with besides the options: both board sides and the tile
/// table. Serializable, so it can travel in setups and records.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardData {
    pub base: BoardSide,
    pub pro: BoardSide,
    pub tiles: TileTable,
}

impl BoardData {
    /// Parses `{"base": …, "pro": …, "tiles": …}` and checks it.
    pub fn from_json(json: &str) -> Result<BoardData, SetupError> {
        let data: BoardData = parse("board data", json)?;
        data.validate()?;
        Ok(data)
    }

    /// Checks data already parsed (e.g. from a `serde_json::Value`).
    pub fn from_value(value: serde_json::Value) -> Result<BoardData, SetupError> {
        let data: BoardData =
            serde_json::from_value(value).map_err(|e| invalid(format!("board data: {e}")))?;
        data.validate()?;
        Ok(data)
    }

    /// The three files of `data/board/` given one by one.
    pub fn from_files(base: &str, pro: &str, tiles: &str) -> Result<BoardData, SetupError> {
        let data = BoardData {
            base: BoardSide::from_json(base)?,
            pro: BoardSide::from_json(pro)?,
            tiles: TileTable::from_json(tiles)?,
        };
        data.validate()?;
        Ok(data)
    }

    pub fn validate(&self) -> Result<(), SetupError> {
        if self.base.side != SideName::Base {
            return Err(invalid("base.side: must be \"base\"".into()));
        }
        if self.pro.side != SideName::Pro {
            return Err(invalid("pro.side: must be \"pro\"".into()));
        }
        self.base.validate()?;
        self.pro.validate()?;
        self.tiles.validate()
    }

    pub fn side(&self, side: SideName) -> &BoardSide {
        match side {
            SideName::Base => &self.base,
            SideName::Pro => &self.pro,
        }
    }
}

fn invalid(reason: String) -> SetupError {
    SetupError::Invalid { reason }
}

fn parse<T: serde::de::DeserializeOwned>(what: &str, json: &str) -> Result<T, SetupError> {
    serde_json::from_str(json).map_err(|e| invalid(format!("{what}: {e}")))
}
