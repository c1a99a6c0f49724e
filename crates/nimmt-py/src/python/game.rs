//! `nimmt.Game`, `nimmt.games()`, `nimmt.replay()` and the encodings of `nimmt.spaces()`.

use super::convert::{self, engine_error, from_py, to_py, ActionError, ReplayError, SetupError};
use crate::encoding::Encoding;
use crate::encodings::encoding;
use crate::played::Played;
use nimmt_core::record::{self, GameRecord};
use nimmt_core::{registry, Addressed, GameKind, Seat, Setup, Viewer};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde_json::Value;

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(spaces, m)?)?;
    m.add_function(wrap_pyfunction!(game_from_record, m)?)?;
    Ok(())
}

/// The descriptors of every game: name, titles, seats, score sense, team, option schema.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_py(py, &registry::descriptors())
}

/// The game of that name.
pub fn kind(py: Python<'_>, name: &str) -> PyResult<GameKind> {
    registry::find(name)
        .map(|g| g.kind())
        .map_err(|e| engine_error::<SetupError, _>(py, &e))
}

/// `(observation size, number of actions)` of a game's encoding (`docs/python.md`).
#[pyfunction]
fn spaces(py: Python<'_>, game: &str) -> PyResult<(usize, usize)> {
    let e = encoding(kind(py, game)?);
    Ok((e.observation_size(), e.action_count()))
}

/// One seat's observation and action mask.
type SeatObservation<'py> = (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<i8>>);

/// A game being played, writing its own record.
#[pyclass(name = "Game", module = "nimmt")]
pub struct PyGame {
    pub inner: Played,
    encoding: Box<dyn Encoding>,
    /// Whether fewer or more points are better.
    sense: nimmt_core::ScoreSense,
}

impl PyGame {
    pub fn from_recorded(inner: Played) -> PyGame {
        let encoding = encoding(inner.game().kind());
        let sense = inner.game().descriptor().sense;
        PyGame {
            inner,
            encoding,
            sense,
        }
    }

    fn seat(&self, seat: usize) -> PyResult<Seat> {
        if seat < self.inner.game().players() {
            Ok(Seat(seat as u8))
        } else {
            Err(PyIndexError::new_err(format!(
                "there is no seat {seat} at a table of {} players",
                self.inner.game().players()
            )))
        }
    }
}

/// Events as Python objects: `[{"to": ..., "event": {...}}, ...]`.
fn events<'py>(py: Python<'py>, events: &[Addressed<Value>]) -> PyResult<Bound<'py, PyAny>> {
    to_py(py, events)
}

#[pymethods]
impl PyGame {
    /// `Game(game, players, options={}, seed=0)`: deals the first deal of `game` (`classic`,
    /// `help`, `buffalo`, `board`) for `players` seats with the table options given.
    #[new]
    #[pyo3(signature = (game, players, options = None, seed = 0))]
    fn new(
        py: Python<'_>,
        game: &str,
        players: usize,
        options: Option<&Bound<'_, PyDict>>,
        seed: u64,
    ) -> PyResult<Self> {
        let setup = Setup::new(kind(py, game)?, players, convert::options(options)?, seed);
        let inner = py
            .detach(|| Played::new(setup))
            .map_err(|e| engine_error::<SetupError, _>(py, &e))?;
        Ok(PyGame::from_recorded(inner))
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game().kind().name()
    }

    #[getter]
    fn players(&self) -> usize {
        self.inner.game().players()
    }

