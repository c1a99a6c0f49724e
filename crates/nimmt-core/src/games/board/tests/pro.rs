//! Rule-book examples of the action cards and the pro version (`000` Profiversion) and the
//! decisions of `docs/rules/board.md` about them.

use super::*;

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
