//! What a viewer of a Brettspiel table cannot see, dealt anew ([`Rules::hide_from`]): the tiles
//! behind the other screens and those they put face down this round, the supply, the tiles left
//! in the box face down, the other players' action cards and the action-card stack. Everything
//! open (board, scores, luck cards, revealed tiles, the discard pile) and every count stays.
//!
//!
//! [`sample_world`] builds such a state from a seat's view alone, for bots that search.
//!
//! [`Rules::hide_from`]: crate::rules::Rules::hide_from

use super::action_cards::ActionCard;
use super::data::{BoardData, TILE_COUNT};
use super::default_data::default_data;
use super::options::{BoardChoice, BoardOptions};
use super::view::{StageView, View};
use super::{sorted, Board, Stage};
use crate::descriptor::ScoreSense;
use crate::rules::Outcome;
use crate::seat::{Seat, Viewer};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

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

/// The board data a view shows (its side and the tiles' bull heads), shared with the built-in
/// data when it is that.
fn data_of(view: &View) -> Arc<BoardData> {
    let built_in = default_data();
    let side = view.version.side();
    if *built_in.side(side) == view.side && built_in.tiles.bulls == view.bulls {
        return built_in;
    }
    let mut data = (*built_in).clone();
    match side {
        super::data::SideName::Base => data.base = view.side.clone(),
        super::data::SideName::Pro => data.pro = view.side.clone(),
    }
    data.tiles.bulls = view.bulls.clone();
    Arc::new(data)
}

/// A whole game state that agrees with `view` (a seat's): what the seat cannot see (the other
/// screens and face-down tiles, supply, undealt tiles, the other action cards and the stack) is
/// dealt at random from `seed`. Its view for that seat is `view`. For bots that search.
pub fn sample_world(view: &View, seed: u64) -> Board {
    let me = view.seat().expect("a seat's view").index();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let data = data_of(view);
    let options = BoardOptions {
        version: view.version,
        board: BoardChoice::Custom,
        data,
    };
    let players = view.players;
    let mut g = Board::empty(players, options, seed);

    // Tiles: those the seat cannot place.
    let mut seen = vec![false; usize::from(TILE_COUNT) + 1];
    let mut mark = |t: u8| seen[usize::from(t)] = true;
    view.hand.iter().copied().for_each(&mut mark);
    view.chosen.iter().copied().for_each(&mut mark);
    view.rows.iter().flat_map(|r| r.tiles()).for_each(&mut mark);
    view.boxed.iter().copied().for_each(&mut mark);
    view.queue.iter().map(|&(t, _)| t).for_each(&mut mark);
    view.now.iter().copied().for_each(&mut mark);
    if let StageView::BeforeLaying { tile, .. } | StageView::OpenRow { tile, .. } = view.stage {
        mark(tile);
    }
    let mut pool: Vec<u8> = (1..=TILE_COUNT)
        .filter(|&t| !seen[usize::from(t)])
        .collect();
    pool.shuffle(&mut rng);
    let mut take = |n: usize| sorted(pool.split_off(pool.len().saturating_sub(n)));
    for s in 0..players {
        g.hands[s] = if s == me {
            view.hand.clone()
        } else {
            take(view.hand_sizes[s])
        };
    }
    let stage = match &view.stage {
        StageView::Choosing { counts, chosen } => Stage::Choosing {
            counts: counts.clone(),
            chosen: (0..players)
                .map(|s| match (s == me, chosen[s]) {
                    (_, false) => None,
                    (true, true) => Some(view.chosen.clone()),
                    (false, true) => Some(take(counts[s])),
                })
                .collect(),
        },
        StageView::BeforeLaying { seat, tile, plan } => Stage::BeforeLaying {
            seat: *seat,
            tile: *tile,
            plan: *plan,
        },
        StageView::CountPositive { seat, tile, row } => Stage::CountPositive {
            seat: *seat,
            tile: *tile,
            row: *row,
        },
        StageView::OpenRow { seat, tile, from } => Stage::OpenRow {
            seat: *seat,
            tile: *tile,
            from: *from,
        },
        StageView::TakeLuck { seat, owed } => Stage::TakeLuck {
            seat: *seat,
            owed: *owed,
        },
        StageView::Over => Stage::Over(
            view.outcome
                .clone()
                .unwrap_or_else(|| Outcome::best_win(view.scores.clone(), ScoreSense::Higher)),
        ),
    };
    let mut supply = take(view.supply_size);
    supply.shuffle(&mut rng);
    g.supply = supply;
    g.undealt = sorted(std::mem::take(&mut pool));

    // Action cards: the deck but the seat's own and the discard pile.
    if view.version.is_pro() {
        let mut cards = ActionCard::deck();
        for c in view.action_cards.iter().chain(&view.action_discard) {
            if let Some(i) = cards.iter().position(|x| x == c) {
                cards.remove(i);
            }
        }
        cards.shuffle(&mut rng);
        for s in 0..players {
            g.action_hands[s] = if s == me {
                view.action_cards.clone()
            } else {
                let mut hand = cards.split_off(cards.len() - view.action_card_counts[s]);
                hand.sort();
                hand
            };
        }
        g.action_stack = cards;
        g.action_discard = view.action_discard.clone();
    }

    g.rows = view.rows.clone();
    g.boxed = view.boxed.clone();
    g.scores = view.scores.clone();
    g.luck_stacks = view.luck_stacks;
    g.luck_hands = view.luck_hands.clone();
    g.round = view.round;
    g.history = view.history.clone();
    g.round_start = view
        .history
        .last()
        .cloned()
        .unwrap_or_else(|| vec![0; players]);
    g.set = view.set;
    g.queue = view.queue.iter().rev().copied().collect();
    g.now = view.now.clone();
    g.now_seat = match view.stage {
        StageView::BeforeLaying { seat, .. }
        | StageView::CountPositive { seat, .. }
        | StageView::OpenRow { seat, .. }
        | StageView::TakeLuck { seat, .. } => seat,
        _ => Seat(0),
    };
    g.owed = view.luck_owed;
    g.stage = stage;
    g.rng = rng;
    g
}
