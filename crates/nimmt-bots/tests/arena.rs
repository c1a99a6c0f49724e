//! The arena's guarantees: results independent of the thread count, seats rotating over
//! positions, outside bots played end to end through the protocol, ranges of deals that pool
//! into the whole run, and runs stopped early that keep the deals finished.

use nimmt_bots::arena::{ArenaConfig, ArenaError};
use nimmt_bots::registry;
use nimmt_bots::spec::BotSpec;
use nimmt_core::games::classic::Classic;
use nimmt_core::games::help::Help;
use nimmt_core::{OptionMap, Rules};
use std::path::PathBuf;
use std::time::Duration;

fn config(seats: &[&str], options: &[&str], deals: u64, threads: usize) -> ArenaConfig {
    ArenaConfig {
        game: Classic::KIND,
        players: seats.len(),
        seats: seats
            .iter()
            .map(|s| (s.to_string(), s.parse::<BotSpec>().unwrap()))
            .collect(),
        options: OptionMap::parse(options.iter().copied()).unwrap(),
        deals,
        seed: 42,
        threads,
        bot_timeout: Duration::from_secs(10),
    }
}

fn example_bot() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/classic_bot.py");
    format!("cmd:python3 {}", path.display())
}

#[test]
fn results_do_not_depend_on_the_thread_count() {
    let seats = ["mcts:iters=40", "greedy", "random"];
    let one = registry::run_arena(&config(&seats, &["fan=mountain"], 24, 1), &|_| {}).unwrap();
    let three = registry::run_arena(&config(&seats, &["fan=mountain"], 24, 3), &|_| {}).unwrap();
    assert_eq!(one.points, three.points);
    for (a, b) in one.seats.iter().zip(&three.seats) {
        assert_eq!(
            (a.mean_points, a.ci95, a.win_share, a.elo),
            (b.mean_points, b.ci95, b.win_share, b.elo)
        );
    }
    // another seed deals other cards
    let mut other = config(&seats, &["fan=mountain"], 24, 1);
    other.seed = 43;
    assert_ne!(
        registry::run_arena(&other, &|_| {}).unwrap().points,
        one.points
    );
}

#[test]
fn every_deal_is_scored_and_win_shares_add_up() {
    let report = registry::run_arena(
        &config(&["greedy", "greedy", "random", "random"], &[], 40, 2),
        &|_| {},
    )
    .unwrap();
    assert_eq!(report.deals, 40);
    assert_eq!(report.points.len(), 40);
    let shares: f64 = report.seats.iter().map(|s| s.win_share).sum();
    assert!((shares - 1.0).abs() < 1e-9, "win shares sum to {shares}");
    // identical bots in rotating seats: the two greedy seats play the same positions over time
    assert!(report.seats[0].mean_points < report.seats[2].mean_points);
    assert!(report.seats[1].mean_points < report.seats[3].mean_points);
}

#[test]
fn seats_rotate_so_position_does_not_bias() {
    // Two identical random bots over an even number of deals: each sits at each position equally
    // often, so swapping the order of the seats swaps their results exactly.
    let a = registry::run_arena(&config(&["random", "random"], &[], 10, 1), &|_| {}).unwrap();
    let b = registry::run_arena(&config(&["random", "random"], &[], 10, 1), &|_| {}).unwrap();
    assert_eq!(a.points, b.points);
    let sum: i32 = a.points.iter().map(|p| p[0] + p[1]).sum();
    assert!(sum > 0);
}

#[test]
fn a_classic_arena_game_is_one_deal_unless_the_options_say_how_it_ends() {
    let one = registry::run_arena(&config(&["greedy"; 4], &[], 20, 1), &|_| {}).unwrap();
    let games = registry::run_arena(&config(&["greedy"; 4], &["deals=3"], 20, 1), &|_| {}).unwrap();
    let to_66 =
        registry::run_arena(&config(&["greedy"; 4], &["end_at=66"], 20, 1), &|_| {}).unwrap();
    let total = |r: &nimmt_bots::arena::ArenaReport| -> i32 {
        r.points.iter().map(|p| p.iter().sum::<i32>()).sum()
    };
    // A game of three deals hands out about three times the points of a game of one …
    assert!(
        total(&games) > 2 * total(&one),
        "{} against {}",
        total(&games),
        total(&one)
    );
    // … and a game to 66 ends with someone at 66.
    assert!(to_66.points.iter().all(|p| p.iter().any(|&x| x >= 66)));
    let shares: f64 = games.seats.iter().map(|s| s.win_share).sum();
    assert!(
        (shares - 1.0).abs() < 1e-9,
        "one winner's share per game: {shares}"
    );
}

