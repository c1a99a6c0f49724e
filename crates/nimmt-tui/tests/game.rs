//! One whole offline game, driven only through the client's inputs, from the first key to the
//! result screen; its record replays to the same result.

mod common;
use common::*;
use nimmt_core::games::classic::Action;
use nimmt_core::record::replay;
use nimmt_core::Seat;
use nimmt_tui::app::{Effect, Input, Key, Pause};
use nimmt_tui::Lang;

/// Plays a game by keys alone: varying cards by number key, taking the selected row, moving on
/// from each deal's result. Returns the effects seen and the keys pressed.
fn play_through(a: &mut App) -> (Vec<Effect<Action>>, usize, Vec<String>) {
    let mut effects = Vec::new();
    let mut pressed = 0;
    let mut deal_screens = Vec::new();
    for step in 0..200_000usize {
        if a.is_over() {
            return (effects, pressed, deal_screens);
        }
        let input = match (&a.pause, a.asked()) {
            (Some(Pause::DealOver { .. }), _) if a.pause_ready() => {
                deal_screens.push(screen(a));
                Input::Key(Key::Enter)
            }
            (Some(_), _) => Input::Tick,
            (_, Some(_)) => {
                pressed += 1;
                // Choose cards by their position now and then, else take what the cursor holds.
                match step % 3 {
                    0 => Input::Key(Key::Char(char::from(b'1' + (step % 5) as u8))),
                    1 => Input::Key(Key::Right),
                    _ => Input::Key(Key::Enter),
                }
            }
            _ => Input::Tick,
        };
        effects.extend(a.handle(input));
    }
    panic!("the game did not end");
}

#[test]
fn a_whole_game_from_the_first_key_to_the_result() {
    let mut a = app_with(4, &["end_at=40"], 2024, Lang::En);
    let (effects, pressed, deal_screens) = play_through(&mut a);
    assert!(pressed > 10, "the player made the choices");
    assert!(!deal_screens.is_empty(), "every deal ends with its result");
    assert!(
        deal_screens[0].contains("Deal 1 is over"),
        "{}",
        deal_screens[0]
    );
    // The game's end asks for the record once.
    assert_eq!(
        effects.iter().filter(|e| **e == Effect::SaveRecord).count(),
        1
    );
    assert!(!effects.contains(&Effect::Quit));

    // The result names the winner unmistakably.
    let record = a.offline().unwrap().record();
    let outcome = record.outcome.clone().expect("the game is over");
    assert!(
        outcome.scores.iter().any(|&s| s >= 40),
        "end_at=40 ended the game"
    );
    let shown = screen(&a);
    let banner = if outcome.winners.contains(&Seat(0)) {
        if outcome.winners.len() > 1 {
            "YOU SHARE THE WIN".to_owned()
        } else {
            "YOU WIN".to_owned()
        }
    } else if outcome.winners.len() == 1 {
        format!("Bot {} wins", outcome.winners[0].0)
    } else {
        "share the win".to_owned()
    };
    assert!(shown.contains(&banner), "{shown}");
    let line = a.result_line().expect("a result");
    assert!(line.starts_with(&banner), "{line}");
    assert!(shown.contains("The game is over"), "{shown}");
    insta::assert_snapshot!("game_over", shown);

    // The record replays to the same outcome.
    let replayed = replay(&record).expect("the record replays");
    assert_eq!(replayed.game.outcome(), Some(outcome));

    // Enter leaves, once the result has stood a moment.
    assert_eq!(a.handle(Input::Key(Key::Enter)), vec![]);
    for _ in 0..nimmt_tui::app::PAUSE_TICKS {
        a.handle(Input::Tick);
    }
    assert_eq!(a.handle(Input::Key(Key::Enter)), vec![Effect::Quit]);
}

#[test]
fn a_whole_draft_game_with_the_zahlendreher_in_german() {
    let mut a = app_with(
        3,
        &["deal=draft", "deck=tactic", "fan=digit-swap", "deals=2"],
        9,
        Lang::De,
    );
    let mut swapped = false;
    for _ in 0..200_000 {
        if a.is_over() {
            break;
        }
        if a.asked().is_some() && a.swap_available() && !a.screen.swap {
            a.handle(Input::Key(Key::Char('z')));
            swapped = true;
        }
        let input = if a.asked().is_some() || a.pause_ready() {
            Input::Key(Key::Enter)
        } else {
            Input::Tick
        };
        a.handle(input);
    }
    assert!(a.is_over());
    assert!(swapped);
    let record = a.offline().unwrap().record();
    assert_eq!(record.deals.len(), 2);
    let plays_swapped = record
        .actions
        .iter()
        .filter(|r| {
            r.seat == Seat(0) && r.action.get("swap") == Some(&serde_json::Value::Bool(true))
        })
        .count();
    // Once per deal (F5), unless the only cards left were 100–104.
    assert!((1..=2).contains(&plays_swapped), "{plays_swapped}");
    replay(&record).expect("the record replays");
    let s = screen(&a);
    assert!(s.contains("Das Spiel ist aus"), "{s}");
}
