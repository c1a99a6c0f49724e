//! Rule-book examples of classic 6 nimmt! (`001`, `003`) and the rulings C1–C7, F1–F5, each test
//! naming its source.

use super::*;
use crate::rules::Rules;

pub(crate) fn c(n: u8) -> Card {
    Card::new(n).unwrap()
}

pub(crate) fn cards(ns: &[u8]) -> Vec<Card> {
    ns.iter().map(|&n| c(n)).collect()
}

pub(crate) fn rows(rs: [&[u8]; 4], marker: Option<Marker>) -> Rows {
    Rows {
        rows: rs.map(cards),
        marker,
    }
}

/// Plays one turn: `plays[s]` is seat `s`'s card.
fn play_turn(game: &mut Classic, plays: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    for (s, &card) in plays.iter().enumerate() {
        let ev = game
            .act(Seat(s as u8), &Action::play(c(card)))
            .unwrap_or_else(|e| panic!("seat {s} plays {card}: {e}"));
        events.extend(ev.into_iter().map(|a| a.event));
    }
    events
}

fn numbers(game: &Classic) -> Vec<Vec<u8>> {
    game.rows().numbers()
}

fn taken_by(events: &[Event]) -> Vec<(u8, Vec<u8>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::RowTaken { seat, taken, .. } => {
                Some((seat.0, taken.cards.iter().map(|c| c.number()).collect()))
            }
            _ => None,
        })
        .collect()
}

/// The three opening turns of `001` "Wie lege ich meine Karte an?", "3. Regel", "4. Regel":
/// rows 12, 37, 43, 58; seat 0 is "du" throughout.
fn rule_book_game() -> Classic {
    let hands = vec![
        cards(&[14, 30, 3, 90]),
        cards(&[15, 21, 9, 91]),
        cards(&[44, 26, 68, 92]),
        cards(&[61, 36, 83, 93]),
    ];
    Classic::from_position(Position::new(
        rows([&[12], &[37], &[43], &[58]], None),
        hands,
    ))
    .unwrap()
}

#[test]
fn rule_2_lowest_difference_14_15_44_61() {
    // 001 p. 5 "Wie lege ich meine Karte an?": 14 and 15 after the 12, 44 to the third row
    // (rule 2), 61 to the fourth.
    let mut g = rule_book_game();
    let events = play_turn(&mut g, &[14, 15, 44, 61]);
    assert_eq!(
        numbers(&g),
        vec![vec![12, 14, 15], vec![37], vec![43, 44], vec![58, 61]]
    );
    let order: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            Event::Placed { card, .. } => Some(card.number()),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![14, 15, 44, 61], "lowest card first (C7)");
}

#[test]
fn rule_3_sixth_card_takes_the_row_21_26_30_36() {
    // 001 p. 6 "3. Regel": 21 and 26 fill the first row; the 30 is its sixth card and takes
    // the five; the 36 follows the 30.
    let mut g = rule_book_game();
    play_turn(&mut g, &[14, 15, 44, 61]);
    let events = play_turn(&mut g, &[30, 21, 26, 36]);
    assert_eq!(taken_by(&events), vec![(0, vec![12, 14, 15, 21, 26])]);
    assert_eq!(numbers(&g)[0], vec![30, 36]);
    assert_eq!(g.deal_points()[0], 1 + 1 + 2 + 1 + 1);
}

#[test]
fn rule_4_low_card_takes_a_row_of_your_choice_3_9_68_83() {
    // 001 p. 6 "4. Regel": the 3 fits no row; "du" chooses the second row and takes the 37;
    // the 3 starts that row, the others are laid by the rules.
    let mut g = rule_book_game();
    play_turn(&mut g, &[14, 15, 44, 61]);
    play_turn(&mut g, &[30, 21, 26, 36]);
    let events = play_turn(&mut g, &[3, 9, 68, 83]);
    assert!(events.contains(&Event::RowChoice {
        seat: Seat(0),
        card: c(3)
    }));
    assert_eq!(
        g.pending(),
        vec![(Seat(0), Decision::TakeRow)],
        "the turn waits (C6)"
    );
    // Nobody else may answer the row choice.
    assert_eq!(
        g.act(Seat(1), &Action::TakeRow { row: 1 }),
        Err(ActionError::NotAsked { seat: Seat(1) })
    );
    let events: Vec<Event> = g
        .act(Seat(0), &Action::TakeRow { row: 1 })
        .unwrap()
        .into_iter()
        .map(|a| a.event)
        .collect();
    assert_eq!(taken_by(&events), vec![(0, vec![37])]);
    assert_eq!(
        numbers(&g),
        vec![vec![30, 36], vec![3, 9], vec![43, 44], vec![58, 61, 68, 83]]
    );
}

