//! What a tile is worth where it would land now, and the cheap policy playouts follow: every
//! seat chooses the tiles worth most on the board as it lies (now and then a random one), and
//! decides everything else as an absent player would (`Rules::default_action`).

use nimmt_core::games::board::rows::destination;
use nimmt_core::games::board::{Action, Board, BoardSide, Decision, Field, RowState, Stage};
use nimmt_core::{Rules, Seat};
use rand::{Rng, RngCore};

/// Points `tile` would bring where it lands now (rules 1–3 on `rows`), ignoring the other
/// tiles of the round. A small bonus for room left in the row breaks ties towards safe rows.
pub fn tile_value(rows: &[RowState], side: &BoardSide, bulls: &[u8], tile: u8) -> f64 {
    let r = destination(rows, tile);
    let row = &rows[r];
    let spec = &side.rows[r];
    let at = row.end().min(spec.last());
    let b = |t: u8| f64::from(bulls[usize::from(t) - 1]);
    let value = match spec.fields[at] {
        Field::TakeRow => -row.tiles().iter().map(|&t| b(t)).sum::<f64>(),
        // The tiles go behind the screen: played later, or worth their bull heads against.
        Field::TakeRowToScreen => -0.4 * row.tiles().iter().map(|&t| b(t)).sum::<f64>(),
        Field::GreenBulls { count } => b(tile) * f64::from(count),
        Field::RedBulls { count } => -b(tile) * f64::from(count),
        Field::Plus { points } => f64::from(points),
        Field::Minus { points } => -f64::from(points),
        Field::DrawActionCard => 1.0,
        Field::DrawTile | Field::Empty | Field::DoubleTile => 0.0,
    };
    value + 0.01 * (spec.last() - at) as f64
}

/// The `count` tiles of `hand` worth most now (ascending), as a choose action.
pub fn best_tiles(
    rows: &[RowState],
    side: &BoardSide,
    bulls: &[u8],
    hand: &[u8],
    count: usize,
) -> Action {
    let mut scored: Vec<(f64, u8)> = hand
        .iter()
        .map(|&t| (tile_value(rows, side, bulls, t), t))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut tiles: Vec<u8> = scored.iter().take(count).map(|&(_, t)| t).collect();
    tiles.sort_unstable();
    Action::Choose { tiles }
}

/// The playout policy's action for `seat`, asked `decision` in `world`.
pub fn playout_action(
    world: &Board,
    seat: Seat,
    decision: Decision,
    noise: f64,
    rng: &mut impl RngCore,
) -> Action {
    match decision {
        Decision::Choose { count } => {
            let hand = world.hand(seat);
            if rng.random_bool(noise) {
                let mut tiles: Vec<u8> = Vec::with_capacity(count);
                while tiles.len() < count {
                    let t = hand[rng.random_range(0..hand.len())];
                    if !tiles.contains(&t) {
                        tiles.push(t);
                    }
                }
                tiles.sort_unstable();
                Action::Choose { tiles }
            } else {
                best_tiles(
                    world.rows(),
                    world.side(),
                    &world.data().tiles.bulls,
                    hand,
                    count,
                )
            }
        }
        _ => world.default_action(seat).expect("asked"),
    }
}

/// Plays `world` on with the playout policy until the game ends or round `until_round` begins.
pub fn play_out(world: &mut Board, until_round: u32, noise: f64, rng: &mut impl RngCore) {
    for _ in 0..5_000 {
        if world.round() >= until_round && matches!(world.stage(), Stage::Choosing { .. }) {
            return;
        }
        let Some((seat, decision)) = world.pending().first().copied() else {
            return;
        };
        let action = playout_action(world, seat, decision, noise, rng);
        world
            .act_quiet(seat, &action)
            .expect("the policy plays legally");
    }
}

/// How good `world` is for `me`: its score against the others' mean. Action cards count one
/// point each, as they will at the end (pro).
pub fn standing(world: &Board, me: Seat) -> f64 {
    let n = world.players();
    let cards = |s: Seat| {
        if world.is_over() {
            0.0
        } else {
            world.action_hand(s).len() as f64
        }
    };
    let mine = f64::from(world.scores()[me.index()]) + cards(me);
    let others: f64 = Seat::all(n)
        .filter(|&s| s != me)
        .map(|s| f64::from(world.scores()[s.index()]) + cards(s))
        .sum();
    mine - others / (n - 1) as f64
}
