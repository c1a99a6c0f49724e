//! Tournaments in simulated time with crashes (`nimmt_room::sim::tournament`): a 64-player
//! Swiss of 5 rounds with bots filling and a 27-player elimination run to their end for a few
//! seeds, every invariant checked after every step. Longer: `nimmt room-sim --tournament`.

use nimmt_room::sim::tournament::{run, TournamentStats};

#[test]
fn tournaments_survive_crashes_late_and_repeated_results_and_finish() {
    let mut total = TournamentStats::default();
    for seed in 0..10 {
        let stats = run(seed).unwrap_or_else(|(step, v)| panic!("seed {seed}, step {step}: {v}"));
        assert_eq!(
            stats.finished, 2,
            "seed {seed}: both tournaments finished: {stats:?}"
        );
        total.add(&stats);
    }
    // The runs did meet what they are for.
    assert!(total.crashes >= 10, "{total:?}");
    assert!(total.delivered_twice >= 10, "{total:?}");
    assert!(total.surplus >= 1, "{total:?}");
    assert!(total.missing >= 10 && total.withdrawals >= 4, "{total:?}");
}
