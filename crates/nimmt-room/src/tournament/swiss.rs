//! Swiss pairing for tables of several players: tables follow the standing (the best players
//! together), and players who already met are kept apart where the standing allows.
//!
//! The method, in two passes:
//!
//! 1. **Greedy fill.** Tables are filled from the top of the standing down. A table takes the
//!    best player still unseated, then, seat by seat, the candidate among the next few in the
//!    standing (a window of `2 × table size`) who has met the players already at the table
//!    least often (the higher-standing one among equals).
//! 2. **Swap improvement.** For a bounded number of passes, any two players at tables at most
//!    two apart in the standing swap seats when that lowers the number of repeated meetings.
//!    It stops when a pass changes nothing.
//!
//! The cost counted is the number of pairs at a table who met before (a pair that met twice
//! counts twice). Both passes only look at neighbours in the standing, so a round takes time
//! linear in the number of players.

use std::collections::HashMap;

/// How often each pair of entries sat at a table together.
#[derive(Clone, Debug, Default)]
pub struct Met {
    pairs: HashMap<(usize, usize), u32>,
}

impl Met {
    /// Meetings from the seats of the tables played (entry indexes).
    pub fn from_tables<'a>(tables: impl IntoIterator<Item = &'a [usize]>) -> Met {
        let mut met = Met::default();
        for seats in tables {
            met.add_table(seats);
        }
        met
    }

    /// Counts every pair at one table as having met.
    pub fn add_table(&mut self, seats: &[usize]) {
        for (i, &a) in seats.iter().enumerate() {
            for &b in &seats[i + 1..] {
                *self.pairs.entry(Self::key(a, b)).or_default() += 1;
            }
        }
    }

    fn key(a: usize, b: usize) -> (usize, usize) {
        (a.min(b), a.max(b))
    }

    /// How often `a` and `b` met.
    pub fn times(&self, a: usize, b: usize) -> u32 {
        self.pairs.get(&Self::key(a, b)).copied().unwrap_or(0)
    }

    /// Meetings of `a` with the others at a table (`a` itself is skipped).
    pub fn with_table(&self, a: usize, seats: &[usize]) -> u32 {
        seats
            .iter()
            .filter(|&&b| b != a)
            .map(|&b| self.times(a, b))
            .sum()
    }

    /// Repeated meetings at one table: the sum over its pairs of how often they met before.
    pub fn repeats(&self, seats: &[usize]) -> u32 {
        let mut total = 0;
        for (i, &a) in seats.iter().enumerate() {
            for &b in &seats[i + 1..] {
                total += self.times(a, b);
            }
        }
        total
    }

    /// Repeated meetings over a whole round's tables.
    pub fn round_repeats(&self, tables: &[Vec<usize>]) -> u32 {
        tables.iter().map(|t| self.repeats(t)).sum()
    }
}

/// Passes of the swap improvement at most.
const SWAP_PASSES: usize = 6;
/// How many tables away (in the standing) a swap may reach.
const SWAP_REACH: usize = 2;

/// Seats `order` (entries from the best standing down) at tables of `sizes` players, in order:
/// the first table gets the top of the standing.
pub fn pair(order: &[usize], sizes: &[usize], met: &Met) -> Vec<Vec<usize>> {
    let mut tables = greedy(order, sizes, met);
    improve(&mut tables, met);
    tables
}

/// The plain pairing, without looking at who met: the standing cut into tables in order. The
/// yardstick the tests compare [`pair`] with.
pub fn in_order(order: &[usize], sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut rest = order;
    let mut tables = Vec::with_capacity(sizes.len());
    for &size in sizes {
        let (table, tail) = rest.split_at(size.min(rest.len()));
        tables.push(table.to_vec());
        rest = tail;
    }
    tables
}

fn greedy(order: &[usize], sizes: &[usize], met: &Met) -> Vec<Vec<usize>> {
    let mut rest: Vec<usize> = order.to_vec();
    // `rest` is consumed from the front; keep it reversed so that taking is cheap.
    rest.reverse();
    let mut tables = Vec::with_capacity(sizes.len());
    for &size in sizes {
        let mut table: Vec<usize> = Vec::with_capacity(size);
        if let Some(top) = rest.pop() {
            table.push(top);
        }
        while table.len() < size && !rest.is_empty() {
            let window = (2 * size).min(rest.len());
            // Candidates from the best down: rest[len-1], rest[len-2], ...
            let mut best = rest.len() - 1;
            let mut best_cost = u32::MAX;
            for at in (rest.len() - window..rest.len()).rev() {
                let cost = met.with_table(rest[at], &table);
                if cost < best_cost {
                    best_cost = cost;
                    best = at;
                    if cost == 0 {
                        break;
                    }
                }
            }
            table.push(rest.remove(best));
        }
        tables.push(table);
    }
    tables
}

fn improve(tables: &mut [Vec<usize>], met: &Met) {
    for _ in 0..SWAP_PASSES {
        let mut changed = false;
        for i in 0..tables.len() {
            if met.repeats(&tables[i]) == 0 {
                continue;
            }
            for j in (i + 1)..tables.len().min(i + 1 + SWAP_REACH) {
                changed |= improve_pair(tables, i, j, met);
            }
            // A table below may also take one of this table's repeaters.
            for j in i.saturating_sub(SWAP_REACH)..i {
                changed |= improve_pair(tables, j, i, met);
            }
        }
        if !changed {
            break;
        }
    }
}

/// Swaps players between tables `i` < `j` while a swap lowers the repeats; whether any did.
fn improve_pair(tables: &mut [Vec<usize>], i: usize, j: usize, met: &Met) -> bool {
    let mut changed = false;
    let (left, right) = tables.split_at_mut(j);
    let (a_table, b_table) = (&mut left[i], &mut right[0]);
    for x in 0..a_table.len() {
        for y in 0..b_table.len() {
            let (a, b) = (a_table[x], b_table[y]);
            let before = met.with_table(a, a_table) + met.with_table(b, b_table);
            let after = met.with_table(b, a_table) - met.times(b, a) + met.with_table(a, b_table)
                - met.times(a, b);
            if after < before {
                a_table[x] = b;
                b_table[y] = a;
                changed = true;
            }
        }
    }
    changed
}
