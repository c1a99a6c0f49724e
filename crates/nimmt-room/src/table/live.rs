//! The running game as a table keeps it in memory: its setup, the game as it stands and the
//! actions it took, each as the JSON text the database stores (a few dozen bytes a move). A move
//! is checked, stored, and only then applied, by a step that cannot fail: nothing is copied to
//! be taken back. The finished game's record is written from here.

use nimmt_core::game::CheckedAction;
use nimmt_core::record::{RecordedAction, RecordedGame};
use nimmt_core::{ActionError, Addressed, Game, Seat, Setup, SetupError};
use serde_json::Value;
use std::ops::Range;

#[derive(Clone, Debug)]
pub struct Live {
    setup: Setup,
    game: Game,
    /// Every action so far, in order: the seat and the action as stored (JSON text).
    log: Vec<(Seat, Box<str>)>,
}

impl Live {
    /// A new game; the setup with its options written out in full, as a record keeps them.
    pub fn new(setup: Setup) -> Result<Live, SetupError> {
        let recorded = RecordedGame::new(setup)?;
        Ok(Live {
            setup: recorded.setup().clone(),
            game: recorded.game().clone(),
            log: Vec::new(),
        })
    }

    /// The game of `setup` with `actions` replayed, and how many of them the public may see.
    /// Names the first action the rules refuse.
    pub fn resume(setup: Setup, actions: &[RecordedAction]) -> anyhow::Result<(Live, usize)> {
        let mut live = Live::new(setup)?;
        let mut public = 0;
        for (i, a) in actions.iter().enumerate() {
            let checked = live
                .check(a.seat, &a.action)
                .map_err(|e| anyhow::anyhow!("logged action {i} is refused: {e}"))?;
            live.apply(checked, a.action.to_string().into());
            if live.game.log_is_public() {
                public = i + 1;
            }
        }
        Ok((live, public))
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game alone, without its setup and log.
    pub fn into_game(self) -> Game {
        self.game
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// How many actions the game has taken.
    pub fn actions(&self) -> u64 {
        self.log.len() as u64
    }

    /// Checks `seat`'s action against the game as it stands; nothing changes.
    pub fn check(&self, seat: Seat, action: &Value) -> Result<CheckedAction, ActionError> {
        self.game.check(seat, action)
    }

    /// Applies a checked action (`text`: the action as stored) and logs it.
    pub fn apply(&mut self, checked: CheckedAction, text: Box<str>) -> Vec<Addressed<Value>> {
        self.log.push((checked.seat(), text));
        self.game.apply_checked(checked)
    }

    /// The actions of `range` of the log, as a record holds them.
    pub fn recorded(&self, range: Range<usize>) -> Vec<RecordedAction> {
        self.log[range]
            .iter()
            .map(|(seat, text)| RecordedAction {
                seat: *seat,
                action: serde_json::from_str(text).expect("a logged action is JSON"),
            })
            .collect()
    }

    /// Every action so far, as a record holds them.
    pub fn all_recorded(&self) -> Vec<RecordedAction> {
        self.recorded(0..self.log.len())
    }
}