#[test]
fn a_bad_setup_is_refused_before_any_deal() {
    let e = registry::run_arena(
        &config(&["greedy", "greedy"], &["end_at=66", "deals=3"], 5, 1),
        &|_| {},
    )
    .unwrap_err();
    assert!(matches!(e, ArenaError::Setup(_)), "{e}");
    let mut c = config(&["greedy", "greedy"], &[], 5, 1);
    c.players = 3;
    assert_eq!(
        registry::run_arena(&c, &|_| {}).unwrap_err().to_string(),
        "2 seats given for 3 players: give one --seat per player"
    );
    let e = registry::run_arena(
        &config(&["greedy", "greedy"], &["fan=cow,mountain"], 5, 1),
        &|_| {},
    )
    .unwrap_err();
    assert!(e.to_string().contains("cannot be combined"), "{e}");
}

#[test]
fn the_python_example_bot_plays_through_the_arena() {
    let bot = example_bot();
    for options in [
        &[][..],
        &["deal=draft", "deck=tactic"][..],
        &["fan=digit-swap"][..],
    ] {
        let report =
            registry::run_arena(&config(&[&bot, "greedy", "random"], options, 6, 2), &|_| {})
                .unwrap();
        assert_eq!(report.deals, 6);
        assert!(report.seats[0].mean_decision_ms > 0.0);
    }
}

#[test]
fn help_games_are_played_to_their_end_by_help_bots() {
    let mut c = config(&["greedy", "random", "random"], &[], 12, 2);
    c.game = Help::KIND;
    let report = registry::run_arena(&c, &|_| {}).unwrap();
    assert_eq!(report.deals, 12);
    let shares: f64 = report.seats.iter().map(|s| s.win_share).sum();
    assert!(
        (shares - 12.0 / 12.0).abs() < 1e-9 || shares >= 1.0,
        "every game has a winner"
    );
    // Someone reaches 3 points in every game (H6).
    for points in &report.points {
        assert!(points.iter().any(|&p| p >= 3), "{points:?}");
    }
    let same = registry::run_arena(&config_help(1), &|_| {}).unwrap();
    let other = registry::run_arena(&config_help(3), &|_| {}).unwrap();
    assert_eq!(same.points, other.points, "thread count does not matter");
    // Outside bots play HELP! too: one that exits at once is reported and greedy plays on.
    c.seats[1] = ("cmd:true".into(), "cmd:true".parse().unwrap());
    let report = registry::run_arena(&c, &|_| {}).unwrap();
    assert_eq!(report.deals, 12);
}

fn config_help(threads: usize) -> ArenaConfig {
    let mut c = config(
        &["mcts:iters=30", "greedy", "random", "random"],
        &[],
        8,
        threads,
    );
    c.game = Help::KIND;
    c
}

