//! Measures the bot levels of a game against each other: one arena with a seat per level
//! (each deal a game of the arena's kind, the seats rotating), Weng-Lin ratings from the
//! deals' ranks, and each level's milliseconds per decision. In *Schlagt den Büffel* the
//! members are one team, so each level plays as a whole team of its own instead: its win rate
//! and points against the buffalo.
//!
//! `cargo run --release -p nimmt-bots --example levels -- GAME DEALS [SEED] [THREADS] [SPEC…]`
//! (with specs: those are rated against each other instead of the levels)

use nimmt_bots::arena::{ArenaConfig, DealResult, Run};
use nimmt_bots::levels::{ratings, Level};
use nimmt_bots::registry;
use nimmt_core::{GameKind, OptionMap};
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game: GameKind = args
        .first()
        .map_or("classic", String::as_str)
        .parse()
        .expect("a game");
    let deals: u64 = args.get(1).map_or(100, |d| d.parse().expect("DEALS"));
    let seed: u64 = args.get(2).map_or(21, |s| s.parse().expect("SEED"));
    let threads: usize = args.get(3).map_or(1, |t| t.parse().expect("THREADS"));
    let descriptor = nimmt_core::registry::find(game.name())
        .expect("a game")
        .descriptor();
    let seat = |l: Level| {
        (
            l.name().to_owned(),
            l.spec(game).expect("a level").parse().unwrap(),
        )
    };
    let arena = |seats: Vec<(String, _)>| {
        let config = ArenaConfig {
            game,
            players: seats.len(),
            seats,
            options: OptionMap::default(),
            deals,
            seed,
            threads,
            bot_timeout: Duration::from_secs(10),
        };
        let mut results: Vec<DealResult> = Vec::new();
        let mut keep = |d: &DealResult| results.push(d.clone());
        let mut run = Run::new(&|_| {});
        run.on_deal = Some(&mut keep);
        registry::run_arena_with(&config, run).expect("the arena runs");
        results
    };
    let ms = |results: &[DealResult], s: usize| {
        let time: Duration = results.iter().map(|d| d.decision_time[s]).sum();
        let decisions: u64 = results.iter().map(|d| d.decisions[s]).sum();
        time.as_secs_f64() * 1000.0 / decisions.max(1) as f64
    };
    println!("{game}, {deals} games, seed {seed}");
    if descriptor.team {
        println!("level | spec | team wins | points a game | ms/decision");
        for level in Level::ALL {
            let results = arena(vec![seat(level); 3]);
            let wins: f64 = results.iter().map(|d| d.win[0]).sum::<f64>() / results.len() as f64;
            let points: f64 =
                results.iter().map(|d| f64::from(d.points[0])).sum::<f64>() / results.len() as f64;
            let spec = level.spec(game).unwrap_or_default();
            println!(
                "{} | `{spec}` | {:.1}% | {points:.2} | {:.2}",
                level.english(),
                100.0 * wins,
                ms(&results, 0)
            );
        }
        return;
    }
    // Candidate specs after the threads (`… 1 greedy mcts:iters=300`) are rated instead.
    let seats: Vec<(String, String)> = if args.len() > 4 {
        args[4..].iter().map(|s| (s.clone(), s.clone())).collect()
    } else {
        Level::ALL
            .into_iter()
            .map(|l| {
                (
                    l.english().to_owned(),
                    l.spec(game).unwrap_or_default().to_owned(),
                )
            })
            .collect()
    };
    let results = arena(
        seats
            .iter()
            .map(|(label, spec)| (label.clone(), spec.parse().expect("a spec")))
            .collect(),
    );
    let rated = ratings(&results, descriptor.sense);
    println!("level | spec | rating (μ ± σ) | wins | ms/decision");
    for (s, (label, spec)) in seats.iter().enumerate() {
        let wins: f64 = results.iter().map(|d| d.win[s]).sum::<f64>() / results.len() as f64;
        let (mu, sigma) = rated[s];
        println!(
            "{label} | `{spec}` | {mu:.1} ± {sigma:.1} | {:.1}% | {:.2}",
            100.0 * wins,
            ms(&results, s)
        );
    }
}
