//! The room under the deterministic simulation (`nimmt_room::sim`): 100,000 steps of many
//! clients at many tables, timers, a failing and slow store and crashes, with the invariants
//! checked after every step; and each known bug put in on purpose is found.
//!
//! `NIMMT_SIM_STEPS` (default 100,000) and `NIMMT_SIM_SEED` (default 1) run it longer or
//! elsewhere; `nimmt sim` does the same from the command line.

use nimmt_room::sim::{self, SimConfig};
use nimmt_room::table::Fault;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn the_room_keeps_its_invariants_through_a_long_simulation() {
    let cfg = SimConfig {
        seed: env("NIMMT_SIM_SEED", 1),
        steps: env("NIMMT_SIM_STEPS", 100_000),
        fault: None,
    };
    let report = sim::run(cfg);
    if let Some((step, violation, actions)) = &report.failure {
        let shortest = sim::shrink(cfg.seed, None, actions);
        panic!(
            "seed {}: {violation} at step {step}; the shortest input that breaks it ({} actions):\n{:#?}",
            cfg.seed,
            shortest.len(),
            shortest
        );
    }
    println!("{report:#?}");
    // The run did what a room does: tables, moves, crashes, refused writes, days of time.
    assert!(report.stats.tables_opened > 100, "{report:?}");
    assert!(report.stats.moves_sent > 5_000, "{report:?}");
    assert!(report.stats.crashes > 10, "{report:?}");
    assert!(report.refused_writes > 10, "{report:?}");
}

#[test]
fn each_known_bug_is_found_within_the_default_run() {
    let steps = env("NIMMT_SIM_STEPS", 100_000);
    for fault in Fault::ALL {
        let report = sim::run(SimConfig {
            seed: env("NIMMT_SIM_SEED", 1),
            steps,
            fault: Some(fault),
        });
        let Some((step, violation, _)) = report.failure else {
            panic!("{}: not found in {steps} steps", fault.name());
        };
        println!("{}: found at step {step}: {violation}", fault.name());
    }
}
