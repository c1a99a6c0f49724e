//! Rule-book examples of the base game and the luck cards (`000` Grundspiel, "Grundspiel mit
//! Glückskarten"): laying, taking rows, scoring, the end.

use super::*;

#[test]
fn setup_deals_twelve_tiles_and_four_rows_with_a_supply_for_two_or_three() {
    for (players, version, supply) in [
        (3, Version::Base, 100 - 36 - 4),
        (4, Version::Base, 0),
        (4, Version::Pro, 100 - 48 - 4),
        (6, Version::ProLuck, 100 - 72 - 4),
    ] {
        let g = Board::new(players, BoardOptions::on_default_board(version), 1);
        assert!(Seat::all(players).all(|s| g.hand(s).len() == 12));
        assert_eq!(g.supply_size(), supply);
        assert_conserved(&g);
        let active: Vec<usize> = (0..g.rows().len())
            .filter(|&r| g.rows()[r].is_active())
            .collect();
        // Pro with 4–6: the bottom four rows; otherwise the top four.
        let expected: Vec<usize> = if version.is_pro() && players >= 4 {
            (2..6).collect()
        } else {
            (0..4).collect()
        };
        assert_eq!(active, expected, "{players} {version:?}");
        if version.is_pro() {
            assert!(Seat::all(players).all(|s| g.action_hand(s).len() == 2));
        }
        assert_eq!(g.deals().len(), 1);
        // The pro side's two-tiles row is the fifth: active at the start with 4–6 players.
        let count = if version.is_pro() && players >= 4 {
            2
        } else {
            1
        };
        assert_eq!(
            g.pending(),
            Seat::all(players)
                .map(|s| (s, Decision::Choose { count }))
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn rule_2_bastis_57_goes_to_the_56_then_mellas_60_and_steffens_93() {
    // 000 "Regel 2": Basti's 57 fits rows 1, 3 and 4; the 56 is closest.
    let mut g = Board::from_position(Position::new(
        Version::Base,
        hands(&[&[57, 1], &[60, 2], &[93, 3]]),
        rows(&[&[40], &[70], &[50], &[56], &[]]),
    ))
    .unwrap();
    let ev = round(&mut g, &[&[57], &[60], &[93]]);
    assert_eq!(laid_order(&ev), vec![57, 60, 93]);
    assert_eq!(g.rows()[3].tiles(), vec![56, 57, 60]);
    assert_eq!(g.rows()[1].tiles(), vec![70, 93]);
}

#[test]
fn rule_3_bastis_1_goes_to_the_highest_last_tile_then_steffens_18_and_mellas_19() {
    // 000 "Regel 3": the 1 fits no row: the row with the highest last tile, the second.
    let mut g = Board::from_position(Position::new(
        Version::Base,
        hands(&[&[1, 90], &[19, 91], &[18, 92]]),
        rows(&[&[15], &[80], &[50], &[60], &[]]),
    ))
    .unwrap();
    let ev = round(&mut g, &[&[1], &[19], &[18]]);
    assert_eq!(laid_order(&ev), vec![1, 18, 19]);
    assert_eq!(g.rows()[1].tiles(), vec![80, 1]);
    assert_eq!(g.rows()[0].tiles(), vec![15, 18, 19]);
}

#[test]
fn take_row_steffens_41_takes_15_18_19_for_8_minus_and_opens_the_next_free_row() {
    // 000 "Reihe nehmen": 8 minus points, the 15, 18 and 19 go back into the box, the 41 opens
    // the next free row below.
    let mut g = Board::from_position(Position::new(
        Version::Base,
        hands(&[&[90, 1, 2], &[95, 3, 4], &[41, 5, 6]]),
        rows(&[&[15, 18, 19], &[80], &[50], &[60], &[]]),
    ))
    .unwrap();
    let ev = round(&mut g, &[&[90], &[95], &[41]]);
    assert_eq!(laid_order(&ev)[0], 41);
    assert_eq!(g.scores()[STEFFEN.index()], -8);
    assert!(g.boxed().contains(&15));
    assert!([15, 18, 19].iter().all(|t| g.boxed().contains(t)));
    assert!(!g.rows()[0].is_active());
    assert_eq!(g.rows()[4].tiles(), vec![41]);
    assert_eq!(g.rows().iter().filter(|r| r.is_active()).count(), 4);
    // Row 5 is the two-tiles row: it is active now, so everybody plays two tiles.
    assert_eq!(g.pending()[0].1, Decision::Choose { count: 2 });
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::RowTaken { seat: STEFFEN, row: 0, tiles, to_screen: false, .. } if tiles == &vec![15, 18, 19]
    )));
    assert_conserved(&g);
}

