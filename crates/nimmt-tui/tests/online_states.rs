//! The online client's state machine without a network: server messages in, messages to send
//! out, and the lobby and table screens.

mod common;

use nimmt_core::games::classic::Classic;
use nimmt_core::{GameKind, OptionMap, Rules, Seat, Viewer};
use nimmt_protocol::{
    ClientMsg, Lang as WireLang, Role, SeatInfo, SeatKind, ServerMsg, TableInfo, TableState, Text,
    You,
};
use nimmt_tui::app::Key;
use nimmt_tui::games::classic::ClassicScreen;
use nimmt_tui::online::{Online, OnlineEffect, OnlineInput};
use nimmt_tui::Lang;

fn screen(o: &Online) -> String {
    common::render(o.width, o.height, |f| o.draw(f))
}

fn seat(i: u8, name: &str, bot: bool) -> SeatInfo {
    SeatInfo {
        seat: Seat(i),
        name: name.into(),
        kind: if bot { SeatKind::Bot } else { SeatKind::Human },
        level: bot.then(|| "greedy".into()),
        connected: true,
        bot_standing_in: false,
        bot_account: false,
        rating: None,
    }
}

fn table(id: u64, seats: Vec<SeatInfo>, state: TableState) -> TableInfo {
    TableInfo {
        id,
        game: "classic".parse::<GameKind>().unwrap(),
        options: OptionMap::parse(["fan=cow"]).unwrap(),
        table_options: Default::default(),
        max_seats: 4,
        seats,
        spectators: 1,
        host: Some("Ann".into()),
        state,
        tournament: None,
    }
}

fn welcomed(lang: Lang) -> Online {
    let mut o = Online::new("ws://127.0.0.1:8080", "Bob", lang);
    o.handle(OnlineInput::Resize {
        width: 80,
        height: 24,
    });
    let effects = o.handle(OnlineInput::Server(ServerMsg::Welcome {
        id: None,
        games: Vec::new(),
        protocol: 1,
        player: "p1".into(),
        name: "Bob".into(),
        token: "secret".into(),
        lang: WireLang::En,
        seated: vec![],
        nodes: vec![],
    }));
    assert_eq!(
        effects,
        vec![OnlineEffect::Send(ClientMsg::ListTables {
            subscribe: true
        })]
    );
    assert!(o.connected);
    o
}

#[test]
fn the_lobby_lists_tables_and_joins_the_selected_one() {
    let mut o = welcomed(Lang::En);
    o.handle(OnlineInput::Server(ServerMsg::Tables {
        tables: vec![
            table(
                1,
                vec![seat(0, "Ann", false), seat(1, "Bot 1", true)],
                TableState::Open,
            ),
            table(2, vec![seat(0, "Cid", false)], TableState::Playing),
        ],
    }));
    let s = screen(&o);
    assert!(
        s.contains("#1 classic · 2/4 seats · open · host Ann  [Ann, Bot 1]"),
        "{s}"
    );
    insta::assert_snapshot!("online_lobby_en", s);
    assert_eq!(
        o.handle(OnlineInput::Key(Key::Enter)),
        vec![OnlineEffect::Send(ClientMsg::Join {
            table: 1,
            role: Role::Player,
            invite: None,
        })]
    );
    o.handle(OnlineInput::Key(Key::Down));
    // A running table can only be watched.
    assert_eq!(
        o.handle(OnlineInput::Key(Key::Enter)),
        vec![OnlineEffect::Send(ClientMsg::Join {
            table: 2,
            role: Role::Spectator,
            invite: None,
        })]
    );
    assert_eq!(
        o.handle(OnlineInput::Key(Key::Char('n'))),
        vec![OnlineEffect::Send(ClientMsg::CreateTable {
            game: "classic".parse::<GameKind>().unwrap(),
            options: OptionMap::new(),
            seats: None
        })]
    );
    // A closed table leaves the list.
    o.handle(OnlineInput::Server(ServerMsg::TableChanged {
        table: table(2, vec![], TableState::Finished),
        closed: true,
    }));
    assert_eq!(o.tables.len(), 1);
    assert_eq!(o.selected, 0);
}

