//! The card-token network's forward pass in plain Rust, read from the `safetensors` file the
//! trainer writes (`nimmt learn`): the same arithmetic as the trainer's, checked against it on
//! recorded positions.
//!
//! Every card token goes through the same two rectified layers; the tokens are pooled (the mean
//! of each group, the maximum over the hand) and with the table's numbers make the context; each
//! token joined with the context gives the card's representation, from which come the policy
//! over the hand, the row to take (the mean over a row's cards with the context), the value (each
//! seat's points of the game) and the belief (who holds each unseen card).

use super::features::{Inputs, GLOBAL, GROUPS, HAND, TOKEN};
use super::position::{CARDS, SEATS};
use nimmt_core::games::classic::ROWS;
use safetensors::{Dtype, SafeTensors};

/// One fully connected layer: `out × inp` weights, row by row, and `out` biases.
#[derive(Clone, Debug, PartialEq)]
pub struct Linear {
    pub inp: usize,
    pub out: usize,
    pub weight: Vec<f32>,
    pub bias: Vec<f32>,
}

impl Linear {
    fn apply(&self, x: &[f32], y: &mut [f32], relu: bool) {
        for (o, y) in y.iter_mut().enumerate().take(self.out) {
            let row = &self.weight[o * self.inp..(o + 1) * self.inp];
            let s = self.bias[o] + row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>();
            *y = if relu { s.max(0.0) } else { s };
        }
    }
}

/// The layers, named as in the weights file (`NAME.weight`, `NAME.bias`).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub tok1: Linear,
    pub tok2: Linear,
    pub ctx: Linear,
    pub mix: Linear,
    pub card: Linear,
    pub row1: Linear,
    pub row2: Linear,
    pub value1: Linear,
    pub value2: Linear,
    pub belief: Linear,
}

/// What the network says of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Outputs {
    /// A score per card (card `n` at `n − 1`); the policy is the softmax over the hand's.
    pub card: Vec<f32>,
    /// A score per row, for taking a row.
    pub rows: [f32; ROWS],
    /// Each seat's points of the game ÷ 66, by seat offset.
    pub value: [f32; SEATS],
    /// Per card: scores of out of play and of each other seat's hand (offsets 1, 2, 3).
    pub belief: Vec<[f32; SEATS]>,
}

/// Why a weights file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    #[error("not a safetensors file: {0}")]
    Format(String),
    #[error("the weights have no tensor {0}")]
    Missing(String),
    #[error("the tensor {0} has the wrong type or shape")]
    Shape(String),
}

impl Model {
    /// Reads the weights from the bytes of a `safetensors` file.
    pub fn from_safetensors(bytes: &[u8]) -> Result<Model, ModelError> {
        let st = SafeTensors::deserialize(bytes).map_err(|e| ModelError::Format(e.to_string()))?;
        let linear = |name: &str, inp: Option<usize>, out: Option<usize>| {
            let tensor = |suffix: &str| {
                let key = format!("{name}.{suffix}");
                let t = st
                    .tensor(&key)
                    .map_err(|_| ModelError::Missing(key.clone()))?;
                if t.dtype() != Dtype::F32 {
                    return Err(ModelError::Shape(key));
                }
                let values: Vec<f32> = t
                    .data()
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect();
                Ok((t.shape().to_vec(), values))
            };
            let (ws, weight) = tensor("weight")?;
            let (bs, bias) = tensor("bias")?;
            let shaped = ws.len() == 2
                && bs == [ws[0]]
                && inp.is_none_or(|i| i == ws[1])
                && out.is_none_or(|o| o == ws[0]);
            if !shaped {
                return Err(ModelError::Shape(name.to_string()));
            }
            Ok(Linear {
                inp: ws[1],
                out: ws[0],
                weight,
                bias,
            })
        };
        let tok1 = linear("tok1", Some(TOKEN), None)?;
        let d = tok1.out;
        Ok(Model {
            tok1,
            tok2: linear("tok2", Some(d), Some(d))?,
            ctx: linear("ctx", Some((GROUPS + 1) * d + GLOBAL), Some(d))?,
            mix: linear("mix", Some(2 * d), Some(d))?,
            card: linear("card", Some(d), Some(1))?,
            row1: linear("row1", Some(2 * d), Some(d))?,
            row2: linear("row2", Some(d), Some(1))?,
            value1: linear("value1", Some(d), Some(d))?,
            value2: linear("value2", Some(d), Some(SEATS))?,
            belief: linear("belief", Some(d), Some(SEATS))?,
        })
    }

