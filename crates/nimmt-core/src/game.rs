//! Any game of the family behind one type: setup by name, JSON actions, views and events. This is
//! what the server, records, the arena and outside bots use; typed code uses the game modules.
//!
//! [`DynGame`] is implemented once, for every [`Rules`] type; nothing here names a game.

use crate::error::{ActionError, SetupError};
use crate::options::OptionMap;
use crate::rules::{Checked, GameKind, Outcome, Rules, Tracer};
use crate::seat::{Addressed, Seat, Viewer};
use crate::step_trace::StepTracer;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::any::Any;
use std::collections::BTreeMap;
use std::fmt;

pub use crate::game_data::GameData;

/// Everything that fixes a game before the first action: game, seats, options, data, seed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub game: GameKind,
    pub players: usize,
    #[serde(default)]
    pub options: OptionMap,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub data: GameData,
    pub seed: u64,
}

impl Setup {
    /// A setup without game data.
    pub fn new(game: GameKind, players: usize, options: OptionMap, seed: u64) -> Setup {
        Setup {
            game,
            players,
            options,
            data: GameData::new(),
            seed,
        }
    }
}

/// Refuses game data for a game that takes none.
pub fn no_data(game: GameKind, data: &GameData) -> Result<(), SetupError> {
    match data.keys().next() {
        None => Ok(()),
        Some(key) => Err(SetupError::Invalid {
            reason: format!("{game} takes no game data, but {key:?} was given"),
        }),
    }
}

pub(crate) fn to_json<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("rules types serialize")
}

/// Decodes a game's action from JSON, as `act` does before it checks the rules.
pub fn decode_action<R: Rules>(action: &Value) -> Result<R::Action, ActionError> {
    R::Action::deserialize(action).map_err(|e| ActionError::Malformed {
        reason: e.to_string(),
    })
}

fn addressed_json<E: Serialize>(events: Vec<Addressed<E>>) -> Vec<Addressed<Value>> {
    events
        .into_iter()
        .map(|e| Addressed {
            to: e.to,
            event: to_json(&e.event),
        })
        .collect()
}

