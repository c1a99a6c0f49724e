//! Rule-book examples of the Brettspiel (`000`) and the decisions of `docs/rules/board.md`, each
//! test naming its source; and the properties every game keeps (conservation, accepted ⇔ legal,
//! view secrecy, scores on the track).

use super::*;
use crate::rules::Rules;
use proptest::prelude::*;
use rand::Rng;

/// The seats of the rule-book examples.
const BASTI: Seat = Seat(0);
const MELLA: Seat = Seat(1);
const STEFFEN: Seat = Seat(2);

fn rows(r: &[&[u8]]) -> Vec<Vec<u8>> {
    r.iter().map(|t| t.to_vec()).collect()
}

fn hands(h: &[&[u8]]) -> Vec<Vec<u8>> {
    h.iter().map(|t| t.to_vec()).collect()
}

fn act(g: &mut Board, seat: Seat, a: Action) -> Vec<Event> {
    g.act(seat, &a)
        .unwrap_or_else(|e| panic!("{seat} {a:?}: {e}"))
        .into_iter()
        .map(|e| e.event)
        .collect()
}

fn choose(g: &mut Board, seat: Seat, tiles: &[u8]) -> Vec<Event> {
    act(
        g,
        seat,
        Action::Choose {
            tiles: tiles.to_vec(),
        },
    )
}

/// Everybody chooses; returns all events.
fn round(g: &mut Board, choices: &[&[u8]]) -> Vec<Event> {
    let mut ev = Vec::new();
    for (s, t) in choices.iter().enumerate() {
        ev.extend(choose(g, Seat(s as u8), t));
    }
    ev
}

fn laid_order(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Laid { tile, .. } | Event::LaidAtStart { tile, .. } => Some(*tile),
            _ => None,
        })
        .collect()
}

fn assert_conserved(g: &Board) {
    assert_eq!(g.tiles_in_play(), (1..=100).collect::<Vec<u32>>());
    let luck = g.luck_cards_in_play();
    for c in LuckCard::BOTH {
        assert_eq!(luck.iter().filter(|&&x| x == c).count(), 6);
    }
    if g.version().is_pro() {
        assert_eq!(g.action_cards_in_play(), ActionCard::deck());
    } else {
        assert!(g.action_cards_in_play().is_empty());
    }
}

#[test]
fn default_data_is_valid_and_says_it_is_reconstructed() {
    let d = default_data::default_data();
    for text in [&d.base.about, &d.pro.about, &d.tiles.about] {
        assert!(text.contains("RECONSTRUCTED"), "{text}");
    }
    assert_eq!(d.base.rows.len(), 5);
    assert_eq!(d.pro.rows.len(), 6);
    let again = BoardData::from_json(&serde_json::to_string(&*d).unwrap()).unwrap();
    assert_eq!(again, *d);
}

#[test]
fn bad_data_is_refused_naming_the_field() {
    let mut v: serde_json::Value = serde_json::from_str(default_data::BASE_JSON).unwrap();
    v["rows"][2]["fields"][4] = serde_json::json!({"kind": "empty"});
    let e = BoardSide::from_json(&v.to_string()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "base.rows[2].fields[4]: the last field of a row must be take_row or take_row_to_screen"
    );
    v["rows"][2]["fields"][4] = serde_json::json!({"kind": "draw_tile"});
    let e = BoardSide::from_json(&v.to_string()).unwrap_err();
    assert!(e.to_string().starts_with("base.rows[2].fields[4]"), "{e}");
    v["rows"][2]["fields"][4] = serde_json::json!({"kind": "purple"});
    let e = BoardSide::from_json(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("board side"), "{e}");
    let mut t: serde_json::Value = serde_json::from_str(default_data::TILES_JSON).unwrap();
    t["bulls"][6] = serde_json::json!(4);
    let e = TileTable::from_json(&t.to_string()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "tiles.bulls[6] (tile 7): 4 bull heads, expected 1, 2, 3 or 5"
    );
}

#[test]
fn a_table_may_load_other_data() {
    let d = default_data::default_data();
    let mut other = (*d).clone();
    other.tiles.bulls = vec![1; 100];
    let combined = serde_json::to_string(&other).unwrap();
    let loaded = BoardData::from_json(&combined).unwrap();
    let g = Board::with_data(4, Version::Base, loaded.clone(), 7);
    assert_eq!(g.data(), &loaded);
    assert_eq!(g.view(Viewer::Spectator).bulls, vec![1; 100]);
}

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
fn stop_steffen_stops_row_2_so_his_67_goes_to_row_1() {
    // 000 "Stop!".
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[95, 1], &[99, 2], &[67, 3]]),
        rows(&[&[50], &[60], &[80], &[90], &[], &[]]),
    );
    p.action_hands[STEFFEN.index()] = vec![ActionCard::Stop];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[95], &[99], &[67]]);
    assert_eq!(
        g.pending(),
        vec![(STEFFEN, Decision::BeforeLaying { tile: 67 })]
    );
    act(&mut g, STEFFEN, Action::Stop { row: 1 });
    act(&mut g, STEFFEN, Action::Lay { luck: None });
    assert_eq!(g.rows()[0].tiles(), vec![50, 67]);
    assert!(g.rows()[1].stop);
    assert_conserved(&g);
}

