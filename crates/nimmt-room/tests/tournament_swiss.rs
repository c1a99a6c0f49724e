//! A Swiss tournament played to its end: 64 players, 5 rounds, tables of 4, with withdrawals
//! and players missing at a round's start; and a restart in the middle of a round.

mod tournament_support;

use nimmt_room::tournament::swiss::{self, Met};
use nimmt_room::tournament::{
    Effect, Input, Phase, Settings, Standing, TableRef, Tournament, TournamentError,
};
use rand_chacha::ChaCha8Rng;
use tournament_support::{check_round, entrant, opened, play_open, rng, send, Record};

fn settings(rounds: u32, table_size: usize, bots_fill: bool) -> Settings {
    Settings {
        bots_fill,
        start_ms: 1_000,
        ..Settings::swiss(rounds, table_size)
    }
}

/// A tournament of `players` started, its record and a seeded random source.
fn started(settings: Settings, players: usize, seed: u64) -> (Tournament, Record, ChaCha8Rng) {
    let mut t = registered(settings, players);
    let mut record = Record::default();
    record.take(t.step(0, Input::Start).unwrap());
    (t, record, rng(seed))
}

fn registered(settings: Settings, players: usize) -> Tournament {
    let mut t = Tournament::new(settings).unwrap();
    for i in 0..players {
        // Ratings spread, with some equal ones so that entry order matters.
        t.step(
            0,
            Input::Register(entrant(i, 1500 + ((i * 37) % 23) as i32 * 10)),
        )
        .unwrap();
    }
    t
}

/// Repeats of the round as paired, and of the plain in-order pairing of the same standing.
fn repeats_against_plain(t: &Tournament, record: &Record, round: u32) -> (u32, u32) {
    let index = |p: &str| t.entry_of(p).unwrap();
    let before = Met::from_tables(
        t.rounds
            .iter()
            .filter(|r| r.number < round)
            .flat_map(|r| r.tables.iter().map(|t| t.seats.as_slice())),
    );
    let tables: Vec<Vec<usize>> = record.rounds[&round]
        .iter()
        .map(|t| t.players.iter().map(|e| index(&e.player)).collect())
        .collect();
    let seated: Vec<String> = record.seated(round);
    // The standing the round was paired from: no result of this round is in yet.
    let order: Vec<usize> = t
        .standings()
        .iter()
        .filter(|s| seated.contains(&s.player))
        .map(|s| index(&s.player))
        .collect();
    let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
    let plain = swiss::in_order(&order, &sizes);
    (before.round_repeats(&tables), before.round_repeats(&plain))
}

fn check_standings(standings: &[Standing], record: &Record) {
    let expected = record.expected();
    let opponents = record.opponents();
    let points: std::collections::BTreeMap<&str, f64> = standings
        .iter()
        .map(|s| (s.player.as_str(), s.points.as_f64()))
        .collect();
    for line in standings {
        let want = expected.get(&line.player).copied().unwrap_or(0.0);
        assert!(
            (line.points.as_f64() - want).abs() < 1e-9,
            "{}: {} points, the places give {want}",
            line.player,
            line.points
        );
        let buchholz: f64 = opponents
            .get(&line.player)
            .into_iter()
            .flatten()
            .map(|o| points[o.as_str()])
            .sum();
        assert!((line.opponents.as_f64() - buchholz).abs() < 1e-9);
    }
    for pair in standings.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let key = |s: &Standing| {
            (
                std::cmp::Reverse(s.points),
                std::cmp::Reverse(s.opponents),
                std::cmp::Reverse(s.rating),
                s.entry,
            )
        };
        assert!(key(a) < key(b), "{} ranked before {}", a.player, b.player);
        assert_eq!(a.rank + 1, b.rank);
    }
}

