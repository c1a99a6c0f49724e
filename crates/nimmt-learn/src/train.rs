//! Distillation of the search into the network: the policy learns the search's choice
//! (cross-entropy over the hand, or over the rows), the value the game's final points of every
//! seat (squared error, points ÷ 66), the belief the true holder of every unseen card
//! (cross-entropy). AdamW, the learning rate falling linearly to a tenth; the last share of the
//! records (whole games, in game order) is held out to measure on. Seeded: the same records and
//! settings give the same weights.

use crate::network::{Batch, Network, Out};
use crate::record::{Record, SEEN};
use anyhow::Result;
use candle_core::{Device, Tensor, D};
use candle_nn::{AdamW, Optimizer, ParamsAdamW, VarMap};
use nimmt_bots::classic::net2::features::{encode, GLOBAL, GROUPS, TOKEN};
use nimmt_bots::classic::net2::position::{CARDS, SEATS};
use nimmt_core::games::classic::ROWS;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Settings of the training.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub epochs: usize,
    /// Decisions per step.
    pub batch: usize,
    pub learning_rate: f64,
    /// The share of the records (the last ones) kept out of training.
    pub held_out: f64,
    /// The hidden layers' width.
    pub width: usize,
    pub seed: u64,
    /// Stop after this many steps (the smoke test); `None`: every epoch.
    pub max_steps: Option<usize>,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 12,
            batch: 128,
            learning_rate: 2e-3,
            held_out: 0.1,
            width: 64,
            seed: 1,
            max_steps: None,
        }
    }
}

/// What the network learnt to do, on a set of records.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fit {
    /// Mean cross-entropy of the policy against the search's choice (nats).
    pub policy: f64,
    /// The share of decisions where the network's best choice is the search's.
    pub agree: f64,
    /// Mean squared error of the value (points ÷ 66).
    pub value: f64,
    /// Mean cross-entropy of the belief over the unseen cards (nats).
    pub belief: f64,
}

/// What the trainer compares the outputs with.
pub struct Targets {
    card: Tensor,
    rows: Tensor,
    hand: Tensor,
    value: Tensor,
    belief: Tensor,
    unseen: f64,
    chosen: Vec<(bool, usize)>,
}

/// The inputs and targets of `records`.
pub fn batch(records: &[&Record]) -> Result<(Batch, Targets)> {
    let b = records.len();
    let dev = &Device::Cpu;
    let (mut tokens, mut groups, mut rows, mut globals) = (
        Vec::<f32>::with_capacity(b * CARDS * TOKEN),
        Vec::<f32>::with_capacity(b * CARDS * GROUPS),
        Vec::<f32>::with_capacity(b * CARDS * ROWS),
        Vec::<f32>::with_capacity(b * GLOBAL),
    );
    let mut card = vec![0f32; b * CARDS];
    let mut row = vec![0f32; b * ROWS];
    let mut hand = vec![0f32; b * CARDS];
    let mut value = vec![0f32; b * SEATS];
    let mut belief = vec![0f32; b * CARDS * SEATS];
    let mut unseen = 0.0;
    let mut chosen = Vec::with_capacity(b);
    for (i, r) in records.iter().enumerate() {
        let x = encode(&r.position);
        tokens.extend(&x.tokens);
        groups.extend(&x.groups);
        rows.extend(&x.rows);
        globals.extend(&x.globals);
        let c = r.chosen();
        if r.position.take_row {
            row[i * ROWS + c] = 1.0;
        } else {
            card[i * CARDS + usize::from(r.position.hand[c]) - 1] = 1.0;
        }
        chosen.push((r.position.take_row, c));
        for &h in &r.position.hand {
            hand[i * CARDS + usize::from(h) - 1] = 1.0;
        }
        for (o, &t) in r.outcome.iter().enumerate() {
            value[i * SEATS + o] = f32::from(t) / 66.0;
        }
        for (k, &h) in r.holders.iter().enumerate() {
            if h != SEEN {
                belief[(i * CARDS + k) * SEATS + usize::from(h)] = 1.0;
                unseen += 1.0;
            }
        }
    }
    let inputs = Batch {
        tokens: Tensor::from_vec(tokens, (b, CARDS, TOKEN), dev)?,
        groups: Tensor::from_vec(groups, (b, CARDS, GROUPS), dev)?,
        rows: Tensor::from_vec(rows, (b, CARDS, ROWS), dev)?,
        globals: Tensor::from_vec(globals, (b, GLOBAL), dev)?,
    };
    let targets = Targets {
        card: Tensor::from_vec(card, (b, CARDS), dev)?,
        rows: Tensor::from_vec(row, (b, ROWS), dev)?,
        hand: Tensor::from_vec(hand, (b, CARDS), dev)?,
        value: Tensor::from_vec(value, (b, SEATS), dev)?,
        belief: Tensor::from_vec(belief, (b, CARDS, SEATS), dev)?,
        unseen,
        chosen,
    };
    Ok((inputs, targets))
}

