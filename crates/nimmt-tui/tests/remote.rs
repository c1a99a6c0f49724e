//! The same client at a table that runs elsewhere: actions leave as effects, events and views
//! come back as inputs. Here a local game stands in for the server, the player at seat 1.

mod common;
use common::screen;
use nimmt_core::games::classic::{Action, Classic, Event};
use nimmt_core::{Addressed, OptionMap, Rules, Seat, Viewer};
use nimmt_tui::app::{Effect, Input, Key, Pause};
use nimmt_tui::games::classic::ClassicApp as App;
use nimmt_tui::Lang;

const ME: Seat = Seat(1);

fn visible(events: Vec<Addressed<Event>>) -> Vec<Event> {
    events
        .into_iter()
        .filter(|e| e.to.admits(Viewer::Seat(ME)))
        .map(|e| e.event)
        .collect()
}

#[test]
fn a_remote_game_at_seat_1_runs_through_effects_and_updates() {
    let options = OptionMap::parse(["deals=1", "hand_size=4"]).unwrap();
    let mut game = Classic::from_setup(3, &options, 42).unwrap();
    let names = vec!["Ann".to_string(), "You".to_string(), "Bea".to_string()];
    let mut a = App::remote(game.view(Viewer::Seat(ME)), ME, names, Lang::En);
    a.handle(Input::Resize {
        width: 80,
        height: 24,
    });
    let mut sent = 0;
    for _ in 0..10_000 {
        if a.is_over() {
            break;
        }
        // The "server" lets the other seats act first, one at a time.
        if let Some((seat, _)) = game.pending().into_iter().find(|(s, _)| *s != ME) {
            let action = game.legal_actions(seat)[0];
            let events = visible(game.act(seat, &action).unwrap());
            a.remote_update(events, game.view(Viewer::Seat(ME)), None);
            continue;
        }
        let input = if a.asked().is_some() || a.pause_ready() {
            Input::Key(Key::Enter)
        } else {
            Input::Tick
        };
        for effect in a.handle(input) {
            if let Effect::Act(action) = effect {
                sent += 1;
                assert!(matches!(
                    action,
                    Action::Play { .. } | Action::TakeRow { .. }
                ));
                let events = visible(
                    game.act(ME, &action)
                        .expect("the client sends legal actions"),
                );
                a.remote_update(events, game.view(Viewer::Seat(ME)), None);
            }
        }
    }
    assert!(a.is_over(), "the game ended on the client too");
    assert!(sent >= 4, "one card per turn at least");
    let Some(Pause::GameOver { scores, .. }) = &a.pause else {
        panic!()
    };
    let outcome = game.outcome().unwrap();
    assert_eq!(scores, &outcome.scores);
    let s = screen(&a);
    assert!(s.contains("Ann") && s.contains("Bea"), "{s}");
    assert!(s.contains("The game is over"), "{s}");
}

#[test]
fn a_remote_move_shows_at_once_and_the_server_has_the_last_word() {
    let mut game = Classic::from_setup(2, &OptionMap::new(), 8).unwrap();
    let names = vec!["You".to_string(), "Bob".to_string()];
    let mut a = App::remote(game.view(Viewer::Seat(Seat(0))), Seat(0), names, Lang::En);
    a.handle(Input::Resize {
        width: 80,
        height: 24,
    });
    let card = a.view().hand[0];
    let effects = a.handle(Input::Key(Key::Enter));
    assert_eq!(effects, vec![Effect::Act(Action::play(card))]);
    // Shown as played before the server answers.
    assert!(!a.view().hand.contains(&card));
    assert!(screen(&a).contains(&format!("Your card {card} lies face down.")));
    assert_eq!(a.asked(), None, "one card per turn");
    // The server's answer: the same.
    game.act(Seat(0), &Action::play(card)).unwrap();
    let hand_size = a.view().hand.len();
    a.remote_update(
        vec![Event::Chosen {
            seat: Seat(0),
            hand_size,
        }],
        game.view(Viewer::Seat(Seat(0))),
        None,
    );
    assert!(!a.view().hand.contains(&card));
}