#[test]
fn a_chat_line_is_typed_edited_and_sent() {
    let mut o = welcomed(Lang::En);
    o.handle(OnlineInput::Key(Key::Tab));
    for k in [
        Key::Char('h'),
        Key::Char('i'),
        Key::Backspace,
        Key::Char('o'),
    ] {
        assert!(o.handle(OnlineInput::Key(k)).is_empty());
    }
    assert!(screen(&o).contains("ho█"));
    assert_eq!(
        o.handle(OnlineInput::Key(Key::Enter)),
        vec![OnlineEffect::Send(ClientMsg::Chat {
            table: None,
            text: "ho".into()
        })]
    );
    // Esc drops a line unsent; an empty line is not sent.
    o.handle(OnlineInput::Key(Key::Char('/')));
    o.handle(OnlineInput::Key(Key::Char('x')));
    assert!(o.handle(OnlineInput::Key(Key::Esc)).is_empty());
    assert!(o.input.is_none());
    o.handle(OnlineInput::Key(Key::Tab));
    assert!(o.handle(OnlineInput::Key(Key::Enter)).is_empty());
    // Lines from others and the server's notices show in the chat.
    o.handle(OnlineInput::Server(ServerMsg::Chat {
        table: None,
        from: "Ann".into(),
        text: "hallo".into(),
        line: None,
        player: None,
        bot: false,
    }));
    o.handle(OnlineInput::Server(ServerMsg::Notice {
        table: None,
        text: Text::new(WireLang::En, "some_notice", []),
    }));
    let s = screen(&o);
    assert!(s.contains("Ann: hallo"), "{s}");
    assert!(s.contains("some_notice"), "{s}");
}

#[test]
fn at_a_table_the_game_follows_updates_and_a_gap_asks_for_a_resync() {
    let mut o = welcomed(Lang::De);
    let info = table(
        7,
        vec![
            seat(0, "Ann", false),
            seat(1, "Bob", false),
            seat(2, "Bot 2", true),
        ],
        TableState::Open,
    );
    o.handle(OnlineInput::Server(ServerMsg::State {
        deadline: None,
        legal: Vec::new(),
        table: info.clone(),
        version: 3,
        you: you(Role::Player, Some(1), false),
        view: None,
    }));
    let s = screen(&o);
    assert!(s.contains("Tisch #7 · classic · offen"), "{s}");
    insta::assert_snapshot!("online_table_de", s);
    assert!(o.game().is_none());

    // The game starts: the first update brings the view.
    let mut game = Classic::from_setup(3, &OptionMap::new(), 5).unwrap();
    let view = |g: &Classic| serde_json::to_value(g.view(Viewer::Seat(Seat(1)))).unwrap();
    o.handle(OnlineInput::Server(ServerMsg::Update {
        deadline: None,
        legal: Vec::new(),
        table: 7,
        version: 4,
        events: vec![],
        view: view(&game),
        ack: None,
    }));
    let app = o.game().expect("the game shows");
    assert_eq!(app.me(), Seat(1));
    assert!(screen(&o).contains("Deine Karten"));

    // Bob plays his selected card: the move goes out with the table's version.
    let card = o.table::<ClassicScreen>().unwrap().view().hand[0];
    let effects = o.handle(OnlineInput::Key(Key::Enter));
    assert_eq!(
        effects,
        vec![OnlineEffect::Send(ClientMsg::Act {
            table: 7,
            version: 4,
            action: serde_json::json!({"type": "play", "card": card.number()}),
        })]
    );
    let events = game
        .act(Seat(1), &nimmt_core::games::classic::Action::play(card))
        .unwrap();
    let events: Vec<serde_json::Value> = events
        .into_iter()
        .map(|e| serde_json::to_value(e.event).unwrap())
        .collect();
    o.handle(OnlineInput::Server(ServerMsg::Update {
        deadline: None,
        legal: Vec::new(),
        table: 7,
        version: 5,
        events,
        view: view(&game),
        ack: Some(1),
    }));
    assert_eq!(o.at.as_ref().unwrap().version, 5);

    // Version 7 after 5: something was missed.
    let effects = o.handle(OnlineInput::Server(ServerMsg::Update {
        deadline: None,
        legal: Vec::new(),
        table: 7,
        version: 7,
        events: vec![],
        view: view(&game),
        ack: None,
    }));
    assert_eq!(
        effects,
        vec![OnlineEffect::Send(ClientMsg::Resync { table: 7 })]
    );
    assert_eq!(o.at.as_ref().unwrap().version, 5, "the gap is not applied");

    // Leaving: the server confirms, the lobby shows again.
    o.handle(OnlineInput::Server(ServerMsg::Left { table: 7 }));
    assert!(o.at.is_none());
    assert!(screen(&o).contains("Tische"));
}

