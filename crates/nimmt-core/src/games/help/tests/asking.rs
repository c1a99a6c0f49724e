//! Asking for help (H4, H5): when it may be asked, who is asked (passing over a No!), what may
//! be handed over and given back, and the deal's end when nobody can help.

use super::*;

#[test]
fn help_may_be_asked_only_when_nothing_can_be_played() {
    // 002 "WICHTIG: DU DARFST NUR NACH HILFE FRAGEN, WENN DU SELBST KEINE HANDKARTE PASSEND
    // AUSSPIELEN KANNST." (H4)
    let mut g = klaus_alisa(row(&[3]), nums(&[1, 2, 3, 4]), nums(&[1, 2, 3, 4]));
    let before = g.clone();
    let e = g.act(Seat(0), &Action::AskHelp).unwrap_err();
    assert!(
        e.to_string()
            .contains("only when none of your cards can be played"),
        "{e}"
    );
    assert_eq!(g, before);
    let g = stuck_after_a_no();
    assert_eq!(g.legal_actions(Seat(2)), vec![Action::AskHelp]);
}

#[test]
fn the_player_behind_a_no_is_passed_over_when_help_is_asked() {
    // 002 "No!": "Solange die No!-Karte vor dir liegt, hilfst du deinen Mitspielern nicht. Sollte
    // der nachfolgende Spieler Hilfe brauchen, bittet er stattdessen den Spieler vor dir um
    // Hilfe." (H4)
    let mut g = stuck_after_a_no();
    let events = act(&mut g, 2, Action::AskHelp);
    assert!(events.contains(&Event::HelpAsked {
        asker: Seat(2),
        asked: Seat(0),
        passed_over: vec![Seat(1)],
    }));
    assert_eq!(
        g.pending(),
        vec![(Seat(0), Decision::GiveHelp { to: Seat(2) })]
    );
    // Only cards seat 2 can play: the Joker (before the 3) and the Zap, not the 3 or the 9.
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![Action::GiveHelp { card: J }, Action::GiveHelp { card: ZAP }]
    );
    let before = g.clone();
    let e = g
        .act(Seat(0), &Action::GiveHelp { card: n(9) })
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("cannot be played by the player you help"),
        "{e}"
    );
    assert_eq!(g, before);
}

#[test]
fn the_card_handed_over_is_seen_only_by_the_two_players() {
    // H4: the asked player hands over a card the asker can play; the asker gives any card back
    // face down, then plays. Brief: a card passed during HELP! is seen only by the two.
    let mut g = stuck_after_a_no();
    act(&mut g, 2, Action::AskHelp);
    let events = g.act(Seat(0), &Action::GiveHelp { card: ZAP }).unwrap();
    for e in &events {
        if let Event::CardPassed { card, .. } = e.event {
            assert_eq!(card, ZAP);
            assert_eq!(e.to, Audience::Seats(vec![Seat(0), Seat(2)]));
        }
    }
    assert!(events.iter().any(|e| e.to == Audience::Public
        && e.event
            == Event::Helped {
                from: Seat(0),
                to: Seat(2)
            }));
    let card_in = |v: &View| match v.phase {
        PhaseView::GiveBack { card, .. } => card,
        _ => panic!("giving back"),
    };
    assert_eq!(card_in(&g.view(Viewer::Seat(Seat(0)))), Some(ZAP));
    assert_eq!(card_in(&g.view(Viewer::Seat(Seat(2)))), Some(ZAP));
    assert_eq!(card_in(&g.view(Viewer::Seat(Seat(1)))), None);
    assert_eq!(card_in(&g.view(Viewer::Spectator)), None);
    // The asker may give back any card but the one that lets it play.
    assert_eq!(
        g.pending(),
        vec![(Seat(2), Decision::GiveBack { to: Seat(0) })]
    );
    let backs = g.legal_actions(Seat(2));
    assert_eq!(backs.len(), 4);
    assert!(!backs.contains(&Action::GiveBack { card: ZAP }));
    let events = g.act(Seat(2), &Action::GiveBack { card: n(8) }).unwrap();
    assert!(events
        .iter()
        .any(|e| e.to == Audience::Seats(vec![Seat(2), Seat(0)])
            && matches!(e.event, Event::CardReturned { card, .. } if card == n(8))));
    assert!(g.hand(Seat(0)).contains(&n(8)));
    // Then the asker plays — without asking again.
    assert_eq!(g.legal_actions(Seat(2)), vec![Action::Zap]);
    act(&mut g, 2, Action::Zap);
    assert_eq!(values(&g), vec![3]);
    assert_eq!(g.hand(Seat(2)).len(), HAND_SIZE);
    assert_eq!(g.hand(Seat(0)).len(), HAND_SIZE);
    assert_eq!(
        g.pending(),
        vec![(Seat(0), Decision::Play)],
        "the next player after the asker"
    );
    assert_conserved(&g);
}

