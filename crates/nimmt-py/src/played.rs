//! A game that writes its own record, as `nimmt_core::record::RecordedGame` does, with a quiet
//! way to act for learning code: classic actions go to the typed rules and their events are not
//! turned into JSON.

use nimmt_core::games::classic::{Action, Classic};
use nimmt_core::record::{
    self, GameRecord, RecordedAction, RecordedGame, ReplayError, RECORD_FORMAT,
};
use nimmt_core::{ActionError, Addressed, Game, Rules, Seat, Setup, SetupError};
use serde::Deserialize;
use serde_json::Value;

/// A game with its setup (options written out in full) and every accepted action.
#[derive(Clone, Debug)]
pub struct Played {
    game: Game,
    setup: Setup,
    actions: Vec<RecordedAction>,
}

impl Played {
    /// Checks the setup and deals.
    pub fn new(setup: Setup) -> Result<Played, SetupError> {
        Ok(Played::from(RecordedGame::new(setup)?))
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Plays `action` of `seat` and records it; returns the events. On an error nothing changed.
    pub fn act(
        &mut self,
        seat: Seat,
        action: &Value,
    ) -> Result<Vec<Addressed<Value>>, ActionError> {
        let events = self.game.act(seat, action)?;
        self.actions.push(RecordedAction {
            seat,
            action: action.clone(),
        });
        Ok(events)
    }

    /// [`Played::act`] without the events.
    pub fn act_quiet(&mut self, seat: Seat, action: &Value) -> Result<(), ActionError> {
        match self.game.downcast_mut::<Classic>() {
            Some(classic) => {
                let typed = Action::deserialize(action).map_err(|e| ActionError::Malformed {
                    reason: e.to_string(),
                })?;
                Rules::act(classic, seat, &typed)?;
            }
            None => {
                self.game.act(seat, action)?;
            }
        }
        self.actions.push(RecordedAction {
            seat,
            action: action.clone(),
        });
        Ok(())
    }

    /// The record so far.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            format: RECORD_FORMAT,
            game: self.setup.game,
            players: self.setup.players,
            options: self.setup.options.clone(),
            data: self.setup.data.clone(),
            seed: self.setup.seed,
            deals: self.game.deals(),
            actions: self.actions.clone(),
            outcome: self.game.outcome(),
        }
    }
}

/// One replayed action: the seat, the action and the events it caused.
pub type Step = (Seat, Value, Vec<Addressed<Value>>);

impl Played {
    /// Replays a record after checking it (every deal and action, as `nimmt replay` does):
    /// the game as it ended, and each action with its events.
    pub fn replay(record: &GameRecord) -> Result<(Played, Vec<Step>), ReplayError> {
        record::replay(record)?;
        let mut game = Played::new(record.setup())?;
        let mut steps = Vec::with_capacity(record.actions.len());
        for a in &record.actions {
            // Only what the checked replay skipped (an old record's window pass) is refused.
            if let Ok(events) = game.act(a.seat, &a.action) {
                steps.push((a.seat, a.action.clone(), events));
            }
        }
        Ok((game, steps))
    }
}

impl From<RecordedGame> for Played {
    fn from(recorded: RecordedGame) -> Played {
        Played {
            game: recorded.game().clone(),
            setup: recorded.setup().clone(),
            actions: recorded.actions().to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimmt_core::{GameKind, OptionMap};

    /// Quiet or not, the same actions make the same game and the same record as the core's
    /// recorded game.
    #[test]
    fn quiet_actions_record_what_the_core_records() {
        for name in ["classic", "help"] {
            let setup = Setup::new(GameKind::new(name), 3, OptionMap::new(), 4);
            let mut core = RecordedGame::new(setup.clone()).unwrap();
            let mut quiet = Played::new(setup.clone()).unwrap();
            let mut loud = Played::new(setup).unwrap();
            while let Some((seat, _)) = core.game().pending().first().cloned() {
                let action = core.game().legal_actions(seat).pop().unwrap();
                core.act(seat, &action).unwrap();
                quiet.act_quiet(seat, &action).unwrap();
                loud.act(seat, &action).unwrap();
            }
            assert_eq!(quiet.record(), core.record(), "{name}");
            assert_eq!(loud.record(), core.record(), "{name}");
            assert!(quiet.game() == core.game());
            let refused = quiet.act_quiet(Seat(0), &serde_json::json!({"type": "fly"}));
            assert!(refused.is_err());
            assert_eq!(
                quiet.record(),
                core.record(),
                "a refused action is not recorded"
            );
        }
    }
}
