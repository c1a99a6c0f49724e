//! Helpers for the bots' tests: seeded games under every option and fan card.

use crate::Bot;
use nimmt_core::games::classic::{Action, Classic, View};
use nimmt_core::{OptionMap, Rules, Seat, Viewer};

/// Option sets that between them ask every decision (card, row, draft pick) with every fan card.
pub const OPTION_SETS: &[&[&str]] = &[
    &[],
    &["deck=tactic"],
    &["deal=draft"],
    &["deal=draft", "deck=tactic"],
    &["placement=both-ends"],
    &["fan=even-odd"],
    &["fan=mountain"],
    &["fan=cow"],
    &["fan=digit-swap"],
    &[
        "fan=digit-swap",
        "deck=tactic",
        "deal=draft",
        "placement=both-ends",
    ],
    &["fan=cow", "placement=both-ends", "hand_size=4"],
];

/// A one-deal game with these options.
pub fn game(players: usize, options: &[&str], seed: u64) -> Classic {
    let mut map = OptionMap::parse(options.iter().copied()).expect("options");
    map.set("deals", "1");
    Classic::from_setup(players, &map, seed).expect("setup")
}

/// Plays the game to its end with `bots[seat]`, calling `check(game, seat, view, action)` before
/// each action is applied. Panics if a bot's action is refused.
pub fn play(
    game: &mut Classic,
    bots: &mut [Box<dyn Bot<Classic>>],
    mut check: impl FnMut(&Classic, Seat, &View, &Action),
) {
    while !game.is_over() {
        for (seat, _) in game.pending() {
            let view = game.view(Viewer::Seat(seat));
            if view.asked.is_none() {
                continue;
            }
            let action = bots[seat.index()].decide(&view);
            check(game, seat, &view, &action);
            if let Err(e) = game.act(seat, &action) {
                panic!(
                    "{} chose {action:?}, refused: {e}",
                    bots[seat.index()].name()
                );
            }
        }
    }
}