    /// Every option written out (defaults included).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.setup().options)
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.inner.setup().seed
    }

    /// The seats that must decide now, each with what it is asked: `[(seat, decision), ...]`.
    fn pending<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items = self
            .inner
            .game()
            .pending()
            .into_iter()
            .map(|(seat, decision)| {
                PyTuple::new(
                    py,
                    [seat.0.into_pyobject(py)?.into_any(), to_py(py, &decision)?],
                )
            })
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    /// The actions `seat` may take now (empty when it is not asked).
    fn legal<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        to_py(py, &self.inner.game().legal_actions(seat))
    }

    /// Plays `action` for `seat`; returns the events it caused, each with its audience. A
    /// refused action raises `ActionError` (with the engine's `code`) and changes nothing.
    fn act<'py>(
        &mut self,
        py: Python<'py>,
        seat: usize,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        let action = from_py(action)?;
        let inner = &mut self.inner;
        let result = py.detach(|| inner.act(seat, &action));
        match result {
            Ok(new) => events(py, &new),
            Err(e) => Err(engine_error::<ActionError, _>(py, &e)),
        }
    }

    /// What `seat` sees (a spectator's view without a seat), as the protocol's JSON.
    #[pyo3(signature = (seat = None))]
    fn view<'py>(&self, py: Python<'py>, seat: Option<usize>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = match seat {
            Some(s) => Viewer::Seat(self.seat(s)?),
            None => Viewer::Spectator,
        };
        to_py(py, &self.inner.game().view(viewer))
    }

    /// The result (`scores`, `winners`, `sense`, ...), or None while the game goes on.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.game().outcome())
    }

    #[getter]
    fn is_over(&self) -> bool {
        self.inner.game().is_over()
    }

    /// What the rules do for an absent `seat` now (a timer's move), or None.
    fn default_action<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        to_py(py, &self.inner.game().default_action(seat))
    }

    /// Points of each finished deal, by seat.
    fn deal_scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.game().deal_scores())
    }

    /// The game's record so far (`docs/record-format.md`), as a dict.
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.inner.record())
    }

    /// An independent copy: acting on one leaves the other as it was.
    fn clone(&self) -> PyGame {
        PyGame::from_recorded(self.inner.clone())
    }

    /// Pickled as its record: unpickling replays it to the same state.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let rebuild = py.import("nimmt._nimmt")?.getattr("game_from_record")?;
        let record = serde_json::to_string(&self.inner.record())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((rebuild, (record,)))
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|o| o.borrow().inner.game() == self.inner.game())
    }

    fn __repr__(&self) -> String {
        format!(
            "nimmt.Game({:?}, players={}, seed={})",
            self.game(),
            self.players(),
            self.seed()
        )
    }

    /// `seat`'s observation as numbers and its action mask (`docs/python.md` has the layouts):
    /// `(float32 array, int8 array)`.
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<SeatObservation<'py>> {
        let seat = self.seat(seat)?;
        let (game, enc) = (self.inner.game(), &self.encoding);
        let (obs, mask) = py.detach(|| {
            let mut obs = vec![0f32; enc.observation_size()];
            let mut mask = vec![0u8; enc.action_count()];
            enc.observe(game, seat, &mut obs);
            enc.mask(game, seat, &mut mask);
            (obs, mask.into_iter().map(|m| m as i8).collect::<Vec<_>>())
        });
        Ok((PyArray1::from_vec(py, obs), PyArray1::from_vec(py, mask)))
    }

    /// The action of number `index` for `seat` now (see `observe`), or None if that number is
    /// not a legal action.
    fn action_of<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
        index: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        to_py(py, &self.encoding.action(self.inner.game(), seat, index))
    }

    /// Plays the action of number `index` for `seat` (without returning its events, for
    /// speed); one that is not legal now raises `ActionError` with code `illegal`.
    fn act_index(&mut self, py: Python<'_>, seat: usize, index: usize) -> PyResult<()> {
        let seat = self.seat(seat)?;
        let Some(action) = self.encoding.action(self.inner.game(), seat, index) else {
            let e = nimmt_core::ActionError::illegal(format!(
                "action number {index} is not legal for seat {} now",
                seat.0
            ));
            return Err(engine_error::<ActionError, _>(py, &e));
        };
        let inner = &mut self.inner;
        py.detach(|| inner.act_quiet(seat, &action))
            .map_err(|e| engine_error::<ActionError, _>(py, &e))
    }

    /// Each seat's score so far, signed so that more is better: once the game is over its final
    /// scores; before, the points of the finished deals (classic: and of this deal's bull
    /// heads taken). A game without deals scores at its end (zeros before). The environments'
    /// rewards are its changes.
    fn signed_scores(&self) -> Vec<f64> {
        use nimmt_core::ScoreSense;
        let game = self.inner.game();
        let signed = |sense: ScoreSense, points: f64| match sense {
            ScoreSense::Lower => -points,
            ScoreSense::Higher => points,
        };
        if let Some(o) = game.outcome() {
            return o
                .scores
                .iter()
                .map(|&s| signed(o.sense, f64::from(s)))
                .collect();
        }
        let sense = self.sense;
        let mut points = vec![0.0; game.players()];
        for deal in game.deal_scores() {
            for (p, s) in points.iter_mut().zip(deal) {
                *p += f64::from(s);
            }
        }
        if let Some(c) = game.downcast_ref::<nimmt_core::games::classic::Classic>() {
            for (p, d) in points.iter_mut().zip(c.deal_points()) {
                *p += f64::from(d);
            }
        }
        points.into_iter().map(|p| signed(sense, p)).collect()
    }

    /// The seats that must decide now.
    fn pending_seats(&self) -> Vec<u8> {
        self.inner
            .game()
            .pending()
            .iter()
            .map(|(s, _)| s.0)
            .collect()
    }

    /// One step of a parallel environment: every seat asked now plays its action number
    /// (`actions[seat]`; the others' are ignored), in seat order. A later seat whose choices an
    /// earlier seat's action changed (its number no longer stands for the action it stood
    /// for) is skipped, to be asked again; the first seat's action must be legal.
    fn act_parallel(&mut self, py: Python<'_>, actions: Vec<usize>) -> PyResult<()> {
        let players = self.inner.game().players();
        if actions.len() != players {
            return Err(PyValueError::new_err(format!(
                "{} actions given for {players} seats",
                actions.len()
            )));
        }
        let (inner, enc) = (&mut self.inner, &self.encoding);
        let refused = py.detach(|| {
            let asked: Vec<Seat> = inner.game().pending().iter().map(|(s, _)| *s).collect();
            let meant: Vec<Option<Value>> = asked
                .iter()
                .map(|&s| enc.action(inner.game(), s, actions[s.index()]))
                .collect();
            for (i, (&seat, meant)) in asked.iter().zip(meant).enumerate() {
                let Some(action) = meant else {
                    if i == 0 {
                        return Err(nimmt_core::ActionError::illegal(format!(
                            "action number {} is not legal for seat {} now",
                            actions[seat.index()],
                            seat.0
                        )));
                    }
                    continue;
                };
                if i > 0 {
                    let now = enc.action(inner.game(), seat, actions[seat.index()]);
                    if now.as_ref() != Some(&action) {
                        continue;
                    }
                }
                inner.act_quiet(seat, &action)?;
            }
            Ok(())
        });
        refused.map_err(|e| engine_error::<ActionError, _>(py, &e))
    }

    /// The mask of `seat` as a list of action numbers it may take.
    fn legal_indices(&self, seat: usize) -> PyResult<Vec<usize>> {
        let seat = self.seat(seat)?;
        let mut mask = vec![0u8; self.encoding.action_count()];
        self.encoding.mask(self.inner.game(), seat, &mut mask);
        Ok(mask
            .iter()
            .enumerate()
            .filter(|(_, &m)| m == 1)
            .map(|(i, _)| i)
            .collect())
    }

    /// Observations of several seats at once: `(float32 array seats×size, int8 array
    /// seats×actions)`.
    fn observe_seats<'py>(
        &self,
        py: Python<'py>,
        seats: Vec<usize>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let seats = seats
            .into_iter()
            .map(|s| self.seat(s))
            .collect::<PyResult<Vec<_>>>()?;
        let (game, enc) = (self.inner.game(), &self.encoding);
        let (size, count) = (enc.observation_size(), enc.action_count());
        let (obs, mask) = py.detach(|| {
            let mut obs = vec![0f32; seats.len() * size];
            let mut mask = vec![0u8; seats.len() * count];
            for (i, &seat) in seats.iter().enumerate() {
                enc.observe(game, seat, &mut obs[i * size..(i + 1) * size]);
                enc.mask(game, seat, &mut mask[i * count..(i + 1) * count]);
            }
            (obs, mask.into_iter().map(|m| m as i8).collect::<Vec<_>>())
        });
        let n = seats.len();
        let shaped = |e: numpy::ndarray::ShapeError| PyValueError::new_err(e.to_string());
        Ok((
            Array2::from_shape_vec((n, size), obs)
                .map_err(shaped)?
                .into_pyarray(py)
                .into_any(),
            Array2::from_shape_vec((n, count), mask)
                .map_err(shaped)?
                .into_pyarray(py)
                .into_any(),
        ))
    }
}

