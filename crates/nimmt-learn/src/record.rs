//! The training data: the search plays whole games against itself and every decision it makes
//! with more than one choice (a card of the hand, or the row to take for a low card) is written
//! down with what the deciding seat saw ([`Position`]), the search's cost of every choice, the
//! game's final points of every seat and who truly held each card the seat had not seen.

use nimmt_bots::classic::mcts::{MctsBot, MctsConfig};
use nimmt_bots::classic::net::train::in_game_order;
use nimmt_bots::classic::net2::position::{Position, CARDS, SEATS};
use nimmt_bots::search::Budget;
use nimmt_bots::Bot;
use nimmt_core::games::classic::{Action, Classic, Decision, PhaseView};
use nimmt_core::{OptionMap, Rules, Seat, Viewer};

/// The holder of a card that is not unseen.
pub const SEEN: u8 = u8::MAX;

/// One decision of the search with what the network learns from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub position: Position,
    /// The search's mean cost of every choice: each card of the hand in order, or each row.
    pub costs: Vec<f32>,
    /// Every seat's points at the game's end, by seat offset.
    pub outcome: [u16; SEATS],
    /// Per card (`n` at `n − 1`): the seat offset holding it (1, 2, 3), 0 when it is out of
    /// play, [`SEEN`] when the deciding seat has seen it.
    pub holders: Vec<u8>,
}

impl Record {
    /// The choice the search made (the lowest cost).
    pub fn chosen(&self) -> usize {
        (0..self.costs.len()).fold(0, |b, i| if self.costs[i] < self.costs[b] { i } else { b })
    }
}

/// Settings of the self-play.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Whole games to 66 of four seats, every seat the search.
    pub games: u64,
    /// The search's playouts per decision.
    pub iters: u64,
    pub seed: u64,
    /// The first game's index (games `first..first + games`): parts of one run split exactly.
    pub first: u64,
    pub threads: usize,
}

/// Plays the games of `config` and returns their decisions in game order (the same for any
/// number of threads). `progress` hears how many games are done.
pub fn self_play(config: &SelfPlay, progress: &(dyn Fn(u64) + Sync)) -> Vec<Record> {
    let games = config.first..config.first + config.games;
    in_game_order(games, config.threads, progress, &|game| {
        play_game(config, game)
    })
}

/// Who holds each card the seat `me` has not seen.
fn holders(game: &Classic, me: usize, position: &Position) -> Vec<u8> {
    let players = game.players();
    let mut out = vec![SEEN; CARDS];
    for (i, h) in out.iter_mut().enumerate() {
        if position.unseen >> (i + 1) & 1 == 1 {
            *h = 0;
        }
    }
    for seat in (0..players).filter(|&s| s != me) {
        let offset = ((seat + players - me) % players).min(SEATS - 1) as u8;
        let view = game.view(Viewer::Seat(Seat(seat as u8)));
        let chosen = match &view.phase {
            PhaseView::Choose { mine: Some(p), .. } => Some(p.card),
            _ => None,
        };
        for c in view.hand.iter().chain(chosen.iter()) {
            let i = usize::from(c.number()) - 1;
            if out[i] != SEEN {
                out[i] = offset;
            }
        }
    }
    out
}

/// One game's decisions.
fn play_game(config: &SelfPlay, index: u64) -> Vec<Record> {
    let seed = config
        .seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index);
    let players = SEATS;
    let mut game = Classic::from_setup(players, &OptionMap::default(), seed)
        .expect("a game of the base rules");
    let search = MctsConfig::new(Budget::Iters(config.iters));
    let mut bots: Vec<MctsBot> = (0..players)
        .map(|s| MctsBot::new(search, seed ^ (s as u64 + 1) << 40))
        .collect();
    let mut out: Vec<(usize, Record)> = Vec::new();
    while !game.is_over() {
        for (seat, _) in game.pending() {
            let view = game.view(Viewer::Seat(seat));
            let Some(asked) = view.asked else { continue };
            let bot = &mut bots[seat.index()];
            let decides = matches!(asked, Decision::PlayCard | Decision::TakeRow)
                && view.legal_actions().len() > 1;
            let action = if decides {
                let stats = bot.search(&view);
                let position = Position::from_view(&view);
                let costs: Option<Vec<f32>> = if position.take_row {
                    (0..4)
                        .map(|r| {
                            stats
                                .iter()
                                .find(|s| s.action == Action::TakeRow { row: r })
                                .map(|s| s.mean_cost as f32)
                        })
                        .collect()
                } else {
                    view.hand
                        .iter()
                        .map(|&c| {
                            stats
                                .iter()
                                .find(|s| s.action == Action::play(c))
                                .map(|s| s.mean_cost as f32)
                        })
                        .collect()
                };
                let best = stats
                    .iter()
                    .min_by(|a, b| a.mean_cost.total_cmp(&b.mean_cost))
                    .map(|s| s.action)
                    .expect("a legal action");
                if let Some(costs) = costs {
                    let holders = holders(&game, seat.index(), &position);
                    out.push((
                        seat.index(),
                        Record {
                            position,
                            costs,
                            outcome: [0; SEATS],
                            holders,
                        },
                    ));
                }
                best
            } else {
                bot.decide(&view)
            };
            game.act(seat, &action)
                .expect("the search plays legal actions");
        }
    }
    let totals = game.totals().to_vec();
    out.into_iter()
        .map(|(me, mut r)| {
            for (seat, &t) in totals.iter().enumerate() {
                r.outcome[(seat + players - me) % players] = t as u16;
            }
            r
        })
        .collect()
}