#[test]
fn a_closed_connection_is_said_and_ctrl_c_quits() {
    let mut o = welcomed(Lang::En);
    o.handle(OnlineInput::Closed("closed by the server".into()));
    assert!(!o.connected);
    assert!(screen(&o).contains("Connection closed: closed by the server"));
    assert_eq!(o.handle(OnlineInput::Key(Key::Char('q'))), vec![]);
    assert_eq!(
        o.handle(OnlineInput::Key(Key::Char('y'))),
        vec![OnlineEffect::Quit]
    );
    assert_eq!(
        o.handle(OnlineInput::Key(Key::CtrlC)),
        vec![OnlineEffect::Quit]
    );
}

#[test]
fn a_refused_move_fetches_the_table_anew_and_keeps_the_game() {
    let mut o = welcomed(Lang::En);
    let info = table(
        3,
        vec![seat(0, "Bob", false), seat(1, "Bot 1", true)],
        TableState::Playing,
    );
    let game = Classic::from_setup(2, &OptionMap::new(), 8).unwrap();
    let view = serde_json::to_value(game.view(Viewer::Seat(Seat(0)))).unwrap();
    let you = you(Role::Player, Some(0), true);
    o.handle(OnlineInput::Server(ServerMsg::State {
        deadline: None,
        legal: Vec::new(),
        table: info.clone(),
        version: 10,
        you: you.clone(),
        view: Some(view.clone()),
    }));
    let hand = o.table::<ClassicScreen>().unwrap().view().hand.clone();
    // The card leaves the hand on screen at once…
    o.handle(OnlineInput::Key(Key::Enter));
    assert_eq!(
        o.table::<ClassicScreen>().unwrap().view().hand.len(),
        hand.len() - 1
    );
    // …the server refuses it: the client asks for the table again…
    let effects = o.handle(OnlineInput::Server(ServerMsg::Error {
        id: Some(3),
        table: Some(3),
        code: nimmt_protocol::ErrorCode::Stale,
        text: Text::new(WireLang::En, "stale", []),
    }));
    assert_eq!(
        effects,
        vec![OnlineEffect::Send(ClientMsg::Resync { table: 3 })]
    );
    // …and the state puts the card back, the game and its log kept.
    let log = o.game().unwrap().log_lines().len();
    o.handle(OnlineInput::Server(ServerMsg::State {
        deadline: None,
        legal: Vec::new(),
        table: info,
        version: 11,
        you,
        view: Some(view),
    }));
    assert_eq!(o.table::<ClassicScreen>().unwrap().view().hand, hand);
    assert!(o.game().unwrap().log_lines().len() >= log);
    assert_eq!(o.at.as_ref().unwrap().version, 11);
}

/// Bob at table 3, seat 0, a classic game running.
fn playing(lang: Lang) -> (Online, TableInfo, serde_json::Value) {
    let mut o = welcomed(lang);
    let info = table(
        3,
        vec![seat(0, "Bob", false), seat(1, "Bot 1", true)],
        TableState::Playing,
    );
    let game = Classic::from_setup(2, &OptionMap::new(), 8).unwrap();
    let view = serde_json::to_value(game.view(Viewer::Seat(Seat(0)))).unwrap();
    o.handle(OnlineInput::Server(ServerMsg::State {
        deadline: None,
        legal: Vec::new(),
        table: info.clone(),
        version: 10,
        you: you(Role::Player, Some(0), false),
        view: Some(view.clone()),
    }));
    assert!(o.game().is_some());
    (o, info, view)
}

