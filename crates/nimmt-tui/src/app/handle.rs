//! One input handled: a resize, a tick, a key, a click; the player's action sent or applied.

use super::{ActionOf, App, Effect, EventOf, GameScreen, Input, Key, Overlay, Pause, Source};
use crate::text::T;
use nimmt_core::ActionError;

impl<S: GameScreen> App<S> {
    /// Handles one input; returns what the loop must do.
    pub fn handle(&mut self, input: Input) -> Vec<Effect<ActionOf<S>>> {
        let mut effects = Vec::new();
        match input {
            Input::Resize { width, height } => {
                self.width = width;
                self.height = height;
            }
            Input::Tick => self.tick(&mut effects),
            Input::Key(Key::CtrlC) => effects.push(Effect::Quit),
            Input::Key(key) => self.key(key, &mut effects),
            Input::Click { x, y } => self.click(x, y, &mut effects),
        }
        effects
    }

    fn tick(&mut self, effects: &mut Vec<Effect<ActionOf<S>>>) {
        if self.pause.is_some() {
            self.pause_age = self.pause_age.saturating_add(1);
        }
        if self.overlay.is_some() || self.pause.is_some() {
            return;
        }
        if !self.steps.is_empty() {
            self.ticks += 1;
            if self.ticks >= self.step_ticks {
                self.advance(effects);
            }
            return;
        }
        if let Source::Offline(table) = &mut self.source {
            if let Some(events) = table.bot_step() {
                self.push_events(events, effects);
            }
        }
    }

    fn key(&mut self, key: Key, effects: &mut Vec<Effect<ActionOf<S>>>) {
        if !self.fits() {
            if matches!(key, Key::Char('q') | Key::Esc) {
                effects.push(Effect::Quit);
            }
            return;
        }
        match self.overlay {
            Some(Overlay::ConfirmQuit) => {
                match key {
                    Key::Char('y' | 'Y' | 'j' | 'J') => effects.push(Effect::Quit),
                    Key::Char('n' | 'N' | 'q') | Key::Esc => self.overlay = None,
                    _ => {}
                }
                return;
            }
            Some(Overlay::Help) => {
                if matches!(key, Key::Esc | Key::Char('?' | 'q') | Key::F1 | Key::Enter) {
                    self.overlay = None;
                }
                return;
            }
            None => {}
        }
        match key {
            Key::Char('?') | Key::F1 => {
                self.overlay = Some(Overlay::Help);
                return;
            }
            Key::Char('q') if self.is_over() => {
                effects.push(Effect::Quit);
                return;
            }
            // Esc leaves, unless the game's screen has a choice open to step back from.
            Key::Esc if self.asked().is_some() && S::escape(self) => return,
            Key::Char('q') | Key::Esc => {
                self.overlay = Some(Overlay::ConfirmQuit);
                return;
            }
            _ => {}
        }
        if self.pause.is_some() && !self.pause_ready() {
            // A result stays a moment, so that keys meant for the steps do not skip it.
            return;
        }
        match &self.pause {
            Some(Pause::GameOver { .. }) => {
                if key == Key::Enter {
                    effects.push(Effect::Quit);
                }
                return;
            }
            Some(Pause::DealOver { .. }) => {
                if matches!(key, Key::Enter | Key::Char(' ')) {
                    self.pause = None;
                    self.drain_instant(effects);
                }
                return;
            }
            None => {}
        }
        if self.animating() {
            if matches!(key, Key::Enter | Key::Char(' ')) {
                self.advance(effects);
            }
            return;
        }
        if self.asked().is_none() {
            return;
        }
        if let Some(action) = S::key(self, key) {
            self.act(action, effects);
        }
    }

    fn click(&mut self, x: u16, y: u16, effects: &mut Vec<Effect<ActionOf<S>>>) {
        if self.overlay.is_some() || self.pause.is_some() || self.animating() || !self.fits() {
            // A click anywhere moves the steps on, like Enter.
            if self.overlay.is_none() && self.pause.is_none() && self.animating() {
                self.advance(effects);
            }
            return;
        }
        if self.asked().is_none() {
            return;
        }
        if let Some(action) = S::click(self, x, y) {
            self.act(action, effects);
        }
    }

    fn act(&mut self, action: ActionOf<S>, effects: &mut Vec<Effect<ActionOf<S>>>) {
        let result: Result<Vec<EventOf<S>>, ActionError> = match &mut self.source {
            Source::Offline(table) => table.act(action.clone()),
            Source::Remote { .. } => {
                // The server answers with the events; until then the screen shows the move as
                // made, and asks nothing more.
                effects.push(Effect::Act(action.clone()));
                S::acted(self, &action);
                self.sent = true;
                return;
            }
        };
        match result {
            Ok(events) => {
                S::acted(self, &action);
                self.push_events(events, effects);
                if S::shows_at_once(&action) && self.animating() {
                    self.advance(effects);
                }
            }
            Err(e) => self.log(self.lang.fill(T::Refused, &[&e])),
        }
    }
}
