//! The limits a connection and a client address are held to, and the rate quotas built from
//! them.

use governor::Quota;
use std::num::NonZeroU32;
use std::time::Duration;

/// A rate of `per_second` with bursts of `burst` (both at least one a long while).
pub fn quota(burst: f64, per_second: f64) -> Quota {
    let burst =
        NonZeroU32::new(burst.clamp(1.0, u32::MAX as f64) as u32).unwrap_or(NonZeroU32::MIN);
    let period = Duration::from_secs_f64(1.0 / per_second.max(1e-6)).max(Duration::from_nanos(1));
    Quota::with_period(period)
        .expect("a period above zero")
        .allow_burst(burst)
}

/// How many times a person's message budget a bot account's connection has: it plays many tables
/// at once over one connection (chat keeps a person's limits).
pub const BOT_BUDGET_FACTOR: f64 = 10.0;

/// Per-connection and per-address limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Messages a connection may send in a burst.
    pub burst: f64,
    /// Messages per second in the long run.
    pub per_second: f64,
    /// Chat lines in a burst, and per second in the long run.
    pub chat_burst: f64,
    pub chat_per_second: f64,
    /// Messages over budget (a burst of them, refilled at `per_second`) before the connection is
    /// closed with code 4002.
    pub strikes: u32,
    /// Outgoing frames queued for a slow client before it is disconnected (code 4003).
    pub queue: usize,
    /// Outgoing bytes queued for a slow client before it is disconnected (code 4003).
    pub queue_bytes: usize,
    /// Open WebSocket connections per client address (0 = no cap); more get HTTP 429.
    pub conns_per_addr: usize,
    /// New identities (`hello` without a token) per client address and minute, also the burst
    /// (0 = no cap); more get `rate_limited` (key `too_many_identities`).
    pub identities_per_minute: f64,
    /// Open or running tables one identity may host at a time (0 = no cap); over it
    /// `create_table` gets `rate_limited` (key `too_many_tables`).
    pub tables_per_identity: usize,
    /// How long a closing connection may take to deliver its last frames and the close frame,
    /// and to answer the close.
    pub close_grace: Duration,
    /// How long a slow reader (closed with code 4003) may take to read what was already sent
    /// and the close frame.
    pub slow_reader_grace: Duration,
    /// How long a new connection may take to say `hello` before it is closed (code 4004).
    pub hello_within: Duration,
    /// How often expired sessions are looked for (their connections close with code 4005).
    pub session_sweep: Duration,
    /// Reports (`POST /api/reports`) one identity may file an hour, also the burst (0 = no
    /// cap); more get 429 `too_many_reports`.
    pub reports_per_hour: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            burst: 60.0,
            per_second: 20.0,
            chat_burst: 5.0,
            chat_per_second: 0.5,
            strikes: 100,
            queue: 1024,
            queue_bytes: 256 * 1024,
            conns_per_addr: 32,
            identities_per_minute: 20.0,
            tables_per_identity: 5,
            close_grace: Duration::from_secs(3),
            slow_reader_grace: Duration::from_secs(30),
            hello_within: Duration::from_secs(10),
            session_sweep: Duration::from_secs(60),
            reports_per_hour: 10,
        }
    }
}
