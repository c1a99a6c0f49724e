//! The windows before each card (B2): whom a window asks, reopening after a use, passing for the
//! turn (the plain pass), for one card and for the game.

use super::*;

#[test]
fn the_window_reopens_for_everyone_after_a_use_and_closes_when_all_passed() {
    // B2.
    let p = Position::new(&[&[10], &[50], &[70]], &[5], &[&[2], &[30], &[40], &[60]])
        .with_open(&[Special::First, Special::Last]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 50, 70]);
    let all: Vec<Seat> = g.pending().iter().map(|(s, _)| *s).collect();
    assert_eq!(all, vec![Seat(0), Seat(1), Seat(2)]);
    act(&mut g, 0, Action::PassCard);
    act(&mut g, 1, Action::PassCard);
    assert_eq!(
        g.pending(),
        vec![(Seat(2), Decision::Window)],
        "who passed waits"
    );
    assert_eq!(g.default_action(Seat(0)), None);
    assert_eq!(g.default_action(Seat(2)), Some(Action::Pass));
    assert!(g.act(Seat(0), &Action::PassCard).is_err(), "passed already");
    assert!(g.act(Seat(0), &Action::Last { card: c(10) }).is_err());
    act(&mut g, 2, Action::Last { card: c(10) });
    assert_eq!(
        g.pending().len(),
        3,
        "a use reopens the window for everyone"
    );
    assert!(g.pending().iter().all(|(_, d)| *d == Decision::Window));
    assert_eq!(queue_of(&g), vec![5, 50, 70, 10]);
    act(&mut g, 0, Action::PassCard);
    act(&mut g, 1, Action::PassCard);
    act(&mut g, 2, Action::PassCard);
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
    let e = g.act(Seat(0), &Action::PassCard).unwrap_err();
    assert!(matches!(e, ActionError::NotAsked { .. }), "{e}");
    act(&mut g, 1, Action::PassCard);
    let events = act(&mut g, 2, Action::PassCard);
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
    // Decision 1: the plain pass passes in every window of the turn, a teammate's use reopens
    // the window for the others only; the next turn asks the member again.
    let p = Position::new(
        &[&[10, 11], &[50, 51], &[70, 71]],
        &[5, 6],
        &[&[2], &[30], &[40], &[60]],
    )
    .with_open(&[Special::First, Special::Last]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 50, 70]);
    let events = act(&mut g, 0, Action::Pass);
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
fn the_plain_pass_is_for_the_turn_and_pass_card_for_one_card() {
    // Decision 1 of docs/rules/buffalo.md (B2 "jederzeit"): `pass` is "not this turn" — the
    // windows before the later cards of the turn do not ask again; `pass_card` passes before
    // this card only; format 2's `pass_turn` is read as `pass`.
    let p = Position::new(
        &[&[10, 11], &[50, 51]],
        &[5, 6],
        &[&[2], &[30], &[40], &[60]],
    )
    .with_open(&[Special::First, Special::Last]);
    let mut g = Buffalo::from_position(p).unwrap();
    play(&mut g, &[10, 50]);
    assert_eq!(queue_of(&g), vec![5, 10, 50]);
    assert_eq!(asked(&g), vec![0, 1]);
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::PassCard);
    assert_eq!(queue_of(&g), vec![10, 50], "the buffalo's 5 was laid");
    assert_eq!(
        asked(&g),
        vec![1],
        "before the 10: only who passed for one card"
    );
    act(&mut g, 1, Action::PassCard);
    assert_eq!(asked(&g), vec![1], "before the 50: still not seat 0");
    act(&mut g, 1, Action::PassCard);
    assert_eq!(g.turn(), 2);
    play(&mut g, &[11, 51]);
    assert_eq!(asked(&g), vec![0, 1], "the next turn asks seat 0 again");
    let read = |json: &str| serde_json::from_str::<Action>(json).unwrap();
    assert_eq!(read(r#"{"type": "pass"}"#), Action::Pass);
    assert_eq!(read(r#"{"type": "pass_turn"}"#), Action::Pass);
    assert_eq!(read(r#"{"type": "pass_card"}"#), Action::PassCard);
    assert_eq!(
        serde_json::to_string(&Action::Pass).unwrap(),
        r#"{"type":"pass"}"#
    );
}
