//! The analysis of a finished game: every decision of every seat is searched again from that
//! seat's view alone, every legal choice gets the search's estimate in the game's measure
//! ([`Measure`]: the points still to come in the deal, the chance to win, …), and the choice
//! made is compared with the best: its loss, and a mark when the loss passes the game's
//! thresholds ([`Thresholds`]). A summary per seat adds the losses up.
//!
//! - [`games`]: each game's estimates, from its own search;
//! - [`marks`]: the measures and the thresholds of the marks, per game;
//! - [`hint`]: the same estimates for one position, as a hint while playing.

mod games;
pub mod marks;

pub use marks::{Mark, Measure, Thresholds};

use games::Analysed;
use nimmt_core::game::decode_action;
use nimmt_core::games::{board::Board, buffalo::Buffalo, classic::Classic, help::Help};
use nimmt_core::record::{old_buffalo_pass, GameRecord, ReplayError, OLDEST_FORMAT, RECORD_FORMAT};
use nimmt_core::{ActionError, Game, GameKind, Seat, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One legal choice of a decision with the search's estimate of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    /// The action, as the game's JSON writes it.
    pub action: Value,
    /// A short name of the action (`play 55`, `take_row 2`).
    pub label: String,
    /// The estimate in the game's [`Measure`].
    pub estimate: f64,
}

/// One decision of one seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The action's index in the record's actions.
    pub index: usize,
    pub seat: Seat,
    /// The deal it was made in (0 = first), where the game has deals.
    pub deal: u32,
    /// Every choice that was searched, best first.
    pub choices: Vec<Choice>,
    /// The index in `choices` of the choice made.
    pub chosen: usize,
    /// What the choice made cost against the best, in the measure's unit (0: the best).
    pub loss: f64,
    pub mark: Option<Mark>,
}

/// What one seat's decisions cost.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    pub seat: Seat,
    /// Decisions with more than one choice.
    pub decisions: usize,
    /// The mean loss per decision.
    pub mean_loss: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

/// A whole game's analysis.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    pub game: GameKind,
    pub measure: Measure,
    pub thresholds: Thresholds,
    /// Playouts per decision.
    pub budget: u64,
    pub decisions: Vec<Decision>,
    pub seats: Vec<SeatSummary>,
}

/// Why a record could not be analysed.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    #[error("the record does not replay: {0}")]
    Replay(#[from] ReplayError),
    #[error("there is no analysis for {0}")]
    Game(String),
    #[error("the view is not one of {game}'s: {why}")]
    View { game: String, why: String },
}

/// The playouts per decision a game is analysed with unless told: about a tenth of a second a
/// decision for each game's search.
pub fn default_budget(kind: GameKind) -> u64 {
    match kind.name() {
        "classic" => 4000,
        "help" => 1000,
        "buffalo" => 300,
        _ => 200,
    }
}

/// Analyses every decision of `record` with `budget` playouts each (`seed`: the sampled worlds,
/// so an analysis repeats exactly).
pub fn analyse(record: &GameRecord, budget: u64, seed: u64) -> Result<Analysis, AnalysisError> {
    match record.game.name() {
        "classic" => analyse_typed::<Classic>(record, budget, seed),
        "help" => analyse_typed::<Help>(record, budget, seed),
        "buffalo" => analyse_typed::<Buffalo>(record, budget, seed),
        "board" => analyse_typed::<Board>(record, budget, seed),
        other => Err(AnalysisError::Game(other.to_owned())),
    }
}

/// Every choice of the decision a seat's `view` (the game's JSON view) asks, with its estimate,
/// best first: a hint for the player at that seat. `None` when there is nothing to choose.
pub fn hint(
    kind: GameKind,
    view: &Value,
    budget: u64,
    seed: u64,
) -> Result<Option<Vec<Choice>>, AnalysisError> {
    match kind.name() {
        "classic" => hint_typed::<Classic>(view, budget, seed),
        "help" => hint_typed::<Help>(view, budget, seed),
        "buffalo" => hint_typed::<Buffalo>(view, budget, seed),
        "board" => hint_typed::<Board>(view, budget, seed),
        other => Err(AnalysisError::Game(other.to_owned())),
    }
}

fn hint_typed<R: Analysed>(
    view: &Value,
    budget: u64,
    seed: u64,
) -> Result<Option<Vec<Choice>>, AnalysisError> {
    let view = R::View::deserialize(view).map_err(|e| AnalysisError::View {
        game: R::KIND.name().to_owned(),
        why: e.to_string(),
    })?;
    let legal = R::legal_in_view(&view);
    let Some(first) = legal.first().filter(|_| legal.len() > 1) else {
        return Ok(None);
    };
    let mut estimator = R::estimator(budget, seed);
    let Some(estimates) = R::estimate(&mut estimator, &view, first) else {
        return Ok(None);
    };
    Ok(Some(choices(R::MEASURE, estimates)))
}