#[test]
fn stop_at_most_two_signs_and_all_return_when_a_row_is_taken() {
    // 000 "Stop!": "nicht, wenn bereits zwei Stoppschilder auf dem Spielplan liegen";
    // "Sobald ein Spieler eine Reihe nehmen muss, legt ihr alle Stoppschilder wieder zurück".
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[55, 1], &[99, 2], &[97, 3]]),
        rows(&[&[10, 20, 30, 40, 50], &[60], &[80], &[90], &[], &[]]),
    );
    p.stops = vec![2, 3];
    p.action_hands[BASTI.index()] = vec![ActionCard::Stop];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[55], &[99], &[97]]);
    assert!(!g
        .legal_actions(BASTI)
        .iter()
        .any(|a| matches!(a, Action::Stop { .. })));
    // 55 lands on row 1's last field: takes it; the signs go back.
    let ev = act(&mut g, BASTI, Action::Lay { luck: None });
    assert!(ev.contains(&Event::StopsRemoved));
    assert!(g.rows().iter().all(|r| !r.stop));
}

#[test]
fn too_low_tile_skips_a_stopped_highest_row() {
    // Decision (docs/rules/board.md): a tile too low for every row goes to the highest last
    // tile among the rows without a stop sign.
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[5, 1], &[99, 2], &[97, 3]]),
        rows(&[&[50], &[60], &[80], &[90], &[], &[]]),
    );
    p.stops = vec![3];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[5], &[99], &[97]]);
    assert_eq!(g.rows()[2].tiles(), vec![80, 5]);
}

#[test]
fn swap_mella_takes_back_her_4_and_lays_22_before_bastis_20() {
    // 000 "Plättchentausch".
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[20, 1], &[4, 22], &[95, 3]]),
        rows(&[&[10], &[30], &[50], &[70], &[], &[]]),
    );
    p.action_hands[MELLA.index()] = vec![ActionCard::SwapTile];
    let mut g = Board::from_position(p).unwrap();
    let mut ev = round(&mut g, &[&[20], &[4], &[95]]);
    assert_eq!(
        g.pending(),
        vec![(MELLA, Decision::BeforeLaying { tile: 4 })]
    );
    ev.extend(act(&mut g, MELLA, Action::SwapTile { tile: 22 }));
    assert_eq!(laid_order(&ev), vec![22, 20, 95]);
    assert_eq!(g.hand(MELLA), &[4]);
    assert_eq!(g.rows()[0].tiles(), vec![10, 22]);
    assert_conserved(&g);
}

#[test]
fn skip_bastis_57_jumps_over_the_minus_7_field() {
    // 000 "Überspringen".
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[57, 1], &[99, 2], &[95, 3]]),
        rows(&[&[40, 45, 50], &[60], &[70], &[80], &[], &[]]),
    );
    p.action_hands[BASTI.index()] = vec![ActionCard::Skip];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[57], &[99], &[95]]);
    assert_eq!(
        g.side().field(0, 3),
        Field::Minus { points: 7 },
        "the -7 field"
    );
    let mut without = g.clone();
    act(&mut without, BASTI, Action::Lay { luck: None });
    assert_eq!(without.scores()[BASTI.index()], -7);
    act(&mut g, BASTI, Action::Skip);
    act(&mut g, BASTI, Action::Lay { luck: None });
    assert_eq!(g.rows()[0].cells[3], None, "the skipped field stays free");
    assert_eq!(g.rows()[0].cells[4], Some(57));
    assert_eq!(g.scores()[BASTI.index()], 2);
}

#[test]
fn skip_never_over_a_rows_last_field() {
    // 000 "Überspringen": "nicht spielen, um damit das letzte Feld einer Reihe zu überspringen".
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[57, 1], &[99, 2], &[95, 3]]),
        rows(&[&[40, 45, 50, 52, 55], &[60], &[70], &[80], &[], &[]]),
    );
    p.action_hands[BASTI.index()] = vec![ActionCard::Skip];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[57], &[99], &[95]]);
    assert_eq!(g.legal_actions(BASTI), vec![Action::Lay { luck: None }]);
    assert!(g.act(BASTI, &Action::Skip).is_err());
}

#[test]
fn to_start_steffens_10_pushes_the_22_onto_two_green_bulls_for_6_plus() {
    // 000 "An den Anfang legen".
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[95, 1], &[99, 2], &[10, 3]]),
        rows(&[&[30], &[40], &[12, 15, 18, 19, 22], &[60], &[], &[]]),
    );
    p.action_hands[STEFFEN.index()] = vec![ActionCard::ToStart];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[95], &[99], &[10]]);
    assert!(g
        .legal_actions(STEFFEN)
        .contains(&Action::ToStart { row: 2 }));
    act(&mut g, STEFFEN, Action::ToStart { row: 2 });
    assert_eq!(
        g.legal_actions(STEFFEN),
        vec![Action::Lay { luck: None }],
        "decision: nothing after An den Anfang legen"
    );
    let ev = act(&mut g, STEFFEN, Action::Lay { luck: None });
    assert_eq!(g.rows()[2].tiles(), vec![10, 12, 15, 18, 19, 22]);
    assert_eq!(g.side().field(2, 5), Field::GreenBulls { count: 2 });
    assert_eq!(g.scores()[STEFFEN.index()], 6);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::LaidAtStart {
            tile: 10,
            row: 2,
            pushed: 22,
            field: 5,
            ..
        }
    )));
}

