//! A built-in bot as an outside program: the bot's side of `docs/bot-protocol.md`, so that any
//! host speaking the protocol can seat our bots.
//!
//! The bot reads `hello` (which names the game), then `new_game` (its seed: the bot starts
//! afresh from it, exactly as the arena reseeds a built-in bot at each deal, so a seat played
//! through the protocol chooses what the built-in seat chooses), `decide` (answered with one line
//! `{"id", "action"}`), `end_deal` and `end_game` (passed on to bots that want them). Unknown
//! message types and fields are ignored; the bot stops when its input ends. The entry point,
//! which finds the bots of the game `hello` names, is [`crate::registry::speak`].

use crate::endings::DealEnd;
use crate::game_bots::GameBots;
use crate::spec::{Builtin, SpecError};
use nimmt_core::{GameKind, Outcome};
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::{BufRead, Write};

/// Why the bot stopped before its input ended.
#[derive(Debug, thiserror::Error)]
pub enum SpeakError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error("an outside program cannot speak for a seat here: give a built-in bot")]
    NotBuiltin,
    #[error("reading or writing the protocol: {0}")]
    Io(#[from] std::io::Error),
    #[error("line {line}: {why}")]
    Message { line: usize, why: String },
}

/// The protocol's lines, numbered for messages about them.
pub struct Lines<'a> {
    input: &'a mut dyn BufRead,
    /// The number of the last line read.
    pub number: usize,
}

impl<'a> Lines<'a> {
    pub fn new(input: &'a mut dyn BufRead) -> Lines<'a> {
        Lines { input, number: 0 }
    }

    /// The next message, skipping empty lines; `None` at the end of the input.
    fn next_message(&mut self) -> Result<Option<Value>, SpeakError> {
        loop {
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                return Ok(None);
            }
            self.number += 1;
            if line.trim().is_empty() {
                continue;
            }
            return serde_json::from_str(&line)
                .map(Some)
                .map_err(|e| self.error(format!("not JSON: {e}")));
        }
    }

    fn error(&self, why: String) -> SpeakError {
        SpeakError::Message {
            line: self.number,
            why,
        }
    }
}

/// Reads the host's lines up to `hello` and returns the game it names; `None` when the input
/// ends first.
pub fn hello(lines: &mut Lines<'_>) -> Result<Option<GameKind>, SpeakError> {
    let hello = loop {
        match lines.next_message()? {
            None => return Ok(None),
            Some(m) if m["type"] == "hello" => break m,
            Some(_) => continue,
        }
    };
    serde_json::from_value(hello["game"].clone())
        .map(Some)
        .map_err(|e| lines.error(format!("hello names no game of the family: {e}")))
}

/// [`crate::registry::speak`] for game `R`, after `hello`.
pub fn speak_as<R: GameBots>(
    spec: &Builtin,
    lines: &mut Lines<'_>,
    output: &mut dyn Write,
) -> Result<(), SpeakError> {
    let mut bot = R::builtin(spec, 0)?;
    while let Some(message) = lines.next_message()? {
        let field = |name: &str| message.get(name).cloned().unwrap_or(Value::Null);
        let read = |name: &str| -> Result<R::View, SpeakError> {
            R::View::deserialize(field(name))
                .map_err(|e| lines.error(format!("not a {} view: {e}", R::KIND)))
        };
        match message["type"].as_str() {
            Some("new_game") => {
                let seed = message["seed"]
                    .as_u64()
                    .ok_or_else(|| lines.error("new_game without a seed".into()))?;
                bot.reseed(seed);
            }
            Some("decide") => {
                let view = read("view")?;
                let action = bot.decide(&view);
                let answer = json!({"id": field("id"), "action": action});
                output.write_all(format!("{answer}\n").as_bytes())?;
                output.flush()?;
            }
            Some("end_deal") if bot.hears_endings() => {
                let view = read("view")?;
                let end = DealEnd {
                    deal: message["deal"].as_u64().unwrap_or(0) as u32,
                    points: serde_json::from_value(field("points")).unwrap_or(None),
                };
                bot.deal_ended(&view, &end);
            }
            Some("end_game") if bot.hears_endings() => {
                if let Ok(outcome) = serde_json::from_value::<Outcome>(field("outcome")) {
                    bot.game_ended(&outcome);
                }
            }
            _ => {}
        }
    }
    Ok(())
}
