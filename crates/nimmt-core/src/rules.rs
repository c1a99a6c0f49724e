//! The shape every game of the family takes: a state machine that says who must decide what,
//! checks actions before it changes anything, and shows each viewer only what it may see.

use crate::error::{ActionError, SetupError};
use crate::options::OptionMap;
use crate::seat::{Addressed, Seat, Viewer};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// One game of the family. Implemented once per game module under `games/`.
///
/// The contract every implementation keeps (and the property tests check):
/// - `act` returns `Ok` exactly for the actions `legal_actions` lists, and on `Err` the state is
///   unchanged;
/// - `pending` lists every seat that may act now; a simultaneous choice lists several seats;
/// - `view` shows a viewer nothing of other seats' hidden cards, nor the random generator.
pub trait Rules: Clone + Send + Sync + 'static {
    /// Typed, checked options of this game.
    type Options: Clone + Debug + PartialEq + Send + Sync;
    /// What a seat may do.
    type Action: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync;
    /// What happened, addressed to whoever may learn of it.
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer sees.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What a seat is asked to decide.
    type Decision: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync;

    /// The game's name in options, records and the protocol.
    const KIND: GameKind;
    /// The smallest and largest number of seats.
    const PLAYERS: (usize, usize);

    /// Checks options given as `key=value` (unknown keys and bad values are refused).
    fn parse_options(players: usize, options: &OptionMap) -> Result<Self::Options, SetupError>;
    /// The options written out in full, as stored in a record.
    fn options_map(options: &Self::Options) -> OptionMap;
    /// A new game, dealt from `seed`.
    fn new(players: usize, options: Self::Options, seed: u64) -> Self;

    fn players(&self) -> usize;
    fn options(&self) -> &Self::Options;
    /// The seats that must (or may) decide now, with what each is asked. Empty once over.
    fn pending(&self) -> Vec<(Seat, Self::Decision)>;
    /// Every action `act` accepts from `seat` now.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// Checks the action, then applies it. On error nothing changed.
    fn act(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Addressed<Self::Event>>, ActionError>;
    /// What `viewer` may see now.
    fn view(&self, viewer: Viewer) -> Self::View;
    /// The actions a seat's view allows it now: what `legal_actions` lists for that seat, worked
    /// out from the view alone (so bots and clients need nothing else).
    fn legal_in_view(view: &Self::View) -> Vec<Self::Action>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Every deal dealt so far (hidden cards included), for game records.
    fn deals(&self) -> Vec<serde_json::Value>;
    /// Events that introduce the game as it stands after `new` (first deal), addressed.
    fn opening_events(&self) -> Vec<Addressed<Self::Event>>;

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Checks options and starts a game.
    fn from_setup(players: usize, options: &OptionMap, seed: u64) -> Result<Self, SetupError> {
        let (min, max) = Self::PLAYERS;
        if players < min || players > max {
            return Err(SetupError::Players {
                game: Self::KIND.name().to_owned(),
                min,
                max,
                got: players,
            });
        }
        let options = Self::parse_options(players, options)?;
        Ok(Self::new(players, options, seed))
    }
}

/// The games of the family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// 6 nimmt! for 2–10 with its options and fan cards.
    Classic,
    /// HELP! for 3–5.
    Help,
}

impl GameKind {
    pub const ALL: [GameKind; 2] = [GameKind::Classic, GameKind::Help];

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Classic => "classic",
            GameKind::Help => "help",
        }
    }
}

impl std::str::FromStr for GameKind {
    type Err = SetupError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| SetupError::UnknownGame {
                name: s.to_owned(),
                known: GameKind::ALL.map(GameKind::name).join(", "),
            })
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score of each seat, in the game's own sense (classic: minus points).
    pub scores: Vec<i32>,
    /// The winners; several share a win.
    pub winners: Vec<Seat>,
}
