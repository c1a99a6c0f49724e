//! A finished game step by step, as a spectator saw it (`GET /api/games/{id}/replay`): the
//! record is checked with core's `replay` (every deal against its seed, every action against the
//! rules, the outcome), then played again one action at a time, keeping each step's public
//! events and the spectator's view after it. A client shows a game from this without knowing
//! its rules.

use crate::records::TableRecord;
use nimmt_core::record::{replay, ReplayError};
use nimmt_core::{Addressed, Game, Viewer};
pub use nimmt_protocol::replay::{Replay, ReplayStep as Step};
use serde_json::Value;

fn public(events: Vec<Addressed<Value>>) -> Vec<Value> {
    events
        .into_iter()
        .filter(|e| e.to.admits(Viewer::Spectator))
        .map(|e| e.event)
        .collect()
}

/// The steps of a finished game's record; refused as core's `replay` refuses the record.
pub fn steps(table: &TableRecord) -> Result<Replay, ReplayError> {
    let record = &table.record;
    replay(record)?;
    let mut game = Game::new(&record.setup())?;
    let mut steps = Vec::with_capacity(record.actions.len() + 1);
    steps.push(Step {
        seat: None,
        action: None,
        events: public(game.opening_events()),
        view: game.view(Viewer::Spectator),
    });
    for (index, a) in record.actions.iter().enumerate() {
        let events = game
            .act(a.seat, &a.action)
            .map_err(|error| ReplayError::Action {
                index,
                seat: a.seat,
                action: a.action.to_string(),
                error,
            })?;
        steps.push(Step {
            seat: Some(a.seat),
            action: Some(a.action.clone()),
            events: public(events),
            view: game.view(Viewer::Spectator),
        });
    }
    Ok(Replay {
        game: record.game,
        players: record.players,
        names: table.seats.clone(),
        steps,
    })
}
