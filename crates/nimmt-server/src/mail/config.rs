//! The room's mail settings (`nimmt serve --smtp URL --mail-from ADDR`) and the clock the mail
//! code reads (the real one, moved forward by tests to check what expires).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// How the room sends mail.
#[derive(Clone, Debug)]
pub struct MailConfig {
    /// `smtp://HOST:PORT` (plain; `?tls=required` for STARTTLS) or
    /// `smtps://USER:PASSWORD@HOST:PORT` (TLS from the start).
    pub smtp_url: String,
    /// The sender: `nimmt@example.org` or `Nimmt <nimmt@example.org>`.
    pub from: String,
    /// The clock of links, limits and digests.
    pub clock: MailClock,
}

impl MailConfig {
    pub fn new(smtp_url: impl Into<String>, from: impl Into<String>) -> MailConfig {
        MailConfig {
            smtp_url: smtp_url.into(),
            from: from.into(),
            clock: MailClock::default(),
        }
    }
}

/// The wall clock in milliseconds since the Unix epoch, plus an offset a test may move forward
/// (to see a link expire without waiting an hour).
#[derive(Clone, Debug, Default)]
pub struct MailClock(Arc<AtomicI64>);

impl MailClock {
    pub fn now_ms(&self) -> i64 {
        crate::clock::now_ms() + self.0.load(Ordering::Relaxed)
    }

    /// Moves this clock (and every copy of it) forward by `by`.
    pub fn advance(&self, by: std::time::Duration) {
        self.0.fetch_add(by.as_millis() as i64, Ordering::Relaxed);
    }
}
