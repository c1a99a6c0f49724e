//! *Schlagt den Büffel* in the terminal: its screens, one whole game driven by keys against bots
//! (with a special card used), and a table on a server offering exactly the actions the server's
//! state lists.

mod common;
use common::{offline, render, screen, until_me};
use nimmt_core::games::buffalo::{Action, Buffalo, Decision};
use nimmt_core::record::replay;
use nimmt_core::{GameKind, OptionMap, Rules, Seat, Viewer};
use nimmt_protocol::{Role, SeatInfo, SeatKind, ServerMsg, TableInfo, TableState, You};
use nimmt_tui::app::{Effect, Input, Key};
use nimmt_tui::games::buffalo::{BuffaloApp, BuffaloScreen};
use nimmt_tui::online::{Online, OnlineEffect, OnlineInput};
use nimmt_tui::Lang;

fn buffalo_app(players: usize, seed: u64, lang: Lang) -> BuffaloApp {
    offline(players, &[], seed, lang)
}

/// The first use of a special card among the offered ones.
fn special_use(app: &BuffaloApp) -> Option<usize> {
    app.uses().iter().position(|a| a.special().is_some())
}

/// A table where the player is asked in a window with a special card to use, reached by
/// playing the lowest card and passing otherwise.
fn with_a_window(lang: Lang) -> BuffaloApp {
    (1..200)
        .find_map(|seed| {
            let mut a = buffalo_app(3, seed, lang);
            for _ in 0..200 {
                until_me(&mut a);
                if a.pause.is_some() {
                    return None;
                }
                match a.asked()? {
                    Decision::Window if special_use(&a).is_some() => return Some(a),
                    Decision::Window => a.handle(Input::Key(Key::Char('p'))),
                    Decision::PlayCard | Decision::TakeRow => a.handle(Input::Key(Key::Enter)),
                };
            }
            None
        })
        .expect("some seed opens a window with a special card")
}

#[test]
fn the_table_in_english_and_german() {
    let mut a = buffalo_app(3, 7, Lang::En);
    until_me(&mut a);
    assert_eq!(a.asked(), Some(Decision::PlayCard));
    let s = screen(&a);
    assert!(s.contains("Beat the Buffalo"), "{s}");
    assert!(s.contains("Your hand"), "{s}");
    assert!(s.contains("Buffalo stack 10"), "{s}");
    for special in &a.view().open_specials {
        assert!(s.contains(special.name()), "{s}");
    }
    insta::assert_snapshot!("buffalo_table_en", s);
    let mut a = buffalo_app(3, 7, Lang::De);
    until_me(&mut a);
    let s = screen(&a);
    assert!(s.contains("Schlagt den Büffel"), "{s}");
    assert!(s.contains("Deine Karten"), "{s}");
    insta::assert_snapshot!("buffalo_table_de", s);
}

#[test]
fn a_window_offers_exactly_the_legal_uses() {
    let mut a = with_a_window(Lang::En);
    let legal = Buffalo::legal_in_view(a.view());
    assert!(legal.contains(&Action::PassCard));
    let uses: Vec<Action> = legal.into_iter().filter(|x| !x.is_pass()).collect();
    assert_eq!(a.uses(), uses);
    let s = screen(&a);
    assert!(s.contains("Use a special card"), "{s}");
    assert!(s.contains("p pass"), "{s}");
    insta::assert_snapshot!("buffalo_window", s);
    // ↓ then ↑ comes back to the first use; Enter uses the selected one.
    let i = special_use(&a).unwrap();
    for _ in 0..i {
        a.handle(Input::Key(Key::Down));
    }
    assert_eq!(a.screen.pick, i);
    a.handle(Input::Key(Key::Enter));
    let record = a.offline().unwrap().record();
    let mine = record
        .actions
        .iter()
        .rev()
        .find(|r| r.seat == Seat(0))
        .unwrap();
    assert_eq!(mine.action, serde_json::to_value(&uses[i]).unwrap());
}

