//! `nimmt.VecClassic`: many classic tables stepped in Rust, numpy in and out.

use crate::vector::{layout, style, VecClassic, CARDS};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVecClassic>()
}

/// Every table's observation and action mask.
type Observation<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<i8>>);
/// Observations, masks, rewards and dones after a step.
type Step<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
);

/// Many classic tables; seat 0 of each learns, the others play a style (`opponents`).
#[pyclass(name = "VecClassic", module = "nimmt")]
pub struct PyVecClassic {
    env: VecClassic,
}

impl PyVecClassic {
    fn observation<'py>(&self, py: Python<'py>) -> Observation<'py> {
        let n = self.env.len();
        let env = &self.env;
        let (obs, mask) = py.detach(|| {
            let mut obs = vec![0f32; n * layout::SIZE];
            let mut mask = vec![0u8; n * CARDS];
            env.observe(&mut obs, &mut mask);
            (obs, mask.into_iter().map(|m| m as i8).collect::<Vec<_>>())
        });
        (
            Array2::from_shape_vec((n, layout::SIZE), obs)
                .expect("the shape fits")
                .into_pyarray(py),
            Array2::from_shape_vec((n, CARDS), mask)
                .expect("the shape fits")
                .into_pyarray(py),
        )
    }
}

#[pymethods]
impl PyVecClassic {
    #[new]
    #[pyo3(signature = (tables, players = 4, hand_size = 10, seed = 0, opponents = "random"))]
    fn new(
        tables: usize,
        players: usize,
        hand_size: usize,
        seed: u64,
        opponents: &str,
    ) -> PyResult<Self> {
        let opponents = style(opponents).map_err(PyValueError::new_err)?;
        VecClassic::new(tables, players, hand_size, seed, opponents)
            .map(|env| PyVecClassic { env })
            .map_err(PyValueError::new_err)
    }

    #[getter]
    fn tables(&self) -> usize {
        self.env.len()
    }

    #[getter]
    fn players(&self) -> usize {
        self.env.players()
    }

    #[getter]
    fn observation_size(&self) -> usize {
        layout::SIZE
    }

    #[getter]
    fn action_count(&self) -> usize {
        CARDS
    }

    /// Deals every table anew (from `seed` if given); returns `(observations, masks)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> Observation<'py> {
        if let Some(seed) = seed {
            self.env.reset(seed);
        }
        self.observation(py)
    }

    /// The current `(observations, masks)` without stepping.
    fn observe<'py>(&self, py: Python<'py>) -> Observation<'py> {
        self.observation(py)
    }

    /// A random legal action for every table (card n as n − 1).
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut out = vec![0i64; self.env.len()];
        self.env.random_actions(&mut out);
        PyArray1::from_vec(py, out)
    }

    /// Plays one turn at every table with the learner's cards (`actions[t]` = card − 1);
    /// returns `(observations, masks, rewards, dones)`; a table whose deal ended is dealt
    /// anew, so its observation is the new deal's.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Step<'py>> {
        let actions = actions.as_slice()?;
        let n = self.env.len();
        let env = &mut self.env;
        let (rewards, done) = py
            .detach(|| {
                let mut rewards = vec![0f32; n];
                let mut done = vec![0u8; n];
                env.step(actions, &mut rewards, &mut done)
                    .map(|()| (rewards, done))
            })
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let (obs, mask) = self.observation(py);
        let done: Vec<bool> = done.into_iter().map(|d| d == 1).collect();
        Ok((
            obs,
            mask,
            PyArray1::from_vec(py, rewards),
            PyArray1::from_vec(py, done),
        ))
    }
}
