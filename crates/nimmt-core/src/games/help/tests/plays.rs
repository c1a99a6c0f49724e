//! Playing a card (`002` rule-book examples): numbers, the sixth card, Jokers, Switches, Zaps
//! and No!.

use super::*;

#[test]
fn klaus_lays_an_11_as_sixth_card_and_clears_the_row() {
    // 002 "Spielablauf": "Klaus legt eine 11 an die Kartenreihe. Da die Reihe nun aus sechs
    // Karten besteht, legt er diese sechs Karten auf den Ablagestapel. Dann ist Alisa am Zug und
    // darf eine neue Reihe mit einer beliebigen Handkarte beginnen."
    let mut g = klaus_alisa(
        row(&[2, 4, 6, 8, 10]),
        nums(&[11, 1, 3, 9]),
        vec![n(1), n(7), n(11), J],
    );
    let events = act(&mut g, 0, Action::Lay { card: 11 });
    assert!(g.row().is_empty());
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::RowCleared { seat: Seat(0), cards } if cards.len() == 6)));
    assert_eq!(
        sorted(g.discard_pile().to_vec()),
        nums(&[2, 4, 6, 8, 10, 11])
    );
    assert_eq!(g.hand(Seat(0)).len(), HAND_SIZE, "Klaus refills to four");
    assert_eq!(g.pending(), vec![(Seat(1), Decision::Play)]);
    let legal = g.legal_actions(Seat(1));
    for card in [1, 7, 11] {
        assert!(
            legal.contains(&Action::Lay { card }),
            "any card starts the new row: {card}"
        );
    }
    assert!(legal.contains(&Action::Joker { at: 0 }));
    assert_conserved(&g);
}

#[test]
fn a_number_must_be_higher_than_the_last_card() {
    // 002 "Wichtig: Deine angelegte Zahlenkarte muss mindestens um eine Zahl höher sein als die
    // letzte Karte in der Reihe."
    let mut g = klaus_alisa(row(&[2, 5]), nums(&[5, 3, 6, 9]), nums(&[1, 2, 3, 4]));
    let before = g.clone();
    let e = g.act(Seat(0), &Action::Lay { card: 5 }).unwrap_err();
    assert_eq!(e.code(), "illegal");
    assert!(
        e.to_string()
            .contains("higher than the row's last card (5)"),
        "{e}"
    );
    assert_eq!(g, before, "nothing changed");
    let e = g.act(Seat(0), &Action::Lay { card: 7 }).unwrap_err();
    assert_eq!(
        e,
        ActionError::NotInHand {
            seat: Seat(0),
            card: 7
        }
    );
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![Action::Lay { card: 6 }, Action::Lay { card: 9 }]
    );
    act(&mut g, 0, Action::Lay { card: 6 });
    assert_eq!(values(&g), vec![2, 5, 6]);
}

#[test]
fn klaus_lays_a_joker_between_5_and_8_and_could_have_laid_it_before_the_3_or_after_the_8() {
    // 002 "Joker": "Klaus legt einen Joker zwischen 5 und 8. Er hätte den Joker auch vor die 3
    // oder hinter die 8 legen können." — the row 3 4 5 8: not between 3 and 4 nor 4 and 5 (H2:
    // never between consecutive numbers).
    let g0 = klaus_alisa(
        row(&[3, 4, 5, 8]),
        vec![J, n(1), n(2), n(3)],
        nums(&[1, 2, 3, 4]),
    );
    let jokers: Vec<Action> = g0
        .legal_actions(Seat(0))
        .into_iter()
        .filter(|a| matches!(a, Action::Joker { .. }))
        .collect();
    assert_eq!(
        jokers,
        vec![
            Action::Joker { at: 0 },
            Action::Joker { at: 3 },
            Action::Joker { at: 4 }
        ]
    );
    // Between 5 and 8 it is a 6 (H2: one more than the card before it).
    let mut g = g0.clone();
    act(&mut g, 0, Action::Joker { at: 3 });
    assert_eq!(values(&g), vec![3, 4, 5, 6, 8]);
    assert_eq!(g.row()[3], RowCard::joker(6));
    // Before the 3 it is a 1, after the 8 a 9.
    let mut g = g0.clone();
    act(&mut g, 0, Action::Joker { at: 0 });
    assert_eq!(g.row()[0], RowCard::joker(1));
    let mut g = g0.clone();
    act(&mut g, 0, Action::Joker { at: 4 });
    assert_eq!(g.row()[4], RowCard::joker(9));
    let mut g = g0.clone();
    let e = g.act(Seat(0), &Action::Joker { at: 1 }).unwrap_err();
    assert!(e.to_string().contains("strictly between"), "{e}");
    assert_eq!(g, g0);
}