/// The estimates as choices, best first.
fn choices<A: Serialize>(measure: Measure, estimates: Vec<(A, f64)>) -> Vec<Choice> {
    let mut choices: Vec<Choice> = estimates
        .into_iter()
        .map(|(a, estimate)| {
            let action = serde_json::to_value(a).expect("actions serialize");
            Choice {
                label: label(&action),
                action,
                estimate,
            }
        })
        .collect();
    choices.sort_by(|a, b| measure.order(a.estimate, b.estimate));
    choices
}

fn analyse_typed<R: Analysed>(
    record: &GameRecord,
    budget: u64,
    seed: u64,
) -> Result<Analysis, AnalysisError> {
    if !(OLDEST_FORMAT..=RECORD_FORMAT).contains(&record.format) {
        return Err(ReplayError::Format {
            found: record.format,
        }
        .into());
    }
    let thresholds = Thresholds::of(R::KIND);
    let mut game = Game::new(&record.setup()).map_err(ReplayError::from)?;
    let mut estimators: Vec<R::Estimator> = (0..record.players)
        .map(|s| R::estimator(budget, seed.wrapping_add(s as u64)))
        .collect();
    let mut decisions = Vec::new();
    for (index, a) in record.actions.iter().enumerate() {
        let bad = |error: ActionError| ReplayError::Action {
            index,
            seat: a.seat,
            action: a.action.to_string(),
            error,
        };
        let old_pass = old_buffalo_pass(record, &a.action);
        if old_pass.is_some() && !game.is_pending(a.seat) {
            // An old record's pass of a member the window no longer asks (see `replay`).
            continue;
        }
        let action = old_pass.as_ref().unwrap_or(&a.action);
        let typed: &R = game.downcast_ref().expect("the record's game");
        let view = typed.view(Viewer::Seat(a.seat));
        let chosen = decode_action::<R>(action).map_err(bad)?;
        let estimator = &mut estimators[a.seat.index()];
        if let Some(mut decision) = judge::<R>(estimator, &view, &chosen, &thresholds) {
            decision.index = index;
            decisions.push(decision);
        }
        game.act(a.seat, action).map_err(bad)?;
    }
    let seats = (0..record.players)
        .map(|s| summary(Seat(s as u8), &decisions))
        .collect();
    Ok(Analysis {
        game: R::KIND,
        measure: R::MEASURE,
        thresholds,
        budget,
        decisions,
        seats,
    })
}

/// The decision `view` asks with `chosen` made, judged: every choice's estimate, the loss of
/// the choice made and its mark (`index` 0: the caller numbers it). `None` when there was
/// nothing to choose or the game's analysis leaves the decision out.
fn judge<R: Analysed>(
    estimator: &mut R::Estimator,
    view: &R::View,
    chosen: &R::Action,
    thresholds: &Thresholds,
) -> Option<Decision> {
    if R::legal_in_view(view).len() <= 1 {
        return None;
    }
    let estimates = R::estimate(estimator, view, chosen)?;
    let chosen_json = serde_json::to_value(chosen).expect("actions serialize");
    let choices = choices(R::MEASURE, estimates);
    let at = choices.iter().position(|c| c.action == chosen_json)?;
    let loss = R::MEASURE.loss(choices[0].estimate, choices[at].estimate);
    Some(Decision {
        index: 0,
        seat: R::seat(view),
        deal: R::deal(view),
        chosen: at,
        loss,
        mark: thresholds.mark(loss),
        choices,
    })
}

fn summary(seat: Seat, decisions: &[Decision]) -> SeatSummary {
    let mine: Vec<&Decision> = decisions.iter().filter(|d| d.seat == seat).collect();
    let count = |m: Mark| mine.iter().filter(|d| d.mark == Some(m)).count();
    SeatSummary {
        seat,
        decisions: mine.len(),
        mean_loss: if mine.is_empty() {
            0.0
        } else {
            mine.iter().map(|d| d.loss).sum::<f64>() / mine.len() as f64
        },
        inaccuracies: count(Mark::Inaccuracy),
        mistakes: count(Mark::Mistake),
        blunders: count(Mark::Blunder),
    }
}

/// A short name of an action from its JSON: its type and its values (`play 55`,
/// `take_row 2`, `choose 12 40`).
pub fn label(action: &Value) -> String {
    let Value::Object(fields) = action else {
        return action.to_string();
    };
    let mut words: Vec<String> = Vec::new();
    if let Some(Value::String(kind)) = fields.get("type") {
        words.push(kind.clone());
    }
    for (key, value) in fields {
        if key == "type" {
            continue;
        }
        match value {
            Value::Bool(true) => words.push(key.clone()),
            Value::Bool(false) | Value::Null => {}
            Value::String(s) => words.push(s.clone()),
            Value::Array(items) => words.extend(items.iter().map(|i| match i {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            })),
            other => words.push(other.to_string()),
        }
    }
    words.join(" ")
}

#[cfg(test)]
mod tests;