/// The three losses of a batch (policy, value, belief), each a scalar tensor.
fn losses(out: &Out, t: &Targets) -> Result<[Tensor; 3]> {
    let b = t.chosen.len() as f64;
    let masked = (&out.card + ((&t.hand - 1.0)? * 1e4)?)?;
    let card = candle_nn::ops::log_softmax(&masked, D::Minus1)?;
    let rows = candle_nn::ops::log_softmax(&out.rows, D::Minus1)?;
    let policy = ((card * &t.card)?.sum_all()? + (rows * &t.rows)?.sum_all()?)?;
    let policy = (policy * (-1.0 / b))?;
    let value = (&out.value - &t.value)?.sqr()?.mean_all()?;
    let belief = candle_nn::ops::log_softmax(&out.belief, D::Minus1)?;
    let belief = ((belief * &t.belief)?.sum_all()? * (-1.0 / t.unseen.max(1.0)))?;
    Ok([policy, value, belief])
}

fn total(l: &[Tensor; 3]) -> Result<Tensor> {
    Ok(((&l[0] + &l[1])? + (&l[2] * 0.5)?)?)
}

/// How `net` does on `records`.
pub fn measure(net: &Network, records: &[&Record], batch_size: usize) -> Result<Fit> {
    let mut fit = Fit::default();
    let mut n = 0.0;
    for part in records.chunks(batch_size.max(1)) {
        let (x, t) = batch(part)?;
        let out = net.forward(&x)?;
        let [p, v, bl] = losses(&out, &t)?;
        let w = part.len() as f64;
        fit.policy += f64::from(p.to_scalar::<f32>()?) * w;
        fit.value += f64::from(v.to_scalar::<f32>()?) * w;
        fit.belief += f64::from(bl.to_scalar::<f32>()?) * w;
        let cards = (&out.card + ((&t.hand - 1.0)? * 1e4)?)?
            .argmax(1)?
            .to_vec1::<u32>()?;
        let rows = out.rows.argmax(1)?.to_vec1::<u32>()?;
        for (i, &(take_row, c)) in t.chosen.iter().enumerate() {
            let right = if take_row {
                rows[i] as usize == c
            } else {
                part[i].position.hand[c] as u32 == cards[i] + 1
            };
            fit.agree += f64::from(u8::from(right));
        }
        n += w;
    }
    let n = f64::max(n, 1.0);
    Ok(Fit {
        policy: fit.policy / n,
        agree: fit.agree / n,
        value: fit.value / n,
        belief: fit.belief / n,
    })
}

/// The trained network's weights and how it does.
pub struct Trained {
    pub vars: VarMap,
    pub net: Network,
    pub first: Fit,
    pub train: Fit,
    pub held: Fit,
    pub steps: usize,
}

/// Trains a network on `records`. `progress` hears each epoch's number and its held-out fit.
pub fn train(
    records: &[Record],
    config: &TrainConfig,
    progress: &dyn Fn(usize, &Fit),
) -> Result<Trained> {
    let held = ((records.len() as f64 * config.held_out).round() as usize).min(records.len());
    let (fit_on, held_out) = records.split_at(records.len() - held);
    let fit_on: Vec<&Record> = fit_on.iter().collect();
    let held_out: Vec<&Record> = held_out.iter().collect();
    let vars = VarMap::new();
    let net = Network::new(&vars, config.width, config.seed)?;
    let first = measure(&net, &fit_on, 256)?;
    let mut opt = AdamW::new(
        vars.all_vars(),
        ParamsAdamW {
            lr: config.learning_rate,
            weight_decay: 1e-4,
            ..Default::default()
        },
    )?;
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed ^ 0x5EED);
    let per_epoch = fit_on.len().div_ceil(config.batch.max(1));
    let planned = config
        .max_steps
        .unwrap_or(usize::MAX)
        .min(per_epoch * config.epochs)
        .max(1);
    let mut order: Vec<usize> = (0..fit_on.len()).collect();
    let mut steps = 0;
    'epochs: for epoch in 1..=config.epochs {
        order.shuffle(&mut rng);
        for part in order.chunks(config.batch.max(1)) {
            if steps >= planned {
                break 'epochs;
            }
            let lr = config.learning_rate * (1.0 - 0.9 * steps as f64 / planned as f64);
            opt.set_learning_rate(lr);
            let rs: Vec<&Record> = part.iter().map(|&i| fit_on[i]).collect();
            let (x, t) = batch(&rs)?;
            let loss = total(&losses(&net.forward(&x)?, &t)?)?;
            opt.backward_step(&loss)?;
            steps += 1;
        }
        progress(epoch, &measure(&net, &held_out, 256)?);
    }
    let train = measure(&net, &fit_on, 256)?;
    let held = measure(&net, &held_out, 256)?;
    Ok(Trained {
        vars,
        net,
        first,
        train,
        held,
        steps,
    })
}