#[test]
fn to_start_fills_a_skipped_field_and_never_pushes_onto_the_last_field() {
    // 000 "An den Anfang legen": "bis zum nächsten freien Feld (evtl. ein übersprungenes Feld)";
    // decision: not when the push would reach the row's last field.
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[95, 1], &[99, 2], &[10, 3]]),
        rows(&[
            &[30],
            &[40],
            &[12, 15, 18, 19, 22],
            &[60, 61, 62, 63, 64],
            &[],
            &[],
        ]),
    );
    p.action_hands[STEFFEN.index()] = vec![ActionCard::ToStart];
    let mut g = Board::from_position(p).unwrap();
    // Row 3 (pro row 4) has six fields: its next free field is the last.
    g.rows[2].cells = vec![Some(12), None, Some(18), None, None, None, None, None];
    round(&mut g, &[&[95], &[99], &[10]]);
    let legal = g.legal_actions(STEFFEN);
    assert!(legal.contains(&Action::ToStart { row: 2 }));
    assert!(!legal.contains(&Action::ToStart { row: 3 }));
    act(&mut g, STEFFEN, Action::ToStart { row: 2 });
    act(&mut g, STEFFEN, Action::Lay { luck: None });
    assert_eq!(g.rows()[2].cells[..4], [Some(10), Some(12), Some(18), None]);
    // The 12 landed on field 1: plus 1.
    assert_eq!(g.scores()[STEFFEN.index()], 1);
}

#[test]
fn ascending_mellas_69_may_go_to_rows_1_2_or_4() {
    // 000 "Aufsteigend anlegen".
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[95, 1], &[69, 2], &[99, 3]]),
        rows(&[&[30], &[50], &[80], &[65], &[], &[]]),
    );
    p.action_hands[MELLA.index()] = vec![ActionCard::Ascending];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[95], &[69], &[99]]);
    let rows_allowed: Vec<usize> = g
        .legal_actions(MELLA)
        .into_iter()
        .filter_map(|a| match a {
            Action::Ascending { row } => Some(row),
            _ => None,
        })
        .collect();
    assert_eq!(rows_allowed, vec![0, 1, 3]);
    act(&mut g, MELLA, Action::Ascending { row: 3 });
    act(&mut g, MELLA, Action::Lay { luck: None });
    assert_eq!(g.rows()[3].tiles(), vec![65, 69]);
}

#[test]
fn extra_tile_lays_all_own_tiles_now_lowest_first() {
    // 000 "Noch ein Plättchen": "Lege danach alle deine ausgespielten Plättchen einzeln
    // nacheinander an (beginne mit dem niedrigsten)".
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[20, 1], &[35, 33], &[25, 3]]),
        rows(&[&[10], &[30], &[50], &[70], &[], &[]]),
    );
    p.action_hands[BASTI.index()] = vec![ActionCard::ExtraTile];
    let mut g = Board::from_position(p).unwrap();
    let mut ev = round(&mut g, &[&[20], &[35], &[25]]);
    ev.extend(act(&mut g, BASTI, Action::ExtraTile { tile: 1 }));
    assert_eq!(laid_order(&ev), vec![1, 20, 25, 35]);
    assert_conserved(&g);
}

#[test]
fn pro_take_row_opens_a_free_row_of_the_players_choice_and_triggers_its_first_field() {
    // 000 Profiversion "Reihe nehmen (Hornochse)" and "Reihe nehmen (Plättchen)".
    let mut g = Board::from_position(Position::new(
        Version::Pro,
        hands(&[&[95, 1], &[99, 2], &[65, 3]]),
        rows(&[&[], &[10, 20, 30, 40, 50, 60], &[80], &[90], &[], &[85]]),
    ))
    .unwrap();
    round(&mut g, &[&[95], &[99], &[65]]);
    assert_eq!(g.pending(), vec![(STEFFEN, Decision::OpenRow { from: 1 })]);
    assert_eq!(
        g.legal_actions(STEFFEN),
        vec![Action::OpenRow { row: 0 }, Action::OpenRow { row: 4 }]
    );
    act(&mut g, STEFFEN, Action::OpenRow { row: 0 });
    // Taken into the screen: no minus points.
    assert_eq!(g.hand(STEFFEN), &[3, 10, 20, 30, 40, 50, 60]);
    assert_eq!(g.rows()[0].tiles(), vec![65]);
    assert_eq!(g.scores()[STEFFEN.index()], 0);
    assert_conserved(&g);
}

#[test]
fn pro_end_tiles_left_cost_their_bulls_and_action_cards_give_one_each() {
    // 000 Profiversion "Spielende".
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[95], &[99, 10], &[97, 55]]),
        rows(&[&[30], &[40], &[50], &[60], &[], &[]]),
    );
    p.action_hands[MELLA.index()] = vec![ActionCard::Stop, ActionCard::Skip];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[95], &[99], &[97]]);
    act(&mut g, MELLA, Action::Lay { luck: None });
    let o = g.outcome().expect("Basti has no tile left");
    // Basti: the 95 on a red bull (-2). Mella: the 99 draws an action card; the 10 left costs
    // 3, three cards give 3. Steffen: the 55 left costs 5.
    assert_eq!(o.scores, vec![-2, 0, -5]);
    assert_eq!(o.winners, vec![MELLA]);
}