#[test]
fn take_row_with_no_free_row_below_opens_the_top_free_row() {
    // 000 "Reihe nehmen": "Sollte sich unterhalb der aktuellen Reihe keine freie Reihe mehr
    // befinden, legst du das Plättchen auf das erste Feld der obersten freien Reihe."
    let mut g = Board::from_position(Position::new(
        Version::Base,
        hands(&[&[90, 91], &[95, 96], &[30, 31]]),
        rows(&[&[], &[80], &[10, 12, 14, 20], &[60], &[99]]),
    ))
    .unwrap();
    round(&mut g, &[&[90, 91], &[95, 96], &[30, 31]]);
    assert_eq!(g.rows()[0].tiles(), vec![30, 31]);
}

#[test]
fn two_tiles_round_each_player_lays_twice_lowest_first() {
    // 000 "Sonderreihe Zwei Plättchen ausspielen".
    let mut g = Board::from_position(Position::new(
        Version::Base,
        hands(&[&[10, 40, 1], &[20, 50, 2], &[30, 60, 3]]),
        rows(&[&[5], &[], &[7], &[8], &[9]]),
    ))
    .unwrap();
    assert_eq!(g.pending()[0].1, Decision::Choose { count: 2 });
    let ev = round(&mut g, &[&[10, 40], &[20, 50], &[30, 60]]);
    assert_eq!(laid_order(&ev), vec![10, 20, 30, 40, 50, 60]);
}

#[test]
fn five_points_mellas_23_on_two_red_bulls_gives_5_plus_instead_of_10_minus() {
    // 000 "5 Pluspunkte" (K1: 10 minus points).
    let mut p = Position::new(
        Version::BaseLuck,
        hands(&[&[90, 1], &[23, 2], &[95, 3]]),
        rows(&[&[10], &[80], &[20], &[60], &[]]),
    );
    p.luck_hands[MELLA.index()] = vec![LuckCard::FivePoints];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[90], &[23], &[95]]);
    assert_eq!(
        g.pending(),
        vec![(MELLA, Decision::BeforeLaying { tile: 23 })]
    );
    assert!(g.legal_actions(MELLA).contains(&Action::Lay {
        luck: Some(LuckCard::FivePoints)
    }));
    let mut without = g.clone();
    act(&mut without, MELLA, Action::Lay { luck: None });
    assert_eq!(
        without.scores()[MELLA.index()],
        -10,
        "K1: two red bulls on the 23"
    );
    act(
        &mut g,
        MELLA,
        Action::Lay {
            luck: Some(LuckCard::FivePoints),
        },
    );
    assert_eq!(g.scores()[MELLA.index()], 5);
    assert_eq!(g.rows()[2].tiles(), vec![20, 23]);
    assert!(g.luck_hand(MELLA).is_empty());
    assert_eq!(
        g.luck_stacks().five_points,
        6,
        "the card goes back to its stack"
    );
    assert_conserved(&g);
}

#[test]
fn positive_bulls_bastis_25_counts_83_and_23_so_17_minus_become_3_plus() {
    // 000 "Positive Hornochsen".
    let mut p = Position::new(
        Version::BaseLuck,
        hands(&[&[25, 1], &[90, 2], &[95, 3]]),
        rows(&[&[10], &[80], &[44, 65, 83, 23], &[60], &[]]),
    );
    p.luck_hands[BASTI.index()] = vec![LuckCard::FivePoints, LuckCard::PositiveBulls];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[25], &[90], &[95]]);
    let legal = g.legal_actions(BASTI);
    assert!(legal.contains(&Action::Lay {
        luck: Some(LuckCard::PositiveBulls)
    }));
    assert!(
        !legal.contains(&Action::Lay {
            luck: Some(LuckCard::FivePoints)
        }),
        "5 Pluspunkte not on a row's last field"
    );
    let mut without = g.clone();
    act(&mut without, BASTI, Action::Lay { luck: None });
    assert_eq!(without.scores()[BASTI.index()], -17);
    act(
        &mut g,
        BASTI,
        Action::Lay {
            luck: Some(LuckCard::PositiveBulls),
        },
    );
    assert_eq!(
        g.pending(),
        vec![(BASTI, Decision::CountPositive { row: 2 })]
    );
    assert_eq!(g.legal_actions(BASTI).len(), 6, "any two of four tiles");
    act(&mut g, BASTI, Action::CountPositive { tiles: [23, 83] });
    assert_eq!(g.scores()[BASTI.index()], 3);
    assert_eq!(
        g.rows()[4].tiles(),
        vec![25],
        "the 25 opens the next free row"
    );
    assert_conserved(&g);
}

