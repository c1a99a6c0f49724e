//! The Brettspiel in the terminal: its screens, whole games driven by keys against bots, and a
//! table on a server offering exactly the actions the server's state lists.

mod common;
use common::{offline, render, screen, until_me, Dice};
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
        bot_account: false,
        rating: None,
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

/// What the Brettspiel screen draws of a view, besides the player's own tiles (which change
/// with the player's own choice, shown at once).
fn drawn(v: &nimmt_core::games::board::View) -> String {
    format!(
        "rows {:?}\nscores {:?}\nhistory {:?}\nround {}\nluck {:?} {:?}\nsupply {}\nstack {}\nboxed {:?}\noutcome {:?}",
        v.rows,
        v.scores,
        v.history,
        v.round,
        v.luck_hands,
        v.luck_stacks,
        v.supply_size,
        v.action_stack_size,
        v.boxed,
        v.outcome
    )
}

#[test]
fn the_picture_built_from_events_alone_is_the_view_the_server_sends() {
    use nimmt_core::games::board::{BoardOptions, Version};
    use nimmt_tui::games::board::fold::fold;
    let versions = [
        Version::Base,
        Version::BaseLuck,
        Version::Pro,
        Version::ProLuck,
    ];
    let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
    let mut events_seen = std::collections::BTreeSet::new();
    for game in 0..24u64 {
        let version = versions[game as usize % 4];
        let players = 2 + (game as usize / 4) % 5;
        let mut g = Board::new(players, BoardOptions::on_default_board(version), game);
        let viewers = [Viewer::Seat(Seat(0)), Viewer::Spectator];
        let mut shown: Vec<_> = viewers.iter().map(|&v| g.view(v)).collect();
        while !g.is_over() {
            let pending = g.pending();
            let (seat, _) = pending[dice.below(pending.len())];
            let legal = g.legal_actions(seat);
            let action = legal[dice.below(legal.len())].clone();
            let events = g.act(seat, &action).unwrap();
            for (k, &viewer) in viewers.iter().enumerate() {
                for e in events.iter().filter(|e| e.to.admits(viewer)) {
                    events_seen.insert(
                        format!("{:?}", e.event)
                            .split([' ', '{'])
                            .next()
                            .unwrap()
                            .to_owned(),
                    );
                    fold(&mut shown[k], &e.event);
                }
                let next = g.view(viewer);
                assert_eq!(
                    drawn(&shown[k]),
                    drawn(&next),
                    "game {game} ({version:?}, {players} players), {viewer:?} after {action:?}"
                );
                shown[k] = next;
            }
        }
    }
    for kind in [
        "Laid",
        "RowTaken",
        "RowOpened",
        "Scored",
        "RoundEnded",
        "TileDrawn",
        "LuckCardTaken",
        "GameEnded",
    ] {
        assert!(events_seen.contains(kind), "{kind} met: {events_seen:?}");
    }
}

#[test]
fn the_log_names_each_tiles_field_its_effect_and_the_score_after_it() {
    use nimmt_core::games::board::{Event, Field, ScoreReason};
    let a = board_app(3, "base", 7, Lang::En);
    let jo = a.name(Seat(1));
    let laid = a
        .narrate(&Event::Laid {
            seat: Seat(1),
            tile: 57,
            row: 0,
            field: 3,
            effect: Field::Minus { points: 7 },
        })
        .unwrap();
    assert_eq!(laid, format!("{jo}: 57 → row 1, field 4: 7 minus points"));
    let scored = a
        .narrate(&Event::Scored {
            seat: Seat(1),
            delta: -4,
            score: -44,
            reason: ScoreReason::TakeRow,
            wanted: Some(-8),
        })
        .unwrap();
    assert_eq!(scored, format!("  {jo} -4 (of -8, the track ends) → -44"));
    let taken = a
        .narrate(&Event::RowTaken {
            seat: Seat(1),
            row: 0,
            tiles: vec![15, 18, 19],
            to_screen: false,
            positive: Vec::new(),
            minus: 8,
            plus: 0,
        })
        .unwrap();
    assert_eq!(
        taken,
        format!("{jo} takes row 1: 3 tiles, 8 bull heads minus")
    );
    let de = board_app(3, "base", 7, Lang::De);
    let round = de
        .narrate(&Event::RoundEnded {
            round: 2,
            points: vec![0, -7, 3],
            scores: vec![1, -7, 5],
        })
        .unwrap();
    assert!(round.starts_with("Ende von Runde 2: "), "{round}");
    assert!(
        round.contains(&format!("{} -7 = -7", de.name(Seat(1)))),
        "{round}"
    );
}

#[test]
fn the_help_explains_every_card_and_fits_80_by_24() {
    use nimmt_core::games::board::{ActionCard, LuckCard};
    use nimmt_tui::app::GameScreen;
    use nimmt_tui::games::board::text::{action_card_name, luck_card_name};
    for lang in [Lang::En, Lang::De] {
        let help = BoardScreen::help_text(lang);
        for c in ActionCard::ALL {
            assert!(
                help.contains(&format!("{}:", action_card_name(lang, c)))
                    || help.contains(&format!("{} ", action_card_name(lang, c))),
                "{c:?} in {help}"
            );
        }
        for c in LuckCard::BOTH {
            assert!(
                help.contains(&format!("{}:", luck_card_name(lang, c))),
                "{c:?} in {help}"
            );
        }
        assert!(
            help.lines().count() + 2 <= 24,
            "{lang:?}: the help fits 24 lines"
        );
        assert!(help.lines().all(|l| l.chars().count() + 4 <= 80));
    }
}

#[test]
fn the_terminal_log_tells_each_tile_its_field_and_the_score_after_it() {
    let mut a = board_app(3, "base", 7, Lang::En);
    until_me(&mut a);
    // Play the lowest tile, then watch until asked again.
    a.handle(Input::Key(Key::Home));
    a.handle(Input::Key(Key::Enter));
    let mut seen = String::new();
    for _ in 0..2000 {
        seen += &screen(&a);
        if a.asked().is_some() && a.pause.is_none() && !a.bot_pending() {
            break;
        }
        let input = if a.pause.is_some() && a.pause_ready() {
            Input::Key(Key::Enter)
        } else {
            Input::Tick
        };
        a.handle(input);
    }
    assert!(seen.contains("→ row "), "a tile's row and field: {seen}");
    assert!(seen.contains("End of round 1"), "the round's end: {seen}");
}
