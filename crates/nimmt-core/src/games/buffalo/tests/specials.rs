//! The special cards (`001` rule-book examples): *7 nimmt!*, *Stopp!*, *Ersetzen*,
//! *Dazwischenlegen*, *Verschieben*, *Erste Karte*, *Letzte Karte*, *Sortieren*.

use super::*;

#[test]
fn wolfgangs_20_with_7_nimmt() {
    // 001 "7 nimmt!": "Wolfgang legt die Sonderkarte links neben die Reihe und seine 20 an die
    // 17. Wer die nächste Karte an diese Reihe legt, muss sie nehmen!"
    let p = Position::new(
        &[&[20, 21], &[71, 72]],
        &[90, 95],
        &[&[3, 7, 9, 12, 17], &[30], &[50], &[70]],
    )
    .with_open(&[Special::SevenTakes, Special::First]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[20, 71]);
    assert_eq!(queue_of(&g), vec![20, 71, 90]);
    assert!(is_window(&g));
    act(&mut g, 0, Action::SevenTakes { row: 0 });
    assert_eq!(g.rows()[0].capacity, 6);
    assert_eq!(g.open_specials(), &[Special::First]);
    pass_windows(&mut g);
    assert_eq!(
        row_of(&g, 0),
        vec![3, 7, 9, 12, 17, 20],
        "six cards, not taken"
    );
    assert!(g.team_pile().is_empty());
    assert_conserved(&g);
    // Turn 2: Wolfgang's 21 is the seventh card and takes six.
    play(&mut g, &[21, 72]);
    pass_windows(&mut g);
    assert_eq!(row_of(&g, 0), vec![21]);
    assert_eq!(numbers(g.team_pile()), vec![3, 7, 9, 12, 17, 20]);
    assert_eq!(
        g.rows()[0].capacity,
        CLASSIC_CAPACITY,
        "the card leaves the game"
    );
    assert!(g.used_specials().contains(&Special::SevenTakes));
    assert_conserved(&g);
    assert!(g.is_over());
}

#[test]
fn stopp_before_the_buffalos_25_and_removed_at_a_later_decision_point() {
    // 001 "Stopp!": "Bevor der Büffel seine 25 anlegt, setzt das Team die Sonderkarte Stopp! in
    // der zweiten Reihe ein. … Er muss sie stattdessen in der ersten Reihe anlegen, die aber
    // bereits voll ist. Der Büffel muss die Reihe nehmen!" B5: removed at any decision point; a
    // low card picks among the other rows.
    let p = Position::new(
        &[&[90, 3], &[95, 4]],
        &[25, 99],
        &[&[10, 12, 14, 16, 18], &[21], &[60], &[80]],
    )
    .with_open(&[Special::Stop, Special::Stop]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[90, 95]);
    assert_eq!(queue_of(&g), vec![25, 90, 95]);
    act(&mut g, 1, Action::Stop { row: 1 });
    assert!(g.rows()[1].blocked);
    let legal = g.legal_actions(Seat(0));
    assert!(legal.contains(&Action::RemoveStop { row: 1 }));
    assert!(!legal.contains(&Action::Stop { row: 1 }), "blocked already");
    pass_window(&mut g);
    assert_eq!(numbers(g.buffalo_pile()), vec![10, 12, 14, 16, 18]);
    assert_eq!(row_of(&g, 0), vec![25]);
    assert_eq!(row_of(&g, 1), vec![21], "nothing joined the blocked row");
    let view = g.view(Viewer::Seat(Seat(0)));
    assert_eq!(view.buffalo_pile_size, 5, "B6: the count only");
    assert!(view.result.is_none());
    // The 90 and 95 are laid; the stop sign stays through the turn.
    pass_windows(&mut g);
    assert!(g.rows()[1].blocked);
    assert_eq!(row_of(&g, 3), vec![80, 90, 95]);
    // Turn 2: the sign is removed, the other one blocks the 60.
    play(&mut g, &[3, 4]);
    assert_eq!(queue_of(&g), vec![3, 4, 99]);
    act(&mut g, 0, Action::RemoveStop { row: 1 });
    assert!(!g.rows()[1].blocked);
    assert_eq!(g.used_specials(), &[Special::Stop]);
    assert_conserved(&g);
    act(&mut g, 1, Action::Stop { row: 2 });
    pass_window(&mut g);
    // The 3 is low: seat 0 chooses among the rows without a stop sign.
    assert_eq!(g.pending(), vec![(Seat(0), Decision::TakeRow)]);
    assert_eq!(
        g.legal_actions(Seat(0)),
        [0, 1, 3].map(|row| Action::TakeRow { row }).to_vec()
    );
    let e = g.act(Seat(0), &Action::TakeRow { row: 2 }).unwrap_err();
    assert!(e.to_string().contains("blocked"), "{e}");
    assert_eq!(g.default_action(Seat(0)), Some(Action::TakeRow { row: 1 }));
    act(&mut g, 0, Action::TakeRow { row: 1 });
    assert_eq!(numbers(g.team_pile()), vec![21]);
    assert_conserved(&g);
}

