//! The Brettspiel in the terminal: its screens, whole games driven by keys against bots, and a
//! table on a server offering exactly the actions the server's state lists.

mod common;
use common::{offline, render, screen, until_me};
use nimmt_core::games::board::{Action, Board, Decision};
use nimmt_core::record::replay;
use nimmt_core::{GameKind, OptionMap, Rules, Seat, Viewer};
use nimmt_protocol::{Role, SeatInfo, SeatKind, ServerMsg, TableInfo, TableState, You};
use nimmt_tui::app::{Effect, Input, Key, Pause};
use nimmt_tui::games::board::{BoardApp, BoardScreen};
use nimmt_tui::online::{Online, OnlineEffect, OnlineInput};
use nimmt_tui::Lang;

fn board_app(players: usize, version: &str, seed: u64, lang: Lang) -> BoardApp {
    offline(players, &[&format!("version={version}")], seed, lang)
}

#[test]
fn the_table_in_english_and_german() {
    for (version, name) in [("base", "base"), ("pro", "pro")] {
        let mut a = board_app(4, version, 7, Lang::En);
        until_me(&mut a);
        assert!(a.fits(), "the table fits 80×24");
        let s = screen(&a);
        assert!(s.contains("Brettspiel"), "{s}");
        assert!(s.contains("Your tiles"), "{s}");
        assert!(s.contains("Score track"), "{s}");
        assert!(s.contains("Row "), "the selected field is explained: {s}");
        insta::assert_snapshot!(format!("board_table_{name}_en"), s);
        let mut a = board_app(4, version, 7, Lang::De);
        until_me(&mut a);
        let s = screen(&a);
        assert!(s.contains("Deine Plättchen"), "{s}");
        assert!(s.contains("Spielplan"), "{s}");
        insta::assert_snapshot!(format!("board_table_{name}_de"), s);
    }
}

#[test]
fn six_players_fit() {
    for version in ["base", "pro-luck"] {
        let mut a = board_app(6, version, 3, Lang::En);
        until_me(&mut a);
        assert!(a.fits(), "{version}");
        let s = screen(&a);
        assert!(s.contains("Bot 5"), "{s}");
    }
}

/// Plays a whole game by keys: tiles chosen with ←/→, space and Enter, list choices with ↓ and
/// Enter. Returns the kinds of decisions met.
fn play_by_keys(a: &mut BoardApp) -> (Vec<Effect<Action>>, std::collections::BTreeSet<String>) {
    let mut effects = Vec::new();
    let mut kinds = std::collections::BTreeSet::new();
    for step in 0..400_000usize {
        if a.is_over() {
            break;
        }
        let input = match (&a.pause, a.asked()) {
            (Some(_), _) if a.pause_ready() => Input::Key(Key::Enter),
            (Some(_), _) => Input::Tick,
            (None, Some(d)) => {
                kinds.insert(format!("{d:?}").split(' ').next().unwrap().to_owned());
                match d {
                    Decision::Choose { count } => {
                        if a.screen.marked.len() + 1 < count {
                            Input::Key(Key::Char(' '))
                        } else if step % 3 == 0 {
                            Input::Key(Key::Right)
                        } else {
                            Input::Key(Key::Enter)
                        }
                    }
                    _ => {
                        // The list is exactly the legal actions.
                        assert_eq!(a.choices(), Board::legal_in_view(a.view()).as_slice());
                        if step % 4 == 0 {
                            Input::Key(Key::Down)
                        } else {
                            Input::Key(Key::Enter)
                        }
                    }
                }
            }
            _ => Input::Tick,
        };
        if step % 97 == 0 {
            // Every screen on the way draws.
            let _ = screen(a);
        }
        effects.extend(a.handle(input));
    }
    (effects, kinds)
}

fn check_over(a: &BoardApp, effects: &[Effect<Action>]) {
    assert!(a.is_over(), "the game ended");
    assert_eq!(
        effects.iter().filter(|e| **e == Effect::SaveRecord).count(),
        1
    );
    let record = a.offline().unwrap().record();
    let outcome = record.outcome.clone().expect("over");
    let mine = record.actions.iter().filter(|r| r.seat == Seat(0)).count();
    assert!(mine >= 6, "the player's keys made moves: {mine}");
    let Some(Pause::GameOver { scores, .. }) = &a.pause else {
        panic!("the result shows")
    };
    assert_eq!(scores, &outcome.scores);
    let s = screen(a);
    assert!(
        s.contains("The game is over") || s.contains("Das Spiel ist aus"),
        "{s}"
    );
    let replayed = replay(&record).expect("the record replays");
    assert_eq!(replayed.game.outcome(), Some(outcome));
}