/// The game a record (a dict or JSON text) replays to, as it stands after its last action.
#[pyfunction]
fn game_from_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<PyGame> {
    let record = record_of(py, record)?;
    py.detach(|| Played::replay(&record))
        .map(|(game, _)| PyGame::from_recorded(game))
        .map_err(|e| engine_error::<ReplayError, _>(py, &ReplayText(e)))
}

/// A record from a dict or JSON text.
pub fn record_of(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<GameRecord> {
    let value = match record.extract::<String>() {
        Ok(text) => serde_json::from_str(&text)
            .map_err(|e| PyValueError::new_err(format!("not a record: {e}")))?,
        Err(_) => from_py(record)?,
    };
    serde_json::from_value(value).map_err(|e| {
        let _ = py;
        PyValueError::new_err(format!("not a record: {e}"))
    })
}

/// Replays a record (a dict or JSON text), checking every deal and action: returns
/// `{"game": Game, "opening": events, "steps": [{"seat", "action", "events"}, ...],
/// "outcome": ...}`; a record that does not replay raises `ReplayError`.
#[pyfunction]
fn replay<'py>(py: Python<'py>, record: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let record = record_of(py, record)?;
    let replayed = py.detach(|| {
        Played::replay(&record).map(|(game, steps)| {
            let opening = Played::new(record.setup())
                .map(|g| g.game().opening_events())
                .unwrap_or_default();
            (game, opening, steps)
        })
    });
    let (game, opening, steps) =
        replayed.map_err(|e| engine_error::<ReplayError, _>(py, &ReplayText(e)))?;
    let out = PyDict::new(py);
    out.set_item("outcome", to_py(py, &game.game().outcome())?)?;
    out.set_item("opening", events(py, &opening)?)?;
    let list = PyList::empty(py);
    for (seat, action, evs) in steps {
        let step = PyDict::new(py);
        step.set_item("seat", seat.0)?;
        step.set_item("action", to_py(py, &action)?)?;
        step.set_item("events", events(py, &evs)?)?;
        list.append(step)?;
    }
    out.set_item("steps", list)?;
    out.set_item("game", Py::new(py, PyGame::from_recorded(game))?)?;
    Ok(out)
}

/// A replay error as text (it has no JSON form of its own).
struct ReplayText(record::ReplayError);

impl std::fmt::Display for ReplayText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl serde::Serialize for ReplayText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let code = match &self.0 {
            record::ReplayError::Format { .. } => "format",
            record::ReplayError::Setup(_) => "setup",
            record::ReplayError::Action { .. } => "action",
            record::ReplayError::Deal { .. } => "deal",
            record::ReplayError::DealCount { .. } => "deal_count",
            record::ReplayError::Outcome { .. } => "outcome",
        };
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("code", code)?;
        m.serialize_entry("message", &self.0.to_string())?;
        m.end()
    }
}
