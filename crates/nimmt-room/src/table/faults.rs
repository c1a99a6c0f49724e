//! Bugs the simulator must find, each switched on alone to show that it does
//! (`docs/simulation.md`). They are off in every room; only the simulator's fault runs set one.

/// One known bug to put into a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// A move is applied and told before its write is stored (acknowledged too early).
    TellBeforeStored,
    /// The bots' timer is never set: a table waiting for a bot seat waits forever.
    DropTimer,
    /// Each seat's update carries the next seat's view (one seat's hand sent to another).
    HandToNeighbour,
    /// A move's write is sent again after it was stored (a retry of a write that had gone
    /// through): the store holds the move twice.
    WriteMoveTwice,
    /// A table restored from the store forgets who was sent away.
    ForgetKickOnRestore,
}

impl Fault {
    pub const ALL: [Fault; 5] = [
        Fault::TellBeforeStored,
        Fault::DropTimer,
        Fault::HandToNeighbour,
        Fault::WriteMoveTwice,
        Fault::ForgetKickOnRestore,
    ];

    /// The fault's name on the command line (`nimmt sim --fault NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Fault::TellBeforeStored => "tell-before-stored",
            Fault::DropTimer => "drop-timer",
            Fault::HandToNeighbour => "hand-to-neighbour",
            Fault::WriteMoveTwice => "write-move-twice",
            Fault::ForgetKickOnRestore => "forget-kick-on-restore",
        }
    }

    pub fn named(name: &str) -> Option<Fault> {
        Fault::ALL.into_iter().find(|f| f.name() == name)
    }
}
