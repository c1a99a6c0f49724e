//! Any game of the family behind one type: setup by kind, JSON actions, views and events. This is
//! what the server, records and the outside-bot protocol use; typed code uses the game modules.

use crate::error::{ActionError, SetupError};
use crate::games::classic::Classic;
use crate::games::help::Help;
use crate::options::OptionMap;
use crate::rules::{GameKind, Outcome, Rules};
use crate::seat::{Addressed, Seat, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Everything that fixes a game before the first action: game, seats, options, seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub game: GameKind,
    pub players: usize,
    #[serde(default)]
    pub options: OptionMap,
    pub seed: u64,
}

/// A running game of any kind.
#[derive(Clone, Debug)]
pub enum Game {
    Classic(Classic),
    Help(Help),
}

/// Calls the same expression on whichever game is inside.
macro_rules! each {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            Game::Classic($g) => $body,
            Game::Help($g) => $body,
        }
    };
}

fn to_json<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("rules types serialize")
}

fn decode<R: Rules>(action: &Value) -> Result<R::Action, ActionError> {
    R::Action::deserialize(action).map_err(|e| ActionError::Malformed {
        reason: e.to_string(),
    })
}

fn act_typed<R: Rules>(
    game: &mut R,
    seat: Seat,
    action: &Value,
) -> Result<Vec<Addressed<Value>>, ActionError> {
    let action = decode::<R>(action)?;
    let events = game.act(seat, &action)?;
    Ok(events
        .into_iter()
        .map(|e| Addressed {
            to: e.to,
            event: to_json(&e.event),
        })
        .collect())
}

impl Game {
    /// Checks a setup and deals the first deal.
    pub fn new(setup: &Setup) -> Result<Game, SetupError> {
        Ok(match setup.game {
            GameKind::Classic => Game::Classic(Classic::from_setup(
                setup.players,
                &setup.options,
                setup.seed,
            )?),
            GameKind::Help => {
                Game::Help(Help::from_setup(setup.players, &setup.options, setup.seed)?)
            }
        })
    }

    /// Checks options for a game kind without starting a game (the canonical, complete map).
    pub fn check_options(
        game: GameKind,
        players: usize,
        options: &OptionMap,
    ) -> Result<OptionMap, SetupError> {
        match game {
            GameKind::Classic => {
                Classic::parse_options(players, options).map(|o| Classic::options_map(&o))
            }
            GameKind::Help => Help::parse_options(players, options).map(|o| Help::options_map(&o)),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            Game::Classic(_) => GameKind::Classic,
            Game::Help(_) => GameKind::Help,
        }
    }

    pub fn players(&self) -> usize {
        each!(self, g => g.players())
    }

    /// The options written out in full.
    pub fn options_map(&self) -> OptionMap {
        match self {
            Game::Classic(g) => Classic::options_map(g.options()),
            Game::Help(g) => Help::options_map(g.options()),
        }
    }

    /// Seats that must decide now, with what each is asked (as JSON).
    pub fn pending(&self) -> Vec<(Seat, Value)> {
        each!(self, g => g.pending().iter().map(|(s, d)| (*s, to_json(d))).collect())
    }

    /// Whether `seat` must decide now.
    pub fn is_pending(&self, seat: Seat) -> bool {
        self.pending().iter().any(|(s, _)| *s == seat)
    }

    pub fn legal_actions(&self, seat: Seat) -> Vec<Value> {
        each!(self, g => g.legal_actions(seat).iter().map(to_json).collect())
    }

    /// Decodes and applies an action given as JSON. On error nothing changed.
    pub fn act(
        &mut self,
        seat: Seat,
        action: &Value,
    ) -> Result<Vec<Addressed<Value>>, ActionError> {
        each!(self, g => act_typed(g, seat, action))
    }

    pub fn view(&self, viewer: Viewer) -> Value {
        each!(self, g => to_json(&g.view(viewer)))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, g => g.outcome())
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn deals(&self) -> Vec<Value> {
        each!(self, g => g.deals())
    }

    pub fn opening_events(&self) -> Vec<Addressed<Value>> {
        each!(self, g => g
            .opening_events()
            .into_iter()
            .map(|e| Addressed { to: e.to, event: to_json(&e.event) })
            .collect())
    }
}
