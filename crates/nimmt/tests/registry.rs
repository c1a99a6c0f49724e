//! Every game of the rules' registry is playable everywhere: it has bots, a terminal screen and a
//! browser screen. A game added to `nimmt_core::games::GAMES` without one of them fails here,
//! naming what is missing.

use nimmt_core::registry;
use std::path::Path;

fn web_src() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src"))
}

#[test]
fn every_game_has_a_bot_family() {
    for game in registry::games() {
        assert!(
            nimmt_bots::registry::family(game.kind()).is_ok(),
            "{} has no bots in nimmt_bots::registry::FAMILIES",
            game.kind()
        );
    }
    assert_eq!(
        nimmt_bots::registry::FAMILIES.len(),
        registry::games().len(),
        "one bot family per game, none for a game not in the registry"
    );
}

#[test]
fn every_game_has_a_terminal_screen() {
    for game in registry::games() {
        let screen = nimmt_tui::games::find(game.kind().name());
        assert!(
            screen.is_some_and(|s| s.kind == game.kind()),
            "{} has no screen in nimmt_tui::games::SCREENS",
            game.kind()
        );
    }
    assert_eq!(nimmt_tui::games::SCREENS.len(), registry::games().len());
}

#[test]
fn every_game_has_a_browser_screen() {
    let table = std::fs::read_to_string(web_src().join("games/registry.ts")).unwrap();
    // The entries of `SCREENS = { … }`.
    let start = table.find("SCREENS").expect("the browser's game table");
    let body = &table[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find('}').unwrap()];
    let entries: Vec<&str> = body
        .split(',')
        .map(|e| e.split(':').next().unwrap().trim())
        .filter(|e| !e.is_empty())
        .collect();
    for game in registry::games() {
        let name = game.kind().name();
        let folder = web_src().join("games").join(name);
        assert!(
            folder.is_dir(),
            "{name} has no browser screen: {} is missing",
            folder.display()
        );
        assert!(
            entries.contains(&name),
            "{name} is not in the browser's game table (web/src/games/registry.ts): {entries:?}"
        );
        assert!(
            table.contains(&format!("from './{name}'")),
            "web/src/games/registry.ts does not import ./{name}"
        );
    }
    assert_eq!(entries.len(), registry::games().len(), "{entries:?}");
}
