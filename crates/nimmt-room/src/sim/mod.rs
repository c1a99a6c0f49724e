//! A deterministic simulation of the room's tables in one thread, in simulated time: clients
//! open tables, join, leave, drop and come back, send moves legal and illegal, stale and
//! duplicated, chat, kick, ask for rematches; timers expire; the store refuses writes or takes
//! its time; the process crashes and restarts from what the store holds. After every step the
//! invariants of [`checks`] hold, or the run stops with the seed and the shortest list of
//! actions that still breaks one (`shrink`).
//!
//! The tables are driven exactly as the server's shell drives them (`nimmt-server`'s
//! `table.rs`); only the IO is simulated. `docs/simulation.md` says what is simulated, what
//! not, and which known bugs (`Fault`) the simulation finds.

pub mod action;
pub mod bot_client;
pub mod checks;
pub mod client;
pub mod ladder;
mod shrink;
pub mod store;
pub mod tournament;
pub mod world;

pub use action::SimAction;
pub use shrink::shrink;

use crate::table::{Fault, TableConfig};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::time::Duration;
use world::World;

/// How many people the simulation plays with.
pub const CLIENTS: u8 = 16;

/// A broken invariant: which one (1–5, see [`checks`]) and what was seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub invariant: u8,
    pub message: String,
}

impl Violation {
    pub fn new(invariant: u8, message: String) -> Violation {
        Violation { invariant, message }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invariant {}: {}", self.invariant, self.message)
    }
}

/// One run: its seed, its length, and the known bug put in (if any).
#[derive(Clone, Copy, Debug)]
pub struct SimConfig {
    pub seed: u64,
    pub steps: u64,
    pub fault: Option<Fault>,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Report {
    pub seed: u64,
    pub steps: u64,
    /// Simulated time that passed.
    pub simulated: Duration,
    pub stats: world::Stats,
    pub writes: u64,
    pub refused_writes: u64,
    /// The first broken invariant, at which step, with the actions up to it.
    pub failure: Option<(u64, Violation, Vec<SimAction>)>,
}

/// The tables' settings in the simulation: short windows, so that much happens in little
/// simulated time.
pub fn table_config(fault: Option<Fault>) -> TableConfig {
    TableConfig {
        bot_delay: Duration::from_millis(600),
        reconnect: Duration::from_secs(20),
        abandoned_close_after: Duration::from_secs(120),
        game_data: Default::default(),
        fault,
    }
}

/// Runs the simulation for `cfg.steps` steps (or until an invariant breaks).
pub fn run(cfg: SimConfig) -> Report {
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    let mut world = World::new(cfg.seed, CLIENTS.into(), table_config(cfg.fault));
    let start = world.now.at;
    let mut actions = Vec::new();
    let mut failure = None;
    for step in 0..cfg.steps {
        let action = SimAction::draw(&mut rng, CLIENTS);
        actions.push(action);
        if let Err(v) = step_once(&mut world, action) {
            failure = Some((step + 1, v, actions));
            break;
        }
    }
    Report {
        seed: cfg.seed,
        steps: failure.as_ref().map_or(cfg.steps, |f| f.0),
        simulated: world.now.at.saturating_duration_since(start),
        stats: world.stats.clone(),
        writes: world.store.writes,
        refused_writes: world.store.refused,
        failure,
    }
}

/// Replays `actions` from the start; the first broken invariant, if any.
pub fn replay(seed: u64, fault: Option<Fault>, actions: &[SimAction]) -> Option<Violation> {
    let mut world = World::new(seed, CLIENTS.into(), table_config(fault));
    actions.iter().find_map(|a| step_once(&mut world, *a).err())
}

fn step_once(world: &mut World, action: SimAction) -> Result<(), Violation> {
    world.act(action)?;
    world.read_frames()?;
    checks::at_rest(&world.tables, &world.store, &world.clients, world.now)
}