#[test]
fn ranges_of_deals_and_resumed_deals_pool_into_the_whole_run() {
    use nimmt_bots::arena::{DealResult, Run};
    let seats = ["mcts:iters=20", "greedy", "random"];
    let whole = registry::run_arena(&config(&seats, &[], 10, 2), &|_| {}).unwrap();
    // the first half, logged deal by deal
    let mut first: Vec<DealResult> = Vec::new();
    let mut log = |r: &DealResult| first.push(r.clone());
    let mut run = Run::new(&|_| {});
    run.on_deal = Some(&mut log);
    let half = registry::run_arena_with(&config(&seats, &[], 5, 2), run).unwrap();
    assert_eq!(half.points[..], whole.points[..5]);
    assert_eq!(
        first.iter().map(|r| r.deal).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4]
    );
    // the second half alone has the seeds of the long run
    let mut run = Run::new(&|_| {});
    run.first_deal = 5;
    let second = registry::run_arena_with(&config(&seats, &[], 5, 1), run).unwrap();
    assert_eq!(second.points[..], whole.points[5..]);
    assert_eq!(second.deal_index, [5, 6, 7, 8, 9]);
    // resuming from the first half plays only the rest, and reports on all
    let mut played = Vec::new();
    let mut log = |r: &DealResult| played.push(r.deal);
    let mut run = Run::new(&|_| {});
    run.done = first;
    run.on_deal = Some(&mut log);
    let pooled = registry::run_arena_with(&config(&seats, &[], 10, 2), run).unwrap();
    assert_eq!(played, [5, 6, 7, 8, 9]);
    assert_eq!(pooled.points, whole.points);
    assert_eq!(pooled.pairs, whole.pairs);
    assert_eq!(pooled.partial, None);
}

#[test]
fn a_stopped_run_reports_the_deals_finished_as_partial() {
    use nimmt_bots::arena::{Partial, Run};
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = AtomicBool::new(false);
    let progress = |done: u64| {
        if done >= 3 {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let mut run = Run::new(&progress);
    run.stop = Some(&stop);
    let planned = 100_000;
    let report =
        registry::run_arena_with(&config(&["greedy", "random"], &[], planned, 1), run).unwrap();
    assert_eq!(report.partial, Some(Partial::Interrupted));
    // The flag is set as the third result comes in; the thread playing may have finished a few
    // more by then (on a busy machine), each of them reported, and starts none after it.
    assert!(
        (3..planned).contains(&report.deals),
        "{} of {planned} deals",
        report.deals
    );
    assert_eq!(report.planned, planned);
    assert_eq!(report.points.len() as u64, report.deals);
}

/// Plays greedy moves, but the first move of its `bad_from`-th deal (from 0) is illegal.
struct FaultyBot {
    greedy: nimmt_bots::classic::GreedyBot,
    deals: u64,
    bad_from: u64,
}

impl nimmt_bots::Bot<Classic> for FaultyBot {
    fn decide(&mut self, view: &<Classic as Rules>::View) -> <Classic as Rules>::Action {
        if self.deals > self.bad_from {
            return nimmt_core::games::classic::Action::TakeRow { row: 9 };
        }
        self.greedy.decide(view)
    }
    fn name(&self) -> String {
        "faulty".into()
    }
    fn reseed(&mut self, seed: u64) {
        self.deals += 1;
        self.greedy.reseed(seed);
    }
}

#[test]
fn a_fault_ends_the_run_with_the_deals_finished() {
    use nimmt_bots::arena::{run_typed, Partial, Run};
    let c = config(&["greedy", "greedy"], &[], 10, 1);
    let options = OptionMap::parse(["deals=1"]).unwrap();
    let make = |_: &BotSpec, seed| -> Result<Box<dyn nimmt_bots::Bot<Classic>>, ArenaError> {
        Ok(Box::new(FaultyBot {
            greedy: nimmt_bots::classic::GreedyBot::new(seed),
            deals: 0,
            bad_from: 4,
        }))
    };
    let report = run_typed::<Classic>(&c, &options, &make, Run::new(&|_| {})).unwrap();
    assert_eq!(report.deals, 4);
    assert!(
        matches!(&report.partial, Some(Partial::Failed(why)) if why.contains("illegal action")),
        "{:?}",
        report.partial
    );
    // a fault before any deal is finished is an error
    let make = |_: &BotSpec, seed| -> Result<Box<dyn nimmt_bots::Bot<Classic>>, ArenaError> {
        Ok(Box::new(FaultyBot {
            greedy: nimmt_bots::classic::GreedyBot::new(seed),
            deals: 0,
            bad_from: 0,
        }))
    };
    let e = run_typed::<Classic>(&c, &options, &make, Run::new(&|_| {})).unwrap_err();
    assert!(matches!(e, ArenaError::Illegal { .. }), "{e}");
}
