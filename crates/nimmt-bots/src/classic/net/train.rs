//! How the network is made: the search plays whole games against itself and every card it
//! chooses is written down with the inputs of the hand's cards ([`self_play`]); the network then
//! learns to choose as the search did (cross-entropy of the softmax over the hand against the
//! search's card, Adam, [`train`]). Everything is seeded: the same settings give the same
//! weights, whatever the number of threads.
//!
//! The gradient of the small network is worked out by hand (two rectified layers and a softmax
//! over the hand); a test checks it against finite differences.

use super::{forward, hand_features, view_kernel, Features, Net, Pass, FEATURES, HIDDEN};
use crate::classic::mcts::{MctsBot, MctsConfig, Opponents};
use crate::classic::mimic::Mimic;
use crate::search::Budget;
use crate::Bot;
use nimmt_core::games::classic::{Action, Classic, Decision};
use nimmt_core::{OptionMap, Rules, Viewer};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One card decision: the inputs of every card of the hand and the hand index the search chose.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub cards: Vec<Features>,
    pub chosen: usize,
}

/// Settings of the self-play that makes the training data.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Whole games (to 66 points) of four seats, each seat the search.
    pub games: u64,
    /// The search's playouts per decision.
    pub iters: u64,
    /// Who the searching seats take the others to be.
    pub opponents: Opponents,
    pub players: usize,
    pub seed: u64,
    pub threads: usize,
}

/// Plays the games of `config` and returns every card decision of every seat, in the order of
/// the games. `progress` hears how many games are done.
pub fn self_play(config: &SelfPlay, progress: &(dyn Fn(u64) + Sync)) -> Vec<Sample> {
    in_game_order(0..config.games, config.threads, progress, &|game| {
        play_game(config, game)
    })
}

/// Plays the games of `games` on `threads` threads (each thread every `threads`-th game) and
/// returns what `play` gives for each, in the order of the games: the same for any number of
/// threads. `progress` hears how many games are done.
pub fn in_game_order<T: Send>(
    games: std::ops::Range<u64>,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
    play: &(dyn Fn(u64) -> Vec<T> + Sync),
) -> Vec<T> {
    let threads = threads.max(1);
    let done = std::sync::atomic::AtomicU64::new(0);
    let mut parts: Vec<(u64, Vec<T>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads as u64)
            .map(|t| {
                let (done, games) = (&done, games.clone());
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for game in (games.start + t..games.end).step_by(threads) {
                        out.push((game, play(game)));
                        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        progress(n);
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a self-play thread"))
            .collect()
    });
    parts.sort_by_key(|(g, _)| *g);
    parts.into_iter().flat_map(|(_, s)| s).collect()
}

/// One game's card decisions.
fn play_game(config: &SelfPlay, index: u64) -> Vec<Sample> {
    let seed = config
        .seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index);
    let mut game = Classic::from_setup(config.players, &OptionMap::default(), seed)
        .expect("a game of the base rules");
    let mut search = MctsConfig::new(Budget::Iters(config.iters));
    search.opponents = config.opponents;
    let mut bots: Vec<MctsBot> = (0..config.players)
        .map(|s| MctsBot::new(search, seed ^ (s as u64 + 1) << 40))
        .collect();
    let mut out = Vec::new();
    while !game.is_over() {
        for (seat, _) in game.pending() {
            let view = game.view(Viewer::Seat(seat));
            if view.asked.is_none() {
                continue;
            }
            let bot = &mut bots[seat.index()];
            let action = if view.asked == Some(Decision::PlayCard) && view.hand.len() > 1 {
                let stats = bot.search(&view);
                let best = stats
                    .iter()
                    .min_by(|a, b| a.mean_cost.total_cmp(&b.mean_cost))
                    .map(|s| s.action)
                    .expect("a legal card");
                if let Action::Play { card, .. } = best {
                    let (k, unseen) = view_kernel(&view);
                    let hand: Vec<u8> = view.hand.iter().map(|c| c.number()).collect();
                    let chosen = hand.iter().position(|&c| c == card.number());
                    if let Some(chosen) = chosen {
                        out.push(Sample {
                            cards: hand_features(&Mimic::new(&k, unseen), &hand),
                            chosen,
                        });
                    }
                }
                best
            } else {
                bot.decide(&view)
            };
            game.act(seat, &action)
                .expect("the search plays legal actions");
        }
    }
    out
}

/// Settings of the training.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub epochs: usize,
    /// Decisions per step.
    pub batch: usize,
    pub learning_rate: f32,
    /// The share of the decisions (the last ones) kept out of training to measure on.
    pub held_out: f64,
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 30,
            batch: 64,
            learning_rate: 3e-3,
            held_out: 0.1,
            seed: 1,
        }
    }
}

/// How the network does on a set of decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fit {
    /// Mean cross-entropy (nats).
    pub loss: f64,
    /// The share of decisions where the network's best card is the search's.
    pub agree: f64,
}

/// What [`train`] reports after each epoch: the epoch, the fit on the training decisions and on
/// the held-out ones.
pub type Epoch = (usize, Fit, Fit);

