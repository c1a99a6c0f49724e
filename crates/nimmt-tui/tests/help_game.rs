//! HELP! in the terminal: its screens, one whole game driven by keys against bots, and a table on
//! a server offering exactly the actions the server's state lists.

mod common;
use common::{offline, render, screen, until_me};
use nimmt_core::games::help::{Action, Decision, Help, HelpCard};
use nimmt_core::record::replay;
use nimmt_core::{GameKind, OptionMap, Rules, Seat, Viewer};
use nimmt_protocol::{Role, SeatInfo, SeatKind, ServerMsg, TableInfo, TableState, You};
use nimmt_tui::app::{Effect, Input, Key, Pause};
use nimmt_tui::games::help::{HelpApp, HelpScreen};
use nimmt_tui::online::{Online, OnlineEffect, OnlineInput};
use nimmt_tui::Lang;

fn help_app(players: usize, options: &[&str], seed: u64, lang: Lang) -> HelpApp {
    offline(players, options, seed, lang)
}

/// A table where the player, at their first turn, holds a card that can be played in several
/// ways (a Joker's places, a Switch's pairs).
fn with_a_choice(lang: Lang) -> (HelpApp, usize) {
    (1..500)
        .find_map(|seed| {
            let mut a = help_app(3, &[], seed, lang);
            until_me(&mut a);
            if a.asked() != Some(Decision::Play) {
                return None;
            }
            let i = a
                .view()
                .hand
                .iter()
                .position(|&c| a.actions_for(c).len() > 1)?;
            Some((a, i))
        })
        .expect("some seed deals a card with several ways to play")
}

#[test]
fn the_table_in_english_and_german() {
    let mut a = help_app(4, &[], 7, Lang::En);
    until_me(&mut a);
    let s = screen(&a);
    assert!(s.contains("HELP!"), "{s}");
    assert!(s.contains("Your hand"), "{s}");
    assert!(s.contains("draw pile"), "{s}");
    insta::assert_snapshot!("help_table_en", s);
    let mut a = help_app(4, &[], 7, Lang::De);
    until_me(&mut a);
    let s = screen(&a);
    assert!(s.contains("Deine Karten"), "{s}");
    insta::assert_snapshot!("help_table_de", s);
}

#[test]
fn a_card_with_several_ways_opens_a_choice_of_exactly_the_legal_ones() {
    let (mut a, i) = with_a_choice(Lang::En);
    let card = a.view().hand[i];
    let expected: Vec<Action> = Help::legal_in_view(a.view())
        .into_iter()
        .filter(|x| x.card() == Some(card))
        .collect();
    a.handle(Input::Key(Key::Char(char::from(b'1' + i as u8))));
    a.handle(Input::Key(Key::Enter));
    let (offered, selected) = a.screen.choice.clone().expect("a choice opens");
    assert_eq!(offered, expected);
    assert_eq!(selected, 0);
    let s = screen(&a);
    assert!(s.contains("Choose"), "{s}");
    insta::assert_snapshot!("help_choice", s);
    // Esc steps back without leaving; ↓ and Enter play the second way.
    a.handle(Input::Key(Key::Esc));
    assert!(a.screen.choice.is_none());
    assert_eq!(a.overlay, None);
    a.handle(Input::Key(Key::Enter));
    a.handle(Input::Key(Key::Down));
    a.handle(Input::Key(Key::Enter));
    let record = a.offline().unwrap().record();
    let mine = record
        .actions
        .iter()
        .rev()
        .find(|r| r.seat == Seat(0))
        .unwrap();
    assert_eq!(mine.action, serde_json::to_value(expected[1]).unwrap());
}

#[test]
fn the_help_window_in_german() {
    let mut a = help_app(3, &[], 7, Lang::De);
    until_me(&mut a);
    a.handle(Input::Key(Key::Char('?')));
    let s = screen(&a);
    assert!(s.contains("Joker"), "{s}");
    insta::assert_snapshot!("help_rules_de", s);
}