#[test]
fn pro_end_at_the_bound_tiles_first_then_action_cards() {
    // 000 Profiversion "Spielende": "Wer jetzt noch Plättchen hinter seinem Sichtschirm hat,
    // erhält für jeden darauf abgebildeten Hornochsen einen Minuspunkt. Wer jetzt noch
    // Aktionskarten auf der Hand hat, erhält für jede Aktionskarte 1 Pluspunkt." and "Punkte
    // kassieren": "nie mehr als 44 Minus- oder Pluspunkte ... Überzählige Punkte verfallen."
    // Decision 16 (docs/rules/board.md): two moves in the book's order, each stopping at the
    // track's end. Steffen at -40 keeps the 55 (5 bull heads) and one action card: -40 - 5 stops
    // at -44, then +1: -43 (one net move of -4 would give -44).
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[95], &[99, 10], &[97, 55]]),
        rows(&[&[30], &[40], &[50], &[60], &[], &[]]),
    );
    p.scores = vec![0, 0, -40];
    p.action_hands[MELLA.index()] = vec![ActionCard::Stop, ActionCard::Skip];
    p.action_hands[STEFFEN.index()] = vec![ActionCard::Skip];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[95], &[99], &[97]]);
    act(&mut g, STEFFEN, Action::Lay { luck: None });
    let ev = act(&mut g, MELLA, Action::Lay { luck: None });
    let o = g.outcome().expect("Basti has no tile left");
    assert_eq!(o.scores[STEFFEN.index()], -43);
    let steffens: Vec<(i32, i32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Scored {
                seat,
                delta,
                score,
                reason: ScoreReason::Final,
                ..
            } if *seat == STEFFEN => Some((*delta, *score)),
            _ => None,
        })
        .collect();
    assert_eq!(steffens, vec![(-4, -44), (1, -43)]);
}

#[test]
fn stop_never_on_a_row_that_has_one() {
    // 000 "Stop!": "Lege ein Stoppschild an das Ende einer beliebigen aktiven Reihe"; decision 19
    // (docs/rules/board.md): the end of a stopped row holds its sign already, so a second sign
    // goes to another row or not at all.
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[95, 1], &[99, 2], &[67, 3]]),
        rows(&[&[50], &[60], &[80], &[90], &[], &[]]),
    );
    p.stops = vec![1];
    p.action_hands[STEFFEN.index()] = vec![ActionCard::Stop];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[95], &[99], &[67]]);
    let legal = g.legal_actions(STEFFEN);
    assert!(!legal.contains(&Action::Stop { row: 1 }));
    assert!(legal.contains(&Action::Stop { row: 0 }));
    let before = g.clone();
    assert!(g.act(STEFFEN, &Action::Stop { row: 1 }).is_err());
    assert_eq!(g.rows(), before.rows(), "nothing changed");
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
fn the_view_shows_own_tiles_and_others_counts() {
    let mut g = Board::new(3, BoardOptions::on_default_board(Version::ProLuck), 3);
    let t = g.hand(Seat(1))[0];
    choose(&mut g, Seat(1), &[t]);
    let v = g.view(Viewer::Seat(Seat(0)));
    assert_eq!(v.hand, g.hand(Seat(0)));
    assert!(v.chosen.is_empty());
    assert_eq!(v.hand_sizes[1], 11);
    assert_eq!(v.action_cards, g.action_hand(Seat(0)));
    let v1 = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(v1.chosen, vec![t]);
    assert!(v1.legal_actions().is_empty());
    let s = g.view(Viewer::Spectator);
    assert!(s.hand.is_empty() && s.action_cards.is_empty());
}

