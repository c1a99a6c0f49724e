//! The registry of bots: for every game, its built-in bots by name, and the one place where a
//! spec becomes a bot. The arena, the room, the terminal client and outside-bot fallbacks all get
//! their bots here. A new game adds one [`GameBots`] impl in its own module and one line in
//! [`FAMILIES`].

pub use crate::build_error::BuildError;
pub use crate::game_bots::{unknown, BotContext, GameBots};

use crate::arena::{self, ArenaConfig, ArenaError, ArenaReport, Run};
use crate::outside_bot::bot_side::{self, Lines, SpeakError};
use crate::outside_bot::engine_side::OutsideBot;
use crate::spec::{BotSpec, Builtin, SpecError};
use crate::Bot;
use nimmt_core::{GameKind, OptionMap, Rules};
use serde::Deserialize;
use serde_json::Value;
use std::io::{BufRead, Write};
use std::marker::PhantomData;
use std::time::Duration;

/// A bot of game `R` from any spec: a built-in bot, or an outside program (its process starts
/// now; `timeout` is its time per decision) with the game's default bot standing in for bad
/// answers.
pub fn build<R: GameBots>(
    spec: &BotSpec,
    seed: u64,
    timeout: Duration,
) -> Result<Box<dyn Bot<R>>, BuildError> {
    build_with::<R>(spec, seed, timeout, &BotContext::default())
}

/// [`build`] for a bot playing in `ctx`.
pub fn build_with<R: GameBots>(
    spec: &BotSpec,
    seed: u64,
    timeout: Duration,
    ctx: &BotContext,
) -> Result<Box<dyn Bot<R>>, BuildError> {
    Ok(match spec {
        BotSpec::Builtin(b) => R::builtin_with(b, seed, ctx)?,
        BotSpec::Cmd(command) => {
            let fallback = R::builtin(&Builtin::named(R::bot_names()[0]), seed)?;
            Box::new(OutsideBot::spawn_with(command, timeout, fallback)?)
        }
    })
}

/// A bot that reads a seat's view as JSON and answers an action as JSON: a typed bot behind
/// the game's JSON face, for callers that hold a game of any kind (the room).
pub trait JsonBot: Send {
    /// The action for the view's decision; an error if the view is not one of this game's.
    fn decide(&mut self, view: &Value) -> Result<Value, String>;
    fn name(&self) -> String;
}

struct Typed<R: Rules>(Box<dyn Bot<R>>);

impl<R: Rules> JsonBot for Typed<R> {
    fn decide(&mut self, view: &Value) -> Result<Value, String> {
        let view = R::View::deserialize(view).map_err(|e| e.to_string())?;
        serde_json::to_value(self.0.decide(&view)).map_err(|e| e.to_string())
    }
    fn name(&self) -> String {
        self.0.name()
    }
}

/// One game's bots, without knowing its type.
pub trait BotFamily: Sync {
    fn kind(&self) -> GameKind;
    /// The names of the built-in bots; the first is the default.
    fn names(&self) -> &'static [&'static str];
    /// Checks a built-in spec (an outside program is not started here).
    fn check(&self, spec: &BotSpec) -> Result<(), SpecError>;
    /// A bot behind JSON views and actions.
    fn json_bot(
        &self,
        spec: &BotSpec,
        seed: u64,
        timeout: Duration,
    ) -> Result<Box<dyn JsonBot>, BuildError> {
        self.json_bot_with(spec, seed, timeout, &BotContext::default())
    }
    /// A bot behind JSON views and actions, playing in `ctx`.
    fn json_bot_with(
        &self,
        spec: &BotSpec,
        seed: u64,
        timeout: Duration,
        ctx: &BotContext,
    ) -> Result<Box<dyn JsonBot>, BuildError>;
    /// Runs an arena of this game.
    fn arena(&self, config: &ArenaConfig, run: Run<'_>) -> Result<ArenaReport, ArenaError>;
    /// The options of one arena game (see [`GameBots::arena_options`]).
    fn arena_options(&self, options: &OptionMap) -> Result<OptionMap, ArenaError>;
    /// Plays the built-in bot `spec` over the protocol, after `hello` ([`crate::outside_bot::bot_side`]).
    fn speak(
        &self,
        spec: &Builtin,
        lines: &mut Lines<'_>,
        output: &mut dyn Write,
    ) -> Result<(), SpeakError>;
}

