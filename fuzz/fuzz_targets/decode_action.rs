//! Any bytes, read as JSON, as an action of every registered game: decoding refuses or accepts
//! without panicking, and a fresh game's `act` does the same for every seat, changing nothing
//! when it refuses.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimmt_core::{registry, Game, OptionMap, Seat, Setup, Viewer};

fuzz_target!(|data: &[u8]| {
    let Ok(action) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    for game_type in registry::games() {
        let _ = game_type.decode_action(&action);
        let players = game_type.descriptor().players.0;
        let setup = Setup::new(game_type.kind(), players, OptionMap::new(), 1);
        let game = Game::new(&setup).expect("the default setup starts");
        for seat in 0..=players {
            let mut g = game.clone();
            if g.act(Seat(seat as u8), &action).is_err() {
                assert!(g == game, "a refused action changed nothing");
                assert_eq!(g.view(Viewer::Spectator), game.view(Viewer::Spectator));
            }
        }
    }
});
