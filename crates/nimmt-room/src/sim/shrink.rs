//! The shortest list of actions that still breaks an invariant: chunks of the list are left
//! out, larger ones first, as long as the replay still fails (any invariant: a shorter list
//! often shows the same bug through another door).

use super::{replay, SimAction};
use crate::table::Fault;

/// Most replays a shrink may take.
const MOST_REPLAYS: usize = 400;
/// Most steps all replays of a shrink may take together, in lengths of the failing list (a
/// failure late in a long run shrinks within minutes, not hours).
const MOST_STEPS_PER_LENGTH: usize = 20;

/// Shrinks `actions` (which fail from `seed` with `fault`) to a shorter list that still fails.
pub fn shrink(seed: u64, fault: Option<Fault>, actions: &[SimAction]) -> Vec<SimAction> {
    let mut best = actions.to_vec();
    let mut replays = 0;
    let mut budget = actions.len() * MOST_STEPS_PER_LENGTH;
    let mut chunk = best.len() / 2;
    while chunk >= 1 && replays < MOST_REPLAYS && budget > 0 {
        let mut i = 0;
        let mut shrunk = false;
        while i < best.len() && replays < MOST_REPLAYS && budget > 0 {
            let end = (i + chunk).min(best.len());
            let candidate: Vec<SimAction> = best[..i].iter().chain(&best[end..]).copied().collect();
            replays += 1;
            budget = budget.saturating_sub(candidate.len());
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