/// Plays `steps` random legal actions.
fn random_game(players: usize, version: Version, seed: u64, steps: usize) -> Board {
    let mut g = Board::new(players, BoardOptions::on_default_board(version), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..steps {
        let pending = g.pending();
        if pending.is_empty() {
            break;
        }
        let (seat, _) = pending[rng.random_range(0..pending.len())];
        let legal = g.legal_actions(seat);
        let a = legal[rng.random_range(0..legal.len())].clone();
        g.act(seat, &a).unwrap();
    }
    g
}

/// Actions to try besides the legal ones: many of them wrong.
fn candidate_actions(g: &Board, seat: Seat) -> Vec<Action> {
    let mut out = vec![
        Action::Lay { luck: None },
        Action::Lay {
            luck: Some(LuckCard::FivePoints),
        },
        Action::Lay {
            luck: Some(LuckCard::PositiveBulls),
        },
        Action::Skip,
        Action::TakeLuck {
            card: LuckCard::FivePoints,
        },
        Action::TakeLuck {
            card: LuckCard::PositiveBulls,
        },
        Action::Choose { tiles: vec![] },
        Action::Choose { tiles: vec![0] },
        Action::Choose { tiles: vec![101] },
        Action::CountPositive { tiles: [1, 1] },
    ];
    for row in 0..7 {
        out.extend([
            Action::Stop { row },
            Action::ToStart { row },
            Action::Ascending { row },
            Action::OpenRow { row },
        ]);
    }
    let hand = g.hand(Seat(seat.0 % g.players() as u8)).to_vec();
    for &t in hand.iter().take(3) {
        out.push(Action::Choose { tiles: vec![t] });
        out.push(Action::Choose { tiles: vec![t, t] });
        out.push(Action::SwapTile { tile: t });
        out.push(Action::ExtraTile { tile: t });
    }
    out.push(Action::SwapTile { tile: 50 });
    out.push(Action::Choose { tiles: vec![50] });
    if hand.len() >= 2 {
        out.push(Action::Choose {
            tiles: vec![hand[1], hand[0]],
        });
    }
    out
}

fn any_version() -> impl Strategy<Value = Version> {
    prop::sample::select(vec![
        Version::Base,
        Version::BaseLuck,
        Version::Pro,
        Version::ProLuck,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_tile_and_card_and_end(
        players in 2usize..=6, version in any_version(), seed in any::<u64>(),
    ) {
        let mut g = Board::new(players, BoardOptions::on_default_board(version), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while !g.is_over() {
            assert_conserved(&g);
            let opening = usize::from(matches!(g.stage(), Stage::OpenRow { .. }));
            prop_assert_eq!(g.rows().iter().filter(|r| r.is_active()).count() + opening, ACTIVE_ROWS);
            prop_assert!(g.rows().iter().filter(|r| r.stop).count() <= STOP_SIGNS);
            prop_assert!(g.scores().iter().all(|s| (-44..=44).contains(s)));
            let pending = g.pending();
            prop_assert!(!pending.is_empty());
            let (seat, _) = pending[rng.random_range(0..pending.len())];
            let legal = g.legal_actions(seat);
            prop_assert!(!legal.is_empty(), "a pending seat always has a move");
            let a = legal[rng.random_range(0..legal.len())].clone();
            g.act(seat, &a).unwrap();
            steps += 1;
            prop_assert!(steps < 5000, "the game ends");
        }
        assert_conserved(&g);
        let o = g.outcome().unwrap();
        prop_assert!(o.scores.iter().all(|s| (-44..=44).contains(s)));
        let best = *o.scores.iter().max().unwrap();
        prop_assert!(o.winners.iter().all(|w| o.scores[w.index()] == best));
        prop_assert!(!o.winners.is_empty());
    }

    #[test]
    fn act_accepts_exactly_the_legal_actions_and_views_agree(
        players in 2usize..=6, version in any_version(), seed in any::<u64>(), steps in 0usize..400,
    ) {
        let g = random_game(players, version, seed, steps);
        for seat in Seat::all(players + 1) {
            let legal = g.legal_actions(seat);
            let mut tries = candidate_actions(&g, seat);
            tries.extend(legal.iter().cloned());
            for a in tries {
                let mut h = g.clone();
                match h.act(seat, &a) {
                    Ok(_) => prop_assert!(legal.contains(&a), "{:?} accepted from {} but not listed", a, seat),
                    Err(e) => {
                        prop_assert!(!legal.contains(&a), "{:?} listed for {} but refused: {}", a, seat, e);
                        prop_assert_eq!(&h, &g, "refused {:?} changed the state", a);
                    }
                }
                let mut q = g.clone();
                prop_assert_eq!(q.act_quiet(seat, &a).is_ok(), legal.contains(&a));
            }
            if seat.index() < players {
                let view = g.view(Viewer::Seat(seat));
                prop_assert_eq!(Board::legal_in_view(&view), legal.clone());
                prop_assert_eq!(&view.hand, &g.hands[seat.index()]);
                prop_assert_eq!(&view.action_cards, &g.action_hands[seat.index()]);
                if let Some(d) = g.default_action(seat) {
                    prop_assert!(legal.contains(&d), "the default action is legal");
                }
                // Nothing of another seat's screen, chosen tiles or action cards.
                let json = serde_json::to_value(&view).unwrap();
                for other in Seat::all(players).filter(|&o| o != seat) {
                    let mut secret = g.clone();
                    secret.hands[other.index()].reverse();
                    secret.hands[other.index()].sort_unstable_by(|a, b| b.cmp(a));
                    prop_assert_eq!(&serde_json::to_value(secret.view(Viewer::Seat(seat))).unwrap(), &json);
                }
                let _ = view;
            }
        }
        let spectator = g.view(Viewer::Spectator);
        prop_assert!(spectator.hand.is_empty() && spectator.chosen.is_empty() && spectator.action_cards.is_empty());
        prop_assert!(Board::legal_in_view(&spectator).is_empty());
    }
}

#[test]
fn positive_bulls_on_take_row_to_screen_counts_two_tiles_then_all_go_behind_the_screen() {
    // 000 "Profiversion mit Glückskarten".
    let mut p = Position::new(
        Version::ProLuck,
        hands(&[&[95, 1], &[99, 2], &[65, 3]]),
        rows(&[&[], &[10, 20, 30, 40, 50, 60], &[80], &[90], &[], &[85]]),
    );
    p.luck_hands[STEFFEN.index()] = vec![LuckCard::PositiveBulls];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[95], &[99], &[65]]);
    act(
        &mut g,
        STEFFEN,
        Action::Lay {
            luck: Some(LuckCard::PositiveBulls),
        },
    );
    act(&mut g, STEFFEN, Action::CountPositive { tiles: [30, 50] });
    assert_eq!(g.scores()[STEFFEN.index()], 6);
    assert_eq!(g.pending(), vec![(STEFFEN, Decision::OpenRow { from: 1 })]);
    act(&mut g, STEFFEN, Action::OpenRow { row: 4 });
    assert_eq!(g.hand(STEFFEN), &[3, 10, 20, 30, 40, 50, 60]);
    assert_conserved(&g);
}

#[test]
fn card_order_stop_rows_refuse_to_start_and_nothing_but_skip_follows_ascending() {
    // Decisions 5 and 7 (docs/rules/board.md).
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[95, 1], &[69, 2], &[99, 3]]),
        rows(&[&[30], &[50], &[80], &[65], &[], &[]]),
    );
    p.stops = vec![2];
    p.action_hands[MELLA.index()] = vec![
        ActionCard::Ascending,
        ActionCard::Stop,
        ActionCard::ToStart,
        ActionCard::Skip,
    ];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[95], &[69], &[99]]);
    let legal = g.legal_actions(MELLA);
    assert!(!legal.contains(&Action::ToStart { row: 2 }), "a stop sign");
    assert!(!legal.contains(&Action::Stop { row: 2 }), "already stopped");
    act(&mut g, MELLA, Action::Ascending { row: 1 });
    assert_eq!(
        g.legal_actions(MELLA),
        vec![Action::Lay { luck: None }, Action::Skip]
    );
    act(&mut g, MELLA, Action::Skip);
    act(&mut g, MELLA, Action::Lay { luck: None });
    assert_eq!(g.rows()[1].cells[..3], [Some(50), None, Some(69)]);
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