#[test]
fn ursulas_ersetzen_25_becomes_15() {
    // 001 "Ersetzen": "Ursula hat die 25 ausgespielt. Sie müsste sie an die 17 anlegen und die
    // Reihe nehmen. … Sie nimmt die 25 wieder auf die Hand. Dafür spielt sie aus ihrer Hand die
    // 15 aus, die sie in einer anderen Reihe an die 10 anlegen kann."
    let p = Position::new(
        &[&[70, 71], &[25, 15]],
        &[80, 81],
        &[&[3, 7, 9, 12, 17], &[10], &[40], &[60]],
    )
    .with_open(&[Special::Replace, Special::Sort]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[70, 25]);
    assert_eq!(queue_of(&g), vec![25, 70, 80]);
    let replace = Action::Replace {
        card: c(25),
        with: c(15),
    };
    assert!(g.legal_actions(Seat(1)).contains(&replace));
    assert!(
        !g.legal_actions(Seat(0))
            .iter()
            .any(|a| matches!(a, Action::Replace { card, .. } if *card == c(25))),
        "only Ursula knows her hand"
    );
    let e = g.act(Seat(0), &replace).unwrap_err();
    assert!(e.to_string().contains("owner"), "{e}");
    act(&mut g, 1, replace);
    assert_eq!(row_of(&g, 1), vec![10, 15]);
    assert_eq!(numbers(g.hand(Seat(1))), vec![25]);
    assert_eq!(
        queue_of(&g),
        vec![70, 80],
        "the order of the others is unchanged"
    );
    pass_windows(&mut g);
    assert!(g.team_pile().is_empty());
    assert_conserved(&g);
}

#[test]
fn franzs_dazwischenlegen_10_between_5_and_11() {
    // 001 "Dazwischenlegen": "Damit kann Franz seine 10 zwischen die 5 und die 11 legen und muss
    // keine Reihe nehmen." Never for the buffalo's card.
    let p = Position::new(&[&[10], &[45]], &[8], &[&[5, 11, 20], &[30], &[40], &[50]])
        .with_open(&[Special::Insert, Special::Stop]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 45]);
    assert_eq!(queue_of(&g), vec![8, 10, 45]);
    let e = g
        .act(
            Seat(0),
            &Action::Insert {
                card: c(8),
                row: 0,
                at: 1,
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("buffalo"), "{e}");
    let e = g
        .act(
            Seat(0),
            &Action::Insert {
                card: c(10),
                row: 0,
                at: 2,
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("does not fit"), "{e}");
    act(
        &mut g,
        1,
        Action::Insert {
            card: c(10),
            row: 0,
            at: 1,
        },
    );
    assert_eq!(row_of(&g, 0), vec![5, 10, 11, 20]);
    assert_eq!(queue_of(&g), vec![8, 45]);
    pass_windows(&mut g);
    assert!(g.team_pile().is_empty(), "Franz takes no row");
    assert_conserved(&g);
}

#[test]
fn dazwischenlegen_into_a_full_row_is_taken_by_the_cards_owner() {
    // B5: overflow through Dazwischenlegen is taken by that card's owner; the last card stays.
    let p = Position::new(
        &[&[10], &[45]],
        &[99],
        &[&[5, 11, 20, 22, 24], &[30], &[40], &[50]],
    )
    .with_open(&[Special::Insert]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 45]);
    act(
        &mut g,
        0,
        Action::Insert {
            card: c(10),
            row: 0,
            at: 1,
        },
    );
    assert_eq!(row_of(&g, 0), vec![24]);
    assert_eq!(numbers(g.team_pile()), vec![5, 10, 11, 20, 22]);
    assert_conserved(&g);
}

