//! The records' file: `N2RC`, the version and the count, then each record in little-endian
//! bytes. Records of several runs concatenate by reading each file and writing them all.

use crate::record::Record;
use anyhow::{bail, Context, Result};
use nimmt_bots::classic::net::FEATURES;
use nimmt_bots::classic::net2::position::{Position, CARDS, SEATS};

const MAGIC: &[u8; 4] = b"N2RC";
const VERSION: u32 = 1;

/// The bytes of `records`.
pub fn to_bytes(records: &[Record]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend(MAGIC);
    out.extend(VERSION.to_le_bytes());
    out.extend((records.len() as u64).to_le_bytes());
    for r in records {
        let p = &r.position;
        out.push(p.players);
        out.push(u8::from(p.take_row));
        let list = |out: &mut Vec<u8>, cards: &[u8]| {
            out.push(cards.len() as u8);
            out.extend(cards);
        };
        list(&mut out, &p.hand);
        for row in &p.rows {
            list(&mut out, row);
        }
        out.push(p.queue.len() as u8);
        for &(c, o) in &p.queue {
            out.extend([c, o]);
        }
        out.extend(p.unseen.to_le_bytes());
        for v in p.deal_points.iter().chain(&p.totals).chain(&r.outcome) {
            out.extend(v.to_le_bytes());
        }
        out.push(p.hand_inputs.len() as u8);
        for v in p.hand_inputs.iter().flatten() {
            out.extend(v.to_le_bytes());
        }
        out.push(r.costs.len() as u8);
        for v in &r.costs {
            out.extend(v.to_le_bytes());
        }
        out.extend(&r.holders);
    }
    out
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8]> {
        let end = self.at + n;
        let s = self
            .bytes
            .get(self.at..end)
            .context("the records file ends early")?;
        self.at = end;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into()?))
    }
    fn f32(&mut self) -> Result<f32> {
        Ok(f32::from_le_bytes(self.take(4)?.try_into()?))
    }
    fn list(&mut self) -> Result<Vec<u8>> {
        let n = self.u8()?;
        Ok(self.take(usize::from(n))?.to_vec())
    }
}

/// Reads a records file.
pub fn from_bytes(bytes: &[u8]) -> Result<Vec<Record>> {
    if bytes.len() < 16 || &bytes[..4] != MAGIC {
        bail!("not a records file of net2 (bad header)");
    }
    let version = u32::from_le_bytes(bytes[4..8].try_into()?);
    if version != VERSION {
        bail!("records of version {version}; this build reads version {VERSION}");
    }
    let count = u64::from_le_bytes(bytes[8..16].try_into()?);
    let mut r = Reader { bytes, at: 16 };
    let mut out = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let players = r.u8()?;
        let take_row = r.u8()? == 1;
        let hand = r.list()?;
        let rows = [r.list()?, r.list()?, r.list()?, r.list()?];
        let queue = (0..r.u8()?)
            .map(|_| Ok((r.u8()?, r.u8()?)))
            .collect::<Result<Vec<_>>>()?;
        let unseen = u128::from_le_bytes(r.take(16)?.try_into()?);
        let mut points = [0u16; 3 * SEATS];
        for v in &mut points {
            *v = r.u16()?;
        }
        let hand_inputs = (0..r.u8()?)
            .map(|_| {
                let mut f = [0f32; FEATURES];
                for v in &mut f {
                    *v = r.f32()?;
                }
                Ok(f)
            })
            .collect::<Result<Vec<_>>>()?;
        let costs = (0..r.u8()?).map(|_| r.f32()).collect::<Result<Vec<_>>>()?;
        let holders = r.take(CARDS)?.to_vec();
        let seats = |i: usize| std::array::from_fn(|o| points[i * SEATS + o]);
        out.push(Record {
            position: Position {
                players,
                take_row,
                hand,
                rows,
                queue,
                unseen,
                deal_points: seats(0),
                totals: seats(1),
                hand_inputs,
            },
            costs,
            outcome: seats(2),
            holders,
        });
    }
    if r.at != bytes.len() {
        bail!(
            "the records file has {} bytes after its last record",
            bytes.len() - r.at
        );
    }
    Ok(out)
}
