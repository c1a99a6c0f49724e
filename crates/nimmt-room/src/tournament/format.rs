//! What a tournament is: its format, its table size and who fills empty seats; and how a
//! round's players are split into tables (sizes k and k-1, then bots or byes).

use serde::{Deserialize, Serialize};

use super::TournamentError;

/// How players go from round to round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Format {
    /// Everyone plays every round (until they withdraw), seated by standing.
    Swiss { rounds: u32 },
    /// The best `advance` of each table go on, until one table plays the final.
    Elimination { advance: usize },
}

/// A tournament's settings, fixed when it is created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub format: Format,
    /// Seats at a full table (3 to 6).
    pub table_size: usize,
    /// The game's fewest players at a table (seats filled by bots count).
    pub game_min: usize,
    /// Whether bots may fill seats so that nobody gets a bye.
    pub bots_fill: bool,
    /// When the first round starts (wall clock, milliseconds since the epoch).
    pub start_ms: u64,
}

/// Fewest and most seats at a tournament table.
pub const TABLE_SIZES: std::ops::RangeInclusive<usize> = 3..=6;
/// Most rounds of a Swiss tournament.
pub const MOST_ROUNDS: u32 = 20;

impl Settings {
    /// A Swiss of `rounds` at tables of `table_size`, for a game of two or more, without bots,
    /// starting at once.
    pub fn swiss(rounds: u32, table_size: usize) -> Settings {
        Settings::with_format(Format::Swiss { rounds }, table_size)
    }

    /// An elimination where the best `advance` of each table go on, at tables of `table_size`,
    /// for a game of two or more, without bots, starting at once.
    pub fn elimination(advance: usize, table_size: usize) -> Settings {
        Settings::with_format(Format::Elimination { advance }, table_size)
    }

    fn with_format(format: Format, table_size: usize) -> Settings {
        Settings {
            format,
            table_size,
            game_min: 2,
            bots_fill: false,
            start_ms: 0,
        }
    }

    /// Refuses settings a tournament cannot run with.
    pub fn check(&self) -> Result<(), TournamentError> {
        if !TABLE_SIZES.contains(&self.table_size) {
            return Err(TournamentError::TableSize);
        }
        if self.game_min < 2 || self.game_min > self.table_size {
            return Err(TournamentError::TableSize);
        }
        match self.format {
            Format::Swiss { rounds } if rounds == 0 || rounds > MOST_ROUNDS => {
                Err(TournamentError::Rounds)
            }
            Format::Elimination { advance } if advance == 0 || advance + 2 > self.table_size => {
                Err(TournamentError::Advance)
            }
            _ => Ok(()),
        }
    }

    /// Fewest entrants for the tournament to start (else it is cancelled): one full table.
    pub fn min_entrants(&self) -> usize {
        self.table_size
    }

    /// The smallest table seated before anyone gets a bye: one seat short of full, never below
    /// the game's minimum.
    pub fn small_table(&self) -> usize {
        (self.table_size - 1).max(self.game_min)
    }
}

/// How a round's players are seated: players per table, bots per table, and how many byes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    pub players: Vec<usize>,
    pub bots: Vec<usize>,
    pub byes: usize,
}

impl Layout {
    fn even(n: usize, tables: usize) -> Vec<usize> {
        (0..tables)
            .map(|i| n / tables + usize::from(i < n % tables))
            .collect()
    }

    fn without_bots(players: Vec<usize>, byes: usize) -> Layout {
        let bots = vec![0; players.len()];
        Layout {
            players,
            bots,
            byes,
        }
    }
}

/// Splits `n` players into tables of `table_size` and one seat fewer (as few tables as can be);
/// when that does not fit, bots fill the small tables if allowed, else the fewest byes are given.
pub fn layout(settings: &Settings, n: usize) -> Layout {
    let k = settings.table_size;
    let small = settings.small_table();
    if n == 0 {
        return Layout::default();
    }
    let fits = |m: usize| {
        let t = m.div_ceil(k);
        (m >= t * small).then_some(t)
    };
    if let Some(t) = fits(n) {
        return Layout::without_bots(Layout::even(n, t), 0);
    }
    if settings.bots_fill {
        let t = n.div_ceil(k);
        let players = Layout::even(n, t);
        let bots = players.iter().map(|p| small.saturating_sub(*p)).collect();
        return Layout {
            players,
            bots,
            byes: 0,
        };
    }
    for byes in 1..n {
        if let Some(t) = fits(n - byes) {
            return Layout::without_bots(Layout::even(n - byes, t), byes);
        }
    }
    if n >= settings.game_min {
        return Layout::without_bots(vec![n], 0);
    }
    Layout::without_bots(Vec::new(), n)
}
