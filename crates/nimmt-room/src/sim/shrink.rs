//! The shortest list of actions that still breaks an invariant: chunks of the list are left
//! out, larger ones first, as long as the replay still fails (any invariant: a shorter list
//! often shows the same bug through another door).

use super::{replay, SimAction};
use crate::table::Fault;

/// Most replays a shrink may take.
const MOST_REPLAYS: usize = 400;

/// Shrinks `actions` (which fail from `seed` with `fault`) to a shorter list that still fails.
pub fn shrink(seed: u64, fault: Option<Fault>, actions: &[SimAction]) -> Vec<SimAction> {
    let mut best = actions.to_vec();
    let mut replays = 0;
    let mut chunk = best.len() / 2;
    while chunk >= 1 && replays < MOST_REPLAYS {
        let mut i = 0;
        let mut shrunk = false;
        while i < best.len() && replays < MOST_REPLAYS {
            let end = (i + chunk).min(best.len());
            let candidate: Vec<SimAction> = best[..i].iter().chain(&best[end..]).copied().collect();
            replays += 1;
            if !candidate.is_empty() && replay(seed, fault, &candidate).is_some() {
                best = candidate;
                shrunk = true;
            } else {
                i += chunk;
            }
        }
        if !shrunk {
            chunk /= 2;
        }
    }
    best
}
