//! Table options of *Schlagt den Büffel*: none yet. The number of special cards follows the team
//! size (B4), the team's points are doubled for one or two players (B1).

use crate::descriptor::OptionSpec;
use crate::error::SetupError;
use crate::options::OptionMap;
use serde::{Deserialize, Serialize};

/// Checked options of a buffalo table (there are none; unknown keys are refused).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BuffaloOptions {}

/// The option keys of a buffalo table.
pub const KEYS: &[&str] = &[];

/// The option schema: empty (the number of special cards follows B4).
pub fn schema() -> Vec<OptionSpec> {
    Vec::new()
}

impl BuffaloOptions {
    pub fn parse(_players: usize, map: &OptionMap) -> Result<Self, SetupError> {
        map.check_known("buffalo", KEYS)?;
        Ok(BuffaloOptions {})
    }

    /// All options written out, as a record stores them.
    pub fn to_map(&self) -> OptionMap {
        OptionMap::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_options_are_refused() {
        let map = OptionMap::parse(["deck=tactic"]).unwrap();
        let e = BuffaloOptions::parse(4, &map).unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown option \"deck\" for buffalo (options: )"
        );
        assert_eq!(
            BuffaloOptions::parse(4, &OptionMap::new())
                .unwrap()
                .to_map(),
            OptionMap::new()
        );
    }
}
