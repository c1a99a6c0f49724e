//! `nimmt learn`: records the search's self-play, trains the card-token network `net2` on it
//! with candle and checks the bot's forward pass against the trainer's (the `nimmt-learn` crate;
//! the recipe in docs/bots.md, "The card-token model").

pub use nimmt_learn::cli::{run, Args};
