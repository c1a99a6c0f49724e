//! What reaches a game screen (keys, clicks, time, size) and what it asks of the loop.

/// A key, as the client understands it (the terminal loop translates crossterm's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Enter,
    Esc,
    Backspace,
    Tab,
    Left,
    Right,
    Up,
    Down,
    Home,
    End,
    F1,
    CtrlC,
}

/// Something that happened to the client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Key(Key),
    /// A left click at this cell.
    Click {
        x: u16,
        y: u16,
    },
    /// Time passes (the loop sends one every [`TICK_MS`] milliseconds).
    Tick,
    Resize {
        width: u16,
        height: u16,
    },
}

/// What the loop must do after an input. `A` is the action type: a game's own at a typed table,
/// JSON behind [`crate::screen::Screen`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect<A> {
    /// Leave the client (restoring the terminal).
    Quit,
    /// The game is over: write the game record now, if one was asked for.
    SaveRecord,
    /// At a remote table: send this action for the player's seat.
    Act(A),
}

/// Milliseconds between two ticks.
pub const TICK_MS: u64 = 100;