#[test]
fn a_whole_buffalo_game_by_keys_against_bots() {
    let mut a = buffalo_app(3, 2024, Lang::En);
    let mut effects = Vec::new();
    let mut kinds = std::collections::BTreeSet::new();
    let mut used = 0;
    for step in 0..200_000usize {
        if a.is_over() {
            break;
        }
        let input = match (&a.pause, a.asked()) {
            (Some(_), _) => Input::Tick,
            (None, Some(_)) if a.bot_pending() => Input::Tick,
            (None, Some(d)) => {
                kinds.insert(format!("{d:?}"));
                match d {
                    Decision::PlayCard => match step % 3 {
                        0 => Input::Key(Key::Char(char::from(b'1' + (step % 4) as u8))),
                        1 => Input::Key(Key::Right),
                        _ => Input::Key(Key::Enter),
                    },
                    Decision::TakeRow => match step % 2 {
                        0 => Input::Key(Key::Down),
                        _ => Input::Key(Key::Enter),
                    },
                    Decision::Window => match special_use(&a) {
                        Some(i) if used < 2 && a.screen.pick < i => Input::Key(Key::Down),
                        Some(i) if used < 2 && a.screen.pick == i => {
                            used += 1;
                            Input::Key(Key::Enter)
                        }
                        _ => Input::Key(Key::Char('p')),
                    },
                }
            }
            _ => Input::Tick,
        };
        effects.extend(a.handle(input));
    }
    assert!(a.is_over(), "the game ended");
    assert!(kinds.contains("PlayCard"), "{kinds:?}");
    assert!(kinds.contains("Window"), "{kinds:?}");
    assert_eq!(
        effects.iter().filter(|e| **e == Effect::SaveRecord).count(),
        1
    );
    let record = a.offline().unwrap().record();
    let mine: Vec<Action> = record
        .actions
        .iter()
        .filter(|r| r.seat == Seat(0))
        .map(|r| serde_json::from_value(r.action.clone()).unwrap())
        .collect();
    assert_eq!(
        mine.iter()
            .filter(|a| matches!(a, Action::Play { .. }))
            .count(),
        10,
        "the player's keys played every card"
    );
    assert!(
        mine.iter().any(|a| a.special().is_some()),
        "the player used a special card: {mine:?}"
    );
    let outcome = record.outcome.clone().expect("over");
    let s = screen(&a);
    assert!(s.contains("The game is over"), "{s}");
    assert!(s.contains("Buffalo"), "{s}");
    let (team, buffalo) = (outcome.scores[0], outcome.others[0].score);
    let banner = if outcome.winners.is_empty() {
        format!("The buffalo wins, {team} to {buffalo}")
    } else {
        format!("The team beat the buffalo, {team} to {buffalo}")
    };
    assert!(s.contains(&banner), "{s}");
    let line = a.result_line().expect("a result line");
    assert!(line.contains(&banner), "{line}");
    let replayed = replay(&record).expect("the record replays");
    assert_eq!(replayed.game.outcome(), Some(outcome));
}

#[test]
fn two_players_see_the_team_points_doubled() {
    let mut a = buffalo_app(2, 11, Lang::De);
    for _ in 0..200_000 {
        if a.is_over() {
            break;
        }
        let input = match (&a.pause, a.asked()) {
            (None, Some(_)) if !a.bot_pending() => {
                Input::Key(if a.asked() == Some(Decision::Window) {
                    Key::Char('p')
                } else {
                    Key::Enter
                })
            }
            _ => Input::Tick,
        };
        a.handle(input);
    }
    assert!(a.is_over());
    let s = screen(&a);
    assert!(s.contains("(×2 ="), "{s}");
    assert!(s.contains("zählen doppelt"), "{s}");
    assert!(s.contains("Büffel"), "{s}");
}

fn seat(i: u8, name: &str) -> SeatInfo {
    SeatInfo {
        seat: Seat(i),
        name: name.into(),
        kind: SeatKind::Human,
        level: None,
        connected: true,
        bot_standing_in: false,
        bot_account: false,
        rating: None,
    }
}

#[test]
fn online_a_buffalo_state_offers_exactly_its_legal_actions() {
    let mut o = Online::new("ws://127.0.0.1:8080", "Bob", Lang::En);
    o.handle(OnlineInput::Resize {
        width: 80,
        height: 24,
    });
    let mut game = Buffalo::from_setup(3, &OptionMap::new(), 5).unwrap();
    // Ann and Cid have chosen; Bob (seat 1) still chooses.
    for s in [Seat(0), Seat(2)] {
        let a = game.legal_actions(s)[0].clone();
        game.act(s, &a).unwrap();
    }
    let me = Seat(1);
    let legal = game.legal_actions(me);
    assert!(legal.len() > 2);
    // The server may offer fewer: the client offers what it says, nothing else.
    let offered: Vec<Action> = legal[1..3].to_vec();
    let info = TableInfo {
        id: 9,
        game: "buffalo".parse::<GameKind>().unwrap(),
        options: OptionMap::new(),
        table_options: Default::default(),
        max_seats: 3,
        seats: vec![seat(0, "Ann"), seat(1, "Bob"), seat(2, "Cid")],
        spectators: 0,
        host: Some("Ann".into()),
        state: TableState::Playing,
        tournament: None,
    };
    o.handle(OnlineInput::Server(ServerMsg::State {
        deadline: None,
        table: info,
        version: 4,
        you: You {
            role: Role::Player,
            seat: Some(me),
            host: false,
            invite: None,
        },
        view: Some(serde_json::to_value(game.view(Viewer::Seat(me))).unwrap()),
        legal: offered
            .iter()
            .map(|a| serde_json::to_value(a).unwrap())
            .collect(),
    }));
    let table = o.table::<BuffaloScreen>().expect("a buffalo table shows");
    assert_eq!(table.legal(), offered.as_slice());
    let s = render(80, 24, |f| o.draw(f));
    assert!(s.contains("Your hand"), "{s}");
    // The first card of the hand is not offered: Enter on it sends nothing.
    o.handle(OnlineInput::Key(Key::Home));
    assert!(o.handle(OnlineInput::Key(Key::Enter)).is_empty());
    // Enter on the offered card sends it, and only that.
    let Action::Play { card } = offered[1] else {
        panic!("a card to play")
    };
    let table = o.table::<BuffaloScreen>().unwrap();
    let i = table.view().hand.iter().position(|&c| c == card).unwrap();
    o.handle(OnlineInput::Key(Key::Char(char::from(b'1' + i as u8))));
    let effects = o.handle(OnlineInput::Key(Key::Enter));
    assert_eq!(
        effects,
        vec![OnlineEffect::Send(nimmt_protocol::ClientMsg::Act {
            table: 9,
            version: 4,
            action: serde_json::to_value(&offered[1]).unwrap(),
        })]
    );
}