#[test]
fn a_whole_base_game_by_keys_against_bots() {
    let mut a = board_app(3, "base", 2024, Lang::En);
    let (effects, kinds) = play_by_keys(&mut a);
    check_over(&a, &effects);
    assert!(kinds.contains("Choose"), "{kinds:?}");
}

#[test]
fn a_whole_pro_luck_game_by_keys_against_bots() {
    // A seed where the player meets a choice from the list (a card before laying at least).
    let mut a = board_app(4, "pro-luck", 11, Lang::De);
    let (effects, kinds) = play_by_keys(&mut a);
    check_over(&a, &effects);
    assert!(kinds.contains("BeforeLaying"), "{kinds:?}");
}

fn seat(i: u8, name: &str) -> SeatInfo {
    SeatInfo {
        seat: Seat(i),
        name: name.into(),
        kind: SeatKind::Human,
        level: None,
        connected: true,
        bot_standing_in: false,
    }
}

#[test]
fn online_a_board_state_offers_exactly_its_legal_actions() {
    let mut o = Online::new("ws://127.0.0.1:8080", "Bob", Lang::En);
    o.handle(OnlineInput::Resize {
        width: 80,
        height: 24,
    });
    // A pro game played on by the rules until seat 1 (Bob) decides before laying a tile.
    let options = OptionMap::parse(["version=pro"]).unwrap();
    let me = Seat(1);
    let game = (1..200)
        .find_map(|seed| {
            let mut g = Board::from_setup(3, &options, seed).unwrap();
            for _ in 0..500 {
                let pending = g.pending();
                if pending.is_empty() {
                    return None;
                }
                if let Some((_, Decision::BeforeLaying { .. })) =
                    pending.iter().find(|(s, _)| *s == me)
                {
                    return Some(g);
                }
                let (s, _) = pending[0];
                let a = g.legal_actions(s)[0].clone();
                g.act_quiet(s, &a).unwrap();
            }
            None
        })
        .expect("some seed asks seat 1 before laying");
    let legal = game.legal_actions(me);
    assert!(legal.len() > 1);
    // The server may offer fewer: the client offers what it says, nothing else.
    let offered: Vec<Action> = legal.iter().skip(1).cloned().collect();
    let info = TableInfo {
        id: 9,
        game: "board".parse::<GameKind>().unwrap(),
        options: options.clone(),
        table_options: Default::default(),
        max_seats: 3,
        seats: vec![seat(0, "Ann"), seat(1, "Bob"), seat(2, "Cid")],
        spectators: 0,
        host: Some("Ann".into()),
        state: TableState::Playing,
    };
    o.handle(OnlineInput::Server(ServerMsg::State {
        deadline: None,
        table: info,
        version: 4,
        you: You {
            role: Role::Player,
            seat: Some(me),
            host: false,
        },
        view: Some(serde_json::to_value(game.view(Viewer::Seat(me))).unwrap()),
        legal: offered
            .iter()
            .map(|a| serde_json::to_value(a).unwrap())
            .collect(),
    }));
    let table = o.table::<BoardScreen>().expect("a Brettspiel table shows");
    assert_eq!(table.legal(), offered.as_slice());
    assert_eq!(table.choices(), offered.as_slice());
    let s = render(80, 24, |f| o.draw(f));
    assert!(s.contains("Play cards or lay your tile"), "{s}");
    // ↓ and Enter send the second offered action, and only that.
    o.handle(OnlineInput::Key(Key::Down));
    let effects = o.handle(OnlineInput::Key(Key::Enter));
    let want = offered.get(1).unwrap_or(&offered[0]);
    assert_eq!(
        effects,
        vec![OnlineEffect::Send(nimmt_protocol::ClientMsg::Act {
            table: 9,
            version: 4,
            action: serde_json::to_value(want).unwrap(),
        })]
    );
}
