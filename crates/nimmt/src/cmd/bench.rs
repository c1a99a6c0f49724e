//! `nimmt bench`: random-play deals per second on one thread: deal, then every turn a random card
//! for every seat and a random row for a low card. Measures the fast kernel (the bots' playout
//! path) and the general engine (the path that produces events for the server).

use nimmt_core::games::classic::kernel::RandomDeals;
use nimmt_core::games::classic::{
    Action, Classic, ClassicOptions, DealMode, Decision, EndCondition, ROWS,
};
use nimmt_core::{OptionMap, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Options of `nimmt bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Number of seats.
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    /// Seconds to measure each path.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// A classic table option as KEY=VALUE (repeatable). Fan cards and the draft run on the
    /// general engine only.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Also measure the general engine (events, checked actions).
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    pub general: bool,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    anyhow::ensure!((2..=10).contains(&args.players), "--players must be 2–10");
    anyhow::ensure!(args.seconds > 0.0, "--seconds must be positive");
    let map = OptionMap::parse(args.options.iter().map(String::as_str))?;
    let options = Classic::parse_options(args.players, &map, &Default::default())?;
    let budget = Duration::from_secs_f64(args.seconds);
    let on_kernel = options.fan.is_none() && options.deal == DealMode::Random;
    let fast = on_kernel.then(|| measure(budget, kernel_deals(args.players, options)));
    if let Some(fast) = fast {
        println!(
            "{fast:.0} deals/s (fast kernel, {} players, one thread)",
            args.players
        );
    }
    if args.general || fast.is_none() {
        let general = measure(budget, engine_deals(args.players, options));
        match fast {
            Some(fast) => println!(
                "{general:.0} deals/s (general engine with events; the kernel is {:.1}x faster)",
                fast / general
            ),
            None => println!(
                "{general:.0} deals/s (general engine with events, {} players, one thread; fan cards and the draft are not on the kernel)",
                args.players
            ),
        }
    }
    Ok(())
}

/// Runs `batch` (which plays some deals and returns how many) until `budget` is spent.
fn measure(budget: Duration, mut batch: impl FnMut() -> u64) -> f64 {
    // Warm up.
    batch();
    let start = Instant::now();
    let mut deals = 0;
    while start.elapsed() < budget {
        deals += batch();
    }
    deals as f64 / start.elapsed().as_secs_f64()
}

fn kernel_deals(players: usize, options: ClassicOptions) -> impl FnMut() -> u64 {
    let mut rng = SmallRng::seed_from_u64(1);
    let mut deals = RandomDeals::new(
        players,
        options.placement,
        options.deck_size(players),
        options.hand_size as usize,
    );
    let mut sink = 0u64;
    move || {
        for _ in 0..10_000 {
            let p = deals.play_one(&mut rng);
            sink = sink.wrapping_add(p[0] as u64);
        }
        std::hint::black_box(sink);
        10_000
    }
}

fn engine_deals(players: usize, options: ClassicOptions) -> impl FnMut() -> u64 {
    let mut rng = SmallRng::seed_from_u64(1);
    let options = ClassicOptions {
        end: EndCondition::Deals(1),
        ..options
    };
    let mut seed = 0;
    move || {
        for _ in 0..100 {
            seed += 1;
            let mut game = Classic::new(players, options, seed);
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
                let events = game.act(seat, &action).expect("a legal random move");
                std::hint::black_box(events);
            }
            std::hint::black_box(game.totals());
        }
        100
    }
}
