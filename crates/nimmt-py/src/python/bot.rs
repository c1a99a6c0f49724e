//! `nimmt.Bot`: a built-in bot (or an outside program) deciding from a seat's JSON view.

use super::convert::{from_py, to_py, BotError};
use super::game::{kind, PyGame};
use nimmt_bots::registry::{family, JsonBot};
use nimmt_bots::spec::BotSpec;
use pyo3::prelude::*;
use std::sync::Mutex;
use std::time::Duration;

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBot>()
}

/// A bot of one game.
#[pyclass(name = "Bot", module = "nimmt")]
pub struct PyBot {
    bot: Mutex<Box<dyn JsonBot>>,
    game: &'static str,
}

/// The game's name from a name or a `Game`.
fn game_name(py: Python<'_>, game: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    if let Ok(g) = game.cast::<PyGame>() {
        return Ok(g.borrow().inner.game().kind().name());
    }
    Ok(kind(py, &game.extract::<String>()?)?.name())
}

#[pymethods]
impl PyBot {
    /// `Bot(spec, game="classic", seed=0, timeout_ms=2000)`: `spec` as the command line writes
    /// it (`random`, `greedy`, `mcts:iters=2000`, `cmd:COMMAND`, ...); `game` a game's name or a
    /// `Game`; `timeout_ms` an outside bot's time per decision.
    #[new]
    #[pyo3(signature = (spec, game = None, seed = 0, timeout_ms = 2000))]
    fn new(
        py: Python<'_>,
        spec: &str,
        game: Option<&Bound<'_, PyAny>>,
        seed: u64,
        timeout_ms: u64,
    ) -> PyResult<Self> {
        let name = match game {
            Some(g) => game_name(py, g)?,
            None => "classic",
        };
        let kind = kind(py, name)?;
        let spec: BotSpec = spec
            .parse()
            .map_err(|e: nimmt_bots::spec::SpecError| BotError::new_err(e.to_string()))?;
        let family = family(kind).map_err(|e| BotError::new_err(e.to_string()))?;
        let bot = py
            .detach(|| family.json_bot(&spec, seed, Duration::from_millis(timeout_ms)))
            .map_err(|e| BotError::new_err(e.to_string()))?;
        Ok(PyBot {
            bot: Mutex::new(bot),
            game: kind.name(),
        })
    }

    /// The bot's name, e.g. `mcts:iters=2000`.
    #[getter]
    fn name(&self) -> String {
        self.bot.lock().expect("bot lock").name()
    }

    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// The bot's action for the decision `view` asks (a seat's view as `Game.view` gives it).
    /// With `legal` (the seat's legal actions) the answer is checked against them.
    #[pyo3(signature = (view, legal = None))]
    fn decide<'py>(
        &self,
        py: Python<'py>,
        view: &Bound<'py, PyAny>,
        legal: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let view = from_py(view)?;
        let legal = legal.map(from_py).transpose()?;
        let bot = &self.bot;
        let action = py
            .detach(|| bot.lock().expect("bot lock").decide(&view))
            .map_err(BotError::new_err)?;
        if let Some(serde_json::Value::Array(legal)) = &legal {
            if !legal.contains(&action) {
                return Err(BotError::new_err(format!(
                    "the bot chose {action}, which is not among the legal actions"
                )));
            }
        }
        to_py(py, &action)
    }

    fn __repr__(&self) -> String {
        format!("nimmt.Bot({:?}, game={:?})", self.name(), self.game)
    }
}