#[test]
fn sixty_four_players_five_rounds_to_the_end() {
    let mut t = registered(settings(5, 4, false), 64);
    let mut record = Record::default();
    let mut rng = rng(58);
    assert!(
        t.step(999, Input::Tick).unwrap().is_empty(),
        "not yet the start"
    );
    record.take(t.step(1_000, Input::Tick).unwrap());
    assert_eq!(t.phase, Phase::Running { round: 1 });
    // Round 1 is seated by rating: the best 4 at table 1.
    let mut by_rating: Vec<_> = t
        .entries
        .iter()
        .map(|e| (-e.entrant.rating, e.order))
        .collect();
    by_rating.sort();
    let top: Vec<u32> = record.rounds[&1][0]
        .players
        .iter()
        .map(|e| t.entries[t.entry_of(&e.player).unwrap()].order)
        .collect();
    assert_eq!(top, by_rating[..4].iter().map(|x| x.1).collect::<Vec<_>>());

    let withdrawn = ["p5", "p17", "p40"];
    let missing = ["p9", "p33"];
    let mut total = (0, 0);
    for round in 1..=5 {
        check_round(&record, round);
        assert_eq!(
            record.rounds[&round]
                .iter()
                .map(|t| t.players.len())
                .sum::<usize>()
                + record.byes.get(&round).map_or(0, Vec::len),
            t.active().len(),
            "every active player is seated or has a bye"
        );
        if round > 1 {
            let (ours, plain) = repeats_against_plain(&t, &record, round);
            assert!(
                ours <= plain,
                "round {round}: {ours} repeats, the plain pairing {plain}"
            );
            if round == 2 {
                assert_eq!(ours, 0, "round 2 has room for no repeats");
            }
            total = (total.0 + ours, total.1 + plain);
        }
        if round == 3 {
            for player in withdrawn {
                record.take(
                    t.step(
                        0,
                        Input::Withdraw {
                            player: player.into(),
                        },
                    )
                    .unwrap(),
                );
            }
            for player in missing {
                let table = record.rounds[&3]
                    .iter()
                    .find(|t| t.players.iter().any(|e| e.player == player))
                    .unwrap()
                    .id;
                t.step(
                    0,
                    Input::Missing {
                        table,
                        player: player.into(),
                    },
                )
                .unwrap();
                // Told twice (the shell restarted): noted once.
                assert!(t
                    .step(
                        0,
                        Input::Missing {
                            table,
                            player: player.into()
                        }
                    )
                    .unwrap()
                    .is_empty());
            }
        }
        play_open(&mut t, &mut record, &mut rng);
    }
    eprintln!(
        "repeats over rounds 2-5: {} (plain pairing: {})",
        total.0, total.1
    );
    // By round 5 a player has met at most 12 of the 63 others, so every standing group has
    // room for tables without repeats: the pairing finds them, where the plain one repeats.
    assert_eq!(total.0, 0);
    assert!(total.1 > 0);
    assert_eq!(t.phase, Phase::Finished);
    let standings = record.finished.clone().expect("final standings");
    assert_eq!(standings.len(), 64);
    check_standings(&standings, &record);
    for player in withdrawn {
        for round in 4..=5 {
            assert!(
                !record.seated(round).contains(&player.to_string()),
                "{player} withdrew"
            );
        }
        assert!(standings
            .iter()
            .any(|s| s.player == player && s.withdrawn && s.games == 3));
    }
    for player in missing {
        let line = standings.iter().find(|s| s.player == player).unwrap();
        assert_eq!(
            (line.bot_played, line.games),
            (1, 5),
            "{player} came back after round 3"
        );
    }
}

#[test]
fn a_restart_mid_round_resumes_without_counting_twice() {
    let (mut t, mut record, mut rng) = started(settings(3, 4, false), 16, 7);
    play_open(&mut t, &mut record, &mut rng);
    // Round 2: half the tables in.
    let open = std::mem::take(&mut record.open);
    let (first, rest) = open.split_at(2);
    let mut sent = Vec::new();
    for table in first {
        let places = tournament_support::draw_places(table, &mut rng);
        sent.push((table.id, places.clone()));
        send(&mut t, &mut record, table.id, places);
    }
    let stored = serde_json::to_string(&t).unwrap();
    let mut back: Tournament = serde_json::from_str(&stored).unwrap();
    assert_eq!(back, t);
    assert_eq!(back.phase, Phase::Running { round: 2 });
    // The shell resends what it is unsure of: the same result is ignored, nothing reopens.
    let before = back.standings();
    for (table, places) in &sent {
        assert_eq!(
            back.step(
                0,
                Input::Result {
                    table: *table,
                    places: places.clone()
                }
            ),
            Ok(vec![])
        );
    }
    assert_eq!(back.standings(), before);
    // A different result for a counted table is refused and changes nothing.
    let (table, places) = &sent[0];
    let mut other = places.clone();
    other[0].1 = if other[0].1 == 1 { 2 } else { 1 };
    assert_eq!(
        back.step(
            0,
            Input::Result {
                table: *table,
                places: other
            }
        ),
        Err(TournamentError::AlreadyCounted)
    );
    assert_eq!(back.standings(), before);
    assert_eq!(back.rounds.len(), 2, "no round started twice");
    record.open = rest.to_vec();
    play_open(&mut back, &mut record, &mut rng);
    assert_eq!(back.rounds.len(), 3);
    // The last result of round 2 told again after round 3 opened: round 3 is not opened again.
    let (last, places) = record.places.iter().rfind(|(id, _)| id.round == 2).unwrap();
    let again = Input::Result {
        table: *last,
        places: places.clone(),
    };
    assert_eq!(back.step(0, again), Ok(vec![]));
    assert_eq!(back.rounds.len(), 3);
    play_open(&mut back, &mut record, &mut rng);
    assert_eq!(back.phase, Phase::Finished);
    check_standings(&record.finished.clone().unwrap(), &record);
}

