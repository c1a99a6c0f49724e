//! The shape every game of the family takes: a state machine that says who must decide what,
//! checks actions before it changes anything, and shows each viewer only what it may see.

use crate::descriptor::{GameDescriptor, ScoreSense};
use crate::error::{ActionError, SetupError};
use crate::game_data::GameData;
use crate::options::OptionMap;
use crate::seat::{Addressed, Seat, Viewer};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// One game of the family. Implemented once per game module under `games/`, and registered by
/// one line in `games/mod.rs`.
///
/// The contract every implementation keeps (and `tests/contract.rs` checks for every registered
/// game):
/// - `act` returns `Ok` exactly for the actions `legal_actions` lists, and on `Err` the state is
///   unchanged; `check` accepts exactly what `act` accepts (with `act`'s error otherwise), and
///   `apply_checked` of a checked action does what `act` does;
/// - `pending` lists every seat that may act now (each seat `asked` answers for); a
///   simultaneous choice lists several seats;
/// - `view` shows a viewer nothing of other seats' hidden cards, nor the random generator: two
///   states that differ only in what the viewer may not see ([`Rules::hide_from`]) look the same;
/// - the cards of the game ([`Rules::census`]) are neither made nor lost.
pub trait Rules: Clone + Debug + PartialEq + Send + Sync + 'static {
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

    /// Name, seats, scoring sense, option schema (see [`GameDescriptor`]).
    fn descriptor() -> GameDescriptor;

    /// Checks options given as `key=value` (unknown keys and bad values are refused), with the
    /// game data the setup carries (a board file; empty for most games).
    fn parse_options(
        players: usize,
        options: &OptionMap,
        data: &GameData,
    ) -> Result<Self::Options, SetupError>;
    /// The options written out in full, as stored in a record.
    fn options_map(options: &Self::Options) -> OptionMap;
    /// The game data the options hold, as stored in a record (empty for most games).
    fn options_data(_options: &Self::Options) -> GameData {
        GameData::new()
    }
    /// A new game, dealt from `seed`.
    fn new(players: usize, options: Self::Options, seed: u64) -> Self;

    fn players(&self) -> usize;
    fn options(&self) -> &Self::Options;
    /// What `seat` is asked to decide now, if anything (`None` once the game is over, and for
    /// a seat that is not at the table).
    fn asked(&self, seat: Seat) -> Option<Self::Decision>;
    /// The seats that must (or may) decide now, with what each is asked. Empty once over.
    fn pending(&self) -> Vec<(Seat, Self::Decision)> {
        Seat::all(self.players())
            .filter_map(|s| self.asked(s).map(|d| (s, d)))
            .collect()
    }
    /// Every action `act` accepts from `seat` now.
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// Checks the action, then applies it. On error nothing changed.
    fn act(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Addressed<Self::Event>>, ActionError>;
    /// Checks `seat`'s action against the game as it stands, changing nothing: the checked
    /// action, which [`Rules::apply_checked`] then carries out, or the error `act` gives for it.
    /// A server checks a move, stores it, and only then applies it.
    ///
    /// The default checks against `legal_actions` (which lists exactly what `act` accepts); a
    /// refusal's reason is `act`'s, found on a copy of the game (refusals are rare).
    fn check(
        &self,
        seat: Seat,
        action: Self::Action,
    ) -> Result<Checked<Self::Action>, ActionError> {
        if !self.legal_actions(seat).contains(&action) {
            self.clone().act(seat, &action)?;
        }
        Ok(Checked { seat, action })
    }
    /// Carries out an action [`Rules::check`] accepted on this game as it stands (nothing
    /// changed since): it cannot be refused.
    fn apply_checked(&mut self, checked: Checked<Self::Action>) -> Vec<Addressed<Self::Event>> {
        self.act(checked.seat, &checked.action)
            .expect("the rules accept the action they checked")
    }
    /// What `viewer` may see now.
    fn view(&self, viewer: Viewer) -> Self::View;
    /// The views of several viewers as JSON text, each exactly `serde_json::to_string` of its
    /// [`Rules::view`]. A game may write the parts every viewer shares once (a server sends a
    /// view to every seat after every move).
    fn view_texts(&self, viewers: &[Viewer]) -> Vec<String> {
        viewers
            .iter()
            .map(|&v| serde_json::to_string(&self.view(v)).expect("rules types serialize"))
            .collect()
    }
    /// The actions a seat's view allows it now: what `legal_actions` lists for that seat, worked
    /// out from the view alone (so bots and clients need nothing else).
    fn legal_in_view(view: &Self::View) -> Vec<Self::Action>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Every deal dealt so far (hidden cards included), for game records.
    fn deals(&self) -> Vec<serde_json::Value>;
    /// Events that introduce the game as it stands after `new` (first deal), addressed.
    fn opening_events(&self) -> Vec<Addressed<Self::Event>>;

    /// What an absent seat does when it must decide (an expired timer, a player gone): a
    /// plain, rule-book move that spends nothing (classic: the lowest card, C6's row; an
    /// intervention window: pass). `None` when `seat` is not asked.
    fn default_action(&self, seat: Seat) -> Option<Self::Action>;
    /// Whether the log of actions so far may be shown to everyone while the game runs (no action
    /// in it reveals a hidden card now).
    fn log_is_public(&self) -> bool;
    /// Every card (tile, special card) of the game wherever it lies, one token per card: hands,
    /// rows, piles, stacks, cards put aside. The multiset never changes during a game.
    fn census(&self) -> Vec<String>;
    /// This state with everything `viewer` may not see dealt anew from `seed` (other seats' hidden
    /// cards, face-down stacks), keeping what it may see. Its view for `viewer` is unchanged.
    fn hide_from(&self, viewer: Viewer, seed: u64) -> Self;

    /// Points of each deal finished so far, one list per deal, a score per seat in the game's
    /// sense (classic: bull heads taken in that deal). Empty for a game without deals; tools
    /// that count deals then take the whole game as one.
    fn deal_scores(&self) -> Vec<Vec<i32>> {
        Vec::new()
    }

    /// The game's own trace writer (`nimmt sim --trace`), if it brings one. Deals in its lines
    /// are numbered from `first_deal` (traces count deals on across games). `None` (the
    /// default): one line per action with the public events and the spectator's view
    /// (`StepTracer`).
    fn tracer(&self, _first_deal: u64) -> Option<Box<dyn Tracer<Self>>> {
        None
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Checks options and starts a game without game data.
    fn from_setup(players: usize, options: &OptionMap, seed: u64) -> Result<Self, SetupError> {
        Self::from_setup_with(players, options, &GameData::new(), seed)
    }

    /// Checks options and game data and starts a game.
    fn from_setup_with(
        players: usize,
        options: &OptionMap,
        data: &GameData,
        seed: u64,
    ) -> Result<Self, SetupError> {
        let (min, max) = Self::descriptor().players;
        if players < min || players > max {
            return Err(SetupError::Players {
                game: Self::KIND.name().to_owned(),
                min,
                max,
                got: players,
            });
        }
        let options = Self::parse_options(players, options, data)?;
        Ok(Self::new(players, options, seed))
    }
}

/// An action the rules accepted from a seat, not yet applied (see [`Rules::check`]). Only the
/// rules make one, so whoever holds it knows [`Rules::apply_checked`] takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked<A> {
    seat: Seat,
    action: A,
}