#[test]
fn the_game_wrapper_plays_the_board_by_json() {
    use crate::game::{Game, Setup};
    let mut options = OptionMap::new();
    options.set("version", "pro-luck");
    let mut g = Game::new(&Setup::new(Board::KIND, 3, options, 9)).unwrap();
    assert_eq!(g.kind(), Board::KIND);
    assert_eq!("board".parse::<GameKind>().unwrap(), Board::KIND);
    let a = g.legal_actions(Seat(0))[0].clone();
    assert_eq!(a["type"], "choose");
    g.act(Seat(0), &a).unwrap();
    assert!(g.act(Seat(0), &serde_json::json!({"type": "lay"})).is_err());
}

#[test]
fn random_pro_luck_games_reach_every_card_and_decision() {
    // Coverage of the property tests: random legal play uses every action card, both luck
    // cards and every kind of decision.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut g = Board::new(
            3 + (seed as usize % 4),
            BoardOptions::on_default_board(Version::ProLuck),
            seed,
        );
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let pending = g.pending();
            let (seat, d) = pending[rng.random_range(0..pending.len())];
            seen.insert(d.describe().to_owned());
            let legal = g.legal_actions(seat);
            let a = legal[rng.random_range(0..legal.len())].clone();
            if let Some(c) = a.action_card() {
                seen.insert(format!("{c:?}"));
            }
            if let Action::Lay { luck: Some(c) } = a {
                seen.insert(format!("{c:?}"));
            }
            g.act(seat, &a).unwrap();
        }
    }
    for what in [
        "Stop",
        "SwapTile",
        "Skip",
        "ToStart",
        "Ascending",
        "ExtraTile",
        "FivePoints",
        "PositiveBulls",
        "choose tiles",
        "play cards or lay the tile",
        "pick two tiles as plus points",
        "pick a free row",
        "take a luck card",
    ] {
        assert!(seen.contains(what), "{what} never came up: {seen:?}");
    }
}

#[test]
fn a_record_carries_its_board_and_replays_on_it() {
    // RULING K2: the board is data; a record of a game on another board replays on that board.
    use crate::game::Setup;
    use crate::record::{replay, RecordedGame};
    let mut other = (*default_data::default_data()).clone();
    other.tiles.bulls = vec![2; 100];
    let mut setup = Setup::new(Board::KIND, 3, OptionMap::new(), 4);
    setup
        .data
        .insert("board".into(), serde_json::to_value(&other).unwrap());
    let mut g = RecordedGame::new(setup).unwrap();
    while let Some((seat, _)) = g.game().pending().first().cloned() {
        let a = g.game().default_action(seat).unwrap();
        g.act(seat, &a).unwrap();
    }
    let record = g.record();
    assert_eq!(record.options.get("board"), Some("custom"));
    let text = serde_json::to_string(&record).unwrap();
    let back: crate::record::GameRecord = serde_json::from_str(&text).unwrap();
    let replayed = replay(&back).unwrap();
    assert_eq!(replayed.game.outcome(), g.game().outcome());
    let b = replayed.game.downcast_ref::<Board>().unwrap();
    assert_eq!(b.data(), &other);
    // A game on the built-in board writes the built-in board out as well.
    let plain = RecordedGame::new(Setup::new(Board::KIND, 3, OptionMap::new(), 4)).unwrap();
    let written = BoardData::from_value(plain.record().data["board"].clone()).unwrap();
    assert_eq!(written, *default_data::default_data());
    assert_eq!(plain.record().options.get("board"), Some("default"));
}

