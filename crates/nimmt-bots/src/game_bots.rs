//! What a game offers the registry of bots: its built-in bots by name ([`GameBots`]), and where a
//! bot plays ([`BotContext`]). Each game implements [`GameBots`] in its own module.

use crate::arena::ArenaError;
use crate::spec::{Builtin, SpecError};
use crate::Bot;
use nimmt_core::{OptionMap, Rules};

/// Where a bot plays, for bots that behave differently there (a table with people at it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BotContext {
    /// People sit at the bot's table (not only bots).
    pub humans_at_table: bool,
}

/// A game's own bots.
pub trait GameBots: Rules {
    /// The names of the game's built-in bots; the first is the default (and stands in for an
    /// outside bot's bad answers).
    fn bot_names() -> &'static [&'static str];
    /// The built-in bot of `spec` (unknown names and bad settings are refused).
    fn builtin(spec: &Builtin, seed: u64) -> Result<Box<dyn Bot<Self>>, SpecError>;
    /// The built-in bot of `spec` for a bot playing in `ctx` (by default the same as
    /// [`GameBots::builtin`]).
    fn builtin_with(
        spec: &Builtin,
        seed: u64,
        ctx: &BotContext,
    ) -> Result<Box<dyn Bot<Self>>, SpecError> {
        let _ = ctx;
        Self::builtin(spec, seed)
    }
    /// The options of one arena game, from the table options the arena was given (classic:
    /// one deal per arena game unless `end_at` or `deals` is given).
    fn arena_options(options: &OptionMap) -> Result<OptionMap, ArenaError> {
        Ok(options.clone())
    }
}

/// The error for a name that is not among a game's bots.
pub fn unknown<R: GameBots>(name: &str) -> SpecError {
    SpecError::Unknown {
        name: name.to_owned(),
        game: R::KIND.name().to_owned(),
        known: R::bot_names().join(", "),
    }
}
