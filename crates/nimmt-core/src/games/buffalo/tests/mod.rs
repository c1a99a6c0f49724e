//! Rule-book examples of *Schlagt den Büffel* (`001`) and the rulings B1–B7, each test naming its
//! source; and the properties every game keeps (conservation, accepted ⇔ legal, view secrecy).

use super::*;
use crate::rules::{PartyScore, Rules};
use proptest::prelude::*;
use rand::Rng;

mod events;
mod play;
mod properties;
mod specials;
mod windows;

fn c(n: u8) -> Card {
    card(n)
}

fn numbers(cards: &[Card]) -> Vec<u8> {
    cards.iter().map(|c| c.number()).collect()
}

fn row_of(g: &Buffalo, r: usize) -> Vec<u8> {
    numbers(&g.rows()[r].cards)
}

fn queue_of(g: &Buffalo) -> Vec<u8> {
    g.queue().iter().map(|p| p.card.number()).collect()
}

fn act(g: &mut Buffalo, seat: u8, a: Action) -> Vec<Event> {
    g.act(Seat(seat), &a)
        .unwrap_or_else(|e| panic!("seat {seat} {a:?}: {e}"))
        .into_iter()
        .map(|e| e.event)
        .collect()
}

/// Every member plays the card at its index in `cards`.
fn play(g: &mut Buffalo, cards: &[u8]) {
    for (seat, &n) in cards.iter().enumerate() {
        act(g, seat as u8, Action::Play { card: c(n) });
    }
}

/// Everybody who has not passed passes, in the current window only.
fn pass_window(g: &mut Buffalo) {
    for (seat, d) in g.pending() {
        if d == Decision::Window {
            act(g, seat.0, Action::PassCard);
            if !matches!(g.stage(), Some(Stage::Window { .. })) {
                return;
            }
        }
    }
}

/// Passes every window until somebody must choose a card or a row, or the game is over.
fn pass_windows(g: &mut Buffalo) {
    while matches!(g.stage(), Some(Stage::Window { .. })) {
        pass_window(g);
    }
}

fn assert_conserved(g: &Buffalo) {
    let mut all = g.cards_in_play();
    all.sort();
    assert_eq!(all, (1..=104).collect::<Vec<u32>>(), "the 104 number cards");
    let mut specials = g.specials_in_play();
    specials.sort();
    assert_eq!(specials, all_specials(), "the 16 special cards");
}

fn is_window(g: &Buffalo) -> bool {
    matches!(g.stage(), Some(Stage::Window { .. }))
}
