//! One table's bot process: the outside-bot protocol's engine side (the arena's own driver,
//! `nimmt_bots::outside_bot`), fed with the views the room sends for the bot's seat.
//!
//! Each table gets a thread of its own that starts the command, says `hello` and `new_game`
//! (seeded from the table's number), and then answers each decision the room asks. The driver
//! waits for the process's answer up to the time limit; a late, malformed or illegal answer is
//! replaced by the game's default bot, exactly as in an arena.

use nimmt_bots::endings::DealEnd;
use nimmt_bots::game_bots::GameBots;
use nimmt_bots::registry;
use nimmt_bots::spec::BotSpec;
use nimmt_bots::Bot;
use nimmt_core::games::{board::Board, buffalo::Buffalo, classic::Classic, help::Help};
use nimmt_core::{GameKind, Outcome, Rules};
use serde::Deserialize;
use serde_json::Value;
use std::sync::mpsc;
use std::time::Duration;
use tokio::sync::mpsc::UnboundedSender;

/// What the session hands a table's thread.
pub enum ToSeat {
    /// Decide for the seat: the answer goes back with `version`.
    Decide { version: u64, view: Value },
    /// A deal ended (`view`: the seat's view right after its last action).
    DealEnded { view: Value, end: DealEnd },
    /// The game is over: the process hears `end_game`, then its input closes.
    GameEnded(Outcome),
}

/// A table thread's answer to [`ToSeat::Decide`].
pub struct Answer {
    pub table: u64,
    pub version: u64,
    /// The action, or why there is none (the process could not start).
    pub action: Result<Value, String>,
}

/// A running table thread.
pub struct SeatHandle {
    tx: mpsc::Sender<ToSeat>,
}

impl SeatHandle {
    /// Starts the thread of `table` for a game of `kind`, its process running `command`.
    pub fn start(
        table: u64,
        kind: GameKind,
        command: String,
        timeout: Duration,
        answers: UnboundedSender<Answer>,
    ) -> SeatHandle {
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name(format!("table-{table}"))
            .spawn(move || run(table, kind, &command, timeout, rx, answers))
            .expect("a thread starts");
        SeatHandle { tx }
    }

    /// Hands the thread a message; false once it has ended.
    pub fn send(&self, message: ToSeat) -> bool {
        self.tx.send(message).is_ok()
    }
}

/// The seed of the table's game for the process's `new_game`: the table's number, so that a
/// table played again plays the same way.
pub fn seed_of(table: u64) -> u64 {
    table
}

fn run(
    table: u64,
    kind: GameKind,
    command: &str,
    timeout: Duration,
    rx: mpsc::Receiver<ToSeat>,
    answers: UnboundedSender<Answer>,
) {
    // A process that could not start answers every decision with the reason; the table plays
    // its default move.
    let mut seat = start(kind, command, seed_of(table), timeout);
    for message in rx {
        match (message, seat.as_mut()) {
            (ToSeat::Decide { version, view }, bot) => {
                let action = match bot {
                    Ok(bot) => bot.decide(&view),
                    Err(why) => Err(why.clone()),
                };
                if answers
                    .send(Answer {
                        table,
                        version,
                        action,
                    })
                    .is_err()
                {
                    return;
                }
            }
            (ToSeat::DealEnded { view, end }, Ok(bot)) => bot.deal_ended(&view, &end),
            (ToSeat::GameEnded(outcome), bot) => {
                if let Ok(bot) = bot {
                    bot.game_ended(&outcome);
                }
                return; // dropping the bot closes the process's input
            }
            (ToSeat::DealEnded { .. }, Err(_)) => {}
        }
    }
}

/// A table's bot behind JSON views.
trait Seat {
    fn decide(&mut self, view: &Value) -> Result<Value, String>;
    fn deal_ended(&mut self, view: &Value, end: &DealEnd);
    fn game_ended(&mut self, outcome: &Outcome);
}

struct Typed<R: Rules>(Box<dyn Bot<R>>);

impl<R: Rules> Seat for Typed<R> {
    fn decide(&mut self, view: &Value) -> Result<Value, String> {
        let view = R::View::deserialize(view).map_err(|e| format!("a view of {}: {e}", R::KIND))?;
        serde_json::to_value(self.0.decide(&view)).map_err(|e| e.to_string())
    }
    fn deal_ended(&mut self, view: &Value, end: &DealEnd) {
        if let Ok(view) = R::View::deserialize(view) {
            self.0.deal_ended(&view, end);
        }
    }
    fn game_ended(&mut self, outcome: &Outcome) {
        self.0.game_ended(outcome);
    }
}

fn typed<R: GameBots>(
    command: &str,
    seed: u64,
    timeout: Duration,
) -> Result<Box<dyn Seat>, String> {
    let spec = BotSpec::Cmd(command.to_owned());
    let mut bot = registry::build::<R>(&spec, seed, timeout).map_err(|e| e.to_string())?;
    bot.reseed(seed);
    Ok(Box::new(Typed(bot)))
}

/// Starts `command` for a game of `kind`: `hello` and `new_game` are on their way when it returns.
fn start(
    kind: GameKind,
    command: &str,
    seed: u64,
    timeout: Duration,
) -> Result<Box<dyn Seat>, String> {
    if kind == Classic::KIND {
        typed::<Classic>(command, seed, timeout)
    } else if kind == Help::KIND {
        typed::<Help>(command, seed, timeout)
    } else if kind == Buffalo::KIND {
        typed::<Buffalo>(command, seed, timeout)
    } else if kind == Board::KIND {
        typed::<Board>(command, seed, timeout)
    } else {
        Err(format!("the bridge does not play {kind} yet"))
    }
}
