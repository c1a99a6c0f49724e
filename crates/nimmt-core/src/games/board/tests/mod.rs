//! Rule-book examples of the Brettspiel (`000`) and the decisions of `docs/rules/board.md`, each
//! test naming its source; and the properties every game keeps (conservation, accepted ⇔ legal,
//! view secrecy, scores on the track).

use super::*;
use crate::rules::Rules;
use proptest::prelude::*;
use rand::Rng;
use rand::SeedableRng;

mod base;
mod data;
mod events;
mod pro;
mod properties;
mod views;

/// The seats of the rule-book examples.
const BASTI: Seat = Seat(0);
const MELLA: Seat = Seat(1);
const STEFFEN: Seat = Seat(2);

fn rows(r: &[&[u8]]) -> Vec<Vec<u8>> {
    r.iter().map(|t| t.to_vec()).collect()
}

fn hands(h: &[&[u8]]) -> Vec<Vec<u8>> {
    h.iter().map(|t| t.to_vec()).collect()
}

fn act(g: &mut Board, seat: Seat, a: Action) -> Vec<Event> {
    g.act(seat, &a)
        .unwrap_or_else(|e| panic!("{seat} {a:?}: {e}"))
        .into_iter()
        .map(|e| e.event)
        .collect()
}

fn choose(g: &mut Board, seat: Seat, tiles: &[u8]) -> Vec<Event> {
    act(
        g,
        seat,
        Action::Choose {
            tiles: tiles.to_vec(),
        },
    )
}

/// Everybody chooses; returns all events.
fn round(g: &mut Board, choices: &[&[u8]]) -> Vec<Event> {
    let mut ev = Vec::new();
    for (s, t) in choices.iter().enumerate() {
        ev.extend(choose(g, Seat(s as u8), t));
    }
    ev
}

fn laid_order(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Laid { tile, .. } | Event::LaidAtStart { tile, .. } => Some(*tile),
            _ => None,
        })
        .collect()
}

fn assert_conserved(g: &Board) {
    assert_eq!(g.tiles_in_play(), (1..=100).collect::<Vec<u32>>());
    let luck = g.luck_cards_in_play();
    for c in LuckCard::BOTH {
        assert_eq!(luck.iter().filter(|&&x| x == c).count(), 6);
    }
    if g.version().is_pro() {
        assert_eq!(g.action_cards_in_play(), ActionCard::deck());
    } else {
        assert!(g.action_cards_in_play().is_empty());
    }
}

/// Plays `steps` random legal actions.
fn random_game(players: usize, version: Version, seed: u64, steps: usize) -> Board {
    let mut g = Board::new(players, BoardOptions::on_default_board(version), seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..steps {
        let pending = g.pending();
        if pending.is_empty() {
            break;
        }
        let (seat, _) = pending[rng.random_range(0..pending.len())];
        let legal = g.legal_actions(seat);
        let a = legal[rng.random_range(0..legal.len())].clone();
        g.act(seat, &a).unwrap();
    }
    g
}
