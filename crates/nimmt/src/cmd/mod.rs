//! One module per subcommand.

pub mod admin;
pub mod analyse;
pub mod arena;
pub mod arena_report;
pub mod backup;
pub mod bench;
pub mod bot;
pub mod bot_connect;
pub mod learn;
pub mod loadtest;
pub mod play;
pub mod ratings;
pub mod replay;
pub mod room_sim;
pub mod serve;
pub mod sim;
pub mod train;