/// The registry entry of game `R`'s bots.
pub struct Family<R>(PhantomData<fn() -> R>);

impl<R> Family<R> {
    pub const NEW: Family<R> = Family(PhantomData);
}

impl<R: GameBots> BotFamily for Family<R> {
    fn kind(&self) -> GameKind {
        R::KIND
    }
    fn names(&self) -> &'static [&'static str] {
        R::bot_names()
    }
    fn check(&self, spec: &BotSpec) -> Result<(), SpecError> {
        match spec {
            BotSpec::Builtin(b) => R::builtin(b, 0).map(|_| ()),
            BotSpec::Cmd(_) => Ok(()),
        }
    }
    fn json_bot_with(
        &self,
        spec: &BotSpec,
        seed: u64,
        timeout: Duration,
        ctx: &BotContext,
    ) -> Result<Box<dyn JsonBot>, BuildError> {
        Ok(Box::new(Typed(build_with::<R>(spec, seed, timeout, ctx)?)))
    }
    fn arena(&self, config: &ArenaConfig, run: Run<'_>) -> Result<ArenaReport, ArenaError> {
        let options = R::arena_options(&config.options)?;
        arena::run_typed::<R>(
            config,
            &options,
            &|spec, seed| Ok(build::<R>(spec, seed, config.bot_timeout)?),
            run,
        )
    }
    fn arena_options(&self, options: &OptionMap) -> Result<OptionMap, ArenaError> {
        R::arena_options(options)
    }
    fn speak(
        &self,
        spec: &Builtin,
        lines: &mut Lines<'_>,
        output: &mut dyn Write,
    ) -> Result<(), SpeakError> {
        bot_side::speak_as::<R>(spec, lines, output)
    }
}

/// Plays the seat of bot `spec` over the protocol: `input` carries the host's messages,
/// `output` gets the answers. Returns when the input ends.
pub fn speak(
    spec: &str,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), SpeakError> {
    let BotSpec::Builtin(spec) = spec.parse::<BotSpec>()? else {
        return Err(SpeakError::NotBuiltin);
    };
    let mut lines = Lines::new(input);
    let Some(kind) = bot_side::hello(&mut lines)? else {
        return Ok(());
    };
    family(kind)?.speak(&spec, &mut lines, output)
}

/// Every game's bots, in the order of the games' registry.
pub static FAMILIES: &[&dyn BotFamily] = &[
    &Family::<nimmt_core::games::classic::Classic>::NEW,
    &Family::<nimmt_core::games::help::Help>::NEW,
    &Family::<nimmt_core::games::buffalo::Buffalo>::NEW,
    &Family::<nimmt_core::games::board::Board>::NEW,
];

/// The bots of game `kind`.
pub fn family(kind: GameKind) -> Result<&'static dyn BotFamily, SpecError> {
    FAMILIES
        .iter()
        .copied()
        .find(|f| f.kind() == kind)
        .ok_or_else(|| SpecError::Unknown {
            name: String::new(),
            game: kind.name().to_owned(),
            known: String::new(),
        })
}

/// Runs an arena of any game: every deal from 0, `progress` told the number finished.
pub fn run_arena(
    config: &ArenaConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<ArenaReport, ArenaError> {
    run_arena_with(config, Run::new(progress))
}

/// Runs an arena of any game, with a range of deals, deals done before, a stop flag and a
/// listener for each deal ([`Run`]).
pub fn run_arena_with(config: &ArenaConfig, run: Run<'_>) -> Result<ArenaReport, ArenaError> {
    family(config.game)?.arena(config, run)
}