#[test]
fn a_whole_help_game_by_keys_against_bots() {
    let mut a = help_app(4, &["end_at=2"], 2024, Lang::En);
    let mut effects = Vec::new();
    let mut pressed = 0;
    let mut kinds = std::collections::BTreeSet::new();
    let mut deal_screens = Vec::new();
    for step in 0..200_000usize {
        if a.is_over() {
            break;
        }
        let input = match (&a.pause, a.asked()) {
            (Some(Pause::DealOver { .. }), _) if a.pause_ready() => {
                deal_screens.push(screen(&a));
                Input::Key(Key::Enter)
            }
            (Some(_), _) => Input::Tick,
            (None, Some(d)) => {
                pressed += 1;
                kinds.insert(format!("{d:?}").split(' ').next().unwrap().to_owned());
                if a.screen.choice.is_some() {
                    Input::Key(if step % 2 == 0 { Key::Down } else { Key::Enter })
                } else if a.legal().contains(&Action::AskHelp) {
                    Input::Key(Key::Char('h'))
                } else {
                    match step % 3 {
                        0 => Input::Key(Key::Char(char::from(b'1' + (step % 4) as u8))),
                        1 => Input::Key(Key::Right),
                        _ => Input::Key(Key::Enter),
                    }
                }
            }
            _ => Input::Tick,
        };
        effects.extend(a.handle(input));
    }
    assert!(a.is_over(), "the game ended");
    assert!(pressed > 10, "the player made the choices");
    assert!(!deal_screens.is_empty(), "deals end with their result");
    assert!(
        deal_screens[0].contains("Deal 1 is over"),
        "{}",
        deal_screens[0]
    );
    // The window says how the deal ended and who scores, with the unit; so does the log.
    assert!(
        deal_screens[0].contains("the deal is over"),
        "{}",
        deal_screens[0]
    );
    insta::assert_snapshot!("help_deal_over", deal_screens[0]);
    let ends: Vec<&String> = a
        .log_lines()
        .iter()
        .filter(|l| l.contains(": the deal is over — "))
        .collect();
    assert!(!ends.is_empty(), "{:?}", a.log_lines());
    assert!(ends.iter().all(|l| l.contains(" point")), "{ends:?}");
    assert_eq!(
        effects.iter().filter(|e| **e == Effect::SaveRecord).count(),
        1
    );
    let record = a.offline().unwrap().record();
    let outcome = record.outcome.clone().expect("over");
    assert!(outcome.scores.iter().any(|&s| s >= 2), "end_at=2 ended it");
    let mine = record.actions.iter().filter(|r| r.seat == Seat(0)).count();
    assert!(mine > 5, "the player's keys made moves: {mine}");
    let s = screen(&a);
    assert!(s.contains("The game is over"), "{s}");
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
    assert!(s.contains(&banner), "{s}");
    let replayed = replay(&record).expect("the record replays");
    assert_eq!(replayed.game.outcome(), Some(outcome));
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
fn online_a_help_state_offers_exactly_its_legal_actions() {
    let mut o = Online::new("ws://127.0.0.1:8080", "Bob", Lang::En);
    o.handle(OnlineInput::Resize {
        width: 80,
        height: 24,
    });
    // A HELP! game where seat 1 (Bob) is to play.
    let (game, me) = (1..200)
        .find_map(|seed| {
            let g = Help::from_setup(3, &OptionMap::new(), seed).unwrap();
            let (seat, _) = g.pending()[0];
            (seat != Seat(0)).then_some((g, seat))
        })
        .unwrap();
    let legal = game.legal_actions(me);
    // The server may offer fewer: the client offers what it says, nothing else.
    let offered: Vec<Action> = legal.iter().take(1).copied().collect();
    let info = TableInfo {
        id: 9,
        game: "help".parse::<GameKind>().unwrap(),
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
    let table = o.table::<HelpScreen>().expect("a HELP! table shows");
    assert_eq!(table.legal(), offered.as_slice());
    let s = render(80, 24, |f| o.draw(f));
    assert!(s.contains("Your hand"), "{s}");
    // Enter on each card sends the offered action for its card, and only that.
    let card = offered[0].card().unwrap_or(HelpCard::Number(1));
    let i = table.view().hand.iter().position(|&c| c == card).unwrap();
    o.handle(OnlineInput::Key(Key::Char(char::from(b'1' + i as u8))));
    let effects = o.handle(OnlineInput::Key(Key::Enter));
    assert_eq!(
        effects,
        vec![OnlineEffect::Send(nimmt_protocol::ClientMsg::Act {
            table: 9,
            version: 4,
            action: serde_json::to_value(offered[0]).unwrap(),
        })]
    );
}

/// The parts of a view the HELP! screen draws and the events tell: the row, the players' hands,
/// No! marks and points, the piles, the deal and its direction, the results. (Who decides now
/// and the help a viewer would ask for come with each view, not with the events.)
fn drawn(v: &nimmt_core::games::help::View) -> String {
    format!(
        "deal {} turn {} {:?} row {:?} hand {:?} sizes {:?} marks {:?} draw {} discard {:?} \
         calls {:?} starter {:?} totals {:?} history {:?} outcome {:?}",
        v.deal,
        v.turn,
        v.direction,
        v.row,
        v.hand,
        v.hand_sizes,
        v.marks,
        v.draw_size,
        v.discard,
        v.calls,
        v.starter,
        v.totals,
        v.history,
        v.outcome
    )
}

#[test]
fn a_players_picture_built_from_the_events_alone_is_the_view_the_server_sends() {
    use nimmt_tui::app::GameScreen;
    let mut updates = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..40u64 {
        let players = 3 + (seed % 3) as usize;
        let options = OptionMap::parse(["end_at=2"]).unwrap();
        let mut game = Help::from_setup(players, &options, seed).unwrap();
        // A small generator of its own: the choice of moves needs no quality, only variety.
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut pick = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let viewers: Vec<Seat> = Seat::all(players).collect();
        let mut apps: Vec<HelpApp> = viewers
            .iter()
            .map(|&s| HelpApp::remote(game.view(Viewer::Seat(s)), s, names.clone(), Lang::En))
            .collect();
        while let Some(&(seat, _)) = game.pending().first() {
            let legal = game.legal_actions(seat);
            let action = legal[pick(legal.len())];
            let events = game.act(seat, &action).unwrap();
            updates += 1;
            for (app, &viewer) in apps.iter_mut().zip(&viewers) {
                for e in events.iter().filter(|e| e.to.admits(Viewer::Seat(viewer))) {
                    kinds.insert(
                        format!("{:?}", e.event)
                            .split([' ', '{'])
                            .next()
                            .unwrap()
                            .to_owned(),
                    );
                    HelpScreen::apply(app, e.event.clone());
                }
                let next = game.view(Viewer::Seat(viewer));
                assert_eq!(
                    drawn(app.view()),
                    drawn(&next),
                    "seed {seed}, seat {viewer:?} after {action:?} by {seat:?}"
                );
                *app = HelpApp::remote(next, viewer, names.clone(), Lang::En);
            }
        }
    }
    assert!(updates > 1000, "{updates} updates");
    for kind in [
        "Laid",
        "Switched",
        "Zapped",
        "RowCleared",
        "NoDiscarded",
        "Helped",
        "CardReturned",
        "DealEnded",
        "GameEnded",
    ] {
        assert!(kinds.contains(kind), "{kind} never happened: {kinds:?}");
    }
}

#[test]
fn a_player_who_can_play_nothing_is_told_whom_they_would_ask_passing_over_a_no() {
    use nimmt_core::games::help::{NoMark, Position, RowCard};
    let n = HelpCard::Number;
    // Seat 2 holds nothing above 11; seat 1 has a No! in front, so seat 2 would ask seat 0.
    let mut p = Position::new(
        vec![
            vec![n(3), n(9), HelpCard::Joker, HelpCard::Zap],
            vec![n(1), n(2), n(3), n(4)],
            vec![n(5), n(6), n(7), n(8)],
        ],
        vec![RowCard::number(3), RowCard::number(11)],
    )
    .to_play(Seat(2));
    p.marks[1] = NoMark::Laid;
    let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let view = Help::from_position(p.clone())
        .unwrap()
        .view(Viewer::Seat(Seat(2)));
    let mut a = HelpApp::remote(view, Seat(2), names.clone(), Lang::En);
    a.handle(Input::Resize {
        width: 80,
        height: 24,
    });
    let s = screen(&a);
    assert!(
        s.contains("No card fits: h or Enter asks Ann for help"),
        "{s}"
    );
    // With a No! in front of everybody else, asking ends the deal.
    p.marks[0] = NoMark::Skipped;
    let view = Help::from_position(p).unwrap().view(Viewer::Seat(Seat(2)));
    let mut a = HelpApp::remote(view, Seat(2), names, Lang::De);
    a.handle(Input::Resize {
        width: 80,
        height: 24,
    });
    let s = screen(&a);
    assert!(s.contains("alle anderen haben ein No!"), "{s}");
}

#[test]
fn online_a_card_shown_gone_when_sent_is_not_taken_twice_when_the_move_is_told() {
    use nimmt_core::games::help::{Position, RowCard};
    use nimmt_tui::app::GameScreen;
    let n = HelpCard::Number;
    // Ann holds two 5s and lays one.
    let p = Position::new(
        vec![
            vec![n(5), n(5), n(9), n(10)],
            vec![n(1), n(2), n(3), n(4)],
            vec![n(1), n(2), n(3), n(4)],
        ],
        vec![RowCard::number(3)],
    );
    let mut game = Help::from_position(p).unwrap();
    let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
    let mut a = HelpApp::remote(game.view(Viewer::Seat(Seat(0))), Seat(0), names, Lang::En);
    a.handle(Input::Key(Key::Char('1')));
    let effects = a.handle(Input::Key(Key::Enter));
    assert!(
        matches!(effects.as_slice(), [Effect::Act(Action::Lay { card: 5 })]),
        "{effects:?}"
    );
    assert_eq!(a.view().hand, vec![n(5), n(9), n(10)], "shown gone at once");
    let events = game.act(Seat(0), &Action::Lay { card: 5 }).unwrap();
    let laid = events
        .iter()
        .find(|e| matches!(e.event, nimmt_core::games::help::Event::Laid { .. }))
        .unwrap();
    HelpScreen::apply(&mut a, laid.event.clone());
    assert_eq!(a.view().hand, vec![n(5), n(9), n(10)], "the other 5 stays");
    assert_eq!(a.view().row, game.view(Viewer::Seat(Seat(0))).row);
}