/// A running game of any kind, with JSON in and out. Implemented for every [`Rules`] type.
pub trait DynGame: Send + Sync + 'static {
    fn kind(&self) -> GameKind;
    fn players(&self) -> usize;
    fn options_map(&self) -> OptionMap;
    fn options_data(&self) -> GameData;
    fn pending(&self) -> Vec<(Seat, Value)>;
    fn legal_actions(&self, seat: Seat) -> Vec<Value>;
    fn act(&mut self, seat: Seat, action: &Value) -> Result<Vec<Addressed<Value>>, ActionError>;
    /// Decodes and checks an action, changing nothing: the game's [`Checked`] action, boxed.
    fn check(&self, seat: Seat, action: &Value) -> Result<Box<dyn Any + Send + Sync>, ActionError>;
    /// Carries out what [`DynGame::check`] gave.
    fn apply_checked(&mut self, checked: Box<dyn Any + Send + Sync>) -> Vec<Addressed<Value>>;
    fn view(&self, viewer: Viewer) -> Value;
    /// The view as JSON text, serialized straight from the rules' type (no [`Value`] between).
    fn view_text(&self, viewer: Viewer) -> String;
    /// [`DynGame::view_text`] for several viewers at once.
    fn view_texts(&self, viewers: &[Viewer]) -> Vec<String>;
    /// The legal actions of `seat` as JSON text (an array).
    fn legal_text(&self, seat: Seat) -> String;
    fn outcome(&self) -> Option<Outcome>;
    fn deals(&self) -> Vec<Value>;
    fn opening_events(&self) -> Vec<Addressed<Value>>;
    fn default_action(&self, seat: Seat) -> Option<Value>;
    fn log_is_public(&self) -> bool;
    fn census(&self) -> Vec<String>;
    fn deal_scores(&self) -> Vec<Vec<i32>>;
    fn tracer(&self, first_deal: u64) -> Box<dyn DynTracer>;
    fn hide_from(&self, viewer: Viewer, seed: u64) -> Box<dyn DynGame>;
    fn same_state(&self, other: &dyn DynGame) -> bool;
    fn debug(&self) -> String;
    fn box_clone(&self) -> Box<dyn DynGame>;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<R: Rules> DynGame for R {
    fn kind(&self) -> GameKind {
        R::KIND
    }
    fn players(&self) -> usize {
        Rules::players(self)
    }
    fn options_map(&self) -> OptionMap {
        R::options_map(self.options())
    }
    fn options_data(&self) -> GameData {
        R::options_data(self.options())
    }
    fn pending(&self) -> Vec<(Seat, Value)> {
        Rules::pending(self)
            .iter()
            .map(|(s, d)| (*s, to_json(d)))
            .collect()
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Value> {
        Rules::legal_actions(self, seat)
            .iter()
            .map(to_json)
            .collect()
    }
    fn act(&mut self, seat: Seat, action: &Value) -> Result<Vec<Addressed<Value>>, ActionError> {
        let action = decode_action::<R>(action)?;
        Rules::act(self, seat, &action).map(addressed_json)
    }
    fn check(&self, seat: Seat, action: &Value) -> Result<Box<dyn Any + Send + Sync>, ActionError> {
        let action = decode_action::<R>(action)?;
        Ok(Box::new(Rules::check(self, seat, action)?))
    }
    fn apply_checked(&mut self, checked: Box<dyn Any + Send + Sync>) -> Vec<Addressed<Value>> {
        let checked = checked
            .downcast::<Checked<R::Action>>()
            .expect("an action checked by a game of this kind");
        addressed_json(Rules::apply_checked(self, *checked))
    }
    fn view(&self, viewer: Viewer) -> Value {
        to_json(&Rules::view(self, viewer))
    }
    fn view_text(&self, viewer: Viewer) -> String {
        serde_json::to_string(&Rules::view(self, viewer)).expect("rules types serialize")
    }
    fn view_texts(&self, viewers: &[Viewer]) -> Vec<String> {
        Rules::view_texts(self, viewers)
    }
    fn legal_text(&self, seat: Seat) -> String {
        serde_json::to_string(&Rules::legal_actions(self, seat)).expect("rules types serialize")
    }
    fn outcome(&self) -> Option<Outcome> {
        Rules::outcome(self)
    }
    fn deals(&self) -> Vec<Value> {
        Rules::deals(self)
    }
    fn opening_events(&self) -> Vec<Addressed<Value>> {
        addressed_json(Rules::opening_events(self))
    }
    fn default_action(&self, seat: Seat) -> Option<Value> {
        Rules::default_action(self, seat).map(|a| to_json(&a))
    }
    fn log_is_public(&self) -> bool {
        Rules::log_is_public(self)
    }
    fn census(&self) -> Vec<String> {
        Rules::census(self)
    }
    fn deal_scores(&self) -> Vec<Vec<i32>> {
        Rules::deal_scores(self)
    }
    fn tracer(&self, first_deal: u64) -> Box<dyn DynTracer> {
        let own = Rules::tracer(self, first_deal);
        Box::new(TypedTracer(
            own.unwrap_or_else(|| Box::new(StepTracer::default())),
        ))
    }
    fn hide_from(&self, viewer: Viewer, seed: u64) -> Box<dyn DynGame> {
        Box::new(Rules::hide_from(self, viewer, seed))
    }
    fn same_state(&self, other: &dyn DynGame) -> bool {
        other.as_any().downcast_ref::<R>() == Some(self)
    }
    fn debug(&self) -> String {
        format!("{self:?}")
    }
    fn box_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A game's trace writer behind JSON (see [`Tracer`]); made by [`Game::tracer`] and fed that
/// game's actions and events.
pub trait DynTracer: Send {
    /// Lines for the game as it starts, each a JSON object.
    fn opening(&mut self, game: &Game) -> Vec<String>;
    /// Lines completed by `seat`'s `action`, which `game` accepted with `events`.
    fn lines(
        &mut self,
        game: &Game,
        seat: Seat,
        action: &Value,
        events: &[Addressed<Value>],
    ) -> Vec<String>;
}

struct TypedTracer<R: Rules>(Box<dyn Tracer<R>>);

impl<R: Rules> TypedTracer<R> {
    fn game(game: &Game) -> &R {
        game.downcast_ref::<R>()
            .expect("a tracer is fed the game that made it")
    }
}

impl<R: Rules> DynTracer for TypedTracer<R> {
    fn opening(&mut self, game: &Game) -> Vec<String> {
        self.0.opening(Self::game(game))
    }

    fn lines(
        &mut self,
        game: &Game,
        seat: Seat,
        action: &Value,
        events: &[Addressed<Value>],
    ) -> Vec<String> {
        let action = decode_action::<R>(action).expect("an accepted action decodes");
        let events: Vec<Addressed<R::Event>> = events
            .iter()
            .map(|e| Addressed {
                to: e.to.clone(),
                event: R::Event::deserialize(&e.event).expect("the game's own events decode"),
            })
            .collect();
        self.0.lines(Self::game(game), seat, &action, &events)
    }
}

/// The version of the trace header [`Game::trace_header`] writes.
pub const TRACE_FORMAT: u32 = 1;

/// The first line of a trace (see [`Game::trace_header`]).
#[derive(Serialize)]
struct TraceHeader {
    trace: u32,
    game: GameKind,
    players: usize,
    options: OptionMap,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    data: GameData,
    seed: u64,
}

/// An action the rules accepted from a seat, not yet applied (see [`Game::check`]).
pub struct CheckedAction {
    seat: Seat,
    typed: Box<dyn Any + Send + Sync>,
}

impl CheckedAction {
    /// The seat whose action it is.
    pub fn seat(&self) -> Seat {
        self.seat
    }
}

impl fmt::Debug for CheckedAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CheckedAction({})", self.seat)
    }
}

/// A running game of any kind.
pub struct Game(Box<dyn DynGame>);

