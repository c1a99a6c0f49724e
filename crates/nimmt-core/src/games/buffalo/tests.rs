//! Rule-book examples of *Schlagt den Büffel* (`001`) and the rulings B1–B7, each test naming its
//! source; and the properties every game keeps (conservation, accepted ⇔ legal, view secrecy).

use super::*;
use crate::rules::Rules;
use proptest::prelude::*;
use rand::Rng;

fn c(n: u8) -> Card {
    card(n)
}

fn numbers(cards: &[Card]) -> Vec<u8> {
    cards.iter().map(|c| c.number()).collect()
}

fn row_of(g: &Buffalo, r: usize) -> Vec<u8> {
    numbers(&g.rows()[r].cards)
}

fn queue_of(g: &Buffalo) -> Vec<u8> {
    g.queue().iter().map(|p| p.card.number()).collect()
}

fn act(g: &mut Buffalo, seat: u8, a: Action) -> Vec<Event> {
    g.act(Seat(seat), &a)
        .unwrap_or_else(|e| panic!("seat {seat} {a:?}: {e}"))
        .into_iter()
        .map(|e| e.event)
        .collect()
}

/// Every member plays the card at its index in `cards`.
fn play(g: &mut Buffalo, cards: &[u8]) {
    for (seat, &n) in cards.iter().enumerate() {
        act(g, seat as u8, Action::Play { card: c(n) });
    }
}

/// Everybody who has not passed passes, in the current window only.
fn pass_window(g: &mut Buffalo) {
    for (seat, d) in g.pending() {
        if d == Decision::Window {
            act(g, seat.0, Action::Pass);
            if !matches!(g.stage(), Some(Stage::Window { .. })) {
                return;
            }
        }
    }
}

/// Passes every window until somebody must choose a card or a row, or the game is over.
fn pass_windows(g: &mut Buffalo) {
    while matches!(g.stage(), Some(Stage::Window { .. })) {
        pass_window(g);
    }
}

fn assert_conserved(g: &Buffalo) {
    let mut all = g.cards_in_play();
    all.sort();
    assert_eq!(all, (1..=104).collect::<Vec<u32>>(), "the 104 number cards");
    let mut specials = g.specials_in_play();
    specials.sort();
    assert_eq!(specials, all_specials(), "the 16 special cards");
}

fn is_window(g: &Buffalo) -> bool {
    matches!(g.stage(), Some(Stage::Window { .. }))
}

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
        stack: 0,
    }));
    assert_eq!(g.open_specials(), &[Special::Last, Special::Sort]);
    assert_eq!(g.stack_size(), 0);
    assert_conserved(&g);
}

#[test]
fn the_window_reopens_for_everyone_after_a_use_and_closes_when_all_passed() {
    // B2.
    let p = Position::new(&[&[10], &[50], &[70]], &[5], &[&[2], &[30], &[40], &[60]])
        .with_open(&[Special::First, Special::Last]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 50, 70]);
    let all: Vec<Seat> = g.pending().iter().map(|(s, _)| *s).collect();
    assert_eq!(all, vec![Seat(0), Seat(1), Seat(2)]);
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    assert_eq!(
        g.pending(),
        vec![(Seat(2), Decision::Window)],
        "who passed waits"
    );
    assert_eq!(g.default_action(Seat(0)), None);
    assert_eq!(g.default_action(Seat(2)), Some(Action::Pass));
    assert!(g.act(Seat(0), &Action::Pass).is_err(), "passed already");
    assert!(g.act(Seat(0), &Action::Last { card: c(10) }).is_err());
    act(&mut g, 2, Action::Last { card: c(10) });
    assert_eq!(
        g.pending().len(),
        3,
        "a use reopens the window for everyone"
    );
    assert!(g.pending().iter().all(|(_, d)| *d == Decision::Window));
    assert_eq!(queue_of(&g), vec![5, 50, 70, 10]);
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    assert_eq!(row_of(&g, 0), vec![2, 5], "the buffalo's 5 was laid");
}

fn asked(g: &Buffalo) -> Vec<u8> {
    g.pending().iter().map(|(s, _)| s.0).collect()
}

