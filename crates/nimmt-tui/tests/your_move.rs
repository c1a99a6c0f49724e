//! The terminal lobby's Your-move list: the server's `your_move` shows above the tables, soonest
//! deadline first, with the time left and who else sits there, in English and German; an empty
//! list shows nothing.

mod common;

use nimmt_core::GameKind;
use nimmt_protocol::{Lang as WireLang, ServerMsg, YourMove};
use nimmt_tui::online::{Online, OnlineInput};
use nimmt_tui::Lang;

fn screen(o: &Online) -> String {
    common::render(o.width, o.height, |f| o.draw(f))
}

fn welcomed(lang: Lang) -> Online {
    let mut o = Online::new("ws://127.0.0.1:8080", "Bob", lang);
    o.handle(OnlineInput::Resize {
        width: 80,
        height: 24,
    });
    o.handle(OnlineInput::Server(ServerMsg::Welcome {
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
    o
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

fn waits() -> ServerMsg {
    const H: u64 = 3_600_000;
    // Half an hour more than whole hours and days, so the words do not change while drawing.
    let now = now_ms() + H / 2;
    ServerMsg::YourMove {
        tables: vec![
            YourMove {
                table: 9,
                game: GameKind::new("classic"),
                deadline_ms: now + 3 * 24 * H,
                with: vec!["Ann".into()],
            },
            YourMove {
                table: 4,
                game: GameKind::new("classic"),
                deadline_ms: now + 5 * H,
                with: vec!["Ann".into(), "Cem".into()],
            },
        ],
    }
}

#[test]
fn the_tables_waiting_for_the_player_show_above_the_lobby_soonest_first() {
    let mut o = welcomed(Lang::En);
    assert!(!screen(&o).contains("Your move"));
    o.handle(OnlineInput::Server(waits()));
    let s = screen(&o);
    assert!(s.contains("Your move (2)"), "{s}");
    let first = s.find("Table 4 · classic · 5 hours left · with Ann, Cem");
    let second = s.find("Table 9 · classic · 3 days left · with Ann");
    assert!(first.is_some() && second.is_some(), "{s}");
    assert!(first < second, "soonest first:\n{s}");
    assert!(s.contains("Tables"), "the table list stays below:\n{s}");
    o.handle(OnlineInput::Server(ServerMsg::YourMove { tables: vec![] }));
    assert!(!screen(&o).contains("Your move"));
}

#[test]
fn the_list_in_german() {
    let mut o = welcomed(Lang::De);
    o.handle(OnlineInput::Server(waits()));
    let s = screen(&o);
    assert!(s.contains("Du bist am Zug (2)"), "{s}");
    assert!(
        s.contains("Tisch 4 · classic · noch 5 Stunden · mit Ann, Cem"),
        "{s}"
    );
}
