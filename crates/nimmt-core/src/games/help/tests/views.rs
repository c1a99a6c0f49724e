//! What each viewer sees, and what the events carry.

use super::*;

#[test]
fn the_view_names_the_player_the_viewer_would_ask_passing_over_a_no() {
    // 002 "No!": "Sollte der nachfolgende Spieler Hilfe brauchen, bittet er stattdessen den
    // Spieler vor dir um Hilfe." (H4): seat 2 would ask seat 1, but seat 1 has a No! in front,
    // so it asks seat 0; clockwise, seat 0 asks seat 2.
    let g = stuck_after_a_no();
    assert_eq!(g.view(Viewer::Seat(Seat(2))).would_ask, Some(Seat(0)));
    assert_eq!(g.view(Viewer::Seat(Seat(0))).would_ask, Some(Seat(2)));
    assert_eq!(g.view(Viewer::Spectator).would_ask, None);
    // Counter-clockwise (every second deal) the player before is the next seat up.
    let mut p = Position::new(
        vec![
            nums(&[1, 2, 3, 4]),
            nums(&[5, 6, 7, 8]),
            nums(&[1, 2, 3, 4]),
        ],
        row(&[2]),
    );
    p.direction = Direction::Counterclockwise;
    assert_eq!(
        Help::from_position(p.clone())
            .unwrap()
            .view(Viewer::Seat(Seat(0)))
            .would_ask,
        Some(Seat(1))
    );
    // With a No! in front of everybody else there is nobody to ask (the deal would end, only
    // the asker scores: 002 "Ende eines Durchgangs").
    p.marks = vec![NoMark::None, NoMark::Laid, NoMark::Skipped];
    assert_eq!(
        Help::from_position(p)
            .unwrap()
            .view(Viewer::Seat(Seat(0)))
            .would_ask,
        None
    );
}

#[test]
fn the_view_gives_the_value_a_joker_would_count_for_at_each_place() {
    // 002 "Joker", H2: one more than the card before it, 1 at the start; only where that lies
    // strictly below the card after it (so never between 5 and 6, never after an 11).
    let g = klaus_alisa(
        row(&[3, 5, 6, 11]),
        vec![J, n(1), n(2), n(4)],
        nums(&[1, 2, 3, 4]),
    );
    assert_eq!(
        g.view(Viewer::Spectator).joker_values,
        vec![Some(1), Some(4), None, Some(7), None]
    );
}

#[test]
fn events_that_change_the_row_carry_the_row_after_them() {
    // A client copies the row from the event; it never places a card itself. 002 "Joker"
    // (between 5 and 8 it counts 6), "Switch", "Zap".
    let mut g = klaus_alisa(row(&[3, 5, 8]), vec![J, SW, ZAP, n(7)], nums(&[1, 2, 3, 4]));
    let events = act(&mut g, 0, Action::Joker { at: 2 });
    assert!(events.contains(&Event::Laid {
        seat: Seat(0),
        card: RowCard::joker(6),
        at: 2,
        row: vec![
            RowCard::number(3),
            RowCard::number(5),
            RowCard::joker(6),
            RowCard::number(8)
        ],
    }));
    assert_eq!(
        g.row(),
        &events
            .iter()
            .find_map(|e| match e {
                Event::Laid { row, .. } => Some(row.clone()),
                _ => None,
            })
            .unwrap()[..]
    );
    let drew = events.iter().find_map(|e| match e {
        Event::Drew { draw_pile, .. } => Some(*draw_pile),
        _ => None,
    });
    assert_eq!(
        drew,
        Some(g.draw_pile().len()),
        "the draw pile after refilling"
    );
    // A Switch: the 7 of the hand takes the 5's place.
    let hand = vec![J, SW, ZAP, n(7)];
    let mut g = klaus_alisa(row(&[3, 5, 8]), hand.clone(), nums(&[1, 2, 3, 4]));
    let events = act(&mut g, 0, Action::Switch { take: 1, give: 7 });
    assert!(events.contains(&Event::Switched {
        seat: Seat(0),
        at: 1,
        taken: RowCard::number(5),
        given: RowCard::number(7),
        row: row(&[3, 7, 8]),
    }));
    // A Zap: the 8 goes.
    let mut g = klaus_alisa(row(&[3, 5, 8]), hand, nums(&[1, 2, 3, 4]));
    let events = act(&mut g, 0, Action::Zap);
    assert!(events.contains(&Event::Zapped {
        seat: Seat(0),
        removed: RowCard::number(8),
        row: row(&[3, 5]),
    }));
}
