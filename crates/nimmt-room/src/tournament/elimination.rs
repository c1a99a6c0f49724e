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
