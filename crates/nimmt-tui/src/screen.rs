//! Any game's table behind one object, for the loops that do not know the game: the terminal
//! loop, the online client. Actions, events and views cross it as JSON, as on the wire.

use crate::app::{ActionOf, App, EventOf, GameScreen, Input, ViewOf};
use crate::input::Effect;
use nimmt_core::record::GameRecord;
use nimmt_core::Seat;
use ratatui::Frame;
use serde_json::Value;
use std::any::Any;

/// A table of some game, as the shell drives it.
pub trait Screen {
    /// Handles one input; actions to send come out as JSON.
    fn handle(&mut self, input: Input) -> Vec<Effect<Value>>;
    /// News from the server: events, the view after them, the seat's legal actions. `Err` when
    /// the view cannot be read (the client then asks for the table anew).
    fn update(
        &mut self,
        events: &[Value],
        view: &Value,
        legal: &[Value],
    ) -> Result<Vec<Effect<Value>>, String>;
    fn draw(&self, frame: &mut Frame);
    /// Whether the table fits in the terminal.
    fn fits(&self) -> bool;
    fn is_over(&self) -> bool;
    /// Whether the player is asked to decide now.
    fn is_asked(&self) -> bool;
    fn pause_ready(&self) -> bool;
    /// Whether a window, a result or the steps cover the table's status line.
    fn busy(&self) -> bool;
    /// Adds a line to what the table tells.
    fn note(&mut self, line: String);
    fn log_lines(&self) -> &[String];
    /// The player's seat.
    fn me(&self) -> Seat;
    fn result_line(&self) -> Option<String>;
    /// The game record so far, when the game runs here.
    fn record(&self) -> Option<GameRecord>;
    /// The typed table, for callers (tests) that know the game.
    fn as_any(&self) -> &dyn Any;
}

fn json_effects<S: GameScreen>(effects: Vec<Effect<ActionOf<S>>>) -> Vec<Effect<Value>> {
    effects
        .into_iter()
        .map(|e| match e {
            Effect::Quit => Effect::Quit,
            Effect::SaveRecord => Effect::SaveRecord,
            Effect::Act(a) => Effect::Act(serde_json::to_value(&a).expect("actions serialize")),
        })
        .collect()
}

impl<S: GameScreen> Screen for App<S> {
    fn handle(&mut self, input: Input) -> Vec<Effect<Value>> {
        json_effects::<S>(App::handle(self, input))
    }

    fn update(
        &mut self,
        events: &[Value],
        view: &Value,
        legal: &[Value],
    ) -> Result<Vec<Effect<Value>>, String> {
        let view: ViewOf<S> = serde_json::from_value(view.clone()).map_err(|e| e.to_string())?;
        let events: Vec<EventOf<S>> = events
            .iter()
            .filter_map(|e| serde_json::from_value(e.clone()).ok())
            .collect();
        let legal: Vec<ActionOf<S>> = legal
            .iter()
            .filter_map(|a| serde_json::from_value(a.clone()).ok())
            .collect();
        Ok(json_effects::<S>(self.remote_update(
            events,
            view,
            Some(legal),
        )))
    }

    fn draw(&self, frame: &mut Frame) {
        crate::widgets::draw(self, frame)
    }

    fn fits(&self) -> bool {
        App::fits(self)
    }

    fn is_over(&self) -> bool {
        App::is_over(self)
    }

    fn is_asked(&self) -> bool {
        self.asked().is_some()
    }

    fn pause_ready(&self) -> bool {
        App::pause_ready(self)
    }

    fn busy(&self) -> bool {
        self.overlay.is_some() || self.pause.is_some() || self.animating()
    }

    fn note(&mut self, line: String) {
        App::note(self, line)
    }

    fn log_lines(&self) -> &[String] {
        App::log_lines(self)
    }

    fn me(&self) -> Seat {
        App::me(self)
    }

    fn result_line(&self) -> Option<String> {
        App::result_line(self)
    }

    fn record(&self) -> Option<GameRecord> {
        self.offline().map(|t| t.record())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