#[test]
fn luck_cards_one_per_clover_passed_backwards_chosen_from_either_stack() {
    // 000 "Grundspiel mit Glückskarten": the 17 minus points pass the clovers at -5 and -15.
    let mut g = Board::from_position(Position::new(
        Version::BaseLuck,
        hands(&[&[25, 1], &[90, 2], &[95, 3]]),
        rows(&[&[10], &[80], &[44, 65, 83, 23], &[60], &[]]),
    ))
    .unwrap();
    round(&mut g, &[&[25], &[90], &[95]]);
    assert_eq!(g.scores()[BASTI.index()], -17);
    assert_eq!(g.pending(), vec![(BASTI, Decision::TakeLuck { owed: 2 })]);
    act(
        &mut g,
        BASTI,
        Action::TakeLuck {
            card: LuckCard::PositiveBulls,
        },
    );
    assert_eq!(g.pending(), vec![(BASTI, Decision::TakeLuck { owed: 1 })]);
    act(
        &mut g,
        BASTI,
        Action::TakeLuck {
            card: LuckCard::PositiveBulls,
        },
    );
    assert_eq!(g.luck_hand(BASTI), &[LuckCard::PositiveBulls; 2]);
    assert_conserved(&g);
}

#[test]
fn luck_cards_come_from_the_other_stack_when_one_is_empty_and_not_at_all_when_both_are() {
    let mut p = Position::new(
        Version::BaseLuck,
        hands(&[&[25, 1], &[90, 2], &[95, 3]]),
        rows(&[&[10], &[80], &[44, 65, 83, 23], &[60], &[]]),
    );
    p.luck_hands[MELLA.index()] = vec![LuckCard::FivePoints; 6];
    p.luck_hands[STEFFEN.index()] = vec![LuckCard::PositiveBulls; 5];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[25], &[90], &[95]]);
    assert_eq!(
        g.luck_hand(BASTI),
        &[LuckCard::PositiveBulls],
        "one card left"
    );
    assert_conserved(&g);
}

#[test]
fn base_with_three_players_deals_a_second_twelve_then_ends() {
    // 000 "Spielende" (two and three players).
    let mut g = Board::new(3, BoardOptions::default(), 5);
    let mut sets = 1;
    while !g.is_over() {
        let (seat, _) = g.pending()[0];
        let a = g.default_action(seat).unwrap();
        g.act(seat, &a).unwrap();
        if g.deals().len() > sets {
            sets = g.deals().len();
            assert!(Seat::all(3).all(|s| g.hand(s).len() == 12));
        }
    }
    assert_eq!(g.deals().len(), 2);
    assert!(Seat::all(3).all(|s| g.hand(s).is_empty()));
}

#[test]
fn scores_stay_within_44() {
    // 000 "Punkte kassieren": "nie mehr als 44 Minus- oder Pluspunkte".
    let mut p = Position::new(
        Version::Base,
        hands(&[&[90, 1], &[95, 2], &[41, 3]]),
        rows(&[&[15, 18, 19], &[80], &[50], &[60], &[]]),
    );
    p.scores = vec![0, 0, -40];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[90], &[95], &[41]]);
    assert_eq!(g.scores()[STEFFEN.index()], -44);
}

#[test]
fn base_with_four_players_ends_when_all_tiles_are_laid() {
    // 000 "Spielende" (four to six players).
    let mut g = Board::new(4, BoardOptions::default(), 11);
    while !g.is_over() {
        let (seat, _) = g.pending()[0];
        let a = g.default_action(seat).unwrap();
        g.act(seat, &a).unwrap();
    }
    assert_eq!(g.deals().len(), 1);
    assert!(Seat::all(4).all(|s| g.hand(s).is_empty()));
    assert_eq!(g.supply_size(), 0);
}