#[test]
fn a_window_asks_only_the_members_who_can_use_something_now() {
    // B2 with decision 1 of docs/rules/buffalo.md: Ersetzen is used by the card's owner only
    // (B7), so once a member's card is laid that member has nothing to do but pass, and the
    // window does not ask it.
    let p = Position::new(
        &[&[10, 11], &[50, 51], &[70, 71]],
        &[5, 6],
        &[&[2], &[30], &[40], &[60]],
    )
    .with_open(&[Special::Replace]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 50, 70]);
    assert_eq!(queue_of(&g), vec![5, 10, 50, 70]);
    assert_eq!(
        asked(&g),
        vec![0, 1, 2],
        "every member can replace its card"
    );
    pass_window(&mut g);
    pass_window(&mut g);
    assert_eq!(queue_of(&g), vec![50, 70], "the 5 and the 10 were laid");
    assert_eq!(
        asked(&g),
        vec![1, 2],
        "the 10 is laid: its owner is not asked"
    );
    assert_eq!(g.legal_actions(Seat(0)), Vec::<Action>::new());
    assert_eq!(g.default_action(Seat(0)), None);
    let e = g.act(Seat(0), &Action::Pass).unwrap_err();
    assert!(matches!(e, ActionError::NotAsked { .. }), "{e}");
    act(&mut g, 1, Action::Pass);
    let events = act(&mut g, 2, Action::Pass);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Laid { card, .. } if *card == c(50))),
        "the window closes when every member asked has passed"
    );
    assert_eq!(
        asked(&g),
        vec![2],
        "only the 70's owner can still use Ersetzen"
    );
}

#[test]
fn no_window_when_nobody_can_use_anything() {
    // Decision 2: the last turn (empty hands) with only Ersetzen open asks nobody.
    let p = Position::new(&[&[10], &[50]], &[5], &[&[2], &[30], &[40], &[60]])
        .with_open(&[Special::Replace]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 50]);
    assert!(g.is_over(), "the turn was laid without a window");
}

#[test]
fn passing_for_the_turn_is_not_undone_by_a_teammates_use() {
    // Decision 1: pass_turn passes in every window of the turn, a teammate's use reopens the
    // window for the others only; the next turn asks the member again.
    let p = Position::new(
        &[&[10, 11], &[50, 51], &[70, 71]],
        &[5, 6],
        &[&[2], &[30], &[40], &[60]],
    )
    .with_open(&[Special::First, Special::Last]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 50, 70]);
    let events = act(&mut g, 0, Action::PassTurn);
    assert_eq!(events, vec![Event::PassedTurn { seat: Seat(0) }]);
    assert_eq!(g.turn_passed(), &[true, false, false]);
    act(&mut g, 1, Action::Last { card: c(10) });
    assert_eq!(
        asked(&g),
        vec![1, 2],
        "the use reopens the window, not for seat 0"
    );
    pass_windows(&mut g);
    assert_eq!(g.turn(), 2);
    assert_eq!(g.turn_passed(), &[false, false, false]);
    play(&mut g, &[11, 51, 71]);
    assert_eq!(asked(&g), vec![0, 1, 2], "a new turn asks again");
}

#[test]
fn passing_for_the_game_leaves_the_windows_to_the_teammates() {
    // Decision 1: pass_game, "my teammates decide", holds for the rest of the game.
    let p = Position::new(
        &[&[10, 11], &[50, 51], &[70, 71]],
        &[5, 6],
        &[&[2], &[30], &[40], &[60]],
    )
    .with_open(&[Special::First, Special::Last]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 50, 70]);
    let events = act(&mut g, 2, Action::PassGame);
    assert_eq!(events, vec![Event::PassedGame { seat: Seat(2) }]);
    assert_eq!(asked(&g), vec![0, 1]);
    pass_windows(&mut g);
    play(&mut g, &[11, 51, 71]);
    assert_eq!(asked(&g), vec![0, 1], "not asked in the next turn either");
    assert_eq!(
        g.view(Viewer::Seat(Seat(0))).game_passed,
        vec![false, false, true]
    );
    pass_windows(&mut g);
    assert!(g.is_over());
}

