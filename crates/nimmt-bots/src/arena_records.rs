//! The game record of an arena deal: the deal played again as the arena plays it (its seed, the
//! seats rotated, each bot reseeded as there), with every action written down
//! (`nimmt arena --records DIR`, and the Python package's records helper).

use crate::arena::{bot_seed, deal_seed, ArenaConfig, ArenaError};
use crate::registry::family;
use nimmt_core::record::RecordedGame;
use nimmt_core::{ActionError, GameRecord, Seat, Setup, Viewer};

/// The record of deal `deal` of the arena `config` (a whole arena game: one classic deal
/// unless the options say more).
pub fn deal_record(config: &ArenaConfig, deal: u64) -> Result<GameRecord, ArenaError> {
    let family = family(config.game)?;
    let n = config.players;
    if config.seats.len() != n {
        return Err(ArenaError::SeatCount {
            seats: config.seats.len(),
            players: n,
        });
    }
    let options = family.arena_options(&config.options)?;
    let setup = Setup::new(config.game, n, options, deal_seed(config.seed, deal));
    let mut game = RecordedGame::new(setup)?;
    let mut bots = config
        .seats
        .iter()
        .enumerate()
        .map(|(j, (_, spec))| {
            family.json_bot(spec, bot_seed(config.seed, deal, j), config.bot_timeout)
        })
        .collect::<Result<Vec<_>, _>>()?;
    // Spec j sits at seat (deal + j) mod n; the first seat asked decides, as in the arena.
    let spec_at = |seat: Seat| (seat.index() + n - (deal % n as u64) as usize) % n;
    while let Some((seat, _)) = game.game().pending().first().cloned() {
        let j = spec_at(seat);
        let illegal = |error| ArenaError::Illegal {
            spec: config.seats[j].0.clone(),
            error,
        };
        let view = game.game().view(Viewer::Seat(seat));
        let action = bots[j]
            .decide(&view)
            .map_err(|reason| illegal(ActionError::Malformed { reason }))?;
        game.act(seat, &action).map_err(illegal)?;
    }
    Ok(game.record())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::run_arena;
    use crate::spec::labelled;
    use nimmt_core::{GameKind, OptionMap};
    use std::time::Duration;

    /// Each record replays, and its result is the arena's for that deal, seat by seat.
    #[test]
    fn a_deal_record_is_the_deal_the_arena_played() {
        for (game, seats) in [
            ("classic", vec!["greedy", "mcts:iters=40", "random"]),
            ("help", vec!["greedy", "random", "random"]),
        ] {
            let config = ArenaConfig {
                game: GameKind::new(game),
                players: seats.len(),
                seats: seats.iter().map(|s| labelled(s).unwrap()).collect(),
                options: OptionMap::new(),
                deals: 4,
                seed: 11,
                threads: 1,
                bot_timeout: Duration::from_secs(2),
            };
            let report = run_arena(&config, &|_| {}).unwrap();
            for deal in 0..4u64 {
                let record = deal_record(&config, deal).unwrap();
                nimmt_core::record::replay(&record).unwrap();
                let scores = record.outcome.expect("the game ended").scores;
                let n = seats.len();
                let by_spec: Vec<i32> = (0..n)
                    .map(|j| scores[crate::arena::position(deal, j, n)])
                    .collect();
                assert_eq!(by_spec, report.points[deal as usize], "{game} deal {deal}");
            }
        }
    }
}
