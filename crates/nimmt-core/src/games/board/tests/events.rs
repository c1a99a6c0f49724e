//! What the events tell: enough to show every tile, effect and score without the rules.

use super::*;

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