#[test]
fn byes_when_nothing_else_fits_and_bots_when_allowed() {
    // 5 players at tables of 4 without bots: one table of 4 and a bye, a different player each round.
    let (mut t, mut record, mut rng) = started(settings(3, 4, false), 5, 3);
    for round in 1..=3 {
        check_round(&record, round);
        assert_eq!(record.rounds[&round].len(), 1);
        assert_eq!(record.byes[&round].len(), 1);
        play_open(&mut t, &mut record, &mut rng);
    }
    let byes: std::collections::BTreeSet<_> = record.byes.values().flatten().collect();
    assert_eq!(byes.len(), 3, "no second bye while others had none");
    let standings = t.standings();
    check_standings(&standings, &record);
    for line in &standings {
        assert_eq!(line.byes + line.games, 3);
    }
    // With bots allowed nobody sits out: tables of 3 and 2 + a bot.
    let mut t = registered(settings(1, 4, true), 5);
    let effects = t.step(0, Input::Start).unwrap();
    let tables = opened(&effects);
    let seats: Vec<(usize, usize)> = tables.iter().map(|t| (t.players.len(), t.bots)).collect();
    assert_eq!(seats, vec![(3, 0), (2, 1)]);
    assert!(!effects.iter().any(|e| matches!(e, Effect::Byes { .. })));
}

#[test]
fn tables_of_k_and_k_minus_one_before_byes() {
    // 7 players at tables of 4: a 4 and a 3, nobody waits.
    let mut t = registered(settings(1, 4, false), 7);
    let effects = t.step(0, Input::Start).unwrap();
    let sizes: Vec<usize> = opened(&effects).iter().map(|t| t.players.len()).collect();
    assert_eq!(sizes, vec![4, 3]);
}

#[test]
fn bad_inputs_change_nothing() {
    let mut t = registered(settings(2, 4, false), 3);
    assert_eq!(
        t.step(0, Input::Register(entrant(1, 1500))),
        Err(TournamentError::AlreadyRegistered)
    );
    assert_eq!(
        t.step(
            0,
            Input::Withdraw {
                player: "nobody".into()
            }
        ),
        Err(TournamentError::NotRegistered)
    );
    let table = TableRef { round: 1, table: 1 };
    assert_eq!(
        t.step(
            0,
            Input::Result {
                table,
                places: vec![]
            }
        ),
        Err(TournamentError::NotRunning)
    );
    // The creator cannot start it with too few; at the start time it is cancelled.
    assert_eq!(
        t.step(0, Input::Start),
        Err(TournamentError::TooFew { needed: 4 })
    );
    assert_eq!(t.phase, Phase::Registration);
    let effects = t.step(1_000, Input::Tick).unwrap();
    assert_eq!(t.phase, Phase::Cancelled);
    assert!(matches!(&effects[..], [Effect::Announce(_)]));
    assert_eq!(
        t.step(0, Input::Register(entrant(9, 1500))),
        Err(TournamentError::RegistrationClosed)
    );

    let mut t = registered(settings(2, 4, false), 8);
    t.step(
        0,
        Input::Withdraw {
            player: "p0".into(),
        },
    )
    .unwrap();
    assert_eq!(
        t.entries.len(),
        7,
        "a withdrawal before the start leaves the list"
    );
    let effects = t.step(0, Input::Start).unwrap();
    let tables = opened(&effects);
    let before = t.clone();
    let table = tables[0].id;
    let players: Vec<String> = tables[0].players.iter().map(|e| e.player.clone()).collect();
    let bad = [
        players
            .iter()
            .map(|p| (p.clone(), 1))
            .skip(1)
            .collect::<Vec<_>>(),
        players.iter().map(|p| (p.clone(), 9)).collect(),
        players.iter().map(|_| (players[0].clone(), 1)).collect(),
    ];
    for places in bad {
        assert_eq!(
            t.step(0, Input::Result { table, places }),
            Err(TournamentError::BadPlaces)
        );
    }
    let nowhere = TableRef {
        round: 1,
        table: 99,
    };
    assert_eq!(
        t.step(
            0,
            Input::Result {
                table: nowhere,
                places: vec![]
            }
        ),
        Err(TournamentError::NoSuchTable)
    );
    let elsewhere = tables[1].players[0].player.clone();
    assert_eq!(
        t.step(
            0,
            Input::Missing {
                table,
                player: elsewhere
            }
        ),
        Err(TournamentError::NotSeated)
    );
    assert_eq!(t.step(0, Input::Start), Err(TournamentError::Started));
    assert_eq!(t, before, "refused inputs changed nothing");
}

#[test]
fn a_thousand_players_meet_nobody_twice_in_five_rounds() {
    let (mut t, mut record, mut rng) = started(settings(5, 4, false), 1000, 1000);
    let mut total = (0, 0);
    for round in 1..=5 {
        check_round(&record, round);
        if round > 1 {
            let (ours, plain) = repeats_against_plain(&t, &record, round);
            total = (total.0 + ours, total.1 + plain);
        }
        play_open(&mut t, &mut record, &mut rng);
    }
    eprintln!(
        "1000 players, repeats over rounds 2-5: {} (plain pairing: {})",
        total.0, total.1
    );
    assert_eq!(total.0, 0);
    assert_eq!(t.phase, Phase::Finished);
}
