//! Bots in another process, spoken to in line-based JSON (`docs/bot-protocol.md`): both sides
//! of the protocol.
//!
//! - [`engine_side`]: the engine's side: a program in another process plays a seat
//!   ([`engine_side::OutsideBot`]);
//! - [`bot_side`]: the bot's side: a built-in bot speaking the protocol, for any host.

pub mod bot_side;
pub mod engine_side;
