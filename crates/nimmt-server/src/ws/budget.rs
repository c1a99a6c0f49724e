//! The message budget: a message over it is dropped and answered `rate_limited`; a client that
//! keeps on is closed.

use super::{readable_id, Session};
use crate::conn::Refusal;
use governor::clock::{Clock, DefaultClock};
use governor::DefaultDirectRateLimiter;
use nimmt_protocol::{CloseReason, ErrorCode};
use tokio::time::{Duration, Instant};

/// Takes one message from `limiter`; `Err`: how long until one is allowed.
fn take(limiter: &DefaultDirectRateLimiter) -> Result<(), Duration> {
    limiter
        .check()
        .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
}

/// What the message budget says of a message.
pub(super) enum Budget {
    /// It is handled.
    Within,
    /// It is dropped (answered `rate_limited`).
    Over,
    /// The client kept on over the budget: the connection closes.
    Closed,
}

impl Session {
    /// Counts a message against the budget. Over it, the message is dropped and answered with
    /// `rate_limited` (with its id if it has a readable one, else at most once a second) and a
    /// retry hint; a client that kept on is closed (code 4002).
    pub(super) fn budget(&mut self, text: Option<&str>) -> Budget {
        let wait = match take(&self.budget) {
            Ok(()) => return Budget::Within,
            Err(wait) => wait,
        };
        let id = text.and_then(readable_id);
        let out_of_strikes = self.strikes.check().is_err();
        let now = Instant::now();
        if out_of_strikes
            || id.is_some()
            || self
                .last_budget_error
                .is_none_or(|t| now.duration_since(t) >= Duration::from_secs(1))
        {
            self.last_budget_error = Some(now);
            self.refuse(
                id,
                None,
                Refusal::new(ErrorCode::RateLimited).with("retry_ms", wait.as_millis().max(1)),
            );
        }
        if out_of_strikes {
            self.outbox.close(CloseReason::RateLimited);
            return Budget::Closed;
        }
        Budget::Over
    }
}
