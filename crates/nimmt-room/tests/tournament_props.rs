//! Over random tournaments (players, table size, game minimum, bots or not, withdrawals):
//! nobody sits twice in a round, every active player is seated or has a bye, tables are within
//! the game's limits, and the tournament always ends.

mod tournament_support;

use nimmt_room::tournament::{Format, Input, Phase, Settings, Tournament};
use proptest::prelude::*;
use tournament_support::{check_round, entrant, play_open, rng, Record};

fn run(
    settings: Settings,
    players: usize,
    leave_every: usize,
    seed: u64,
) -> Result<(), TestCaseError> {
    let k = settings.table_size;
    let game_min = settings.game_min;
    let elimination = matches!(settings.format, Format::Elimination { .. });
    let mut t = Tournament::new(settings).unwrap();
    for i in 0..players {
        t.step(0, Input::Register(entrant(i, (i as i32 * 31) % 400)))
            .unwrap();
    }
    let mut record = Record::default();
    let mut rng = rng(seed);
    record.take(t.step(0, Input::Start).unwrap());
    let mut round = 0;
    while let Phase::Running { round: now } = t.phase {
        prop_assert_eq!(now, round + 1, "rounds follow each other");
        round = now;
        check_round(&record, round);
        let seated = record.seated(round).len() + record.byes.get(&round).map_or(0, Vec::len);
        prop_assert_eq!(seated, t.active().len());
        for table in &record.rounds[&round] {
            let seats = table.players.len() + table.bots;
            prop_assert!(
                seats <= k && seats >= game_min,
                "a table of {} seats",
                seats
            );
        }
        // Someone withdraws now and then.
        if leave_every > 0 && (round as usize).is_multiple_of(leave_every) {
            if let Some(&i) = t.active().first() {
                let player = t.entries[i].entrant.player.clone();
                record.take(t.step(0, Input::Withdraw { player }).unwrap());
            }
        }
        play_open(&mut t, &mut record, &mut rng);
        prop_assert!(round < 40, "the tournament ends");
    }
    prop_assert_eq!(t.phase, Phase::Finished);
    let standings = record.finished.expect("final standings");
    prop_assert_eq!(standings.len(), players);
    if elimination {
        let still_in = standings.iter().filter(|s| s.out_in.is_none()).count();
        prop_assert!(still_in <= 1, "{} winners", still_in);
        if leave_every == 0 {
            prop_assert_eq!(still_in, 1, "one winner");
        }
        prop_assert!(standings[1..].iter().all(|s| s.out_in.is_some()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn swiss_seats_everyone_once(
        players in 6usize..90,
        table_size in 3usize..=6,
        min_short in 0usize..3,
        bots_fill in any::<bool>(),
        rounds in 1u32..6,
        leave_every in 0usize..4,
        seed in any::<u64>(),
    ) {
        let settings = Settings {
            game_min: (table_size - min_short).max(2),
            bots_fill,
            ..Settings::swiss(rounds, table_size)
        };
        run(settings, players, leave_every, seed)?;
    }

    #[test]
    fn elimination_ends_with_one_winner(
        players in 6usize..90,
        table_size in 3usize..=6,
        advance in 1usize..5,
        min_short in 0usize..3,
        bots_fill in any::<bool>(),
        leave_every in 0usize..4,
        seed in any::<u64>(),
    ) {
        let settings = Settings {
            game_min: (table_size - min_short).max(2),
            bots_fill,
            ..Settings::elimination(advance.min(table_size - 2), table_size)
        };
        run(settings, players, leave_every, seed)?;
    }
}
