//! Deals and the game's end (H1, H6): who begins, the direction, the draw pile reshuffled, the
//! winners.

use super::*;

#[test]
fn the_game_ends_after_the_deal_in_which_someone_reaches_3_and_all_with_3_win() {
    // 002 "Spielende", H6.
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
    p.totals = vec![2, 2, 2, 1];
    let mut g = Help::from_position(p).unwrap();
    let events = act(&mut g, 1, Action::AskHelp);
    let outcome = g.outcome().expect("over");
    assert_eq!(outcome.scores, vec![2, 2, 3, 2]);
    assert_eq!(outcome.winners, vec![Seat(2)]);
    assert!(events.iter().any(|e| matches!(e, Event::GameEnded { .. })));
    assert!(g.pending().is_empty());
    assert_eq!(g.act(Seat(0), &Action::AskHelp), Err(ActionError::GameOver));

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
    p.totals = vec![0, 0, 2, 2];
    let mut g = Help::from_position(p).unwrap();
    act(&mut g, 1, Action::AskHelp);
    assert_eq!(
        g.outcome().unwrap().winners,
        vec![Seat(2), Seat(3)],
        "several winners"
    );
}

#[test]
fn the_draw_pile_is_reshuffled_from_the_discards_when_used_up() {
    // 002 "Ist der Nachziehstapel aufgebraucht, mischt ihr den Ablagestapel und bildet einen
    // neuen Nachziehstapel." H6.
    let hands = vec![
        nums(&[5, 1, 1, 1]),
        nums(&[2, 2, 2, 2]),
        nums(&[3, 3, 3, 3]),
    ];
    let mut placed = hands.concat();
    placed.extend([n(4)]);
    let mut p = Position::new(hands, row(&[4]));
    p.discard = rest_of_deck(counts(&placed));
    p.draw = Some(Vec::new());
    let mut g = Help::from_position(p).unwrap();
    let discarded = g.discard_pile().len();
    let events = act(&mut g, 0, Action::Lay { card: 5 });
    assert!(events.contains(&Event::Reshuffled { cards: discarded }));
    assert_eq!(g.draw_pile().len(), discarded - 1);
    assert!(g.discard_pile().is_empty());
    assert_conserved(&g);
}

#[test]
fn the_lowest_number_begins_and_the_direction_alternates() {
    // 002 "Spielablauf" / H1: everyone calls their lowest number; the lowest begins and lays it
    // as the first card of the row. Special cards don't count; ties are drawn by lot. The first
    // deal goes clockwise.
    for seed in 0..40 {
        let g = Help::new(4, HelpOptions::default(), seed);
        let dealt: DealStart = serde_json::from_value(g.deals()[0].clone()).unwrap();
        let lowest: Vec<Option<u8>> = dealt
            .hands
            .iter()
            .map(|h| h.iter().find_map(|c| c.value()))
            .collect();
        let min = lowest.iter().flatten().min().copied();
        assert_eq!(dealt.direction, Direction::Clockwise);
        assert_eq!(lowest[dealt.starter.index()], min, "seed {seed}");
        assert_eq!(dealt.calls.len(), 4);
        if let Some(min) = min {
            assert_eq!(
                g.row(),
                &[RowCard::number(min)],
                "the starter lays its lowest card"
            );
            assert_eq!(
                g.pending(),
                vec![(Direction::Clockwise.next(dealt.starter, 4), Decision::Play)]
            );
        }
        let opening = g.opening_events();
        assert!(opening
            .iter()
            .any(|e| matches!(e.event, Event::Called { starter, .. } if starter == dealt.starter)));
    }
    assert_eq!(Direction::of_deal(2), Direction::Counterclockwise);
    assert_eq!(Direction::of_deal(3), Direction::Clockwise);
    assert_eq!(Direction::Counterclockwise.next(Seat(0), 4), Seat(3));
}

#[test]
fn with_only_special_cards_the_starter_is_drawn_by_lot_and_plays_freely() {
    // H1: nobody holding a number card → by lot.
    let mut g = Help::new(3, HelpOptions::default(), 1);
    let specials = vec![vec![J, SW, ZAP, NO]; 3];
    let mut deck = full_deck();
    for h in &specials {
        for &c in h {
            remove_one(&mut deck, c);
        }
    }
    g.hands = specials;
    g.draw = deck;
    g.row.clear();
    g.discard.clear();
    g.dealt.clear();
    let mut log = Log::off();
    g.open_deal(&[true; 3], &mut log);
    assert!(g.row().is_empty());
    assert_eq!(g.calls.iter().filter(|c| c.lowest.is_none()).count(), 3);
    let seat = g.pending()[0].0;
    assert_eq!(seat, g.starter);
    assert_eq!(
        g.legal_actions(seat),
        vec![Action::Joker { at: 0 }, Action::No]
    );
}
