//! Key and mouse handling of the client, one behaviour at a time.

mod common;
use common::*;
use nimmt_core::games::classic::{Decision, PhaseView};
use nimmt_tui::app::{Effect, Input, Key, Overlay};
use nimmt_tui::games::classic::layout as ui;
use nimmt_tui::Lang;

#[test]
fn arrows_wrap_round_the_hand_and_digits_pick_a_position() {
    let mut a = app(7);
    until_me(&mut a);
    assert_eq!(a.screen.cursor, 0);
    key(&mut a, Key::Left);
    assert_eq!(
        a.screen.cursor, 9,
        "left from the first card goes to the last"
    );
    key(&mut a, Key::Right);
    assert_eq!(a.screen.cursor, 0);
    key(&mut a, Key::Char('4'));
    assert_eq!(a.screen.cursor, 3);
    key(&mut a, Key::Char('0'));
    assert_eq!(a.screen.cursor, 9, "0 is the tenth card");
    key(&mut a, Key::Home);
    assert_eq!(a.screen.cursor, 0);
    key(&mut a, Key::End);
    assert_eq!(a.screen.cursor, 9);
}

#[test]
fn enter_plays_the_selected_card_and_only_that() {
    let mut a = app(7);
    until_me(&mut a);
    let hand = a.view().hand.clone();
    keys(&mut a, &[Key::Char('3'), Key::Enter]);
    let game_hand = a
        .offline()
        .unwrap()
        .game()
        .hand(nimmt_core::Seat(0))
        .to_vec();
    assert_eq!(game_hand.len(), 9);
    assert!(
        !game_hand.contains(&hand[2]),
        "the third card left the hand"
    );
    // Keys that mean nothing now change nothing.
    let before = a.offline().unwrap().record().actions.len();
    keys(&mut a, &[Key::Char('x'), Key::Up]);
    assert_eq!(a.offline().unwrap().record().actions.len(), before);
}

#[test]
fn the_zahlendreher_key_works_only_at_a_table_that_plays_it() {
    let mut plain = app(7);
    until_me(&mut plain);
    key(&mut plain, Key::Char('z'));
    assert!(!plain.screen.swap);

    let mut a = app_with(4, &["fan=digit-swap"], 11, Lang::En);
    until_me(&mut a);
    key(&mut a, Key::Char('z'));
    assert!(a.screen.swap);
    key(&mut a, Key::Char('z'));
    assert!(!a.screen.swap, "z toggles");
    // Hand of seed 11: 10 14 19 33 40 52 57 61 70 96; play 40 as 4.
    keys(&mut a, &[Key::Char('5'), Key::Char('z'), Key::Enter]);
    let last = a
        .offline()
        .unwrap()
        .record()
        .actions
        .iter()
        .rev()
        .find(|r| r.seat.0 == 0)
        .cloned()
        .unwrap();
    assert_eq!(
        last.action,
        serde_json::json!({"type": "play", "card": 40, "swap": true})
    );
    assert!(!a.screen.swap, "the toggle resets after the card is played");
}

#[test]
fn a_card_over_99_is_not_played_with_the_zahlendreher() {
    // Find a seeded hand with a card of 100–104 at a digit-swap table.
    let (mut a, i) = (1..200)
        .find_map(|seed| {
            let mut a = app_with(4, &["fan=digit-swap"], seed, Lang::En);
            until_me(&mut a);
            let i = a.view().hand.iter().position(|c| c.number() >= 100)?;
            Some((a, i))
        })
        .expect("some seed deals a card over 99");
    a.screen.cursor = i;
    keys(&mut a, &[Key::Char('z'), Key::Enter]);
    assert_eq!(
        a.offline()
            .unwrap()
            .record()
            .actions
            .iter()
            .filter(|r| r.seat.0 == 0)
            .count(),
        0,
        "nothing was played"
    );
    assert!(
        a.log_lines().last().unwrap().contains("100–104"),
        "{:?}",
        a.log_lines().last()
    );
    assert_eq!(a.asked(), Some(Decision::PlayCard), "still asked");
}

