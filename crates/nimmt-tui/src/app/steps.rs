//! The events shown one step at a time: those that show at once, the rest a step per
//! [`STEP_TICKS`](super::STEP_TICKS) ticks, the results when a deal or the game ends.

use super::{ActionOf, App, Effect, EventOf, GameScreen, Pause, Source};
use nimmt_core::Rules;

impl<S: GameScreen> App<S> {
    pub(super) fn push_events(
        &mut self,
        events: Vec<EventOf<S>>,
        effects: &mut Vec<Effect<ActionOf<S>>>,
    ) {
        self.steps.extend(events);
        self.drain_instant(effects);
    }

    /// Shows every event up to the next one that deserves its own moment on screen.
    pub(super) fn drain_instant(&mut self, effects: &mut Vec<Effect<ActionOf<S>>>) {
        while let Some(e) = self.steps.front() {
            if S::is_slow(e) || self.pause.is_some() {
                break;
            }
            let e = self.steps.pop_front().expect("a step");
            self.apply(e, effects);
        }
        self.settle();
    }

    /// Shows the next event now.
    pub(super) fn advance(&mut self, effects: &mut Vec<Effect<ActionOf<S>>>) {
        self.ticks = 0;
        if let Some(e) = self.steps.pop_front() {
            self.apply(e, effects);
        }
        self.drain_instant(effects);
    }

    /// Once every step is shown, the screen shows the game's own view again.
    fn settle(&mut self) {
        if !self.steps.is_empty() || self.pause.is_some() {
            return;
        }
        let (shown, legal) = match &self.source {
            Source::Offline(table) => {
                let v = table.view();
                let legal = S::R::legal_in_view(&v);
                (v, legal)
            }
            Source::Remote { view, legal } => {
                let legal = legal.clone().unwrap_or_else(|| S::R::legal_in_view(view));
                ((**view).clone(), legal)
            }
        };
        if self.sent {
            // The move sent is shown made until the server answers.
            return;
        }
        self.shown = shown;
        self.legal = legal;
        S::settled(self);
    }

    fn apply(&mut self, event: EventOf<S>, effects: &mut Vec<Effect<ActionOf<S>>>) {
        S::apply(self, event);
        if self.is_over() && !self.saved {
            self.saved = true;
            effects.push(Effect::SaveRecord);
        }
        // A finished deal gives way to the game's result when the game ends with it.
        if matches!(self.pause, Some(Pause::DealOver { .. }))
            && self.steps.front().is_some_and(S::ends_game)
        {
            self.pause = None;
            let e = self.steps.pop_front().expect("the game's end");
            self.apply(e, effects);
        }
    }
}