impl<A> Checked<A> {
    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn action(&self) -> &A {
        &self.action
    }
}

/// Writes a game's trace: JSON lines that describe turns or steps as they complete, for
/// researchers (`docs/record-format.md`, "Trace"). A game provides one through
/// [`Rules::tracer`]; the lines follow the trace header, which is the same for every game.
pub trait Tracer<R: Rules>: Send {
    /// Lines (each one JSON object) that describe the game as it stands after `new`.
    fn opening(&mut self, _game: &R) -> Vec<String> {
        Vec::new()
    }
    /// Lines completed by `seat`'s `action`, which caused `events`; `game` is the state after.
    fn lines(
        &mut self,
        game: &R,
        seat: Seat,
        action: &R::Action,
        events: &[Addressed<R::Event>],
    ) -> Vec<String>;
}

/// A game of the family, by name. The names are those of the registry in `games/mod.rs`; a
/// name read from outside (JSON, the command line) is checked against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct GameKind(&'static str);

impl GameKind {
    /// A kind by its name, for a game's own `Rules::KIND`.
    pub const fn new(name: &'static str) -> GameKind {
        GameKind(name)
    }

    pub fn name(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

/// A party that scores without a seat (the buffalo).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PartyScore {
    pub name: String,
    pub score: i32,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Outcome {
    /// Final score of each seat, in the game's own sense (classic: minus points).
    pub scores: Vec<i32>,
    /// The winners; several share a win. Empty when nobody at the table won (a team that lost).
    pub winners: Vec<Seat>,
    /// Whether lower or higher scores are better.
    #[serde(default)]
    pub sense: ScoreSense,
    /// Scores of parties without a seat (the buffalo's points beside the team's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<PartyScore>,
}

impl Outcome {
    /// Each seat with the best score wins (ties share), in the given sense.
    pub fn best_win(scores: Vec<i32>, sense: ScoreSense) -> Outcome {
        let best = sense.best(&scores);
        let winners = (0..scores.len())
            .filter(|&i| Some(scores[i]) == best)
            .map(|i| Seat(i as u8))
            .collect();
        Outcome {
            scores,
            winners,
            sense,
            others: Vec::new(),
        }
    }
}
