//! Training of `net2`, the card-token network for classic 6 nimmt!, with candle: the search's
//! self-play written down ([`record`], [`records_file`]), the network in candle ([`network`]),
//! distillation ([`train`]), the check that the bot's plain-Rust forward pass agrees with the
//! trainer's ([`parity`]) and the command line (`nimmt learn`, [`cli`]).
//!
//! The bots and the server never build this crate: `net2` plays with its own forward pass.

pub mod cli;
pub mod network;
pub mod parity;
pub mod record;
pub mod records_file;
pub mod train;
