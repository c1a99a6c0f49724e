//! The running game as a table keeps it in memory: its setup, the game as it stands and how
//! many actions it has taken. The actions themselves are in the database (each stored before
//! anyone hears of it): memory does not grow with the length of a game, and a record is read
//! from the database.

use nimmt_core::record::{RecordedAction, RecordedGame};
use nimmt_core::{ActionError, Addressed, Game, Seat, Setup, SetupError};
use serde_json::Value;

#[derive(Clone, Debug)]
pub struct Live {
    setup: Setup,
    game: Game,
    /// Actions taken so far (the next one's index in the stored log).
    actions: u64,
    /// The game before the last action, until that action is stored (to take it back).
    before: Option<Game>,
}

impl Live {
    /// A new game; the setup with its options written out in full, as a record keeps them.
    pub fn new(setup: Setup) -> Result<Live, SetupError> {
        let recorded = RecordedGame::new(setup)?;
        Ok(Live {
            setup: recorded.setup().clone(),
            game: recorded.game().clone(),
            actions: 0,
            before: None,
        })
    }

    /// The game of `setup` with `actions` replayed, and how many of them the public may see.
    /// Names the first action the rules refuse.
    pub fn resume(setup: Setup, actions: &[RecordedAction]) -> anyhow::Result<(Live, usize)> {
        let mut live = Live::new(setup)?;
        let mut public = 0;
        for (i, a) in actions.iter().enumerate() {
            live.game
                .act(a.seat, &a.action)
                .map_err(|e| anyhow::anyhow!("logged action {i} is refused: {e}"))?;
            live.actions += 1;
            if live.game.log_is_public() {
                public = i + 1;
            }
        }
        Ok((live, public))
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// How many actions the game has taken.
    pub fn actions(&self) -> u64 {
        self.actions
    }

    /// Applies an action the rules accept; it can be taken back until [`Live::keep`].
    pub fn act(
        &mut self,
        seat: Seat,
        action: &Value,
    ) -> Result<Vec<Addressed<Value>>, ActionError> {
        let before = self.game.clone();
        let events = self.game.act(seat, action)?;
        self.before = Some(before);
        self.actions += 1;
        Ok(events)
    }

    /// The last action is stored: it stays.
    pub fn keep(&mut self) {
        self.before = None;
    }

    /// The last action could not be stored: the game as it was before it.
    pub fn take_back(&mut self) {
        if let Some(before) = self.before.take() {
            self.game = before;
            self.actions -= 1;
        }
    }
}