#[test]
fn a_joker_starting_the_row_is_a_1_and_counts_as_one_of_the_six() {
    // 002 "Legst du den Joker als erste Karte in die Reihe, entspricht er einer 1." H2: it counts
    // as one of the six cards.
    let mut g = klaus_alisa(vec![], vec![J, n(11), n(11), n(11)], nums(&[2, 3, 4, 5]));
    act(&mut g, 0, Action::Joker { at: 0 });
    assert_eq!(g.row(), &[RowCard::joker(1)]);
    let mut g = klaus_alisa(
        row(&[1, 2, 3, 4, 9]),
        vec![J, n(1), n(1), n(1)],
        nums(&[2, 3, 4, 5]),
    );
    act(&mut g, 0, Action::Joker { at: 4 });
    assert!(
        g.row().is_empty(),
        "the Joker was the sixth card: the row is cleared"
    );
    // Never after an 11.
    let g = klaus_alisa(
        row(&[1, 2, 11]),
        vec![J, n(1), n(1), n(1)],
        nums(&[2, 3, 4, 5]),
    );
    assert!(!g.legal_actions(Seat(0)).contains(&Action::Joker { at: 3 }));
}

#[test]
fn alisa_switches_the_joker_in_the_row_for_a_7() {
    // 002 "Switch": "Alisa legt die Switch-Karte auf den Ablagestapel und tauscht den Joker aus
    // der Reihe gegen eine 7 von ihrer Hand aus." (H3)
    let r = vec![
        RowCard::number(3),
        RowCard::number(5),
        RowCard::joker(6),
        RowCard::number(8),
    ];
    let mut g = Help::from_position(
        klaus_alisa_at(r, nums(&[1, 2, 3, 4]), vec![SW, n(7), n(2), n(10)]).to_play(Seat(1)),
    )
    .unwrap();
    assert!(g
        .legal_actions(Seat(1))
        .contains(&Action::Switch { take: 2, give: 7 }));
    let events = act(&mut g, 1, Action::Switch { take: 2, give: 7 });
    assert_eq!(values(&g), vec![3, 5, 7, 8]);
    assert!(g.row().iter().all(|c| c.card != J));
    assert_eq!(
        count(g.hand(Seat(1)), J),
        1,
        "the Joker went to Alisa's hand"
    );
    assert_eq!(count(g.hand(Seat(1)), n(7)), 0);
    assert_eq!(g.hand(Seat(1)).len(), HAND_SIZE);
    assert_eq!(g.discard_pile(), &[SW], "the Switch is discarded");
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Switched { at: 2, .. })));
    assert_conserved(&g);
}

