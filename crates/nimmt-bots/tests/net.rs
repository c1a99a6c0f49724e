//! The learned `net` bot with its shipped weights: seated by name, it plays every deal to the
//! end with legal cards and takes fewer points than `greedy` at the same table.

use nimmt_bots::arena::ArenaConfig;
use nimmt_bots::registry;
use nimmt_bots::spec::BotSpec;
use nimmt_core::games::classic::Classic;
use nimmt_core::{OptionMap, Rules};
use std::time::Duration;

#[test]
fn net_takes_fewer_points_than_greedy() {
    let seats = ["net", "greedy", "net", "greedy"];
    let config = ArenaConfig {
        game: Classic::KIND,
        players: seats.len(),
        seats: seats
            .iter()
            .map(|s| (s.to_string(), s.parse::<BotSpec>().unwrap()))
            .collect(),
        options: OptionMap::default(),
        deals: 20,
        seed: 7,
        threads: 2,
        bot_timeout: Duration::from_secs(10),
    };
    // The arena refuses an illegal action, so finishing every deal means legal play.
    let report = registry::run_arena(&config, &|_| {}).expect("every deal played");
    assert_eq!(report.deals, 20);
    // Both seats of each bot, every deal.
    let points = |spec: &str| -> f64 {
        report
            .seats
            .iter()
            .filter(|s| s.spec == spec)
            .map(|s| s.mean_points)
            .sum()
    };
    let (net, greedy) = (points("net"), points("greedy"));
    assert!(
        net < greedy,
        "net {net:.2} points a deal, greedy {greedy:.2}"
    );
}
