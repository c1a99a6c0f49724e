//! One module per subcommand.

pub mod arena;
pub mod bench;
pub mod play;
pub mod replay;
pub mod sim;