#[test]
fn verschieben_of_the_7_before_the_buffalos_15() {
    // 001 "Verschieben": "… verschiebt die 7 aus der unteren in die obere Reihe. Nun ist die 15
    // des Büffels nicht mehr die fünfte, sondern die sechste Karte, und er muss die Reihe nehmen!"
    let p = Position::new(
        &[&[50], &[60]],
        &[15],
        &[&[2, 4, 9, 12], &[30], &[40], &[7, 8]],
    )
    .with_open(&[Special::Shift, Special::Stop]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[50, 60]);
    assert_eq!(queue_of(&g), vec![15, 50, 60]);
    act(
        &mut g,
        0,
        Action::Shift {
            row: 3,
            at: 0,
            to_row: 0,
            to_at: 2,
        },
    );
    assert_eq!(row_of(&g, 0), vec![2, 4, 7, 9, 12]);
    assert_eq!(row_of(&g, 3), vec![8]);
    pass_window(&mut g);
    assert_eq!(numbers(g.buffalo_pile()), vec![2, 4, 7, 9, 12]);
    assert_eq!(row_of(&g, 0), vec![15]);
    assert_conserved(&g);
}

#[test]
fn verschieben_emptying_a_row_makes_it_take_the_next_card() {
    // 001 "Verschieben": "Solltet ihr die einzige Karte einer Reihe verschieben, sodass die Reihe
    // nun leer ist, müsst ihr die nächste ausgespielte Karte in diese Reihe legen."
    let p = Position::new(
        &[&[3], &[60]],
        &[100],
        &[&[2, 4, 9, 12], &[30], &[40], &[7]],
    )
    .with_open(&[Special::Shift]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[3, 60]);
    assert_eq!(queue_of(&g), vec![3, 60, 100]);
    act(
        &mut g,
        1,
        Action::Shift {
            row: 3,
            at: 0,
            to_row: 0,
            to_at: 2,
        },
    );
    // No special card left: the cards are laid at once. The low 3 goes into the empty row.
    assert!(g.is_over());
    assert_eq!(row_of(&g, 3), vec![3], "the low 3 did not take a row");
    assert_eq!(row_of(&g, 2), vec![40, 60, 100]);
    assert!(g.team_pile().is_empty());
    assert_conserved(&g);
}

#[test]
fn verschieben_overflow_is_taken_by_the_team() {
    // B5: a row overflowing through Verschieben is taken by the team.
    let p = Position::new(
        &[&[50], &[60]],
        &[99],
        &[&[2, 4, 9, 12, 13], &[30], &[40], &[7, 8]],
    )
    .with_open(&[Special::Shift]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[50, 60]);
    act(
        &mut g,
        0,
        Action::Shift {
            row: 3,
            at: 0,
            to_row: 0,
            to_at: 2,
        },
    );
    assert_eq!(numbers(g.team_pile()), vec![2, 4, 7, 9, 12]);
    assert_eq!(row_of(&g, 0), vec![13]);
    assert_conserved(&g);
}

#[test]
fn imeldas_erste_karte_with_her_100() {
    // 001 "Erste Karte": the buffalo's low card would take the first row (fewest bull heads);
    // "Imelda darf ihre 100 dadurch noch in die erste Reihe legen. So muss sie die zweite Reihe
    // nicht nehmen und hat dem Büffel zudem drei Hornochsen zugeschoben!"
    let p = Position::new(
        &[&[41], &[61], &[100]],
        &[1],
        &[&[91, 92], &[81, 83, 84, 85, 87], &[30, 40], &[50, 60]],
    )
    .with_open(&[Special::First, Special::Sort]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[41, 61, 100]);
    assert_eq!(queue_of(&g), vec![1, 41, 61, 100]);
    let e = g.act(Seat(2), &Action::First { card: c(1) }).unwrap_err();
    assert!(e.to_string().contains("buffalo"), "{e}");
    act(&mut g, 2, Action::First { card: c(100) });
    assert_eq!(queue_of(&g), vec![100, 1, 41, 61]);
    pass_window(&mut g);
    assert_eq!(row_of(&g, 0), vec![91, 92, 100]);
    pass_window(&mut g);
    assert_eq!(numbers(g.buffalo_pile()), vec![91, 92, 100]);
    assert_eq!(g.buffalo_points(), 5, "three of them from Imelda's 100");
    pass_windows(&mut g);
    assert!(g.team_pile().is_empty());
    assert_conserved(&g);
}

