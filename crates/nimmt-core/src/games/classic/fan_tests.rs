//! The fan cards of `001` ("Die Fan-Sonderkarten", pp. 10–17) and rulings F1–F5.

use super::tests::{c, cards, rows};
use super::*;
use crate::rules::Rules;

fn game(fan: Fan, rows: Rows, hands: Vec<Vec<Card>>) -> Classic {
    let mut p = Position::new(rows, hands);
    p.options.fan = Some(fan);
    p.swap_left = vec![fan == Fan::DigitSwap; p.hands.len()];
    Classic::from_position(p).unwrap()
}

fn play(game: &mut Classic, seat: u8, action: Action) -> Vec<Event> {
    game.act(Seat(seat), &action)
        .unwrap_or_else(|e| panic!("seat {seat} {action:?}: {e}"))
        .into_iter()
        .map(|a| a.event)
        .collect()
}

fn taken(events: &[Event]) -> Vec<(u8, usize, Vec<u8>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::RowTaken { seat, taken, .. } => Some((
                seat.0,
                taken.row,
                taken.cards.iter().map(|c| c.number()).collect(),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn even_odd_guillaumes_90() {
    // 001 p. 12: the marker shows "Ungerade" at the fourth row (85); Guillaume's 90 may not go
    // there and goes to the 52 of the second row as its sixth card. He takes the row; the last
    // cards of the other three rows are 31, 90 and 92, so the marker moves to the first row and
    // stays on "Ungerade".
    let mut g = game(
        Fan::EvenOdd,
        rows(
            [&[7, 19, 31], &[40, 44, 47, 50, 52], &[60, 92], &[70, 85]],
            Some(Marker::EvenOdd {
                row: 3,
                even: false,
            }),
        ),
        vec![cards(&[90, 1]), cards(&[104, 2])],
    );
    play(&mut g, 1, Action::play(c(104)));
    let events = play(&mut g, 0, Action::play(c(90)));
    assert_eq!(taken(&events)[0], (0, 1, vec![40, 44, 47, 50, 52]));
    assert_eq!(g.rows().rows[1], cards(&[90]));
    assert!(events.contains(&Event::MarkerMoved {
        marker: Marker::EvenOdd {
            row: 0,
            even: false
        }
    }));
}

#[test]
fn even_odd_starts_beside_the_lowest_start_card_with_its_parity() {
    // F2 set-up.
    let r = Rows::new([c(40), c(12), c(77), c(60)], Some(Fan::EvenOdd));
    assert_eq!(r.marker, Some(Marker::EvenOdd { row: 1, even: true }));
}

#[test]
fn even_odd_marker_may_move_onto_the_row_just_restarted() {
    // 001 p. 11: "Das kann auch die Reihe sein, die du soeben mit deiner ausgespielten Karte neu
    // begonnen hast." A low card 3 restarts row 1; its 3 is the lowest last card.
    let mut g = game(
        Fan::EvenOdd,
        rows(
            [&[20, 24], &[30], &[40], &[50]],
            Some(Marker::EvenOdd { row: 0, even: true }),
        ),
        vec![cards(&[3, 101]), cards(&[99, 102])],
    );
    play(&mut g, 0, Action::play(c(3)));
    play(&mut g, 1, Action::play(c(99)));
    let events = play(&mut g, 0, Action::TakeRow { row: 1 });
    assert_eq!(taken(&events), vec![(0, 1, vec![30])]);
    assert_eq!(
        g.rows().marker,
        Some(Marker::EvenOdd {
            row: 1,
            even: false
        })
    );
}

#[test]
fn even_odd_a_card_that_may_join_no_row_is_low() {
    // F2: the marked row refuses the other parity; with no other row the card is low.
    let mut g = game(
        Fan::EvenOdd,
        rows(
            [&[20], &[30], &[40], &[11]],
            Some(Marker::EvenOdd { row: 3, even: true }),
        ),
        vec![cards(&[13, 101]), cards(&[99, 102])],
    );
    play(&mut g, 0, Action::play(c(13)));
    play(&mut g, 1, Action::play(c(99)));
    assert_eq!(g.pending(), vec![(Seat(0), Decision::TakeRow)]);
}

#[test]
fn mountain_daniela_21() {
    // 001 p. 14: Daniela's 21 would go to the 12 of the second row, but the fourth row is laid
    // descending and its 26 is closer: sixth card, she takes the five. The marker then moves in
    // its direction to the third row.
    let mut g = game(
        Fan::Mountain,
        rows(
            [&[50], &[12], &[60], &[40, 35, 33, 30, 26]],
            Some(Marker::Mountain { row: 3, up: true }),
        ),
        vec![cards(&[21, 101]), cards(&[99, 102])],
    );
    play(&mut g, 1, Action::play(c(99)));
    let events = play(&mut g, 0, Action::play(c(21)));
    assert_eq!(taken(&events)[0], (0, 3, vec![40, 35, 33, 30, 26]));
    assert_eq!(g.rows().rows[3], cards(&[21]));
    assert_eq!(g.rows().marker, Some(Marker::Mountain { row: 2, up: true }));
}

#[test]
fn mountain_starts_at_the_bottom_and_turns_at_the_top() {
    // F3: starts at the bottom row pointing up; turns round at the top and bottom rows.
    let mut r = Rows::new([c(50), c(60), c(70), c(80)], Some(Fan::Mountain));
    assert_eq!(r.marker, Some(Marker::Mountain { row: 3, up: true }));
    let mut seen = Vec::new();
    for low in [1, 2, 3, 4, 5, 6, 7] {
        r.take_with(c(low), 0);
        seen.push(r.marker.unwrap().row());
    }
    assert_eq!(seen, vec![2, 1, 0, 1, 2, 3, 2]);
}

#[test]
fn mountain_equal_difference_goes_to_the_marked_row() {
    // F3: on equal difference the marked row wins. 30 is 5 above the 25 and 5 below the 35.
    let mut r = rows(
        [&[25], &[60], &[70], &[40, 35]],
        Some(Marker::Mountain { row: 3, up: true }),
    );
    assert_eq!(r.target(30, Placement::Right), Some((3, End::Right)));
    r.lay(c(30), 3, End::Right);
    assert_eq!(r.rows[3], cards(&[40, 35, 30]));
}

#[test]
fn cow_frank_43() {
    // 001 p. 15: the 43 fits only the first row, at the 13 and the cow: its sixth card. Frank
    // takes the four number cards; the 43 starts the row; the last cards of the other rows are
    // 78, 104 and 53, so the cow jumps to the fourth row.
    let mut g = game(
        Fan::Cow,
        rows(
            [&[2, 6, 9, 13], &[70, 78], &[104], &[50, 53]],
            Some(Marker::Cow { row: 0 }),
        ),
        vec![cards(&[43, 101]), cards(&[79, 102])],
    );
    assert_eq!(
        g.rows().items(0),
        5,
        "four number cards and the cow make a full row"
    );
    play(&mut g, 1, Action::play(c(79)));
    let events = play(&mut g, 0, Action::play(c(43)));
    assert_eq!(taken(&events), vec![(0, 0, vec![2, 6, 9, 13])]);
    assert_eq!(g.rows().rows[0], cards(&[43]));
    // After the 43 the cow jumps: last cards 78, 104, 53 → the fourth row. (The 79 is laid
    // after the 43, at the 78, and the cow stays at the 53.)
    assert!(events.contains(&Event::MarkerMoved {
        marker: Marker::Cow { row: 3 }
    }));
    assert_eq!(g.rows().marker, Some(Marker::Cow { row: 3 }));
}

#[test]
fn cow_starts_behind_the_lowest_start_card() {
    // F4 set-up.
    let r = Rows::new([c(40), c(12), c(77), c(60)], Some(Fan::Cow));
    assert_eq!(r.marker, Some(Marker::Cow { row: 1 }));
}

#[test]
fn cow_chain_takes_two_rows() {
    // F4 / 001 p. 15 "Achtung": the cow jumps into a row that then holds six items; the same
    // player takes its first four number cards, the fifth stays, and the cow jumps on.
    let mut r = rows(
        [&[10, 11, 12, 13], &[20, 21, 22, 23, 24], &[90], &[95]],
        Some(Marker::Cow { row: 0 }),
    );
    let taken = r.lay(c(14), 0, End::Right);
    let numbers: Vec<(usize, Vec<u8>)> = taken
        .iter()
        .map(|t| (t.row, t.cards.iter().map(|c| c.number()).collect()))
        .collect();
    assert_eq!(
        numbers,
        vec![(0, vec![10, 11, 12, 13]), (1, vec![20, 21, 22, 23])],
        "the 14 takes the cow's row, the cow jumps to the 24's row, which then holds six"
    );
    assert_eq!(r.rows[0], cards(&[14]));
    assert_eq!(
        r.rows[1],
        cards(&[24]),
        "the fifth card stays as the new first card"
    );
    assert_eq!(
        r.marker,
        Some(Marker::Cow { row: 0 }),
        "then the cow jumps on to the 14"
    );
}

#[test]
fn cow_jumps_when_a_card_joins_its_row() {
    // F4: when a card joins the cow's row the cow jumps to the lowest last card of the others.
    let mut r = rows([&[10], &[30], &[50], &[70]], Some(Marker::Cow { row: 0 }));
    let taken = r.lay(c(12), 0, End::Right);
    assert!(taken.is_empty());
    assert_eq!(r.marker, Some(Marker::Cow { row: 1 }));
}

#[test]
fn digit_swap_martins_24() {
    // 001 p. 17: without the Zahlendreher the 24 would go to the second row and take it; as 42
    // it goes to the last row. In the row it is a 24 again.
    let mut g = game(
        Fan::DigitSwap,
        rows([&[60], &[5, 8, 12, 15, 20], &[70], &[30, 40]], None),
        vec![cards(&[24, 101]), cards(&[99, 102])],
    );
    play(
        &mut g,
        0,
        Action::Play {
            card: c(24),
            swap: true,
        },
    );
    let events = play(&mut g, 1, Action::play(c(99)));
    assert!(taken(&events).is_empty(), "no row taken");
    assert_eq!(g.rows().rows[3], cards(&[30, 40, 24]));
    assert!(
        !g.view(Viewer::Spectator).swap_left[0],
        "the Zahlendreher is out of play"
    );
    assert_eq!(
        g.act(
            Seat(0),
            &Action::Play {
                card: c(101),
                swap: true
            }
        )
        .unwrap_err()
        .code(),
        "illegal",
        "a second swap in the same deal is refused"
    );
}

#[test]
fn digit_swap_values() {
    // F5: 31 → 13, 90 → 9, 7 → 70, 100–104 unchanged.
    assert_eq!(swapped_digits(31), 13);
    assert_eq!(swapped_digits(90), 9);
    assert_eq!(swapped_digits(7), 70);
    assert_eq!(swapped_digits(11), 11);
    assert_eq!(swapped_digits(104), 104);
}

#[test]
fn digit_swap_equal_value_goes_first() {
    // 001 p. 16 / F5: two "equal" numbers: the swapped card is laid first.
    let mut g = game(
        Fan::DigitSwap,
        rows([&[10], &[80], &[90], &[100]], None),
        vec![cards(&[31, 101]), cards(&[13, 102])],
    );
    play(&mut g, 1, Action::play(c(13)));
    let events = play(
        &mut g,
        0,
        Action::Play {
            card: c(31),
            swap: true,
        },
    );
    let revealed = events.iter().find_map(|e| match e {
        Event::Revealed { plays, .. } => Some(plays.clone()),
        _ => None,
    });
    let order: Vec<u8> = revealed.unwrap().iter().map(|p| p.card.number()).collect();
    assert_eq!(order, vec![31, 13]);
    // The 31 (as 13) goes after the 10; the 13 then compares with the printed 31: it is lower,
    // so the 13 is a low card.
    assert_eq!(g.rows().rows[0], cards(&[10, 31]));
    assert_eq!(g.pending(), vec![(Seat(1), Decision::TakeRow)]);
}

#[test]
fn digit_swap_refused_for_100_to_104() {
    // F5: 100–104 cannot be changed.
    let mut g = game(
        Fan::DigitSwap,
        rows([&[10], &[80], &[90], &[99]], None),
        vec![cards(&[101, 5]), cards(&[13, 6])],
    );
    let before = g.clone();
    let err = g
        .act(
            Seat(0),
            &Action::Play {
                card: c(101),
                swap: true,
            },
        )
        .unwrap_err();
    assert!(err.to_string().contains("100–104"), "{err}");
    assert_eq!(g, before);
    assert!(!g.legal_actions(Seat(0)).contains(&Action::Play {
        card: c(101),
        swap: true
    }));
}

#[test]
fn digit_swap_stays_hidden_until_the_reveal() {
    // Views show a swap only after the reveal.
    let mut g = game(
        Fan::DigitSwap,
        rows([&[10], &[80], &[90], &[99]], None),
        vec![cards(&[31, 5]), cards(&[13, 6]), cards(&[50, 7])],
    );
    let other_before = g.view(Viewer::Seat(Seat(1)));
    play(
        &mut g,
        0,
        Action::Play {
            card: c(31),
            swap: true,
        },
    );
    let other_after = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(other_after.swap_left, other_before.swap_left);
    assert_eq!(
        g.view(Viewer::Seat(Seat(0))).phase,
        PhaseView::Choose {
            chosen: vec![true, false, false],
            mine: Some(Play {
                seat: Seat(0),
                card: c(31),
                swap: true
            })
        }
    );
}

#[test]
fn fan_cards_work_with_every_player_count_deck_and_deal() {
    // Issue: each fan card works with every player count, deck, deal and end option.
    for fan in ["even-odd", "mountain", "cow", "digit-swap"] {
        for players in [2, 5, 10] {
            for deck in ["full", "tactic"] {
                for deal in ["random", "draft"] {
                    for placement in ["right", "both-ends"] {
                        let map = OptionMap::parse([
                            format!("fan={fan}").as_str(),
                            &format!("deck={deck}"),
                            &format!("deal={deal}"),
                            &format!("placement={placement}"),
                            "deals=2",
                        ])
                        .unwrap();
                        let mut g = Classic::from_setup(players, &map, 11).unwrap();
                        let mut steps = 0;
                        while !g.is_over() {
                            let (seat, _) = g.pending()[0];
                            let legal = g.legal_actions(seat);
                            let a = legal[steps % legal.len()];
                            g.act(seat, &a).unwrap();
                            steps += 1;
                        }
                        let total: u32 = g.totals().iter().sum();
                        assert!(
                            total > 0,
                            "{fan} {players} {deck} {deal}: somebody took cards"
                        );
                    }
                }
            }
        }
    }
}
