//! An elimination tournament: 27 players at tables of 3, the best 1 of each goes on, until one
//! table plays the final.

mod tournament_support;

use nimmt_room::tournament::{Input, Phase, Settings, Tournament};
use tournament_support::{check_round, entrant, play_open, rng, send, Record};

fn elimination(players: usize, table_size: usize, advance: usize) -> Tournament {
    let settings = Settings::elimination(advance, table_size);
    let mut t = Tournament::new(settings).unwrap();
    for i in 0..players {
        t.step(0, Input::Register(entrant(i, 2000 - i as i32)))
            .unwrap();
    }
    t
}

#[test]
fn twenty_seven_players_to_a_final_of_three() {
    let mut t = elimination(27, 3, 1);
    let mut record = Record::default();
    let mut rng = rng(27);
    record.take(t.step(0, Input::Start).unwrap());
    // Snake seeding: the three best seeds at three different tables.
    let first = &record.rounds[&1];
    assert_eq!(first.len(), 9);
    for (table, seed) in first.iter().zip(["p0", "p1", "p2"]) {
        assert_eq!(table.players[0].player, seed);
    }
    assert_eq!(
        first[8].players[1].player, "p9",
        "the snake turns at the last table"
    );
    let mut rounds = 0;
    while t.phase != Phase::Finished {
        rounds += 1;
        check_round(&record, rounds);
        play_open(&mut t, &mut record, &mut rng);
    }
    let tables: Vec<usize> = record.rounds.values().map(Vec::len).collect();
    assert_eq!(tables, vec![9, 3, 1]);
    // Who went on: exactly the table winners (ties at the cut to the better rating).
    for round in 1..3u32 {
        let next: Vec<String> = record.seated(round + 1);
        for table in &record.rounds[&round] {
            let places = &record.places[&table.id];
            let best = places.iter().map(|(_, p)| *p).min().unwrap();
            let winner = places
                .iter()
                .filter(|(_, p)| *p == best)
                .map(|(player, _)| player)
                .min_by_key(|p| p[1..].parse::<u32>().unwrap())
                .unwrap();
            assert!(next.contains(winner), "{winner} won table {}", table.id);
        }
    }
    let standings = record.finished.clone().expect("final standings");
    assert_eq!(standings.len(), 27);
    let final_places = &record.places[&record.rounds[&3][0].id];
    let champion = &standings[0];
    let (_, place) = final_places
        .iter()
        .find(|(p, _)| *p == champion.player)
        .unwrap();
    assert_eq!(*place, final_places.iter().map(|(_, p)| *p).min().unwrap());
    assert_eq!(champion.out_in, None);
    // Then the other finalists, then those out in round 2, then in round 1.
    let outs: Vec<Option<u32>> = standings.iter().map(|s| s.out_in).collect();
    assert_eq!(outs[1..3], [Some(3), Some(3)]);
    assert!(outs[3..9].iter().all(|o| *o == Some(2)));
    assert!(outs[9..].iter().all(|o| *o == Some(1)));
}

#[test]
fn a_withdrawn_player_does_not_go_on() {
    let mut t = elimination(9, 3, 1);
    let mut record = Record::default();
    record.take(t.step(0, Input::Start).unwrap());
    let table = record.rounds[&1][0].clone();
    let leaver = table.players[0].player.clone();
    record.take(
        t.step(
            0,
            Input::Withdraw {
                player: leaver.clone(),
            },
        )
        .unwrap(),
    );
    // The leaver's seat (played by a bot) wins the table; the next best goes on.
    let places: Vec<(String, usize)> = table
        .players
        .iter()
        .enumerate()
        .map(|(i, e)| (e.player.clone(), i + 1))
        .collect();
    send(&mut t, &mut record, table.id, places);
    play_open(&mut t, &mut record, &mut rng(1));
    let next = record.seated(2);
    assert!(!next.contains(&leaver));
    assert!(next.contains(&table.players[1].player));
}

#[test]
fn the_final_has_the_games_minimum() {
    // 6 players at tables of 3, best 1 goes on, but the game needs 3: one more goes on from the
    // first table so that three play the final.
    let settings = Settings {
        game_min: 3,
        ..Settings::elimination(1, 3)
    };
    let mut t = Tournament::new(settings).unwrap();
    for i in 0..6 {
        t.step(0, Input::Register(entrant(i, 2000 - i as i32)))
            .unwrap();
    }
    let mut record = Record::default();
    record.take(t.step(0, Input::Start).unwrap());
    play_open(&mut t, &mut record, &mut rng(6));
    assert_eq!(record.seated(2).len(), 3);
    play_open(&mut t, &mut record, &mut rng(6));
    assert_eq!(t.phase, Phase::Finished);
    let standings = record.finished.unwrap();
    assert_eq!(standings[0].out_in, None);
    assert!(standings[1..].iter().all(|s| s.out_in.is_some()));
}
