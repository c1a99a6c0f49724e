//! The bots an offline table seats: a level by name (`beginner`, `casual`, `strong`, `master`, or
//! in German) or one of the bots crate's specs: `random`, `greedy`, `mcts`, `mcts:ms=200`,
//! `mcts:iters=N`, `cmd:COMMAND`.

use nimmt_bots::levels;
use nimmt_bots::registry::{self, BuildError, GameBots};
use nimmt_bots::spec::{BotSpec, SpecError};
use nimmt_bots::Bot;
use std::time::Duration;

/// Time an outside bot (`cmd:`) has per decision.
pub const OUTSIDE_TIMEOUT: Duration = Duration::from_secs(2);

/// Why a bot could not be seated.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// Checks a spec without starting anything.
pub fn check(spec: &str) -> Result<BotSpec, BotError> {
    Ok(spec.parse::<BotSpec>()?)
}

/// A bot of this level or spec, seeded with `seed`.
pub fn build<R: GameBots>(spec: &str, seed: u64) -> Result<Box<dyn Bot<R>>, BotError> {
    let spec = levels::resolve(R::KIND, spec);
    Ok(registry::build::<R>(&check(&spec)?, seed, OUTSIDE_TIMEOUT)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimmt_core::games::classic::Classic;

    #[test]
    fn specs_are_the_bots_crate_specs() {
        assert_eq!(build::<Classic>("greedy", 1).unwrap().name(), "greedy");
        assert!(build::<Classic>("mcts:ms=200", 1)
            .unwrap()
            .name()
            .starts_with("mcts"));
        assert_eq!(
            build::<Classic>("Master", 1).unwrap().name(),
            "mcts:iters=26000"
        );
        assert_eq!(build::<Classic>("anfänger", 1).unwrap().name(), "keep-low");
        let e = build::<Classic>("clever", 1).err().unwrap();
        assert!(e.to_string().starts_with("unknown bot \"clever\""), "{e}");
    }
}
