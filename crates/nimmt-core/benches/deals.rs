//! Random-play deals on the fast kernel and on the general engine (the same path as
//! `nimmt bench`), at 4 players.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nimmt_core::games::classic::kernel::RandomDeals;
use nimmt_core::games::classic::{
    Action, Classic, ClassicOptions, Decision, EndCondition, Placement, ROWS,
};
use nimmt_core::Rules;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn kernel(c: &mut Criterion) {
    let mut group = c.benchmark_group("random deal, 4 players");
    group.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(1);
    let mut deals = RandomDeals::new(4, Placement::Right, 104, 10);
    group.bench_function("fast kernel", |b| b.iter(|| deals.play_one(&mut rng)));
    let mut both = RandomDeals::new(4, Placement::BothEnds, 104, 10);
    group.bench_function("fast kernel, both ends", |b| {
        b.iter(|| both.play_one(&mut rng))
    });
    let options = ClassicOptions {
        end: EndCondition::Deals(1),
        ..ClassicOptions::default()
    };
    let mut seed = 0;
    group.bench_function("general engine", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = Classic::new(4, options, seed);
            while let Some(&(seat, decision)) = game.pending().first() {
                let action = match decision {
                    Decision::TakeRow => Action::TakeRow {
                        row: rng.random_range(0..ROWS),
                    },
                    _ => {
                        let hand = game.hand(seat);
                        Action::play(hand[rng.random_range(0..hand.len())])
                    }
                };
                criterion::black_box(game.act(seat, &action).unwrap());
            }
            game.totals().to_vec()
        })
    });
    group.finish();
}

criterion_group!(benches, kernel);
criterion_main!(benches);