impl Clone for Game {
    fn clone(&self) -> Self {
        Game(self.0.box_clone())
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.debug())
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        self.0.same_state(other.0.as_ref())
    }
}

impl Game {
    /// Wraps a typed game.
    pub fn from_rules<R: Rules>(game: R) -> Game {
        Game(Box::new(game))
    }

    /// The typed game inside, if it is an `R`.
    pub fn downcast_ref<R: Rules>(&self) -> Option<&R> {
        self.0.as_any().downcast_ref::<R>()
    }

    /// The typed game inside, if it is an `R`.
    pub fn downcast_mut<R: Rules>(&mut self) -> Option<&mut R> {
        self.0.as_any_mut().downcast_mut::<R>()
    }

    pub fn kind(&self) -> GameKind {
        self.0.kind()
    }

    pub fn players(&self) -> usize {
        self.0.players()
    }

    /// The options written out in full.
    pub fn options_map(&self) -> OptionMap {
        self.0.options_map()
    }

    /// The game data the game is played with, as a record stores it.
    pub fn options_data(&self) -> GameData {
        self.0.options_data()
    }

    /// Seats that must decide now, with what each is asked (as JSON).
    pub fn pending(&self) -> Vec<(Seat, Value)> {
        self.0.pending()
    }

    /// Whether `seat` must decide now.
    pub fn is_pending(&self, seat: Seat) -> bool {
        self.pending().iter().any(|(s, _)| *s == seat)
    }

    pub fn legal_actions(&self, seat: Seat) -> Vec<Value> {
        self.0.legal_actions(seat)
    }

    /// Decodes and applies an action given as JSON. On error nothing changed.
    pub fn act(
        &mut self,
        seat: Seat,
        action: &Value,
    ) -> Result<Vec<Addressed<Value>>, ActionError> {
        self.0.act(seat, action)
    }

    /// Decodes and checks an action given as JSON, changing nothing: what
    /// [`Game::apply_checked`] then carries out, or the error [`Game::act`] gives for it.
    pub fn check(&self, seat: Seat, action: &Value) -> Result<CheckedAction, ActionError> {
        Ok(CheckedAction {
            seat,
            typed: self.0.check(seat, action)?,
        })
    }

    /// Carries out an action [`Game::check`] accepted on this game as it stands (nothing changed
    /// since): it cannot be refused, and does what [`Game::act`] does.
    pub fn apply_checked(&mut self, checked: CheckedAction) -> Vec<Addressed<Value>> {
        self.0.apply_checked(checked.typed)
    }

    pub fn view(&self, viewer: Viewer) -> Value {
        self.0.view(viewer)
    }

    /// [`Game::view`] as JSON text, for a server that sends it on: the same JSON, built
    /// without a [`Value`] tree (object keys in the rules' order).
    pub fn view_text(&self, viewer: Viewer) -> String {
        self.0.view_text(viewer)
    }

    /// [`Game::view_text`] for several viewers at once (the same texts; a game may write what
    /// they share once).
    pub fn view_texts(&self, viewers: &[Viewer]) -> Vec<String> {
        self.0.view_texts(viewers)
    }

    /// [`Game::legal_actions`] as JSON text (an array).
    pub fn legal_text(&self, seat: Seat) -> String {
        self.0.legal_text(seat)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn deals(&self) -> Vec<Value> {
        self.0.deals()
    }

    pub fn opening_events(&self) -> Vec<Addressed<Value>> {
        self.0.opening_events()
    }

    /// What an absent `seat` does now (see [`Rules::default_action`]).
    pub fn default_action(&self, seat: Seat) -> Option<Value> {
        self.0.default_action(seat)
    }

    /// Whether the action log so far may be shown to everyone now.
    pub fn log_is_public(&self) -> bool {
        self.0.log_is_public()
    }

    /// Every card of the game, one token each (see [`Rules::census`]).
    pub fn census(&self) -> Vec<String> {
        self.0.census()
    }

    /// Points of each deal finished so far (see [`Rules::deal_scores`]).
    pub fn deal_scores(&self) -> Vec<Vec<i32>> {
        self.0.deal_scores()
    }

    /// The game's trace writer, deals numbered from `first_deal`: its own, or one line per action.
    pub fn tracer(&self, first_deal: u64) -> Box<dyn DynTracer> {
        self.0.tracer(first_deal)
    }

    /// The first line of a trace: which game, seats, every option written out, game data and
    /// the seed, so a trace is recognisable (and repeatable) without its command line.
    pub fn trace_header(&self, seed: u64) -> String {
        let header = TraceHeader {
            trace: TRACE_FORMAT,
            game: self.kind(),
            players: self.players(),
            options: self.options_map(),
            data: self.options_data(),
            seed,
        };
        serde_json::to_string(&header).expect("a trace header serializes")
    }

    /// This state with what `viewer` may not see dealt anew (see [`Rules::hide_from`]).
    pub fn hide_from(&self, viewer: Viewer, seed: u64) -> Game {
        Game(self.0.hide_from(viewer, seed))
    }
}
