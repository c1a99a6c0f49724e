//! The search's speed: playouts per second on the kernel (and on the general rows with a fan
//! card), and one whole `mcts:iters=2000` decision.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use nimmt_bots::classic::world::{Playout, Template};
use nimmt_bots::classic::{Budget, Knowledge, MctsBot, MctsConfig};
use nimmt_bots::Bot;
use nimmt_core::games::classic::{Classic, View};
use nimmt_core::{OptionMap, Rules, Seat, Viewer};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn first_view(options: &[&str]) -> View {
    let mut map = OptionMap::parse(options.iter().copied()).unwrap();
    map.set("deals", "1");
    let game = Classic::from_setup(4, &map, 7).unwrap();
    game.view(Viewer::Seat(Seat(0)))
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    for (name, options, policy) in [
        ("kernel/mimic", &[][..], Playout::Mimic),
        ("kernel/risk", &[][..], Playout::Risk),
        ("kernel/random", &[][..], Playout::Random),
        ("rows-fan-cow/risk", &["fan=cow"][..], Playout::Risk),
    ] {
        let view = first_view(options);
        let knowledge = Knowledge::from_view(&view);
        let template = Template::from_view(&view);
        let action = view.legal_actions()[0];
        let mut deal_rng = SmallRng::seed_from_u64(1);
        let mut rng = SmallRng::seed_from_u64(2);
        group.bench_function(name, |b| {
            b.iter_batched(
                || template.world(&knowledge.sample(&mut deal_rng)),
                |world| world.run(&action, policy, &mut rng),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

fn decision(c: &mut Criterion) {
    let view = first_view(&[]);
    let mut bot = MctsBot::new(MctsConfig::new(Budget::Iters(2000)), 1);
    c.bench_function("mcts:iters=2000 first decision, 4 players", |b| {
        b.iter(|| bot.decide(&view))
    });
}

criterion_group!(benches, playouts, decision);
criterion_main!(benches);
