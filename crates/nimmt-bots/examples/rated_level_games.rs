//! Records whole rated games between the four bot levels of each rated game (one seat per level,
//! the seats rotating; classic to 66 points, HELP! to 3, the Brettspiel's base game on the
//! built-in board), each game's points by level, weakest first. The room's rating constants are
//! chosen on these games (`crates/nimmt-server/src/ratings/tuning.rs`).
//!
//! `cargo run --release -p nimmt-bots --example rated_level_games -- GAMES SEED THREADS FILE`
//!
//! Classic's master plays with 2,000 playouts instead of its 26,000 (the search hardly gains
//! past a thousand, `docs/bots.md`), so that the games take minutes, not hours.

use nimmt_bots::arena::{ArenaConfig, DealResult, Run};
use nimmt_bots::levels::Level;
use nimmt_bots::registry;
use nimmt_core::{GameKind, OptionMap};
use serde_json::{json, Map, Value};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().map_or(200, |g| g.parse().expect("GAMES"));
    let seed: u64 = args.get(1).map_or(54, |s| s.parse().expect("SEED"));
    let threads: usize = args.get(2).map_or(1, |t| t.parse().expect("THREADS"));
    let file = args
        .get(3)
        .cloned()
        .unwrap_or_else(|| "level-games.json".into());
    let mut out = Map::new();
    for (game, options, master) in [
        ("classic", vec!["end_at=66"], Some("mcts:iters=2000")),
        ("help", vec![], None),
        ("board", vec![], None),
    ] {
        let kind: GameKind = game.parse().expect("a game");
        let specs: Vec<String> = Level::ALL
            .into_iter()
            .map(|l| match (l, master) {
                (Level::Master, Some(spec)) => spec.to_owned(),
                _ => l.spec(kind).expect("a level").to_owned(),
            })
            .collect();
        let config = ArenaConfig {
            game: kind,
            players: specs.len(),
            seats: specs
                .iter()
                .map(|s| (s.clone(), s.parse().expect("a spec")))
                .collect(),
            options: OptionMap::parse(options.iter().copied()).expect("options"),
            deals: games,
            seed,
            threads,
            bot_timeout: Duration::from_secs(60),
        };
        let mut results: Vec<DealResult> = Vec::new();
        let mut keep = |d: &DealResult| results.push(d.clone());
        let mut run = Run::new(&|_| {});
        run.on_deal = Some(&mut keep);
        let started = Instant::now();
        registry::run_arena_with(&config, run).expect("the arena runs");
        results.sort_by_key(|d| d.deal);
        eprintln!(
            "{game}: {} games in {:.0?}",
            results.len(),
            started.elapsed()
        );
        out.insert(
            game.to_owned(),
            json!({
                "specs": specs,
                "options": options,
                "seed": seed,
                "points": results.iter().map(|d| d.points.clone()).collect::<Vec<_>>(),
            }),
        );
    }
    std::fs::write(
        &file,
        serde_json::to_string(&Value::Object(out)).expect("json") + "\n",
    )
    .expect("the file is written");
}