/// The cross-entropy of one decision, and its gradient added to `grad`.
pub fn loss_grad(net: &Net, sample: &Sample, grad: Option<&mut Net>) -> (f64, bool) {
    let passes: Vec<Pass> = sample.cards.iter().map(|x| forward(net, x)).collect();
    let top = passes.iter().map(|p| p.out).fold(f32::MIN, f32::max);
    let exps: Vec<f64> = passes
        .iter()
        .map(|p| f64::from(p.out - top).exp())
        .collect();
    let sum: f64 = exps.iter().sum();
    let loss = -(exps[sample.chosen] / sum).ln();
    let best = (0..passes.len()).fold(0, |b, i| if passes[i].out > passes[b].out { i } else { b });
    if let Some(g) = grad {
        for (i, (p, x)) in passes.iter().zip(&sample.cards).enumerate() {
            let target = if i == sample.chosen { 1.0 } else { 0.0 };
            let d = (exps[i] / sum - target) as f32;
            g.b3 += d;
            let mut d2 = [0f32; HIDDEN];
            for (j, d2) in d2.iter_mut().enumerate() {
                g.w3[j] += d * p.h2[j];
                if p.h2[j] > 0.0 {
                    *d2 = d * net.w3[j];
                }
            }
            let mut d1 = [0f32; HIDDEN];
            for (j, &dj) in d2.iter().enumerate() {
                if dj == 0.0 {
                    continue;
                }
                g.b2[j] += dj;
                let row = j * HIDDEN;
                for (k, d1) in d1.iter_mut().enumerate() {
                    g.w2[row + k] += dj * p.h1[k];
                    *d1 += dj * net.w2[row + k];
                }
            }
            for (j, &dj) in d1.iter().enumerate() {
                if dj == 0.0 || p.h1[j] <= 0.0 {
                    continue;
                }
                g.b1[j] += dj;
                let row = j * FEATURES;
                for (w, v) in g.w1[row..row + FEATURES].iter_mut().zip(x) {
                    *w += dj * v;
                }
            }
        }
    }
    (loss, best == sample.chosen)
}

/// How `net` does on `samples`.
pub fn fit(net: &Net, samples: &[Sample]) -> Fit {
    let mut f = Fit::default();
    for s in samples {
        let (loss, agree) = loss_grad(net, s, None);
        f.loss += loss;
        f.agree += f64::from(u8::from(agree));
    }
    let n = samples.len().max(1) as f64;
    Fit {
        loss: f.loss / n,
        agree: f.agree / n,
    }
}

/// Random weights for a start: uniform within ±√(6 / inputs) per layer (He), biases zero.
pub fn initial(seed: u64) -> Net {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut layer = |n: usize, inputs: usize| -> Vec<f32> {
        let a = (6.0 / inputs as f32).sqrt();
        (0..n).map(|_| rng.random_range(-a..a)).collect()
    };
    let mut net = Net::zeros();
    net.w1 = layer(HIDDEN * FEATURES, FEATURES);
    net.w2 = layer(HIDDEN * HIDDEN, HIDDEN);
    net.w3 = layer(HIDDEN, HIDDEN);
    net
}

/// Trains a network from [`initial`] on `samples` (the last [`TrainConfig::held_out`] of them
/// kept out); `epoch` hears each epoch's fit.
pub fn train(samples: &[Sample], config: &TrainConfig, epoch: &mut dyn FnMut(Epoch)) -> Net {
    let cut = samples.len() - (samples.len() as f64 * config.held_out) as usize;
    let (learn, test) = samples.split_at(cut);
    let mut net = initial(config.seed);
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed ^ 0x5EED);
    let mut order: Vec<usize> = (0..learn.len()).collect();
    let mut params = net.flat();
    let (mut m, mut v) = (vec![0f32; params.len()], vec![0f32; params.len()]);
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut t = 0i32;
    for e in 0..config.epochs {
        order.shuffle(&mut rng);
        // The rate falls linearly to a tenth over the epochs.
        let lr = config.learning_rate * (1.0 - 0.9 * e as f32 / config.epochs.max(1) as f32);
        for chunk in order.chunks(config.batch.max(1)) {
            let mut grad = Net::zeros();
            for &i in chunk {
                loss_grad(&net, &learn[i], Some(&mut grad));
            }
            t += 1;
            let scale = 1.0 / chunk.len() as f32;
            let (c1, c2) = (1.0 - b1.powi(t), 1.0 - b2.powi(t));
            for (((p, g), m), v) in params.iter_mut().zip(grad.flat()).zip(&mut m).zip(&mut v) {
                let g = g * scale;
                *m = b1 * *m + (1.0 - b1) * g;
                *v = b2 * *v + (1.0 - b2) * g * g;
                *p -= lr * (*m / c1) / ((*v / c2).sqrt() + eps);
            }
            net = Net::from_flat(&params);
        }
        epoch((e + 1, fit(&net, learn), fit(&net, test)));
    }
    net
}

#[cfg(test)]
mod tests;
