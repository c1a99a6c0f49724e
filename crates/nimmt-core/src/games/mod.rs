//! One module tree per game of the family, and the registry list: the only place that names
//! every game. A new game is a module tree here plus one line in [`GAMES`].

use crate::game_type::{GameType, Registered};

pub mod board;
pub mod buffalo;
pub mod classic;
pub mod help;

/// Every game of the family, in the order lists show them.
pub static GAMES: &[&dyn GameType] = &[
    &Registered::<classic::Classic>::NEW,
    &Registered::<help::Help>::NEW,
    &Registered::<buffalo::Buffalo>::NEW,
    &Registered::<board::Board>::NEW,
];