#[test]
fn tip_1_the_45_goes_after_the_42_and_takes_the_fourth_row() {
    // 001 "Spieltipps" 1: you think the 45 goes after the 41 in the third row, but the 42 in the
    // fourth row is closer, and it is that row's sixth card.
    let mut g = Classic::from_position(Position::new(
        rows([&[5], &[20], &[30, 41], &[33, 35, 38, 40, 42]], None),
        vec![cards(&[45, 101]), cards(&[21, 102])],
    ))
    .unwrap();
    let events = play_turn(&mut g, &[45, 21]);
    assert_eq!(taken_by(&events)[0], (0, vec![33, 35, 38, 40, 42]));
    assert_eq!(numbers(&g)[3], vec![45]);
}

#[test]
fn tip_2_a_low_card_before_yours_changes_where_yours_goes() {
    // 001 "Spieltipps" 2: you play the 62 for the first row, but another player's 29 takes
    // the first row; your 62 then goes to the full fourth row and takes it.
    let mut g = Classic::from_position(Position::new(
        rows([&[51, 60], &[70], &[80], &[32, 38, 41, 47, 50]], None),
        vec![cards(&[62]), cards(&[29])],
    ))
    .unwrap();
    play_turn(&mut g, &[62, 29]);
    let events: Vec<Event> = g
        .act(Seat(1), &Action::TakeRow { row: 0 })
        .unwrap()
        .into_iter()
        .map(|a| a.event)
        .collect();
    assert_eq!(
        taken_by(&events),
        vec![(1, vec![51, 60]), (0, vec![32, 38, 41, 47, 50])]
    );
}

#[test]
fn profi_example_18_right_of_13_then_21_left_of_23() {
    // 003 option profi: a row ends with 13, another begins with 23; the 18 goes right of the 13
    // (equal difference: right end), a following 21 left of the 23 (C5).
    let opts = ClassicOptions {
        placement: Placement::BothEnds,
        ..ClassicOptions::default()
    };
    let mut p = Position::new(
        rows([&[8, 13], &[23, 30], &[50], &[70]], None),
        vec![cards(&[18, 101]), cards(&[21, 102])],
    );
    p.options = opts;
    let mut g = Classic::from_position(p).unwrap();
    play_turn(&mut g, &[18, 21]);
    assert_eq!(numbers(&g)[0], vec![8, 13, 18]);
    assert_eq!(numbers(&g)[1], vec![21, 23, 30]);
}

#[test]
fn both_ends_a_sixth_card_at_the_left_takes_the_row() {
    // C5: a sixth card at either end takes the row.
    let mut p = Position::new(
        rows([&[40, 41, 42, 43, 44], &[90], &[95], &[99]], None),
        vec![cards(&[39, 103]), cards(&[100, 104])],
    );
    p.options.placement = Placement::BothEnds;
    let mut g = Classic::from_position(p).unwrap();
    let events = play_turn(&mut g, &[39, 100]);
    assert_eq!(taken_by(&events)[0], (0, vec![40, 41, 42, 43, 44]));
    assert_eq!(numbers(&g)[0], vec![39]);
}

#[test]
fn both_ends_a_card_between_every_rows_ends_is_a_low_card() {
    // C5: a card that fits no end is a low card.
    let mut p = Position::new(
        rows([&[10, 20], &[30, 40], &[50, 60], &[70, 80]], None),
        vec![cards(&[15, 101]), cards(&[90, 102])],
    );
    p.options.placement = Placement::BothEnds;
    let mut g = Classic::from_position(p.clone()).unwrap();
    // 15 is below 20 but above 10: left end of row 0 no (15 > 10); right ends no; left of 30: yes.
    play_turn(&mut g, &[15, 90]);
    assert_eq!(numbers(&g)[1], vec![15, 30, 40]);
    p.rows = rows([&[10, 20], &[12, 40], &[11, 60], &[13, 80]], None);
    p.hands = vec![cards(&[14]), cards(&[90])];
    let mut g = Classic::from_position(p).unwrap();
    play_turn(&mut g, &[14, 90]);
    assert_eq!(g.pending(), vec![(Seat(0), Decision::TakeRow)]);
}

