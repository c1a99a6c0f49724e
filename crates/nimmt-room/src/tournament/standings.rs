//! Points per place at a table (ties share), and the standings with their tie-breaks.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

/// Tournament points, kept in halves so that shared places stay exact. A win is worth
/// [`WIN`] points, the last place 0, the places between evenly spaced.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Points(pub u32);

/// Points for winning a table (whatever its size).
pub const WIN: u32 = 60;

impl Points {
    /// Points from whole points.
    pub const fn whole(points: u32) -> Points {
        Points(points * 2)
    }

    /// The points as a number (halves as .5).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points(0), |a, b| a + b)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_multiple_of(2) {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

/// A bye is worth half a win: what a middle place earns.
pub const BYE: Points = Points::whole(WIN / 2);

/// Points for a place (1-based) at a table of `seats` seats (bots included), before ties:
/// WIN for the first, 0 for the last, evenly spaced between. In halves.
fn place_halves(place: usize, seats: usize) -> u32 {
    if seats <= 1 {
        return 2 * WIN;
    }
    let place = place.clamp(1, seats);
    // 2 * WIN * (seats - place) / (seats - 1): exact for tables of up to 7 seats.
    (2 * WIN * (seats - place) as u32) / (seats - 1) as u32
}

/// Points for `place` when `sharing` players share it at a table of `seats` seats: the average
/// of the places they take (place .. place + sharing - 1).
pub fn points_for(place: usize, sharing: usize, seats: usize) -> Points {
    let sharing = sharing.max(1);
    let last = (place + sharing - 1).min(seats.max(1));
    let first = place.min(last);
    let count = (last - first + 1) as u32;
    let sum: u32 = (first..=last).map(|p| place_halves(p, seats)).sum();
    // The places are evenly spaced, so their average is exact in halves for tables up to 6.
    Points(sum / count)
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// 1 for the first.
    pub rank: u32,
    pub player: String,
    pub name: String,
    pub points: Points,
    /// First tie-break: the sum of the current points of every opponent met (once per meeting).
    pub opponents: Points,
    pub rating: i32,
    /// Order of registration (0 for the first), the last tie-break.
    pub entry: u32,
    pub games: u32,
    pub byes: u32,
    /// Rounds in which a bot played the seat because the player was missing.
    pub bot_played: u32,
    pub withdrawn: bool,
    /// Elimination: the round the player went out in (None: still in, or the winner).
    pub out_in: Option<u32>,
}

/// The Swiss order: points, then opponents' points, then rating, then entry order.
pub fn swiss_order(a: &Standing, b: &Standing) -> Ordering {
    b.points
        .cmp(&a.points)
        .then(b.opponents.cmp(&a.opponents))
        .then(b.rating.cmp(&a.rating))
        .then(a.entry.cmp(&b.entry))
}

/// An entry's tally over the rounds played.
#[derive(Clone, Debug, Default)]
struct Tally {
    points: Points,
    games: u32,
    byes: u32,
    bot_played: u32,
    /// Every opponent met, once per meeting, for the tie-break.
    opponents: Vec<usize>,
    /// The place at the last table played, for elimination.
    last_place: usize,
}

impl super::Tournament {
    /// The standings now, best first (final once the tournament is finished).
    pub fn standings(&self) -> Vec<Standing> {
        self.ranked().into_iter().map(|(_, s)| s).collect()
    }

    /// The standings with each line's entry index.
    pub(super) fn ranked(&self) -> Vec<(usize, Standing)> {
        let mut tallies = vec![Tally::default(); self.entries.len()];
        for round in &self.rounds {
            for &bye in &round.byes {
                tallies[bye].points = tallies[bye].points + BYE;
                tallies[bye].byes += 1;
            }
            for table in &round.tables {
                let Some(places) = &table.places else {
                    continue;
                };
                for (seat, (&entry, &place)) in table.seats.iter().zip(places).enumerate() {
                    let sharing = places.iter().filter(|&&p| p == place).count();
                    let tally = &mut tallies[entry];
                    tally.points = tally.points + points_for(place, sharing, table.size());
                    tally.games += 1;
                    tally.last_place = place;
                    if table.missing.contains(&entry) {
                        tally.bot_played += 1;
                    }
                    let others = table.seats.iter().enumerate().filter(|&(s, _)| s != seat);
                    tally.opponents.extend(others.map(|(_, &o)| o));
                }
            }
        }
        let totals: Vec<Points> = tallies.iter().map(|t| t.points).collect();
        let mut lines: Vec<(usize, usize, Standing)> = tallies
            .iter()
            .enumerate()
            .map(|(i, tally)| {
                let entry = &self.entries[i];
                let line = Standing {
                    rank: 0,
                    player: entry.entrant.player.clone(),
                    name: entry.entrant.name.clone(),
                    points: tally.points,
                    opponents: tally.opponents.iter().map(|&o| totals[o]).sum(),
                    rating: entry.entrant.rating,
                    entry: entry.order,
                    games: tally.games,
                    byes: tally.byes,
                    bot_played: tally.bot_played,
                    withdrawn: entry.withdrawn,
                    out_in: entry.out_in,
                };
                (i, tally.last_place, line)
            })
            .collect();
        match self.settings.format {
            super::Format::Swiss { .. } => lines.sort_by(|a, b| swiss_order(&a.2, &b.2)),
            super::Format::Elimination { .. } => lines.sort_by(|a, b| {
                // Still in (the winner) first, then the later out, then the better last place.
                let out = |l: &Standing| l.out_in.map_or(u32::MAX, |r| r);
                out(&b.2)
                    .cmp(&out(&a.2))
                    .then(a.1.cmp(&b.1))
                    .then(swiss_order(&a.2, &b.2))
            }),
        }
        lines
            .into_iter()
            .enumerate()
            .map(|(rank, (i, _, mut line))| {
                line.rank = rank as u32 + 1;
                (i, line)
            })
            .collect()
    }
}
