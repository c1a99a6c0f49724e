//! The card-token network in candle: the same layers and arithmetic as the plain-Rust forward
//! pass of `net2` (`nimmt_bots::classic::net2::model`), batched.

use anyhow::Result;
use candle_core::{DType, Device, Module, Tensor, Var, D};
use candle_nn::{linear, Linear, VarBuilder, VarMap};
use nimmt_bots::classic::net2::features::{GLOBAL, GROUPS, HAND, TOKEN};
use nimmt_bots::classic::net2::position::{CARDS, SEATS};
use nimmt_core::games::classic::ROWS;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A batch of inputs: tokens `B × CARDS × TOKEN`, groups `B × CARDS × GROUPS`, rows
/// `B × CARDS × ROWS`, globals `B × GLOBAL`.
pub struct Batch {
    pub tokens: Tensor,
    pub groups: Tensor,
    pub rows: Tensor,
    pub globals: Tensor,
}

/// The outputs of a batch: card scores `B × CARDS`, row scores `B × ROWS`, value `B × SEATS`,
/// belief scores `B × CARDS × SEATS`.
pub struct Out {
    pub card: Tensor,
    pub rows: Tensor,
    pub value: Tensor,
    pub belief: Tensor,
}

pub struct Network {
    tok1: Linear,
    tok2: Linear,
    ctx: Linear,
    mix: Linear,
    card: Linear,
    row1: Linear,
    row2: Linear,
    value1: Linear,
    value2: Linear,
    belief: Linear,
}

impl Network {
    /// The network of hidden width `width`, its weights in `vars`, drawn from `seed` (uniform in
    /// ±1/√inputs, biases zero).
    pub fn new(vars: &VarMap, width: usize, seed: u64) -> Result<Network> {
        let vb = VarBuilder::from_varmap(vars, DType::F32, &Device::Cpu);
        let d = width;
        let net = Network {
            tok1: linear(TOKEN, d, vb.pp("tok1"))?,
            tok2: linear(d, d, vb.pp("tok2"))?,
            ctx: linear((GROUPS + 1) * d + GLOBAL, d, vb.pp("ctx"))?,
            mix: linear(2 * d, d, vb.pp("mix"))?,
            card: linear(d, 1, vb.pp("card"))?,
            row1: linear(2 * d, d, vb.pp("row1"))?,
            row2: linear(d, 1, vb.pp("row2"))?,
            value1: linear(d, d, vb.pp("value1"))?,
            value2: linear(d, SEATS, vb.pp("value2"))?,
            belief: linear(d, SEATS, vb.pp("belief"))?,
        };
        seed_weights(vars, seed)?;
        Ok(net)
    }

    pub fn forward(&self, x: &Batch) -> Result<Out> {
        let b = x.tokens.dim(0)?;
        let h = self
            .tok2
            .forward(&self.tok1.forward(&x.tokens)?.relu()?)?
            .relu()?;
        let d = h.dim(D::Minus1)?;
        let means = mean_over(&x.groups, &h)?.reshape((b, GROUPS * d))?;
        let hand = x.groups.narrow(2, HAND, 1)?;
        let max = h.broadcast_mul(&hand)?.max(1)?;
        let pooled = Tensor::cat(&[&means, &max, &x.globals], 1)?;
        let ctx = self.ctx.forward(&pooled)?.relu()?;
        let per_card = ctx.unsqueeze(1)?.broadcast_as((b, CARDS, d))?;
        let z = self
            .mix
            .forward(&Tensor::cat(&[&h, &per_card], 2)?)?
            .relu()?;
        let card = self.card.forward(&z)?.squeeze(2)?;
        let belief = self.belief.forward(&z)?;
        let row_means = mean_over(&x.rows, &z)?;
        let per_row = ctx.unsqueeze(1)?.broadcast_as((b, ROWS, d))?;
        let rows = self
            .row2
            .forward(
                &self
                    .row1
                    .forward(&Tensor::cat(&[&row_means, &per_row], 2)?)?
                    .relu()?,
            )?
            .squeeze(2)?;
        let value = self.value2.forward(&self.value1.forward(&ctx)?.relu()?)?;
        Ok(Out {
            card,
            rows,
            value,
            belief,
        })
    }
}

/// The mean of `h` (`B × CARDS × d`) over the members of each group of `groups`
/// (`B × CARDS × G`): `B × G × d` (zero for an empty group).
fn mean_over(groups: &Tensor, h: &Tensor) -> Result<Tensor> {
    let sums = groups
        .transpose(1, 2)?
        .contiguous()?
        .matmul(&h.contiguous()?)?;
    let counts = groups.sum(1)?.clamp(1f32, f32::MAX)?.unsqueeze(2)?;
    Ok(sums.broadcast_div(&counts)?)
}

/// Draws every weight from `seed` in the order of the names, so that the same seed gives the
/// same network.
fn seed_weights(vars: &VarMap, seed: u64) -> Result<()> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let data = vars.data().lock().expect("the weights");
    let mut names: Vec<&String> = data.keys().collect();
    names.sort();
    for name in names {
        let var: &Var = &data[name];
        let shape = var.dims().to_vec();
        let n: usize = shape.iter().product();
        let values: Vec<f32> = if name.ends_with(".bias") {
            vec![0.0; n]
        } else {
            let bound = 1.0 / (shape[1] as f32).sqrt();
            (0..n).map(|_| rng.random_range(-bound..bound)).collect()
        };
        var.set(&Tensor::from_vec(values, shape, &Device::Cpu)?)?;
    }
    Ok(())
}
