//! What happens in the simulated room at one step, drawn from the seed. Every action names its
//! client, table and choice by a number taken modulo what exists at that moment, so a shortened
//! list of actions still replays (the shrinking of a failure relies on it).

use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// How a client's move goes wrong (or not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Legal,
    /// An action the rules refuse.
    Illegal,
    /// A legal action on an older version.
    Stale,
    /// The last move sent again.
    Duplicate,
}

/// One step of the simulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimAction {
    /// A client opens a table of the `game`-th game.
    Open {
        client: u8,
        game: u8,
        seats: u8,
    },
    /// A client joins the `table`-th live table, to play or to watch.
    Join {
        client: u8,
        table: u8,
        watch: bool,
    },
    Leave {
        client: u8,
    },
    /// A client's connection drops.
    Disconnect {
        client: u8,
    },
    /// A client comes back with a new connection (and goes back to its table), or, having lost
    /// its token (`fresh`), as a new identity under the same name.
    Reconnect {
        client: u8,
        fresh: bool,
    },
    Move {
        client: u8,
        pick: u16,
        kind: MoveKind,
    },
    Chat {
        client: u8,
    },
    /// A table command typed in chat (`/start`, `/bot add`, `/kick`, …).
    Command {
        client: u8,
        which: u8,
    },
    /// Simulated time passes (timers fire on the way).
    Advance {
        ms: u32,
    },
    /// The process dies and restarts from what the store holds.
    Crash,
    /// The store refuses the next `writes` writes.
    StoreRefuses {
        writes: u8,
    },
    /// Each write takes `ms` from now on.
    StoreSlow {
        ms: u16,
    },
}

/// The number of table commands `Command::which` picks from (see `World::command_text`).
pub const COMMANDS: u8 = 16;

impl SimAction {
    /// The next action, drawn from `rng`; `clients` simulated people.
    pub fn draw(rng: &mut ChaCha8Rng, clients: u8) -> SimAction {
        let client = rng.random_range(0..clients);
        match rng.random_range(0..1000u32) {
            0..=59 => SimAction::Open {
                client,
                game: rng.random_range(0..4),
                seats: rng.random(),
            },
            60..=179 => SimAction::Join {
                client,
                table: rng.random(),
                watch: rng.random_bool(0.2),
            },
            180..=199 => SimAction::Leave { client },
            200..=239 => SimAction::Disconnect { client },
            240..=299 => SimAction::Reconnect {
                client,
                fresh: rng.random_bool(0.1),
            },
            300..=579 => SimAction::Move {
                client,
                pick: rng.random(),
                kind: match rng.random_range(0..20) {
                    0 => MoveKind::Illegal,
                    1 => MoveKind::Stale,
                    2 => MoveKind::Duplicate,
                    _ => MoveKind::Legal,
                },
            },
            580..=609 => SimAction::Chat { client },
            610..=769 => SimAction::Command {
                client,
                which: rng.random_range(0..COMMANDS),
            },
            770..=994 => SimAction::Advance {
                ms: match rng.random_range(0..10) {
                    0 => rng.random_range(10_000..120_000),
                    _ => rng.random_range(1..3_000),
                },
            },
            995 => SimAction::Crash,
            996..=998 => SimAction::StoreRefuses {
                writes: rng.random_range(1..4),
            },
            _ => SimAction::StoreSlow {
                ms: if rng.random_bool(0.5) {
                    0
                } else {
                    rng.random_range(1..2_000)
                },
            },
        }
    }
}
