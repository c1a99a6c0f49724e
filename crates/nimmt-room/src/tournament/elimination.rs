//! Elimination: seeding a round's tables, and who goes on from a table.

/// Seats `seeds` (best first) at tables of `sizes` players in snake order, so the best seeds
/// are spread over the tables: seeds 1..t go to tables 1..t, seeds t+1..2t back from t to 1,
/// and so on (a table that is full is skipped).
pub fn seat(seeds: &[usize], sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut tables: Vec<Vec<usize>> = sizes.iter().map(|&s| Vec::with_capacity(s)).collect();
    let mut seeds = seeds.iter();
    let mut forward = true;
    'rows: loop {
        let open: Vec<usize> = (0..tables.len())
            .filter(|&t| tables[t].len() < sizes[t])
            .collect();
        if open.is_empty() {
            break;
        }
        let row: Vec<usize> = if forward {
            open
        } else {
            open.into_iter().rev().collect()
        };
        for t in row {
            match seeds.next() {
                Some(&seed) => tables[t].push(seed),
                None => break 'rows,
            }
        }
        forward = !forward;
    }
    tables
}

/// A seat's standing at its table, for the cut.
#[derive(Clone, Copy, Debug)]
pub struct AtTable {
    pub entry: usize,
    pub place: usize,
    pub rating: i32,
    pub order: u32,
    pub withdrawn: bool,
}

/// Who goes on from a table: the best `advance` by place who have not withdrawn; a tie at the
/// cut goes to the higher rating, then the earlier registration.
pub fn advancing(seats: &[AtTable], advance: usize) -> Vec<usize> {
    let mut ranked: Vec<&AtTable> = seats.iter().filter(|s| !s.withdrawn).collect();
    ranked.sort_by(|a, b| {
        a.place
            .cmp(&b.place)
            .then(b.rating.cmp(&a.rating))
            .then(a.order.cmp(&b.order))
    });
    ranked.iter().take(advance).map(|s| s.entry).collect()
}

/// How many go on from each table of a round that is not the final (`sizes`: players at each
/// table): `advance`, but at least one player leaves every table of two or more; and when that
/// would leave fewer than the game's minimum for the next round, one more goes on from each
/// table in turn (the first tables first) until there are enough.
pub fn quotas(sizes: &[usize], advance: usize, byes: usize, game_min: usize) -> Vec<usize> {
    let mut quotas: Vec<usize> = sizes
        .iter()
        .map(|&s| advance.min(s.saturating_sub(1)).max(1))
        .collect();
    while quotas.iter().sum::<usize>() + byes < game_min {
        // The table with the fewest going on (the first among equals) that still has one out.
        let next = (0..quotas.len())
            .filter(|&t| quotas[t] + 1 < sizes[t])
            .min_by_key(|&t| quotas[t]);
        match next {
            Some(t) => quotas[t] += 1,
            None => break,
        }
    }
    quotas
}
