//! Bot levels a player chooses by name — *Beginner, Casual, Strong, Master* — for every game.
//! Each level is one bot spec of the game's own bots; their strength is measured in arena games
//! between the levels (`docs/bots.md`, *Levels*). A beginner plays sensibly, never at random: a
//! rule people play by (classic: keep the low cards for later), one step ahead (the game's
//! `greedy`) or a search with a small budget; the levels are ordered by what was measured.

use crate::arena::DealResult;
use nimmt_core::{GameKind, ScoreSense};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// A level of play, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Beginner,
    Casual,
    Strong,
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Master];

    /// The level's name as specs and records write it (`beginner`, `casual`, `strong`,
    /// `master`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Master => "master",
        }
    }

    /// The level's name for people, in English.
    pub fn english(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Casual => "Casual",
            Level::Strong => "Strong",
            Level::Master => "Master",
        }
    }

    /// The level's name for people, in German.
    pub fn german(self) -> &'static str {
        match self {
            Level::Beginner => "Anfänger",
            Level::Casual => "Freizeit",
            Level::Strong => "Stark",
            Level::Master => "Meister",
        }
    }

    /// The level a person named, in English or German, in any case (`Strong`, `stark`,
    /// `anfaenger`); `None` for anything else (a bot spec, say).
    pub fn named(name: &str) -> Option<Level> {
        let name = name.trim().to_lowercase();
        let name = name.replace("ae", "ä");
        Level::ALL.into_iter().find(|l| {
            name == l.name()
                || name == l.english().to_lowercase()
                || name == l.german().to_lowercase()
        })
    }

    /// The bot spec that plays this level of game `kind`; `None` for a game without levels.
    pub fn spec(self, kind: GameKind) -> Option<&'static str> {
        let specs: [&'static str; 4] = match kind.name() {
            "classic" => ["keep-low", "greedy", "montecarlo", "mcts:iters=26000"],
            // Measured: HELP!'s greedy is level with a small search, and the buffalo team's
            // greedy ahead of the small ones (`docs/bots.md`, *Levels*).
            "help" => [
                "mcts:iters=200",
                "greedy",
                "mcts:iters=1000",
                "mcts:iters=3000",
            ],
            "buffalo" => [
                "mcts:iters=40",
                "mcts:iters=200",
                "greedy",
                "mcts:iters=800",
            ],
            "board" => [
                "greedy",
                "mcts:iters=100",
                "mcts:iters=400",
                "mcts:iters=1200",
            ],
            _ => return None,
        };
        Some(specs[self as usize])
    }
}

/// The bot spec a level name or a spec stands for in game `kind`: a level's spec, or the text
/// itself when it names no level.
pub fn resolve(kind: GameKind, level_or_spec: &str) -> String {
    Level::named(level_or_spec)
        .and_then(|l| l.spec(kind))
        .map_or_else(|| level_or_spec.trim().to_owned(), str::to_owned)
}

/// Weng-Lin ratings (μ, σ) of the seats of an arena from its deals, in the order the deals were
/// played: each deal ranks the seats by their share of the win, then by their points in the
/// game's `sense` (equal seats share a rank). Every seat starts at μ = 25, σ = 25/3.
pub fn ratings(deals: &[DealResult], sense: ScoreSense) -> Vec<(f64, f64)> {
    let seats = deals.first().map_or(0, |d| d.points.len());
    let mut ratings = vec![WengLinRating::new(); seats];
    let config = WengLinConfig::new();
    for deal in deals {
        let better = |a: usize, b: usize| {
            deal.win[a] > deal.win[b]
                || (deal.win[a] == deal.win[b] && sense.better(deal.points[a], deal.points[b]))
        };
        let rank = |s: usize| 1 + (0..seats).filter(|&o| better(o, s)).count();
        let teams: Vec<[WengLinRating; 1]> = ratings.iter().map(|&r| [r]).collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
            .iter()
            .enumerate()
            .map(|(s, t)| (&t[..], MultiTeamOutcome::new(rank(s))))
            .collect();
        for (r, new) in ratings
            .iter_mut()
            .zip(weng_lin_multi_team(&ranked, &config))
        {
            *r = new[0];
        }
    }
    ratings.iter().map(|r| (r.rating, r.uncertainty)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;
    use crate::spec::BotSpec;

    #[test]
    fn every_game_has_every_level_as_a_spec_of_its_own_bots() {
        for family in registry::FAMILIES {
            for level in Level::ALL {
                let spec = level.spec(family.kind()).expect("a level");
                let parsed: BotSpec = spec.parse().unwrap();
                family.check(&parsed).unwrap();
                assert_ne!(spec, "random", "{level:?} plays at random");
            }
        }
    }

    #[test]
    fn levels_are_named_in_english_and_german() {
        assert_eq!(Level::named("Strong"), Some(Level::Strong));
        assert_eq!(Level::named("stark"), Some(Level::Strong));
        assert_eq!(Level::named("ANFÄNGER"), Some(Level::Beginner));
        assert_eq!(Level::named("anfaenger"), Some(Level::Beginner));
        assert_eq!(Level::named("Freizeit"), Some(Level::Casual));
        assert_eq!(Level::named("meister"), Some(Level::Master));
        assert_eq!(Level::named("mcts:ms=50"), None);
        let classic = GameKind::new("classic");
        assert_eq!(resolve(classic, "master"), "mcts:iters=26000");
        assert_eq!(resolve(classic, "Anfänger"), "keep-low");
        assert_eq!(resolve(classic, "mcts:ms=50"), "mcts:ms=50");
    }
}