#[test]
fn a_switch_must_keep_the_row_ascending() {
    // 002 "Dabei musst du die aufsteigende Reihenfolge innerhalb der Kartenreihe stets
    // einhalten." (H3)
    let mut g = klaus_alisa(
        row(&[3, 5, 8]),
        vec![SW, n(9), n(4), n(6)],
        nums(&[1, 2, 3, 4]),
    );
    let before = g.clone();
    let e = g
        .act(Seat(0), &Action::Switch { take: 1, give: 9 })
        .unwrap_err();
    assert!(e.to_string().contains("ascending"), "{e}");
    assert_eq!(g, before);
    let switches: Vec<Action> = g
        .legal_actions(Seat(0))
        .into_iter()
        .filter(|a| matches!(a, Action::Switch { .. }))
        .collect();
    assert_eq!(
        switches,
        vec![
            Action::Switch { take: 0, give: 4 },
            Action::Switch { take: 1, give: 4 },
            Action::Switch { take: 1, give: 6 },
            Action::Switch { take: 2, give: 6 },
            Action::Switch { take: 2, give: 9 },
        ]
    );
}

#[test]
fn a_zap_removes_the_last_card() {
    // 002 "Zap": "Die Zap-Karte entfernt die letzte Karte in der Reihe. Lege diese zusammen mit
    // der Zap-Karte auf den Ablagestapel."
    let mut g = klaus_alisa(
        row(&[2, 5, 9]),
        vec![ZAP, n(1), n(1), n(1)],
        nums(&[1, 2, 3, 4]),
    );
    act(&mut g, 0, Action::Zap);
    assert_eq!(values(&g), vec![2, 5]);
    assert_eq!(sorted(g.discard_pile().to_vec()), vec![n(9), ZAP]);
}

#[test]
fn a_zap_on_a_one_card_row_lets_the_next_player_start_a_new_row() {
    // 002 "Liegt nur eine Karte in der Reihe, legst du sie ab und der nächste Spieler beginnt
    // eine neue Reihe."
    let mut g = klaus_alisa(
        row(&[9]),
        vec![ZAP, n(1), n(1), n(1)],
        vec![n(2), n(8), n(11), ZAP],
    );
    act(&mut g, 0, Action::Zap);
    assert!(g.row().is_empty());
    let legal = g.legal_actions(Seat(1));
    assert!(legal.contains(&Action::Lay { card: 2 }) && legal.contains(&Action::Lay { card: 8 }));
    // "Achtung: Liegt keine Karte in der Reihe, darfst du die Zap-Karte nicht ausspielen."
    assert!(!legal.contains(&Action::Zap));
    let before = g.clone();
    let e = g.act(Seat(1), &Action::Zap).unwrap_err();
    assert_eq!(e.to_string(), "a Zap cannot be played on an empty row");
    assert_eq!(g, before);
}

#[test]
fn a_no_skips_the_next_turn_and_is_discarded_on_the_turn_after() {
    // 002 "No!", H5: lay it in front of you, draw; your next turn is skipped; on the turn after
    // you discard it and play normally.
    let mut g = Help::from_position(Position::new(
        vec![
            vec![NO, n(1), n(2), n(3)],
            nums(&[2, 7, 9, 10]),
            nums(&[6, 8, 10, 11]),
        ],
        row(&[1]),
    ))
    .unwrap();
    act(&mut g, 0, Action::No);
    assert_eq!(g.marks()[0], NoMark::Laid);
    assert_eq!(g.hand(Seat(0)).len(), HAND_SIZE, "drawn after the No!");
    act(&mut g, 1, Action::Lay { card: 2 });
    let events = act(&mut g, 2, Action::Lay { card: 6 });
    assert!(events.contains(&Event::Skipped { seat: Seat(0) }));
    assert_eq!(g.marks()[0], NoMark::Skipped);
    assert_eq!(
        g.pending(),
        vec![(Seat(1), Decision::Play)],
        "seat 0 was skipped"
    );
    act(&mut g, 1, Action::Lay { card: 7 });
    let events = act(&mut g, 2, Action::Lay { card: 8 });
    assert!(events.contains(&Event::NoDiscarded { seat: Seat(0) }));
    assert_eq!(g.marks()[0], NoMark::None);
    assert_eq!(
        g.pending(),
        vec![(Seat(0), Decision::Play)],
        "and plays normally"
    );
    assert_eq!(count(g.discard_pile(), NO), 1);
    assert_conserved(&g);
}