#[test]
fn a_switch_helps_only_if_the_asker_holds_a_number_to_swap_in() {
    // H4 with H3: whether a Switch is a card "you can play" depends on the asker's numbers.
    // Row 2 11: seat 1 holds numbers, none of which can be laid; a Switch lets it swap one in.
    let p = Position::new(
        vec![
            vec![SW, n(3), n(3), n(3)],
            vec![n(5), n(4), n(4), n(4)],
            nums(&[6, 6, 6, 6]),
        ],
        row(&[2, 11]),
    )
    .to_play(Seat(1));
    let mut g = Help::from_position(p).unwrap();
    act(&mut g, 1, Action::AskHelp);
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![Action::GiveHelp { card: SW }]
    );
    let seen = |g: &Help, s: u8| match g.view(Viewer::Seat(Seat(s))).phase {
        PhaseView::GiveHelp { switch_helps, .. } => switch_helps,
        _ => panic!("giving help"),
    };
    assert_eq!(seen(&g, 0), Some(true));
    assert_eq!(seen(&g, 1), Some(true));
    assert_eq!(seen(&g, 2), None, "the others do not learn it");
    act(&mut g, 0, Action::GiveHelp { card: SW });
    // Giving back the Switch would leave nothing to play; any number may go back.
    assert_eq!(
        g.legal_actions(Seat(1)),
        vec![
            Action::GiveBack { card: n(4) },
            Action::GiveBack { card: n(5) }
        ]
    );
    act(&mut g, 1, Action::GiveBack { card: n(4) });
    act(&mut g, 1, Action::Switch { take: 1, give: 5 });
    assert_eq!(values(&g), vec![2, 5]);

    // An asker holding only Switches has no number to swap in: a Switch does not help it, and
    // a helper with nothing else cannot help.
    let p = Position::new(
        vec![
            vec![SW, n(1), n(2), n(1)],
            vec![SW, SW, SW, SW],
            nums(&[1, 2, 2, 2]),
        ],
        row(&[3]),
    )
    .to_play(Seat(1));
    let mut g = Help::from_position(p).unwrap();
    assert_eq!(g.legal_actions(Seat(1)), vec![Action::AskHelp]);
    let events = act(&mut g, 1, Action::AskHelp);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::DealEnded {
            result: DealResult {
                end: DealEnd::NoHelp {
                    asker: Seat(1),
                    asked: Seat(0)
                },
                ..
            },
            ..
        }
    )));
}