    /// The width of the hidden layers.
    pub fn width(&self) -> usize {
        self.tok1.out
    }

    /// The number of weights.
    pub fn params(&self) -> usize {
        [
            &self.tok1,
            &self.tok2,
            &self.ctx,
            &self.mix,
            &self.card,
            &self.row1,
            &self.row2,
            &self.value1,
            &self.value2,
            &self.belief,
        ]
        .iter()
        .map(|l| l.weight.len() + l.bias.len())
        .sum()
    }

    /// The forward pass.
    pub fn forward(&self, x: &Inputs) -> Outputs {
        let d = self.width();
        let mut h = vec![0f32; CARDS * d];
        let mut first = vec![0f32; d];
        for i in 0..CARDS {
            self.tok1
                .apply(&x.tokens[i * TOKEN..(i + 1) * TOKEN], &mut first, true);
            self.tok2.apply(&first, &mut h[i * d..(i + 1) * d], true);
        }
        let mut pooled = vec![0f32; (GROUPS + 1) * d + GLOBAL];
        for g in 0..GROUPS {
            let members = (0..CARDS).filter(|&i| x.groups[i * GROUPS + g] > 0.0);
            let n = members.clone().count().max(1) as f32;
            let mean = &mut pooled[g * d..(g + 1) * d];
            for i in members {
                for (m, v) in mean.iter_mut().zip(&h[i * d..(i + 1) * d]) {
                    *m += v;
                }
            }
            mean.iter_mut().for_each(|m| *m /= n);
        }
        for i in (0..CARDS).filter(|&i| x.groups[i * GROUPS + HAND] > 0.0) {
            let max = &mut pooled[GROUPS * d..(GROUPS + 1) * d];
            for (m, v) in max.iter_mut().zip(&h[i * d..(i + 1) * d]) {
                *m = m.max(*v);
            }
        }
        pooled[(GROUPS + 1) * d..].copy_from_slice(&x.globals);
        let mut both = vec![0f32; 2 * d];
        self.ctx.apply(&pooled, &mut both[d..], true);
        let ctx = both[d..].to_vec();
        let mut z = vec![0f32; CARDS * d];
        for i in 0..CARDS {
            both[..d].copy_from_slice(&h[i * d..(i + 1) * d]);
            self.mix.apply(&both, &mut z[i * d..(i + 1) * d], true);
        }
        let mut card = vec![0f32; CARDS];
        let mut belief = vec![[0f32; SEATS]; CARDS];
        for i in 0..CARDS {
            let zi = &z[i * d..(i + 1) * d];
            self.card.apply(zi, &mut card[i..i + 1], false);
            self.belief.apply(zi, &mut belief[i], false);
        }
        let mut rows = [0f32; ROWS];
        let mut hidden = vec![0f32; d];
        for (r, score) in rows.iter_mut().enumerate() {
            let members = (0..CARDS).filter(|&i| x.rows[i * ROWS + r] > 0.0);
            let n = members.clone().count().max(1) as f32;
            both[..d].iter_mut().for_each(|v| *v = 0.0);
            for i in members {
                for (m, v) in both[..d].iter_mut().zip(&z[i * d..(i + 1) * d]) {
                    *m += v / n;
                }
            }
            both[d..].copy_from_slice(&ctx);
            self.row1.apply(&both, &mut hidden, true);
            self.row2.apply(&hidden, std::slice::from_mut(score), false);
        }
        let mut value = [0f32; SEATS];
        self.value1.apply(&ctx, &mut hidden, true);
        self.value2.apply(&hidden, &mut value, false);
        Outputs {
            card,
            rows,
            value,
            belief,
        }
    }
}