#[test]
fn cheapest_row_fewest_heads_then_highest_last_card() {
    // C6: fewest bull heads; on a tie the row with the highest last card.
    let r = rows([&[11], &[12, 13], &[14], &[20]], None);
    assert_eq!(r.cheapest_row(), 2, "the 14 alone is the only one-head row");
    let r = rows([&[11], &[12], &[14], &[20]], None);
    assert_eq!(
        r.cheapest_row(),
        2,
        "12 and 14 tie at one head: the higher last card, 14"
    );
}

#[test]
fn illegal_actions_change_nothing() {
    let mut g = rule_book_game();
    let before = g.clone();
    let cases = [
        (Seat(0), Action::play(c(15)), "not_in_hand"),
        (Seat(9), Action::play(c(14)), "no_such_seat"),
        (Seat(0), Action::TakeRow { row: 0 }, "wrong_decision"),
        (Seat(0), Action::Draft { card: c(1) }, "wrong_decision"),
        (
            Seat(0),
            Action::Play {
                card: c(14),
                swap: true,
            },
            "illegal",
        ),
    ];
    for (seat, action, code) in cases {
        let err = g.act(seat, &action).unwrap_err();
        assert_eq!(err.code(), code, "{action:?}: {err}");
        assert_eq!(g, before, "{action:?} changed the state");
    }
    g.act(Seat(0), &Action::play(c(14))).unwrap();
    let after_choice = g.clone();
    assert_eq!(
        g.act(Seat(0), &Action::play(c(30))),
        Err(ActionError::AlreadyChosen { seat: Seat(0) })
    );
    assert_eq!(g, after_choice);
}

#[test]
fn end_at_points_ends_after_the_deal_in_which_someone_reaches_it() {
    // C1: by default the game ends after the deal in which someone reaches 66 or more.
    let mut p = Position::new(
        rows([&[1, 2, 3, 4, 5], &[90], &[95], &[99]], None),
        vec![cards(&[6]), cards(&[100])],
    );
    p.options.hand_size = 1;
    p.totals = vec![60, 0];
    let mut g = Classic::from_position(p).unwrap();
    play_turn(&mut g, &[6, 100]);
    // 1+1+1+1+2 = 6 points: 66 reached.
    let outcome = g.outcome().expect("game over");
    assert_eq!(outcome.scores, vec![66, 0]);
    assert_eq!(outcome.winners, vec![Seat(1)]);
    assert!(g.pending().is_empty());
    assert_eq!(
        g.act(Seat(0), &Action::play(c(7))),
        Err(ActionError::GameOver)
    );
}

#[test]
fn end_at_67_goes_on_at_66() {
    // C1: the online room's "more than 66" is end_at=67.
    let mut p = Position::new(
        rows([&[1, 2, 3, 4, 5], &[90], &[95], &[99]], None),
        vec![cards(&[6]), cards(&[100])],
    );
    p.options.hand_size = 1;
    p.options.end = EndCondition::AtPoints(67);
    p.totals = vec![60, 0];
    let mut g = Classic::from_position(p).unwrap();
    play_turn(&mut g, &[6, 100]);
    assert!(g.outcome().is_none());
    assert_eq!(g.deal_number(), 2);
    assert_eq!(g.totals(), &[66, 0]);
}

#[test]
fn equal_points_share_the_win() {
    // C1: fewest points wins; equal points share the win.
    let mut p = Position::new(
        rows([&[10], &[20], &[30], &[40]], None),
        vec![cards(&[11]), cards(&[21]), cards(&[5])],
    );
    p.options.hand_size = 1;
    p.options.end = EndCondition::Deals(1);
    let mut g = Classic::from_position(p).unwrap();
    play_turn(&mut g, &[11, 21, 5]);
    g.act(Seat(2), &Action::TakeRow { row: 3 }).unwrap();
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winners, vec![Seat(0), Seat(1)]);
}