fn welcome_back(o: &mut Online, seated: Vec<u64>) -> Vec<OnlineEffect> {
    o.handle(OnlineInput::Server(ServerMsg::Welcome {
        id: None,
        games: Vec::new(),
        protocol: 1,
        player: "p1".into(),
        name: "Bob".into(),
        token: "secret".into(),
        lang: WireLang::En,
        seated,
        nodes: vec![],
    }))
}

#[test]
fn a_dropped_line_is_shown_a_move_made_offline_is_refused_and_the_return_resumes() {
    let (mut o, _, _) = playing(Lang::En);
    let hand = o.table::<ClassicScreen>().unwrap().view().hand.clone();
    o.handle(OnlineInput::Lost("connection reset".into()));
    assert!(o.reconnecting && !o.connected);
    let s = screen(&o);
    // On the status line, the terminal's last.
    assert!(
        s.lines()
            .last()
            .unwrap()
            .contains("connection lost, reconnecting…"),
        "{s}"
    );
    // Each failed attempt reports again; it is said once.
    o.handle(OnlineInput::Lost("connection refused".into()));
    let said = o
        .chat
        .iter()
        .filter(|l| l.starts_with("connection lost"))
        .count();
    assert_eq!(said, 1, "{:?}", o.chat);

    // Enter would play a card: nothing is sent, the card stays, the player is told.
    let effects = o.handle(OnlineInput::Key(Key::Enter));
    assert_eq!(effects, vec![]);
    assert_eq!(o.table::<ClassicScreen>().unwrap().view().hand, hand);
    assert!(o.game().unwrap().is_asked());
    assert!(
        o.chat.last().unwrap().starts_with("offline"),
        "{:?}",
        o.chat
    );

    // Back: the seated table sends its state by itself; only the lobby list is asked for.
    let effects = welcome_back(&mut o, vec![3]);
    assert_eq!(
        effects,
        vec![OnlineEffect::Send(ClientMsg::ListTables {
            subscribe: true
        })]
    );
    assert!(o.connected && !o.reconnecting);
    assert_eq!(o.chat.last().unwrap(), "reconnected");
    let s = screen(&o);
    assert!(!s.lines().last().unwrap().contains("reconnecting"), "{s}");
    // Online again, Enter plays.
    let effects = o.handle(OnlineInput::Key(Key::Enter));
    assert!(
        matches!(
            &effects[..],
            [OnlineEffect::Send(ClientMsg::Act {
                table: 3,
                version: 10,
                ..
            })]
        ),
        "{effects:?}"
    );
}

#[test]
fn the_dropped_line_in_german() {
    let (mut o, _, _) = playing(Lang::De);
    o.handle(OnlineInput::Lost("weg".into()));
    let s = screen(&o);
    assert!(
        s.contains("Verbindung unterbrochen, neuer Versuch …"),
        "{s}"
    );
    o.handle(OnlineInput::Key(Key::Enter));
    assert!(
        o.chat.last().unwrap().starts_with("offline: Der Zug"),
        "{:?}",
        o.chat
    );
    welcome_back(&mut o, vec![3]);
    assert_eq!(o.chat.last().unwrap(), "wieder verbunden");
}

#[test]
fn a_watched_table_is_asked_for_again_after_the_return() {
    let mut o = welcomed(Lang::En);
    o.handle(OnlineInput::Server(ServerMsg::State {
        deadline: None,
        legal: Vec::new(),
        table: table(5, vec![seat(0, "Ann", false)], TableState::Open),
        version: 2,
        you: you(Role::Spectator, None, false),
        view: None,
    }));
    o.handle(OnlineInput::Lost("reset".into()));
    let effects = welcome_back(&mut o, vec![]);
    assert_eq!(
        effects,
        vec![
            OnlineEffect::Send(ClientMsg::ListTables { subscribe: true }),
            OnlineEffect::Send(ClientMsg::Join {
                table: 5,
                role: Role::Spectator,
                invite: None,
            }),
        ]
    );
    // The table is gone meanwhile: back to the lobby, no loop of requests.
    let effects = o.handle(OnlineInput::Server(ServerMsg::Error {
        id: None,
        table: Some(5),
        code: nimmt_protocol::ErrorCode::NoSuchTable,
        text: Text::new(WireLang::En, "no_such_table", []),
    }));
    assert_eq!(effects, vec![]);
    assert!(o.at.is_none());
}

