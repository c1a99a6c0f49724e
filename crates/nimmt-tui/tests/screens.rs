//! Snapshot tests of the main screens (fixed seeds, fixed sizes, no clock).

mod common;
use common::*;
use nimmt_tui::app::{Input, Key};
use nimmt_tui::Lang;

#[test]
fn choosing_a_card_in_english() {
    let mut a = app(7);
    until_me(&mut a);
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn choosing_a_card_in_german() {
    let mut a = app_with(4, &[], 7, Lang::De);
    until_me(&mut a);
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn the_reveal_step_by_step() {
    let mut a = app(7);
    until_me(&mut a);
    // Seed 7: the first card, 5, is lower than every row.
    keys(&mut a, &[Key::Char('1'), Key::Enter]);
    insta::assert_snapshot!("reveal_row_choice", screen(&a));
    keys(&mut a, &[Key::Down, Key::Enter]);
    insta::assert_snapshot!("reveal_first_card_laid", screen(&a));
    a.handle(Input::Key(Key::Char(' ')));
    insta::assert_snapshot!("reveal_next_step", screen(&a));
}

#[test]
fn the_draft() {
    let mut a = app_with(3, &["deck=tactic", "deal=draft"], 3, Lang::En);
    until_me(&mut a);
    keys(&mut a, &[Key::Right, Key::Right, Key::Enter]);
    until_me(&mut a);
    key(&mut a, Key::Right);
    let s = screen(&a);
    assert!(s.contains("You pick 3"), "{s}");
    assert!(s.contains("Bot 1 picks 1"), "the bots' picks are open: {s}");
    insta::assert_snapshot!(s);
}

#[test]
fn the_zahlendreher() {
    let mut a = app_with(4, &["fan=digit-swap"], 11, Lang::En);
    until_me(&mut a);
    keys(&mut a, &[Key::Char('5'), Key::Char('z')]);
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn the_cow_stands_in_its_row() {
    let mut a = app_with(5, &["fan=cow"], 5, Lang::En);
    until_me(&mut a);
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn even_odd_and_mountain_markers_in_german() {
    let mut a = app_with(4, &["fan=even-odd"], 5, Lang::De);
    until_me(&mut a);
    insta::assert_snapshot!("even_odd_de", screen(&a));
    let mut a = app_with(4, &["fan=mountain"], 5, Lang::De);
    until_me(&mut a);
    insta::assert_snapshot!("mountain_de", screen(&a));
}

#[test]
fn help_in_both_languages() {
    for (lang, name) in [(Lang::En, "help_en"), (Lang::De, "help_de")] {
        let mut a = app_with(4, &[], 7, lang);
        until_me(&mut a);
        key(&mut a, Key::Char('?'));
        insta::assert_snapshot!(name, screen(&a));
    }
}

#[test]
fn ten_players_fit_in_80_by_24() {
    let mut a = app_with(10, &[], 2, Lang::En);
    until_me(&mut a);
    insta::assert_snapshot!(screen(&a));
}

#[test]
fn a_small_terminal_gets_a_clear_message() {
    let mut a = app(7);
    until_me(&mut a);
    a.handle(Input::Resize {
        width: 60,
        height: 16,
    });
    let s = screen(&a);
    assert!(s.contains("The terminal is too small: 60×16."), "{s}");
    assert!(s.contains("at least 80×"), "{s}");
    insta::assert_snapshot!(s);
    // Growing again brings the table back.
    a.handle(Input::Resize {
        width: 80,
        height: 24,
    });
    assert!(screen(&a).contains("Your hand"));
}

#[test]
fn a_deal_result() {
    let mut a = app_with(3, &["hand_size=2"], 3, Lang::En);
    for _ in 0..1000 {
        if a.pause.is_some() {
            break;
        }
        if a.asked().is_some() {
            key(&mut a, Key::Enter);
        } else {
            a.handle(Input::Tick);
        }
    }
    let s = screen(&a);
    assert!(s.contains("Deal 1 is over"), "{s}");
    assert!(s.contains("Enter: next deal"), "{s}");
    insta::assert_snapshot!(s);
}
