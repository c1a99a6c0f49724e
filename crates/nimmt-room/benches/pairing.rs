//! Pairing one Swiss round of 1,000 players at tables of 4, after 3 rounds of history.
//! `cargo bench -p nimmt-room --bench pairing`

use criterion::{criterion_group, criterion_main, Criterion};
use nimmt_room::tournament::{Effect, Entrant, Input, Settings, Tournament};

/// A 1,000-player Swiss after 3 rounds, its round 4 about to be paired: the state just before
/// the last table of round 3 reports.
fn after_three_rounds() -> (Tournament, Input) {
    let settings = Settings::swiss(5, 4);
    let mut t = Tournament::new(settings).unwrap();
    for i in 0..1000i32 {
        let entrant = Entrant {
            player: format!("p{i}"),
            name: format!("Player {i}"),
            rating: 1000 + (i * 7919) % 1000,
        };
        t.step(0, Input::Register(entrant)).unwrap();
    }
    let mut open = Vec::new();
    let mut last = None;
    let take = |effects: Vec<Effect>, open: &mut Vec<_>| {
        for e in effects {
            if let Effect::OpenTables { tables, .. } = e {
                open.extend(tables);
            }
        }
    };
    take(t.step(0, Input::Start).unwrap(), &mut open);
    let mut seed = 1u64;
    for round in 1..=3 {
        let tables = std::mem::take(&mut open);
        let count = tables.len();
        for (n, table) in tables.into_iter().enumerate() {
            // A fixed shuffle of places per table.
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let shift = (seed >> 33) as usize;
            let size = table.players.len();
            let places: Vec<(String, usize)> = table
                .players
                .iter()
                .enumerate()
                .map(|(i, e)| (e.player.clone(), (i + shift) % size + 1))
                .collect();
            let input = Input::Result {
                table: table.id,
                places,
            };
            if round == 3 && n + 1 == count {
                last = Some(input);
            } else {
                take(t.step(0, input).unwrap(), &mut open);
            }
        }
    }
    (t, last.unwrap())
}

fn pairing(c: &mut Criterion) {
    let (t, last) = after_three_rounds();
    c.bench_function(
        "swiss round of 1000 players, tables of 4, after 3 rounds",
        |b| {
            b.iter_batched(
                || (t.clone(), last.clone()),
                |(mut t, last)| t.step(0, last).unwrap(),
                criterion::BatchSize::LargeInput,
            )
        },
    );
}

criterion_group!(benches, pairing);
criterion_main!(benches);
