//! Why the server closed a WebSocket: the close frame's code and reason.

/// Why the server closed a WebSocket: the close frame's code and reason. The codes from 4000 on
/// are the room's own; a client that sees one may reconnect (with its token) and resync, after a
/// pause for [`CloseReason::RateLimited`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CloseReason {
    /// 1000: the client closed, or the connection ended normally.
    Normal,
    /// 1009: a frame larger than the socket reads (64 KiB).
    TooLarge,
    /// 4001: another connection said hello with this identity's token.
    Replaced,
    /// 4002: the client kept sending over its message budget after `rate_limited` errors.
    RateLimited,
    /// 4003: the client did not read its messages; more than the outgoing limit was queued.
    SlowReader,
    /// 4004: the client did not say `hello` in time (10 seconds by default).
    NoHello,
    /// 1012: the server is restarting (it was told to stop); reconnect with the token in a
    /// moment: the seat, the table and every acknowledged move are kept.
    Restarting,
    /// 4005: the session the connection said hello with ended (logout, password change,
    /// account deletion, expiry) or its identity was banned: its token opens nothing now.
    SessionEnded,
}

impl CloseReason {
    pub const ALL: [CloseReason; 8] = [
        CloseReason::Normal,
        CloseReason::TooLarge,
        CloseReason::Replaced,
        CloseReason::RateLimited,
        CloseReason::SlowReader,
        CloseReason::NoHello,
        CloseReason::Restarting,
        CloseReason::SessionEnded,
    ];

    /// The close frame's status code.
    pub fn code(self) -> u16 {
        match self {
            CloseReason::Normal => 1000,
            CloseReason::TooLarge => 1009,
            CloseReason::Replaced => 4001,
            CloseReason::RateLimited => 4002,
            CloseReason::SlowReader => 4003,
            CloseReason::NoHello => 4004,
            CloseReason::SessionEnded => 4005,
            CloseReason::Restarting => 1012,
        }
    }

    /// The close frame's reason text (short, English, stable).
    pub fn reason(self) -> &'static str {
        match self {
            CloseReason::Normal => "bye",
            CloseReason::TooLarge => "frame too large",
            CloseReason::Replaced => "replaced by another connection",
            CloseReason::RateLimited => "rate limited: too many messages",
            CloseReason::SlowReader => "slow reader: too much unread output",
            CloseReason::NoHello => "no hello in time",
            CloseReason::SessionEnded => "session ended",
            CloseReason::Restarting => "server restarting",
        }
    }

    /// The reason a close code stands for, if it is one of the room's.
    pub fn from_code(code: u16) -> Option<CloseReason> {
        CloseReason::ALL.into_iter().find(|r| r.code() == code)
    }
}