#[test]
fn draft_seats_pick_in_turn_and_the_four_left_start_the_rows() {
    // C4 with the tactic deck (001 Profivariante 2): 3 players → 34 open cards, ten each,
    // four left start the rows in ascending order from the top.
    let opts = ClassicOptions::parse(
        3,
        &OptionMap::parse(["deck=tactic", "deal=draft", "deals=2"]).unwrap(),
    )
    .unwrap();
    let mut g = Classic::new(3, opts, 7);
    assert_eq!(g.pending(), vec![(Seat(0), Decision::DraftPick)]);
    let mut expected_seat = 0;
    while g.pending().first().map(|p| p.1) == Some(Decision::DraftPick) {
        let (seat, _) = g.pending()[0];
        assert_eq!(
            seat.0, expected_seat,
            "clockwise from seat 0 in the first deal"
        );
        let card = match &g.legal_actions(seat)[..] {
            [Action::Draft { card }, ..] => *card,
            other => panic!("{other:?}"),
        };
        g.act(seat, &Action::Draft { card }).unwrap();
        expected_seat = (expected_seat + 1) % 3;
    }
    assert!(g.hands.iter().all(|h| h.len() == 10));
    let starts: Vec<u8> = g.rows().cards().map(|c| c.number()).collect();
    let mut sorted = starts.clone();
    sorted.sort();
    assert_eq!(starts, sorted, "ascending from the top");
    assert_eq!(
        starts,
        vec![31, 32, 33, 34],
        "everyone took the lowest card: 31–34 are left"
    );
    // The second deal starts with seat 1 (deal k starts with seat k mod n).
    while g.deal_number() == 1 {
        let (seat, _) = g.pending()[0];
        let a = g.legal_actions(seat)[0];
        g.act(seat, &a).unwrap();
    }
    assert_eq!(g.pending(), vec![(Seat(1), Decision::DraftPick)]);
}

#[test]
fn draft_with_full_deck_draws_four_random_start_cards() {
    // C4: with the full deck, four cards drawn at random from those left start the rows.
    let opts = ClassicOptions::parse(2, &OptionMap::parse(["deal=draft"]).unwrap()).unwrap();
    let mut g = Classic::new(2, opts, 3);
    while g.turn() == 0 {
        let (seat, _) = g.pending()[0];
        let a = g.legal_actions(seat)[0];
        g.act(seat, &a).unwrap();
    }
    let starts: Vec<u8> = g.rows().cards().map(|c| c.number()).collect();
    assert_eq!(starts.len(), 4);
    assert!(
        starts.iter().all(|&n| n > 20),
        "the 20 lowest were drafted: {starts:?}"
    );
    let mut g2 = Classic::new(2, opts, 4);
    while g2.turn() == 0 {
        let (seat, _) = g2.pending()[0];
        let a = g2.legal_actions(seat)[0];
        g2.act(seat, &a).unwrap();
    }
    assert_ne!(g.rows(), g2.rows(), "another seed draws other start cards");
}

#[test]
fn views_list_every_seats_revealed_plays_in_turn_order_and_no_chosen_card() {
    // Revealed cards are public: every seat and a spectator see who played what this deal;
    // a card chosen but not yet revealed appears nowhere.
    let mut g = rule_book_game();
    play_turn(&mut g, &[14, 15, 44, 61]);
    g.act(Seat(0), &Action::play(c(30))).unwrap();
    let expected: Vec<Vec<u8>> = vec![vec![14], vec![15], vec![44], vec![61]];
    for viewer in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(2)),
        Viewer::Spectator,
    ] {
        let view = g.view(viewer);
        let played: Vec<Vec<u8>> = view
            .played
            .iter()
            .map(|p| p.iter().map(|p| p.card.number()).collect())
            .collect();
        assert_eq!(played, expected, "{viewer:?}");
        assert!(view.played.iter().flatten().all(|p| p.card != c(30)));
    }
    for s in 1..4 {
        let card = g
            .hand(Seat(s))
            .iter()
            .copied()
            .find(|&x| x < c(60))
            .unwrap();
        g.act(Seat(s), &Action::play(card)).unwrap();
    }
    while let Some((seat, Decision::TakeRow)) = g.pending().first().cloned() {
        g.act(seat, &Action::TakeRow { row: 0 }).unwrap();
    }
    let view = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(view.played[0].len(), 2);
    assert_eq!(view.played[0][1].card, c(30));
    assert!(view.played.iter().all(|p| p.len() == 2));
}

#[test]
fn a_new_deal_starts_with_no_plays_revealed() {
    let mut p = Position::new(
        rows([&[1, 2, 3], &[90], &[95], &[99]], None),
        vec![cards(&[6]), cards(&[100])],
    );
    p.options.hand_size = 1;
    let mut g = Classic::from_position(p).unwrap();
    play_turn(&mut g, &[6, 100]);
    assert!(g.outcome().is_none(), "nobody reached 66");
    let view = g.view(Viewer::Seat(Seat(0)));
    assert_eq!(view.deal, 2);
    assert_eq!(view.played, vec![Vec::<Play>::new(); 2]);
}