#[test]
fn wolfgangs_letzte_karte_with_his_100_and_the_buffalos_103() {
    // 001 "Letzte Karte": "Statt Wolfgang muss nun der Büffel als Nächstes seine Karte legen. Er
    // hat die 103 ausgespielt, die er als sechste Karte in diese Reihe legen muss."
    let p = Position::new(
        &[&[100], &[50]],
        &[103],
        &[&[90, 92, 94, 96, 98], &[40], &[70], &[80]],
    )
    .with_open(&[Special::Last, Special::First]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[100, 50]);
    assert_eq!(queue_of(&g), vec![50, 100, 103]);
    act(&mut g, 0, Action::Last { card: c(100) });
    assert_eq!(queue_of(&g), vec![50, 103, 100]);
    pass_windows(&mut g);
    assert_eq!(numbers(g.buffalo_pile()), vec![90, 92, 94, 96, 98]);
    assert!(g.team_pile().is_empty());
    assert_eq!(row_of(&g, 3), vec![80, 100]);
    assert_conserved(&g);
}

#[test]
fn sortieren_with_55_68_78_80_and_the_buffalos_72() {
    // 001 "Sortieren": "… bestimmt das Team, dass zuerst die 78 und die 80 angelegt werden,
    // danach die 55. Als Nächstes muss der Büffel seine Karte legen: Mit der 72 muss nun er die
    // zweite Reihe nehmen! Die 68 legt das Team zu guter Letzt in die dritte Reihe."
    let p = Position::new(
        &[&[55], &[68], &[78], &[80]],
        &[72],
        &[&[10], &[44, 46, 48, 50], &[40], &[75]],
    )
    .with_open(&[Special::Sort, Special::Stop]);
    let unsorted = {
        let mut g = Buffalo::from_position(p.clone().with_open(&[])).unwrap();
        play(&mut g, &[55, 68, 78, 80]);
        g
    };
    assert_eq!(
        numbers(unsorted.team_pile()),
        vec![44, 46, 48, 50, 55],
        "without Sortieren the team takes the second row"
    );
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[55, 68, 78, 80]);
    assert_eq!(queue_of(&g), vec![55, 68, 72, 78, 80]);
    let sort = Action::Sort {
        order: [78, 80, 55, 72, 68].map(c).to_vec(),
    };
    assert!(g.legal_actions(Seat(3)).contains(&sort));
    act(&mut g, 3, sort);
    pass_windows(&mut g);
    assert_eq!(numbers(g.buffalo_pile()), vec![44, 46, 48, 50, 55]);
    assert_eq!(row_of(&g, 1), vec![72]);
    assert_eq!(row_of(&g, 2), vec![40, 68]);
    assert_eq!(row_of(&g, 3), vec![75, 78, 80]);
    assert!(g.team_pile().is_empty());
    assert_conserved(&g);
}

#[test]
fn two_erste_karte_in_one_turn() {
    // 001 "Erste Karte": "… bestimmt ihr, welche Karte ihr zuerst und welche als Zweites
    // anlegt." Each use puts its card next: the later use goes first (docs/rules/buffalo.md).
    let p = Position::new(&[&[10], &[50], &[90]], &[5], &[&[2], &[30], &[40], &[60]])
        .with_open(&[Special::First, Special::First]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 50, 90]);
    act(&mut g, 0, Action::First { card: c(90) });
    assert_eq!(queue_of(&g), vec![90, 5, 10, 50]);
    let events = act(&mut g, 1, Action::First { card: c(50) });
    let order = events.iter().find_map(|e| match e {
        Event::Order { plays } => Some(plays.iter().map(|p| p.card.number()).collect::<Vec<_>>()),
        _ => None,
    });
    assert_eq!(order, Some(vec![50, 90, 5, 10]));
    assert!(g.open_specials().is_empty());
    // Nothing left to use: the cards were laid in that order at once.
    assert_eq!(row_of(&g, 2), vec![40, 50]);
    assert_eq!(row_of(&g, 3), vec![60, 90]);
    assert_eq!(row_of(&g, 0), vec![2, 5, 10]);
    assert_conserved(&g);
}

#[test]
fn a_used_card_is_replaced_at_once_from_the_stack() {
    // 001 "Sonderkarten einsetzen": "Sofort nachdem ihr eine Sonderkarte eingesetzt habt,
    // ersetzt ihr sie durch eine neue vom Stapel."
    let mut p = Position::new(&[&[10], &[50]], &[5], &[&[2], &[30], &[40], &[60]])
        .with_open(&[Special::First, Special::Last]);
    p.stack = vec![Special::Sort];
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 50]);
    let events = act(&mut g, 0, Action::First { card: c(50) });
    assert!(events.contains(&Event::SpecialTurnedUp {
        special: Special::Sort,
        open: vec![Special::Last, Special::Sort],
        stack: 0,
    }));
    assert_eq!(g.open_specials(), &[Special::Last, Special::Sort]);
    assert_eq!(g.stack_size(), 0);
    assert_conserved(&g);
}
