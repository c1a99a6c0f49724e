//! An offline table: you at seat 0, bots of the game's own at the other seats, the game in this
//! process, and the game record written as it goes.

use crate::bots::{self, BotError};
use nimmt_bots::registry::GameBots;
use nimmt_bots::Bot;
use nimmt_core::record::{GameRecord, RecordedGame};
use nimmt_core::{ActionError, OptionMap, Seat, Setup, SetupError, Viewer};

/// The human's seat at an offline table.
pub const ME: Seat = Seat(0);

/// What an offline game is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfflineSetup {
    pub players: usize,
    pub options: OptionMap,
    /// A bot spec per bot seat (seats 1, 2, …).
    pub bots: Vec<String>,
    pub seed: u64,
}

/// Why an offline game could not start.
#[derive(Debug, thiserror::Error)]
pub enum OfflineError {
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Bot(#[from] BotError),
    #[error("{players} players need {needed} bots, but {given} were given")]
    BotCount {
        players: usize,
        needed: usize,
        given: usize,
    },
}

/// A game of `R` against bots.
pub struct OfflineTable<R: GameBots> {
    game: R,
    recorder: RecordedGame,
    bots: Vec<Box<dyn Bot<R>>>,
}

impl<R: GameBots> OfflineTable<R> {
    pub fn new(setup: &OfflineSetup) -> Result<Self, OfflineError> {
        let needed = setup.players.saturating_sub(1);
        if setup.bots.len() != needed {
            return Err(OfflineError::BotCount {
                players: setup.players,
                needed,
                given: setup.bots.len(),
            });
        }
        let game = R::from_setup(setup.players, &setup.options, setup.seed)?;
        let recorder = RecordedGame::new(Setup::new(
            R::KIND,
            setup.players,
            setup.options.clone(),
            setup.seed,
        ))?;
        let bots = setup
            .bots
            .iter()
            .enumerate()
            .map(|(i, spec)| bots::build::<R>(spec, bot_seed(setup.seed, i + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(OfflineTable {
            game,
            recorder,
            bots,
        })
    }

    pub fn players(&self) -> usize {
        self.game.players()
    }

    /// The names of the bots, seat 1 first.
    pub fn bot_names(&self) -> Vec<String> {
        self.bots.iter().map(|b| b.name()).collect()
    }

    /// What seat 0 sees now.
    pub fn view(&self) -> R::View {
        self.game.view(Viewer::Seat(ME))
    }

    /// The game itself (for tests and records).
    pub fn game(&self) -> &R {
        &self.game
    }

    /// Events that open the game, as seat 0 sees them.
    pub fn opening_events(&self) -> Vec<R::Event> {
        visible(self.game.opening_events())
    }

    /// Seat 0 acts. On error nothing changed.
    pub fn act(&mut self, action: R::Action) -> Result<Vec<R::Event>, ActionError> {
        self.act_as(ME, action)
    }

    fn act_as(&mut self, seat: Seat, action: R::Action) -> Result<Vec<R::Event>, ActionError> {
        let events = self.game.act(seat, &action)?;
        let json = serde_json::to_value(&action).expect("actions serialize");
        self.recorder
            .act(seat, &json)
            .expect("the recorder follows the same game");
        Ok(visible(events))
    }

    /// Whether a bot must decide now.
    pub fn bot_pending(&self) -> bool {
        self.game.pending().iter().any(|(s, _)| *s != ME)
    }

    /// Lets the first bot that must decide act; `None` when no bot is asked.
    pub fn bot_step(&mut self) -> Option<Vec<R::Event>> {
        let (seat, _) = self.game.pending().into_iter().find(|(s, _)| *s != ME)?;
        let view = self.game.view(Viewer::Seat(seat));
        let bot = &mut self.bots[seat.index() - 1];
        let mut action = bot.decide(&view);
        let legal = self.game.legal_actions(seat);
        if !legal.contains(&action) {
            // A bot must answer legally; should one not, its seat plays the first legal action
            // rather than stopping the game.
            action = legal[0].clone();
        }
        Some(
            self.act_as(seat, action)
                .expect("a legal action is accepted"),
        )
    }

    /// The game record so far (with the outcome once the game is over).
    pub fn record(&self) -> GameRecord {
        self.recorder.record()
    }
}

/// A bot seat's own seed, derived from the table's.
fn bot_seed(seed: u64, seat: usize) -> u64 {
    seed ^ (seat as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn visible<E>(events: Vec<nimmt_core::Addressed<E>>) -> Vec<E> {
    events
        .into_iter()
        .filter(|e| e.to.admits(Viewer::Seat(ME)))
        .map(|e| e.event)
        .collect()
}
