//! Cards laid and rows taken (B3), the points and the end (B1), the record and the actions as
//! JSON.

use super::*;

#[test]
fn the_events_tell_each_take_with_the_points_and_the_rows_after_it() {
    // B1 (a team of two counts double) and B6 (the buffalo's pile: its size only).
    let p = Position::new(
        &[&[6], &[50]],
        &[35],
        &[&[1, 2, 3, 4, 5], &[30, 31, 32, 33, 34], &[40], &[60]],
    );
    let mut g = Buffalo::from_position(p).unwrap();
    act(&mut g, 0, Action::Play { card: c(6) });
    let events = act(&mut g, 1, Action::Play { card: c(50) });
    let team = events.iter().find_map(|e| match e {
        Event::TeamTook {
            row,
            cards,
            heads,
            team_heads,
            team_points,
            ..
        } => Some((*row, numbers(cards), *heads, *team_heads, *team_points)),
        _ => None,
    });
    assert_eq!(team, Some((0, vec![1, 2, 3, 4, 5], 6, 6, 12)));
    let buffalo = events.iter().find_map(|e| match e {
        Event::BuffaloTook {
            row, count, pile, ..
        } => Some((*row, *count, *pile)),
        _ => None,
    });
    assert_eq!(buffalo, Some((1, 5, 5)));
    let last_rows = events.iter().rev().find_map(|e| match e {
        Event::Laid { card, rows, .. } if *card == c(50) => Some(rows.clone()),
        _ => None,
    });
    assert_eq!(last_rows.as_deref(), Some(g.rows()));
    let v = g.view(Viewer::Seat(Seat(0)));
    assert_eq!((v.team_heads, v.team_points, v.doubled), (6, 12, true));
    assert_eq!(v.buffalo_pile_size, 5);
}

#[test]
fn the_buffalos_low_card_takes_the_fewest_bull_heads_then_the_highest_last_card() {
    // B3 (001 "4. Regel" for the buffalo).
    let p = Position::new(&[&[90]], &[1], &[&[20], &[31, 32], &[41, 42], &[55]]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[90]);
    // 3, 2, 2, 7 heads: 32 and 42 tie, 42 is higher.
    assert_eq!(numbers(g.buffalo_pile()), vec![41, 42]);
    assert_eq!(row_of(&g, 2), vec![1]);
}

#[test]
fn a_members_low_card_waits_for_the_members_row_choice() {
    // 001 rule 4, C6: the member chooses; a bot or timer takes the cheapest row.
    let p = Position::new(&[&[1], &[95]], &[99], &[&[20], &[31, 32], &[41, 42], &[55]]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[1, 95]);
    assert_eq!(g.pending(), vec![(Seat(0), Decision::TakeRow)]);
    assert_eq!(g.default_action(Seat(0)), Some(Action::TakeRow { row: 2 }));
    assert_eq!(g.default_action(Seat(1)), None);
    act(&mut g, 0, Action::TakeRow { row: 0 });
    assert_eq!(numbers(g.team_pile()), vec![20]);
    assert!(g.is_over());
    // 3 heads doubled (B1) = 6, the buffalo took nothing: a loss.
    assert_eq!(g.team_points(), 6);
    assert_eq!(
        g.outcome().unwrap(),
        Outcome {
            scores: vec![6, 6],
            winners: vec![],
            sense: ScoreSense::Lower,
            others: vec![PartyScore {
                name: "buffalo".into(),
                score: 0
            }],
        }
    );
}

#[test]
fn a_solo_game_has_no_special_cards_and_doubles_the_points() {
    // 001 "Spiel für 1–2 Personen"; B1, B4.
    let mut g = Buffalo::new(1, BuffaloOptions::default(), 7);
    assert!(g.open_specials().is_empty());
    assert_eq!(g.stack_size(), 0);
    assert_eq!(g.specials_in_play().len(), 16, "all in the box");
    while !g.is_over() {
        assert!(!is_window(&g), "no windows without special cards");
        let (seat, _) = g.pending()[0];
        let a = g.default_action(seat).unwrap();
        act(&mut g, seat.0, a);
        assert_conserved(&g);
    }
    let team = heads_of(g.team_pile()) * 2;
    let o = g.outcome().unwrap();
    assert_eq!(o.scores, vec![team as i32]);
    assert_eq!(o.winners.is_empty(), team >= g.buffalo_points());
    // And from a position: 3 heads doubled are 6 against the buffalo's 5.
    let mut p = Position::new(&[&[95]], &[96], &[&[20], &[30], &[40], &[50]]);
    p.team_pile = vec![c(10)];
    p.buffalo_pile = vec![c(5), c(15), c(1)];
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[95]);
    assert_eq!((g.team_points(), g.buffalo_points()), (6, 5));
    assert!(g.outcome().unwrap().winners.is_empty());
}

#[test]
fn a_tie_is_a_loss() {
    // B1: "a tie is a loss"; with three players nothing is doubled.
    let game = |buffalo_pile: Vec<Card>| {
        let mut p = Position::new(&[&[91], &[92], &[93]], &[94], &[&[20], &[30], &[40], &[50]]);
        p.team_pile = vec![c(10)];
        p.buffalo_pile = buffalo_pile;
        let mut g = Buffalo::from_position(p).unwrap();
        play(&mut g, &[91, 92, 93]);
        g.outcome().unwrap()
    };
    assert_eq!(
        game(vec![c(60)]),
        Outcome {
            scores: vec![3, 3, 3],
            winners: vec![],
            sense: ScoreSense::Lower,
            others: vec![PartyScore {
                name: "buffalo".into(),
                score: 3
            }],
        }
    );
    assert_eq!(
        game(vec![c(60), c(1)]).winners,
        vec![Seat(0), Seat(1), Seat(2)]
    );
}

#[test]
fn the_deal_is_recorded_and_opened_with_events() {
    let g = Buffalo::new(4, BuffaloOptions::default(), 3);
    assert_eq!(g.open_specials().len(), 2);
    assert_eq!(g.stack_size(), 4, "B4: six in play for four");
    let deals = g.deals();
    assert_eq!(deals.len(), 1);
    let d: DealStart = serde_json::from_value(deals[0].clone()).unwrap();
    assert_eq!(d.hands.len(), 4);
    assert_eq!(d.buffalo.len(), 10);
    assert_eq!(d.specials.len(), 6);
    assert_eq!(d.boxed.len(), 10);
    let opening = g.opening_events();
    assert!(matches!(
        opening[0].event,
        Event::GameStarted { players: 4, .. }
    ));
    let dealt = opening
        .iter()
        .filter(|e| matches!(e.event, Event::HandDealt { .. }))
        .count();
    assert_eq!(dealt, 4);
    assert_conserved(&g);
}

#[test]
fn actions_are_json_with_a_type_tag() {
    let a = Action::Shift {
        row: 3,
        at: 0,
        to_row: 0,
        to_at: 2,
    };
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        r#"{"type":"shift","row":3,"at":0,"to_row":0,"to_at":2}"#
    );
    let s: Action = serde_json::from_str(r#"{"type":"sort","order":[78,80,55,72,68]}"#).unwrap();
    assert!(matches!(s, Action::Sort { .. }));
    assert_eq!(
        serde_json::to_string(&Action::SevenTakes { row: 1 }).unwrap(),
        r#"{"type":"seven_takes","row":1}"#
    );
}
