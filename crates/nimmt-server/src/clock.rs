//! The clocks: the wall clock as the database stores it (milliseconds since the Unix epoch), and
//! the time as the room's state machines take it (`nimmt_room::Moment`).

use nimmt_room::Moment;
use std::sync::OnceLock;

/// Now, in milliseconds since the Unix epoch (0 if the clock is before it).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// When the shells' clock started: the room's instants count from it.
pub fn clock_start() -> tokio::time::Instant {
    static START: OnceLock<tokio::time::Instant> = OnceLock::new();
    *START.get_or_init(tokio::time::Instant::now)
}

/// What time it is, as the room takes it: the monotonic instant (timers) and the wall clock.
pub fn now() -> Moment {
    Moment {
        at: nimmt_room::Instant::at(clock_start().elapsed()),
        wall_ms: now_ms().max(0) as u64,
    }
}