#[test]
fn when_the_asked_player_cannot_help_all_others_score() {
    // 002 "Ende eines Durchgangs": "Du kannst keine Karte passend ausspielen und der Mitspieler,
    // den du um Hilfe gebeten hast, hat keine Handkarte, mit der er dir helfen kann. In diesem
    // Fall erhalten alle anderen Mitspieler 1 Punkt."
    let p = Position::new(
        vec![
            nums(&[1, 2, 3, 4]),
            nums(&[5, 6, 7, 8]),
            nums(&[1, 2, 3, 4]),
            nums(&[9, 9, 9, 9]),
        ],
        row(&[2, 11]),
    )
    .to_play(Seat(1));
    let mut g = Help::from_position(p).unwrap();
    let events = act(&mut g, 1, Action::AskHelp);
    let result = events
        .iter()
        .find_map(|e| match e {
            Event::DealEnded { result, .. } => Some(result.clone()),
            _ => None,
        })
        .expect("the deal ends at once");
    assert_eq!(
        result.end,
        DealEnd::NoHelp {
            asker: Seat(1),
            asked: Seat(0)
        }
    );
    assert_eq!(result.points, vec![0, 0, 1, 1]);
    assert_eq!(g.totals(), &[0, 0, 1, 1]);
    // "Nächster Durchgang": the other direction; only those who did not score call (H1).
    assert_eq!(g.deal_number(), 2);
    assert_eq!(g.direction(), Direction::Counterclockwise);
    let called: Vec<Seat> = g.calls.iter().map(|c| c.seat).collect();
    assert_eq!(called, vec![Seat(0), Seat(1)]);
    assert!(called.contains(&g.starter));
    assert_conserved(&g);
}

#[test]
fn when_all_others_have_a_no_only_the_asker_scores() {
    // 002 "Ende eines Durchgangs": "Du kannst keine Karte passend ausspielen und alle anderen
    // Spieler haben eine No!-Karte vor sich liegen. … erhältst in diesem Fall nur du 1 Punkt."
    let mut p = Position::new(
        vec![
            nums(&[1, 2, 3, 3]),
            nums(&[5, 6, 7, 8]),
            nums(&[1, 2, 3, 4]),
            nums(&[9, 9, 9, 9]),
        ],
        row(&[2, 11]),
    )
    .to_play(Seat(1));
    for s in [0, 2, 3] {
        p.marks[s] = NoMark::Laid;
    }
    let mut g = Help::from_position(p).unwrap();
    let events = act(&mut g, 1, Action::AskHelp);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::DealEnded { result: DealResult { end: DealEnd::Helpless { asker: Seat(1) }, points, .. }, .. }
            if points == &vec![0, 1, 0, 0]
    )));
    assert_eq!(g.totals(), &[0, 1, 0, 0]);
    let called: Vec<Seat> = g.calls.iter().map(|c| c.seat).collect();
    assert_eq!(
        called,
        vec![Seat(0), Seat(2), Seat(3)],
        "H1: the three who did not score"
    );
}

#[test]
fn the_deal_end_tells_who_could_not_help_whom_who_scores_and_the_totals_after() {
    // 002 "Ende eines Durchgangs": "… In diesem Fall erhalten alle anderen Mitspieler 1 Punkt
    // und drehen ihre Punktekarte auf die nächsthöhere Zahl." The event a client shows says
    // it all: the two who lost the deal, the points of this deal, the totals after it.
    let mut p = Position::new(
        vec![
            nums(&[1, 2, 3, 4]),
            nums(&[5, 6, 7, 8]),
            nums(&[1, 2, 3, 4]),
            nums(&[9, 9, 9, 9]),
        ],
        row(&[2, 11]),
    )
    .to_play(Seat(1));
    p.totals = vec![1, 0, 0, 1];
    let mut g = Help::from_position(p).unwrap();
    let events = act(&mut g, 1, Action::AskHelp);
    let asked = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::HelpAsked {
                    asker: Seat(1),
                    asked: Seat(0),
                    ..
                }
            )
        })
        .expect("the request is told first");
    let ended = events
        .iter()
        .position(|e| {
            *e == Event::DealEnded {
                result: DealResult {
                    deal: 1,
                    end: DealEnd::NoHelp {
                        asker: Seat(1),
                        asked: Seat(0),
                    },
                    points: vec![0, 0, 1, 1],
                },
                totals: vec![1, 0, 1, 2],
            }
        })
        .expect("then the deal's end, with its points and the totals after");
    assert!(asked < ended);
}