#[test]
fn q_asks_before_leaving_and_ctrl_c_leaves_at_once() {
    let mut a = app(7);
    until_me(&mut a);
    assert!(key(&mut a, Key::Char('q')).is_empty());
    assert_eq!(a.overlay, Some(Overlay::ConfirmQuit));
    assert!(screen(&a).contains("Leave the game? y / n"));
    assert!(key(&mut a, Key::Char('n')).is_empty());
    assert_eq!(a.overlay, None);
    key(&mut a, Key::Char('q'));
    assert_eq!(key(&mut a, Key::Char('y')), vec![Effect::Quit]);

    let mut b = app_with(4, &[], 7, Lang::De);
    key(&mut b, Key::Char('q'));
    assert!(screen(&b).contains("Spiel verlassen? j / n"));
    assert_eq!(
        key(&mut b, Key::Char('j')),
        vec![Effect::Quit],
        "German: j for ja"
    );

    let mut c = app(7);
    assert_eq!(key(&mut c, Key::CtrlC), vec![Effect::Quit]);
}

#[test]
fn help_opens_and_closes_and_holds_the_game() {
    let mut a = app(7);
    until_me(&mut a);
    key(&mut a, Key::Char('?'));
    assert_eq!(a.overlay, Some(Overlay::Help));
    // Keys meant for the table do nothing while help is open.
    keys(&mut a, &[Key::Char('3'), Key::Right, Key::Char(' ')]);
    assert_eq!(a.screen.cursor, 0);
    assert_eq!(
        a.offline()
            .unwrap()
            .record()
            .actions
            .iter()
            .filter(|r| r.seat.0 == 0)
            .count(),
        0
    );
    // Time stands still under the help.
    let log = a.log_lines().len();
    for _ in 0..100 {
        a.handle(Input::Tick);
    }
    assert_eq!(a.log_lines().len(), log);
    key(&mut a, Key::Esc);
    assert_eq!(a.overlay, None);
}

#[test]
fn a_low_card_makes_the_rows_selectable() {
    let mut a = app(7);
    until_me(&mut a);
    // Seed 7: 5 is lower than every row.
    keys(&mut a, &[Key::Char('1'), Key::Enter]);
    assert_eq!(a.asked(), Some(Decision::TakeRow));
    assert_eq!(a.low_card().map(|c| c.number()), Some(5));
    key(&mut a, Key::Char('2'));
    assert_eq!(a.screen.row_cursor, 1);
    key(&mut a, Key::Up);
    assert_eq!(a.screen.row_cursor, 0);
    key(&mut a, Key::Up);
    assert_eq!(a.screen.row_cursor, 3, "up from the top row wraps");
    key(&mut a, Key::Char('3'));
    key(&mut a, Key::Enter);
    let last = a
        .offline()
        .unwrap()
        .record()
        .actions
        .last()
        .cloned()
        .unwrap();
    assert_eq!(
        last.action,
        serde_json::json!({"type": "take_row", "row": 2})
    );
    // The row was laid at once: 5 starts row 3.
    assert_eq!(
        a.view().rows.rows[2]
            .iter()
            .map(|c| c.number())
            .collect::<Vec<_>>(),
        vec![5]
    );
}

#[test]
fn clicking_a_card_plays_it_and_clicking_a_row_takes_it() {
    let mut a = app(7);
    until_me(&mut a);
    let areas = ui::areas(&a);
    // The first card of the hand: 5, a low card.
    let (x, y) = (areas.hand.x + 2, areas.hand.y + 1);
    assert_eq!(ui::hit(&a, x, y), Some(ui::Target::Hand(0)));
    a.handle(Input::Click { x, y });
    assert_eq!(a.asked(), Some(Decision::TakeRow));
    let (x, y) = (areas.rows.x + 10, areas.rows.y + 1 + 3);
    assert_eq!(ui::hit(&a, x, y), Some(ui::Target::Row(3)));
    a.handle(Input::Click { x, y });
    let last = a
        .offline()
        .unwrap()
        .record()
        .actions
        .last()
        .cloned()
        .unwrap();
    assert_eq!(
        last.action,
        serde_json::json!({"type": "take_row", "row": 3})
    );
    // A click on a border hits nothing.
    assert_eq!(ui::hit(&a, 0, 0), None);
}