#[test]
fn hidden_tiles_and_cards_are_dealt_anew_but_the_view_stays() {
    // What a seat may not see (other screens, tiles chosen face down, supply, action cards of
    // the others and the stack) changes under `hide_from`; its own view does not.
    let mut g = Board::new(3, BoardOptions::on_default_board(Version::ProLuck), 8);
    let t = g.hand(Seat(1))[0];
    choose(&mut g, Seat(1), &[t]);
    assert!(!g.log_is_public(), "a tile lies face down");
    let other = g.hide_from(Viewer::Seat(Seat(0)), 99);
    assert_eq!(
        other.view(Viewer::Seat(Seat(0))),
        g.view(Viewer::Seat(Seat(0)))
    );
    assert_eq!(other.hand(Seat(0)), g.hand(Seat(0)));
    assert_ne!(other.hand(Seat(1)), g.hand(Seat(1)));
    assert_eq!(other.hand(Seat(1)).len(), g.hand(Seat(1)).len());
    let mut census = other.census();
    census.sort();
    let mut before = g.census();
    before.sort();
    assert_eq!(census, before);
}

#[test]
fn a_world_sampled_from_a_seats_view_shows_that_view_and_keeps_every_tile() {
    // Bots search in worlds built from their view alone: those must agree with it.
    for version in Version::ALL {
        for players in [2, 4, 6] {
            for steps in [0, 7, 30, 75, 140] {
                let seed = steps as u64 * 13 + players as u64;
                let g = random_game(players, version, seed, steps);
                for seat in Seat::all(players) {
                    let view = g.view(Viewer::Seat(seat));
                    let world = sample_world(&view, seed);
                    assert_eq!(world.view(Viewer::Seat(seat)), view, "{version:?} {steps}");
                    assert_conserved(&world);
                    assert_eq!(world.legal_actions(seat), g.legal_actions(seat));
                }
            }
        }
    }
}

// What the events tell: enough to show every tile, effect and score without the rules.

#[test]
fn events_say_where_bastis_57_lands_its_minus_7_field_and_the_score_after_it() {
    // 000 "Überspringen", without the card: Basti's 57 lands on the -7 field.
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[57, 1], &[99, 2], &[95, 3]]),
        rows(&[&[40, 45, 50], &[60], &[70], &[80], &[], &[]]),
    );
    p.action_hands[BASTI.index()] = vec![ActionCard::Skip];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[57], &[99], &[95]]);
    let ev = act(&mut g, BASTI, Action::Lay { luck: None });
    let laid = ev.iter().position(|e| {
        *e == Event::Laid {
            seat: BASTI,
            tile: 57,
            row: 0,
            field: 3,
            effect: Field::Minus { points: 7 },
        }
    });
    let scored = ev.iter().position(|e| {
        *e == Event::Scored {
            seat: BASTI,
            delta: -7,
            score: -7,
            reason: ScoreReason::Field,
            wanted: None,
        }
    });
    assert!(laid.is_some() && scored.is_some(), "{ev:?}");
    assert!(laid < scored, "the tile lands, then its field scores");
}

#[test]
fn a_row_taken_tells_its_tiles_and_bull_heads_and_the_field_its_tile_opens() {
    // 000 "Reihe nehmen": Steffen's 41 takes 15, 18, 19 for 8 minus points and opens row 5.
    let mut g = Board::from_position(Position::new(
        Version::Base,
        hands(&[&[90, 1, 2], &[95, 3, 4], &[41, 5, 6]]),
        rows(&[&[15, 18, 19], &[80], &[50], &[60], &[]]),
    ))
    .unwrap();
    let ev = round(&mut g, &[&[90], &[95], &[41]]);
    assert!(ev.contains(&Event::Laid {
        seat: STEFFEN,
        tile: 41,
        row: 0,
        field: 3,
        effect: Field::TakeRow,
    }));
    assert!(ev.contains(&Event::RowTaken {
        seat: STEFFEN,
        row: 0,
        tiles: vec![15, 18, 19],
        to_screen: false,
        positive: Vec::new(),
        minus: 8,
        plus: 0,
    }));
    assert!(ev.contains(&Event::Scored {
        seat: STEFFEN,
        delta: -8,
        score: -8,
        reason: ScoreReason::TakeRow,
        wanted: None,
    }));
    assert!(ev.contains(&Event::RowOpened {
        seat: STEFFEN,
        tile: 41,
        row: 4,
        effect: g.side().field(4, 0),
    }));
}

#[test]
fn scored_tells_the_move_the_track_end_cut_short() {
    // 000 "Punkte kassieren": never more than 44 minus points; Steffen at -40 takes 8.
    let mut p = Position::new(
        Version::Base,
        hands(&[&[90, 1], &[95, 2], &[41, 3]]),
        rows(&[&[15, 18, 19], &[80], &[50], &[60], &[]]),
    );
    p.scores = vec![0, 0, -40];
    let mut g = Board::from_position(p).unwrap();
    let ev = round(&mut g, &[&[90], &[95], &[41]]);
    assert!(ev.contains(&Event::Scored {
        seat: STEFFEN,
        delta: -4,
        score: -44,
        reason: ScoreReason::TakeRow,
        wanted: Some(-8),
    }));
}

