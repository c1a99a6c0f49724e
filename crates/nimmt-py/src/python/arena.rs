//! `nimmt.arena()`: the command line's arena, returning what `nimmt arena --json` prints.

use super::convert::{self, engine_error, BotError, SetupError};
use super::game::kind;
use nimmt_bots::arena::{json_report, ArenaConfig, ArenaError, Run};
use nimmt_bots::arena_records::deal_record;
use nimmt_bots::registry::{family, run_arena_with};
use nimmt_bots::spec::labelled;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Duration;

pub fn add(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(arena_json, m)?)?;
    m.add_function(wrap_pyfunction!(arena_records, m)?)
}

/// An arena's setup, checked as the command line checks it.
#[allow(clippy::too_many_arguments)]
fn config(
    py: Python<'_>,
    seats: Vec<String>,
    game: &str,
    deals: u64,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
    players: Option<usize>,
    threads: Option<usize>,
    bot_timeout_ms: u64,
) -> PyResult<ArenaConfig> {
    let kind = kind(py, game)?;
    let family = family(kind).map_err(|e| BotError::new_err(e.to_string()))?;
    let seats = seats
        .iter()
        .map(|s| {
            labelled(s)
                .and_then(|(label, spec)| family.check(&spec).map(|_| (label, spec)))
                .map_err(|e| BotError::new_err(format!("seat {s}: {e}")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    if deals == 0 {
        return Err(PyValueError::new_err("deals must be at least 1"));
    }
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let config = ArenaConfig {
        game: kind,
        players: players.unwrap_or(seats.len()),
        seats,
        options: convert::options(options)?,
        deals,
        seed,
        threads,
        bot_timeout: Duration::from_millis(bot_timeout_ms),
    };
    Ok(config)
}

/// An arena's error as the package's exception.
fn arena_error(py: Python<'_>, e: ArenaError) -> PyErr {
    match e {
        ArenaError::Setup(e) => engine_error::<SetupError, _>(py, &e),
        e => BotError::new_err(e.to_string()),
    }
}

/// Plays an arena and returns its JSON text (`nimmt.arena` parses it).
#[pyfunction]
#[pyo3(signature = (seats, game = "classic", deals = 1000, seed = 1, options = None, players = None, threads = None, first_deal = 0, bot_timeout_ms = 2000))]
#[allow(clippy::too_many_arguments)]
fn arena_json(
    py: Python<'_>,
    seats: Vec<String>,
    game: &str,
    deals: u64,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
    players: Option<usize>,
    threads: Option<usize>,
    first_deal: u64,
    bot_timeout_ms: u64,
) -> PyResult<String> {
    let config = config(
        py,
        seats,
        game,
        deals,
        seed,
        options,
        players,
        threads,
        bot_timeout_ms,
    )?;
    let report = py.detach(|| {
        let progress = |_: u64| {};
        let mut run = Run::new(&progress);
        run.first_deal = first_deal;
        run_arena_with(&config, run)
    });
    report
        .map(|report| json_report::json(&config, first_deal, &report))
        .map_err(|e| arena_error(py, e))
}

/// The records of arena deals `first_deal .. first_deal + deals` as JSON texts, each the deal
/// the arena plays with these arguments.
#[pyfunction]
#[pyo3(signature = (seats, game = "classic", deals = 1000, seed = 1, options = None, players = None, first_deal = 0, bot_timeout_ms = 2000))]
#[allow(clippy::too_many_arguments)]
fn arena_records(
    py: Python<'_>,
    seats: Vec<String>,
    game: &str,
    deals: u64,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
    players: Option<usize>,
    first_deal: u64,
    bot_timeout_ms: u64,
) -> PyResult<Vec<String>> {
    let config = config(
        py,
        seats,
        game,
        deals,
        seed,
        options,
        players,
        Some(1),
        bot_timeout_ms,
    )?;
    let records = py.detach(|| {
        (first_deal..first_deal + deals)
            .map(|deal| {
                let record = deal_record(&config, deal)?;
                Ok(serde_json::to_string(&record).expect("records serialize"))
            })
            .collect::<Result<Vec<_>, ArenaError>>()
    });
    records.map_err(|e| arena_error(py, e))
}
