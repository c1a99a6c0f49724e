//! One module per subcommand.

pub mod bench;
pub mod play;
pub mod replay;
pub mod sim;