#[test]
fn another_connection_taking_over_ends_the_line_for_good() {
    let (mut o, _, _) = playing(Lang::En);
    o.handle(OnlineInput::Server(ServerMsg::Replaced));
    o.handle(OnlineInput::Closed("replaced".into()));
    assert!(o.ended && !o.connected && !o.reconnecting);
    let told = o
        .chat
        .iter()
        .filter(|l| l.starts_with("Another connection of this player took over"))
        .count();
    assert_eq!(told, 1, "{:?}", o.chat);
    let s = screen(&o);
    assert!(s.contains("connection ended"), "{s}");
}

#[test]
fn a_rematch_notice_moves_the_client_to_the_next_table() {
    let (mut o, info, view) = playing(Lang::En);
    // A rematch of a table not on screen changes nothing.
    let effects = o.handle(OnlineInput::Server(ServerMsg::Notice {
        table: Some(9),
        text: Text::new(WireLang::En, "rematch", [("table", "12".to_string())]),
    }));
    assert_eq!(effects, vec![]);
    let notice = Text::new(WireLang::En, "rematch", [("table", "4".to_string())]);
    let effects = o.handle(OnlineInput::Server(ServerMsg::Notice {
        table: Some(3),
        text: notice.clone(),
    }));
    assert_eq!(
        effects,
        vec![
            OnlineEffect::Send(ClientMsg::Join {
                table: 4,
                role: Role::Player,
                invite: None,
            }),
            OnlineEffect::Send(ClientMsg::Leave { table: 3 }),
        ]
    );
    assert!(o.chat.contains(&notice.text), "{:?}", o.chat);
    // The finished table still tells its members of seats that change (another player left
    // it first): that no longer comes on screen.
    o.handle(OnlineInput::Server(ServerMsg::State {
        deadline: None,
        legal: Vec::new(),
        table: TableInfo {
            state: TableState::Finished,
            ..info.clone()
        },
        version: 30,
        you: you(Role::Player, Some(0), true),
        view: Some(view.clone()),
    }));
    assert_eq!(o.at.as_ref().unwrap().version, 10, "the old state stays");
    o.handle(OnlineInput::Server(ServerMsg::State {
        deadline: None,
        legal: Vec::new(),
        table: TableInfo { id: 4, ..info },
        version: 1,
        you: you(Role::Player, Some(0), false),
        view: Some(view),
    }));
    // The finished table's goodbye comes after: the new table stays.
    o.handle(OnlineInput::Server(ServerMsg::Left { table: 3 }));
    let at = o.at.as_ref().unwrap();
    assert_eq!(at.info.id, 4);
    assert!(o.game().is_some());
    assert!(screen(&o).contains("Your hand"), "{}", screen(&o));
}

#[test]
fn a_table_moving_to_another_server_takes_the_move_back_and_waits_for_its_new_owner() {
    let (mut o, _, _) = playing(Lang::En);
    let hand = o.table::<ClassicScreen>().unwrap().view().hand.clone();
    let effects = o.handle(OnlineInput::Key(Key::Enter));
    assert_eq!(effects.len(), 1, "{effects:?}");
    let effects = o.handle(OnlineInput::Server(ServerMsg::Error {
        id: Some(2),
        table: Some(3),
        code: nimmt_protocol::ErrorCode::NotOwner,
        text: Text::new(WireLang::En, "not_owner", []),
    }));
    // No request that would only hear the same refusal: the new owner sends the state.
    assert_eq!(effects, vec![]);
    assert_eq!(o.table::<ClassicScreen>().unwrap().view().hand, hand);
    assert!(o.chat.last().unwrap().contains("moving to another server"));
}

/// A client's place at a table.
fn you(role: Role, seat: Option<u8>, host: bool) -> You {
    You {
        role,
        seat: seat.map(Seat),
        host,
        invite: None,
    }
}