#[test]
fn a_member_who_passed_for_the_game_can_ask_to_be_asked_again_while_choosing() {
    // Decision 1: ask_again undoes pass_game; it is offered only while choosing a card.
    let p = Position::new(
        &[&[10, 11, 12], &[50, 51, 52]],
        &[5, 6, 7],
        &[&[2], &[30], &[40], &[60]],
    )
    .with_open(&[Special::First, Special::Last]);
    let mut g = Buffalo::from_position(p).unwrap();
    assert!(!g.legal_actions(Seat(0)).contains(&Action::AskAgain));
    assert!(
        g.act(Seat(0), &Action::AskAgain).is_err(),
        "not passed for the game"
    );
    play(&mut g, &[10, 50]);
    act(&mut g, 0, Action::PassGame);
    pass_windows(&mut g);
    assert!(g.legal_actions(Seat(0)).contains(&Action::AskAgain));
    assert_eq!(
        Buffalo::legal_in_view(&g.view(Viewer::Seat(Seat(0)))),
        g.legal_actions(Seat(0))
    );
    let events = act(&mut g, 0, Action::AskAgain);
    assert_eq!(events, vec![Event::AskedAgain { seat: Seat(0) }]);
    assert_eq!(g.game_passed(), &[false, false]);
    assert_eq!(
        g.asked(Seat(0)),
        Some(Decision::PlayCard),
        "still to choose a card"
    );
    play(&mut g, &[11, 51]);
    assert_eq!(asked(&g), vec![0, 1], "asked in windows again");
}

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
        } => Some((*row, numbers(cards), *heads, *team_heads, *team_points)),
        _ => None,
    });
    assert_eq!(team, Some((0, vec![1, 2, 3, 4, 5], 6, 6, 12)));
    let buffalo = events.iter().find_map(|e| match e {
        Event::BuffaloTook { row, count, pile } => Some((*row, *count, *pile)),
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

// ---- properties -------------------------------------------------------------------------

/// A random legal action of a random seat that has one (passing more often than not).
fn random_step(g: &mut Buffalo, rng: &mut ChaCha8Rng) -> bool {
    let seats: Vec<Seat> = g
        .pending()
        .into_iter()
        .map(|(s, _)| s)
        .filter(|&s| !g.legal_actions(s).is_empty())
        .collect();
    if seats.is_empty() {
        return false;
    }
    let seat = seats[rng.random_range(0..seats.len())];
    let legal = g.legal_actions(seat);
    let a = if legal.contains(&Action::Pass) && rng.random_bool(0.7) {
        Action::Pass
    } else {
        legal[rng.random_range(0..legal.len())].clone()
    };
    g.act(seat, &a).unwrap();
    true
}

fn random_game(players: usize, seed: u64, steps: usize) -> Buffalo {
    let mut g = Buffalo::new(players, BuffaloOptions::default(), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..steps {
        if !random_step(&mut g, &mut rng) {
            break;
        }
    }
    g
}

/// Actions of every shape, most of them illegal now.
fn candidate_actions(g: &Buffalo, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let mut card = || c(rng.random_range(1..=104));
    let mut out = vec![Action::Pass];
    for _ in 0..6 {
        let (a, b) = (card(), card());
        out.push(Action::Play { card: a });
        out.push(Action::Replace { card: a, with: b });
        out.push(Action::First { card: a });
        out.push(Action::Last { card: b });
    }
    for row in 0..5 {
        out.push(Action::TakeRow { row });
        out.push(Action::SevenTakes { row });
        out.push(Action::Stop { row });
        out.push(Action::RemoveStop { row });
        for at in 0..7 {
            out.push(Action::Insert {
                card: card(),
                row,
                at,
            });
            out.push(Action::Shift {
                row,
                at,
                to_row: (row + at) % 5,
                to_at: at,
            });
        }
    }
    let queue: Vec<Card> = g.queue().iter().map(|p| p.card).collect();
    for p in g.queue() {
        out.push(Action::First { card: p.card });
        out.push(Action::Insert {
            card: p.card,
            row: 0,
            at: 0,
        });
    }
    let mut order = queue.clone();
    order.reverse();
    out.push(Action::Sort { order });
    out.push(Action::Sort {
        order: queue.iter().copied().skip(1).collect(),
    });
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_games_conserve_cards_and_end_after_ten_turns(
        players in 1usize..=6, seed in any::<u64>(),
    ) {
        let mut g = Buffalo::new(players, BuffaloOptions::default(), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        loop {
            assert_conserved(&g);
            prop_assert!(g.rows().iter().all(|r| r.cards.windows(2).all(|w| w[0] < w[1])));
            prop_assert!(g.rows().iter().all(|r| r.len() <= r.capacity));
            prop_assert!(g.open_specials().len() <= OPEN_SPECIALS);
            for seat in Seat::all(players) {
                let view = g.view(Viewer::Seat(seat));
                prop_assert_eq!(&view.hand, &g.hands[seat.index()]);
                prop_assert_eq!(Buffalo::legal_in_view(&view), g.legal_actions(seat));
                if let Some(a) = g.default_action(seat) {
                    prop_assert!(g.legal_actions(seat).contains(&a), "default {:?}", a);
                }
            }
            if !random_step(&mut g, &mut rng) {
                break;
            }
            steps += 1;
            prop_assert!(steps < 5000);
        }
        prop_assert!(g.is_over());
        prop_assert_eq!(g.turn(), 10);
        let o = g.outcome().unwrap();
        prop_assert_eq!(o.scores, vec![g.team_points() as i32; players]);
        prop_assert_eq!(o.winners.is_empty(), g.team_points() >= g.buffalo_points());
        prop_assert_eq!(g.buffalo_pile().len() + g.team_pile().len() + g.rows().iter().map(Row::len).sum::<usize>(),
            4 + 10 * (players + 1));
    }

    #[test]
    fn act_accepts_exactly_the_legal_actions_and_changes_nothing_otherwise(
        players in 1usize..=6, seed in any::<u64>(), steps in 0usize..300,
    ) {
        let g = random_game(players, seed, steps);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for seat in Seat::all(players + 1) {
            let legal = g.legal_actions(seat);
            let mut tries = candidate_actions(&g, &mut rng);
            tries.extend(legal.iter().take(40).cloned());
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
        }
    }

    #[test]
    fn views_never_show_a_teammates_hand(
        players in 1usize..=6, seed in any::<u64>(), steps in 0usize..300, shuffle in any::<u64>(),
    ) {
        let g = random_game(players, seed, steps);
        let viewers = Seat::all(players).map(Viewer::Seat).chain([Viewer::Spectator]);
        for viewer in viewers {
            let h = g.hide_from(viewer, shuffle);
            assert_conserved(&h);
            prop_assert_eq!(g.view(viewer), h.view(viewer));
            let json = serde_json::to_string(&g.view(viewer)).unwrap();
            prop_assert!(!json.contains("rng") && !json.contains("\"stack\""), "{}", json);
        }
    }
}

#[test]
fn a_world_sampled_from_a_view_looks_the_same_to_that_member() {
    // What searching bots play on: every card a member cannot see dealt anew, its view unchanged.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for players in 1..=6 {
        for steps in [0, 7, 25, 60, 140, 400] {
            let g = random_game(players, players as u64 * 1000 + steps as u64, steps);
            for seat in Seat::all(players) {
                let view = g.view(Viewer::Seat(seat));
                let w = Buffalo::from_view(&view, &mut rng);
                assert_eq!(
                    w.view(Viewer::Seat(seat)),
                    view,
                    "{players} players, {steps} steps"
                );
                assert_conserved(&w);
                assert_eq!(w.legal_actions(seat), g.legal_actions(seat));
            }
        }
    }
}

#[test]
fn random_games_use_every_special_card() {
    // The property tests above reach every kind of use (else they would prove little).
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let mut g = Buffalo::new(6, BuffaloOptions::default(), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = g
            .pending()
            .into_iter()
            .map(|(s, _)| s)
            .find(|&s| !g.legal_actions(s).is_empty())
        {
            let legal = g.legal_actions(seat);
            let a = if legal.contains(&Action::Pass) && rng.random_bool(0.7) {
                Action::Pass
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            };
            for e in g.act(seat, &a).unwrap() {
                if let Event::Used { action, .. } = e.event {
                    seen.insert(action.special().map_or("remove_stop", Special::name));
                }
            }
        }
        assert!(g.is_over());
    }
    assert_eq!(seen.len(), 9, "{seen:?}");
}

#[test]
fn one_to_six_players_and_default_actions_finish_the_game() {
    // B1: 1–6 players. Default actions alone (every window passed) end the game.
    assert!(Buffalo::from_setup(0, &OptionMap::new(), 1).is_err());
    assert!(Buffalo::from_setup(7, &OptionMap::new(), 1).is_err());
    for players in 1..=6 {
        let mut g = Buffalo::from_setup(players, &OptionMap::new(), players as u64).unwrap();
        assert_eq!(g.specials_in_play().len(), 16);
        assert_eq!(
            g.open_specials().len() + g.stack_size(),
            specials_for(players)
        );
        while let Some((seat, a)) = g
            .pending()
            .into_iter()
            .find_map(|(s, _)| g.default_action(s).map(|a| (s, a)))
        {
            act(&mut g, seat.0, a);
        }
        assert!(g.is_over(), "{players} players");
        assert!(g.used_specials().is_empty(), "nobody used a card");
        assert_conserved(&g);
    }
}
