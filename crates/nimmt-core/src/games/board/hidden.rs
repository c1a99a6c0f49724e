//! What a viewer of a Brettspiel table cannot see, dealt anew ([`Rules::hide_from`]): the tiles
//! behind the other screens and those they put face down this round, the supply, the tiles left
//! in the box face down, the other players' action cards and the action-card stack. Everything
//! open (board, scores, luck cards, revealed tiles, the discard pile) and every count stays.
//!
//! [`Rules::hide_from`]: crate::rules::Rules::hide_from

use super::{sorted, Board, Stage};
use crate::seat::Viewer;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Takes `n` items from the end of `pool`.
fn deal<T>(pool: &mut Vec<T>, n: usize) -> Vec<T> {
    pool.split_off(pool.len() - n)
}

pub(super) fn hide_from(game: &Board, viewer: Viewer, seed: u64) -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut world = game.clone();
    let others: Vec<usize> = (0..game.players)
        .filter(|&s| viewer.seat().map(|v| v.index()) != Some(s))
        .collect();

    // Tiles.
    let mut pool: Vec<u8> = Vec::new();
    pool.append(&mut world.supply);
    pool.append(&mut world.undealt);
    for &s in &others {
        pool.append(&mut world.hands[s]);
    }
    if let Stage::Choosing { chosen, .. } = &world.stage {
        for &s in &others {
            pool.extend(chosen[s].iter().flatten());
        }
    }
    pool.shuffle(&mut rng);
    for &s in &others {
        let n = game.hands[s].len();
        world.hands[s] = sorted(deal(&mut pool, n));
    }
    if let Stage::Choosing { chosen, .. } = &mut world.stage {
        for &s in &others {
            if let Some(tiles) = chosen[s].as_mut() {
                *tiles = sorted(deal(&mut pool, tiles.len()));
            }
        }
    }
    world.undealt = sorted(deal(&mut pool, game.undealt.len()));
    world.supply = pool;

    // Action cards.
    let mut cards = std::mem::take(&mut world.action_stack);
    for &s in &others {
        cards.append(&mut world.action_hands[s]);
    }
    cards.shuffle(&mut rng);
    for &s in &others {
        let mut hand = deal(&mut cards, game.action_hands[s].len());
        hand.sort();
        world.action_hands[s] = hand;
    }
    world.action_stack = cards;

    world.rng = rng;
    world
}
