//! A game of the registry without its type: what it says about itself, how to start it, and its
//! actions and views as JSON. [`Registered`] makes one of any [`Rules`] type.

use crate::descriptor::GameDescriptor;
use crate::error::{ActionError, SetupError};
use crate::game::{decode_action, to_json, Game, GameData, Setup};
use crate::options::OptionMap;
use crate::rules::{GameKind, Rules};
use serde::Deserialize;
use serde_json::Value;
use std::marker::PhantomData;

/// One registered game: what it says about itself and how to start it, without knowing its type.
pub trait GameType: Sync {
    fn kind(&self) -> GameKind;
    fn descriptor(&self) -> GameDescriptor;
    /// Checks the setup and deals the first deal.
    fn start(&self, setup: &Setup) -> Result<Game, SetupError>;
    /// Checks options and data for `players` (the canonical, complete option map).
    fn check_options(
        &self,
        players: usize,
        options: &OptionMap,
        data: &GameData,
    ) -> Result<OptionMap, SetupError>;
    /// Decodes an action of this game, without a state (what `act` refuses as malformed).
    fn decode_action(&self, action: &Value) -> Result<Value, ActionError>;
    /// The legal actions a seat's view (as JSON) allows.
    fn legal_in_view(&self, view: &Value) -> Result<Vec<Value>, ActionError>;
}

/// The registry entry of the game `R`.
pub struct Registered<R>(PhantomData<fn() -> R>);

impl<R> Registered<R> {
    pub const NEW: Registered<R> = Registered(PhantomData);
}

impl<R: Rules> GameType for Registered<R> {
    fn kind(&self) -> GameKind {
        R::KIND
    }

    fn descriptor(&self) -> GameDescriptor {
        R::descriptor()
    }

    fn start(&self, setup: &Setup) -> Result<Game, SetupError> {
        R::from_setup_with(setup.players, &setup.options, &setup.data, setup.seed)
            .map(Game::from_rules)
    }

    fn check_options(
        &self,
        players: usize,
        options: &OptionMap,
        data: &GameData,
    ) -> Result<OptionMap, SetupError> {
        R::parse_options(players, options, data).map(|o| R::options_map(&o))
    }

    fn decode_action(&self, action: &Value) -> Result<Value, ActionError> {
        decode_action::<R>(action).map(|a| to_json(&a))
    }

    fn legal_in_view(&self, view: &Value) -> Result<Vec<Value>, ActionError> {
        let view = R::View::deserialize(view).map_err(|e| ActionError::Malformed {
            reason: format!("not a {} view: {e}", R::KIND),
        })?;
        Ok(R::legal_in_view(&view).iter().map(to_json).collect())
    }
}
