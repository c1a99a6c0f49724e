//! The registry of games: one entry per game, listed once in `games/mod.rs`. Everything that
//! handles "any game" (setup, option checks, records, the server, outside bots) finds the game
//! here by name and never matches on a kind.

use crate::descriptor::GameDescriptor;
use crate::error::SetupError;
use crate::game::{Game, GameData, Setup};
pub use crate::game_type::{GameType, Registered};
use crate::options::OptionMap;
use crate::rules::GameKind;

/// Every registered game, in the order of `games::GAMES`.
pub fn games() -> &'static [&'static dyn GameType] {
    crate::games::GAMES
}

/// The game of that name (case-insensitive), or an error that lists the known ones.
pub fn find(name: &str) -> Result<&'static dyn GameType, SetupError> {
    games()
        .iter()
        .copied()
        .find(|g| g.kind().name().eq_ignore_ascii_case(name))
        .ok_or_else(|| SetupError::UnknownGame {
            name: name.to_owned(),
            known: games()
                .iter()
                .map(|g| g.kind().name())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The descriptors of every registered game.
pub fn descriptors() -> Vec<GameDescriptor> {
    games().iter().map(|g| g.descriptor()).collect()
}

impl GameKind {
    /// Every registered game, in the registry's order.
    pub fn all() -> Vec<GameKind> {
        games().iter().map(|g| g.kind()).collect()
    }
}

impl std::str::FromStr for GameKind {
    type Err = SetupError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        find(s).map(|g| g.kind())
    }
}

/// Starting and checking any game by its kind: the registry finds it.
impl Game {
    /// Checks a setup and deals the first deal.
    pub fn new(setup: &Setup) -> Result<Game, SetupError> {
        find(setup.game.name())?.start(setup)
    }

    /// Checks options for a game without starting one (the canonical, complete map).
    pub fn check_options(
        game: GameKind,
        players: usize,
        options: &OptionMap,
    ) -> Result<OptionMap, SetupError> {
        find(game.name())?.check_options(players, options, &GameData::new())
    }

    /// What the game says about itself.
    pub fn descriptor(&self) -> GameDescriptor {
        find(self.kind().name())
            .expect("a running game is registered")
            .descriptor()
    }
}