#[test]
fn the_reveal_waits_for_ticks_or_a_key() {
    let mut a = app(7);
    until_me(&mut a);
    keys(&mut a, &[Key::Char('2'), Key::Enter]); // 26: laid at once? Then the bots' cards follow.
    if a.asked() == Some(Decision::TakeRow) {
        key(&mut a, Key::Enter);
    }
    assert!(a.animating(), "cards are laid one at a time");
    let left = a.steps_left();
    for _ in 0..a.step_ticks - 1 {
        a.handle(Input::Tick);
    }
    assert_eq!(a.steps_left(), left, "not yet");
    a.handle(Input::Tick);
    assert!(a.steps_left() < left, "a step after its ticks");
    let left = a.steps_left();
    assert!(left > 0);
    key(&mut a, Key::Char(' '));
    assert!(a.steps_left() < left, "space moves on at once");
}

#[test]
fn a_deal_result_waits_for_enter() {
    let mut a = app_with(2, &["hand_size=1"], 3, Lang::En);
    until_me(&mut a);
    key(&mut a, Key::Enter);
    if a.asked() == Some(Decision::TakeRow) {
        key(&mut a, Key::Enter);
    }
    // Enter and space move the reveal on until the deal's result shows.
    for _ in 0..100 {
        if a.pause.is_some() {
            break;
        }
        key(&mut a, Key::Char(' '));
    }
    assert!(matches!(
        a.pause,
        Some(nimmt_tui::app::Pause::DealOver { deal: 1, .. })
    ));
    // A key pressed at once, meant for the reveal, does not skip the result.
    key(&mut a, Key::Enter);
    assert!(a.pause.is_some(), "the result stands a moment");
    for _ in 0..nimmt_tui::app::PAUSE_TICKS {
        a.handle(Input::Tick);
    }
    assert!(screen(&a).contains("Deal 1 is over"));
    key(&mut a, Key::Char('x'));
    assert!(a.pause.is_some());
    key(&mut a, Key::Enter);
    assert!(a.pause.is_none());
    assert_eq!(a.view().deal, 2);
    assert!(matches!(a.view().phase, PhaseView::Choose { .. }));
}

#[test]
fn a_small_terminal_ignores_game_keys_but_q_still_leaves() {
    let mut a = app(7);
    until_me(&mut a);
    a.handle(Input::Resize {
        width: 50,
        height: 10,
    });
    assert!(!ui::fits(&a));
    keys(&mut a, &[Key::Char('3'), Key::Enter]);
    assert_eq!(
        a.offline()
            .unwrap()
            .record()
            .actions
            .iter()
            .filter(|r| r.seat.0 == 0)
            .count(),
        0
    );
    assert_eq!(a.handle(Input::Click { x: 3, y: 3 }), vec![]);
    assert_eq!(key(&mut a, Key::Char('q')), vec![Effect::Quit]);
}

#[test]
fn the_record_is_written_and_replays() {
    let mut a = app_with(2, &["hand_size=2", "deals=1"], 5, Lang::En);
    for _ in 0..1000 {
        if a.is_over() {
            break;
        }
        let input = if a.asked().is_some() || a.pause_ready() {
            Input::Key(Key::Enter)
        } else {
            Input::Tick
        };
        a.handle(input);
    }
    assert!(a.is_over());
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    nimmt_tui::term::save_record(&a, &path).unwrap();
    let record: nimmt_core::GameRecord =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record.players, 2);
    assert_eq!(
        record.actions.len(),
        a.offline().unwrap().record().actions.len()
    );
    let replayed = nimmt_core::record::replay(&record).unwrap();
    assert_eq!(replayed.game.outcome(), record.outcome);
}