#[test]
fn online_a_window_offers_the_servers_uses_and_pass() {
    let mut o = Online::new("ws://127.0.0.1:8080", "Ann", Lang::En);
    o.handle(OnlineInput::Resize {
        width: 80,
        height: 24,
    });
    // Play the lowest cards until seat 0 is asked in a window with a use.
    let (game, legal) = (1..300)
        .find_map(|seed| {
            let mut g = Buffalo::from_setup(3, &OptionMap::new(), seed).unwrap();
            for _ in 0..200 {
                let pending = g.pending();
                let (s, d) = *pending.first()?;
                if s == Seat(0) && d == Decision::Window && g.legal_actions(s).len() > 1 {
                    let legal = g.legal_actions(s);
                    return Some((g, legal));
                }
                let a = g.default_action(s)?;
                g.act(s, &a).ok()?;
            }
            None
        })
        .expect("a window with a use");
    let info = TableInfo {
        id: 3,
        game: "buffalo".parse::<GameKind>().unwrap(),
        options: OptionMap::new(),
        table_options: Default::default(),
        max_seats: 3,
        seats: vec![seat(0, "Ann"), seat(1, "Bob"), seat(2, "Cid")],
        spectators: 0,
        host: Some("Ann".into()),
        state: TableState::Playing,
        tournament: None,
    };
    o.handle(OnlineInput::Server(ServerMsg::State {
        deadline: None,
        table: info,
        version: 7,
        you: You {
            role: Role::Player,
            seat: Some(Seat(0)),
            host: true,
            invite: None,
        },
        view: Some(serde_json::to_value(game.view(Viewer::Seat(Seat(0)))).unwrap()),
        legal: legal
            .iter()
            .map(|a| serde_json::to_value(a).unwrap())
            .collect(),
    }));
    let table = o.table::<BuffaloScreen>().expect("a buffalo table shows");
    assert_eq!(table.legal(), legal.as_slice());
    let uses: Vec<Action> = legal.iter().filter(|a| !a.is_pass()).cloned().collect();
    assert_eq!(table.uses(), uses);
    let s = render(80, 24, |f| o.draw(f));
    assert!(s.contains("Use a special card"), "{s}");
    let effects = o.handle(OnlineInput::Key(Key::Char('p')));
    assert_eq!(
        effects,
        vec![OnlineEffect::Send(nimmt_protocol::ClientMsg::Act {
            table: 3,
            version: 7,
            action: serde_json::to_value(Action::Pass).unwrap(),
        })]
    );
}

#[test]
fn g_leaves_the_windows_to_the_team_and_a_asks_again() {
    let mut a = with_a_window(Lang::En);
    a.handle(Input::Key(Key::Char('g')));
    assert!(a.view().game_passed[0]);
    // On to the next card choice: no window asks the player on the way.
    for _ in 0..10_000 {
        if a.asked() == Some(Decision::PlayCard) && !a.bot_pending() || a.is_over() {
            break;
        }
        assert_ne!(a.asked(), Some(Decision::Window), "not asked after g");
        match a.asked() {
            Some(Decision::TakeRow) if !a.bot_pending() => a.handle(Input::Key(Key::Enter)),
            _ => a.handle(Input::Tick),
        };
    }
    assert!(!a.is_over(), "the window came before the last turn");
    let s = screen(&a);
    assert!(s.contains("a: ask me in windows again"), "{s}");
    a.handle(Input::Key(Key::Char('a')));
    assert!(!a.view().game_passed[0]);
    let record = a.offline().unwrap().record();
    let mine: Vec<&str> = record
        .actions
        .iter()
        .filter(|r| r.seat == Seat(0))
        .filter_map(|r| r.action["type"].as_str())
        .collect();
    assert!(mine.ends_with(&["pass_game", "ask_again"]), "{mine:?}");
}
