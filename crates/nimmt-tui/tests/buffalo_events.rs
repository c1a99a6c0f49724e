//! *Schlagt den Büffel*: a terminal that shows each update only through its events draws what the
//! server's next view says. Random games of one to six members with every special card: after
//! each move the screen's copy of the view, built from the view before and the move's events
//! alone, equals the next view.

mod common;
use common::Dice;

use nimmt_core::games::buffalo::{Action, Buffalo, BuffaloOptions, Event};
use nimmt_core::{Rules, Seat, Viewer};
use nimmt_tui::app::GameScreen;
use nimmt_tui::games::buffalo::{BuffaloApp, BuffaloScreen};
use nimmt_tui::Lang;

#[derive(Default, Debug)]
struct Seen {
    uses: usize,
    team_took: usize,
    buffalo_took: usize,
    rows_to_take: usize,
    windows: usize,
    passes_for_turn: usize,
    passes_for_game: usize,
}

fn check_game(players: usize, seed: u64, seen: &mut Seen) {
    let mut game = Buffalo::new(players, BuffaloOptions::default(), seed);
    let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let watchers: Vec<Seat> = [Seat(0), Seat((players - 1) as u8)].into();
    let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
    let mut shown: Vec<_> = watchers
        .iter()
        .map(|&s| game.view(Viewer::Seat(s)))
        .collect();
    while game.outcome().is_none() {
        let pending = game.pending();
        let (seat, _) = pending[dice.below(pending.len())];
        let legal = game.legal_actions(seat);
        // Mostly a pass before this card only, so that the game goes on with special cards left
        // and windows asked again at the next card.
        let action = if legal.contains(&Action::PassCard) && dice.below(3) > 0 {
            Action::PassCard
        } else {
            legal[dice.below(legal.len())].clone()
        };
        let events = game.act(seat, &action).unwrap();
        for e in &events {
            match &e.event {
                Event::Used { .. } => seen.uses += 1,
                Event::TeamTook { .. } => seen.team_took += 1,
                Event::BuffaloTook { .. } => seen.buffalo_took += 1,
                Event::RowToTake { .. } => seen.rows_to_take += 1,
                Event::WindowOpened { .. } => seen.windows += 1,
                Event::PassedTurn { .. } => seen.passes_for_turn += 1,
                Event::PassedGame { .. } => seen.passes_for_game += 1,
                _ => {}
            }
        }
        for (w, &me) in watchers.iter().enumerate() {
            let mut app = BuffaloApp::remote(shown[w].clone(), me, names.clone(), Lang::En);
            if seat == me {
                BuffaloScreen::acted(&mut app, &action);
            }
            let mine: Vec<Event> = events
                .iter()
                .filter(|e| e.to.admits(Viewer::Seat(me)))
                .map(|e| e.event.clone())
                .collect();
            for e in &mine {
                BuffaloScreen::apply(&mut app, e.clone());
            }
            let next = game.view(Viewer::Seat(me));
            assert_eq!(
                app.view(),
                &next,
                "seat {me:?} after {action:?} by {seat:?} ({players} players, seed {seed}), \
                 events {mine:?}"
            );
            shown[w] = next;
        }
    }
}

#[test]
fn the_screen_built_from_events_alone_equals_the_next_view() {
    let mut seen = Seen::default();
    for players in 1..=6 {
        for seed in 0..4 {
            check_game(players, seed * 10 + players as u64, &mut seen);
        }
    }
    assert!(seen.uses > 20, "{seen:?}");
    assert!(seen.team_took > 0 && seen.buffalo_took > 0, "{seen:?}");
    assert!(seen.rows_to_take > 0 && seen.windows > 0, "{seen:?}");
    assert!(
        seen.passes_for_turn > 0 && seen.passes_for_game > 0,
        "{seen:?}"
    );
}
