//! The trace of a game that writes none of its own: after a first line with the spectator's view
//! of the opening, one line per action with the seat, the action, the public events it caused and
//! the spectator's view after it. Every game traces this way unless it brings its own tracer
//! (classic and HELP! do).

use crate::rules::{Rules, Tracer};
use crate::seat::{Addressed, Seat, Viewer};
use serde_json::json;

/// Writes one line per action of any game.
#[derive(Clone, Debug, Default)]
pub struct StepTracer {
    step: u64,
}

impl<R: Rules> Tracer<R> for StepTracer {
    fn opening(&mut self, game: &R) -> Vec<String> {
        vec![json!({"step": 0, "view": game.view(Viewer::Spectator)}).to_string()]
    }

    fn lines(
        &mut self,
        game: &R,
        seat: Seat,
        action: &R::Action,
        events: &[Addressed<R::Event>],
    ) -> Vec<String> {
        self.step += 1;
        let public: Vec<&R::Event> = events
            .iter()
            .filter(|e| e.to.admits(Viewer::Spectator))
            .map(|e| &e.event)
            .collect();
        vec![json!({
            "step": self.step,
            "seat": seat,
            "action": action,
            "events": public,
            "view": game.view(Viewer::Spectator),
        })
        .to_string()]
    }
}