#[test]
fn five_points_events_name_the_card_and_the_field_it_replaces() {
    // 000 "5 Pluspunkte" (K1): Mella's 23 lands on two red bulls, and scores 5 plus instead.
    let mut p = Position::new(
        Version::BaseLuck,
        hands(&[&[90, 1], &[23, 2], &[95, 3]]),
        rows(&[&[10], &[80], &[20], &[60], &[]]),
    );
    p.luck_hands[MELLA.index()] = vec![LuckCard::FivePoints];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[90], &[23], &[95]]);
    let ev = act(
        &mut g,
        MELLA,
        Action::Lay {
            luck: Some(LuckCard::FivePoints),
        },
    );
    assert_eq!(
        ev[..3],
        [
            Event::LuckCardPlayed {
                seat: MELLA,
                card: LuckCard::FivePoints
            },
            Event::Laid {
                seat: MELLA,
                tile: 23,
                row: 2,
                field: 1,
                effect: Field::RedBulls { count: 2 },
            },
            Event::Scored {
                seat: MELLA,
                delta: 5,
                score: 5,
                reason: ScoreReason::FivePoints,
                wanted: None,
            },
        ]
    );
}

#[test]
fn to_start_tells_the_row_after_the_push_and_the_field_the_pushed_tile_fires() {
    // 000 "An den Anfang legen": Steffen's 10 pushes the 22 onto two green bulls.
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[95, 1], &[99, 2], &[10, 3]]),
        rows(&[&[30], &[40], &[12, 15, 18, 19, 22], &[60], &[], &[]]),
    );
    p.action_hands[STEFFEN.index()] = vec![ActionCard::ToStart];
    let mut g = Board::from_position(p).unwrap();
    round(&mut g, &[&[95], &[99], &[10]]);
    act(&mut g, STEFFEN, Action::ToStart { row: 2 });
    let ev = act(&mut g, STEFFEN, Action::Lay { luck: None });
    let cells = g.rows()[2].cells.clone();
    assert_eq!(cells[..6], [10, 12, 15, 18, 19, 22].map(Some));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::LaidAtStart { tile: 10, pushed: 22, field: 5, effect: Field::GreenBulls { count: 2 }, cells: c, .. }
            if *c == cells
    )));
}

#[test]
fn round_ended_tells_each_rounds_points_and_the_view_keeps_the_score_history() {
    // 000 Profiversion "Spielende": the end count belongs to the last round.
    let mut p = Position::new(
        Version::Pro,
        hands(&[&[95], &[99, 10], &[97, 55]]),
        rows(&[&[30], &[40], &[50], &[60], &[], &[]]),
    );
    p.action_hands[MELLA.index()] = vec![ActionCard::Stop, ActionCard::Skip];
    let mut g = Board::from_position(p).unwrap();
    let mut ev = round(&mut g, &[&[95], &[99], &[97]]);
    ev.extend(act(&mut g, MELLA, Action::Lay { luck: None }));
    let stack = g.view(Viewer::Seat(MELLA)).action_stack_size;
    assert!(ev.contains(&Event::ActionCardDrawn {
        seat: MELLA,
        none: false,
        stack,
    }));
    let ended = ev
        .iter()
        .position(|e| {
            *e == Event::RoundEnded {
                round: 1,
                points: vec![-2, 0, -5],
                scores: vec![-2, 0, -5],
            }
        })
        .expect("the round's end is told");
    assert!(matches!(ev[ended + 1], Event::GameEnded { .. }));
    assert_eq!(
        g.view(Viewer::Spectator).history,
        vec![vec![-2, 0, -5]],
        "the score track over the rounds"
    );
}

#[test]
fn board_custom_is_offered_only_with_board_data() {
    // RULING K2: another board is game data; a room without it cannot play `board=custom`.
    let values = |d: &crate::descriptor::GameDescriptor| match &d
        .options
        .iter()
        .find(|o| o.key == "board")
        .expect("the option board")
        .kind
    {
        crate::descriptor::OptionType::Choice { values } => values.clone(),
        other => panic!("{other:?}"),
    };
    let none = options::offered(Board::descriptor(), &crate::game::GameData::new());
    assert_eq!(values(&none), vec!["default"]);
    let mut data = crate::game::GameData::new();
    data.insert("board".into(), serde_json::json!({}));
    assert_eq!(
        values(&options::offered(Board::descriptor(), &data)),
        vec!["default", "custom"]
    );
}

#[test]
fn the_view_says_where_each_own_tile_would_go() {
    // 000 "Regel 2": Basti's 57 fits rows 1, 3 and 4; the 56 is closest. "Regel 3": his 1 is
    // lower than every last tile and goes to the row with the highest, the 70.
    let g = Board::from_position(Position::new(
        Version::Base,
        hands(&[&[57, 1], &[60, 2], &[93, 3]]),
        rows(&[&[40], &[70], &[50], &[56], &[]]),
    ))
    .unwrap();
    let v = g.view(Viewer::Seat(BASTI));
    assert_eq!(v.landing, vec![(1, 1, 1), (57, 3, 1)]);
    assert!(g.view(Viewer::Spectator).landing.is_empty());
}
