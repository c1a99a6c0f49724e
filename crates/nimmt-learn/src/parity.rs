//! The trainer's forward pass against `net2`'s plain-Rust one on the same positions.

use crate::network::Network;
use crate::record::Record;
use crate::train::batch;
use anyhow::Result;
use nimmt_bots::classic::net2::features::encode;
use nimmt_bots::classic::net2::model::Model;

/// The largest difference between the two forward passes over every output of `records`
/// (card, row, value and belief scores).
pub fn largest_difference(net: &Network, model: &Model, records: &[Record]) -> Result<f32> {
    let all: Vec<&Record> = records.iter().collect();
    let mut worst = 0f32;
    for part in all.chunks(64) {
        let (x, _) = batch(part)?;
        let out = net.forward(&x)?;
        let card = out.card.to_vec2::<f32>()?;
        let rows = out.rows.to_vec2::<f32>()?;
        let value = out.value.to_vec2::<f32>()?;
        let belief = out.belief.to_vec3::<f32>()?;
        for (i, r) in part.iter().enumerate() {
            let plain = model.forward(&encode(&r.position));
            let pairs = plain
                .card
                .iter()
                .zip(&card[i])
                .chain(plain.rows.iter().zip(&rows[i]))
                .chain(plain.value.iter().zip(&value[i]))
                .chain(
                    plain
                        .belief
                        .iter()
                        .flatten()
                        .zip(belief[i].iter().flatten()),
                );
            for (a, b) in pairs {
                worst = worst.max((a - b).abs());
            }
        }
    }
    Ok(worst)
}
