//! Wrong invitation codes per client address: a code of a private table has at least 128 random
//! bits, and an address that keeps guessing is stopped. After [`MOST_WRONG`] wrong codes within
//! [`WINDOW`], every join with a code from that address (even the right one) is refused until the
//! oldest of them is older than the window. Addresses count as in `addr` (an IPv6 client by its
//! /64 network).

use super::client_key;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Wrong codes an address may send within [`WINDOW`].
pub const MOST_WRONG: usize = 10;
/// How long a wrong code counts.
pub const WINDOW: Duration = Duration::from_secs(600);

/// The room's book of wrong codes, by address.
#[derive(Debug, Default)]
pub struct Guesses {
    wrong: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

impl Guesses {
    /// A wrong code from `ip` now.
    pub fn wrong(&self, ip: IpAddr) {
        self.wrong_at(ip, Instant::now());
    }

    /// How long `ip` must wait before it may try a code again; `None`: it may now.
    pub fn blocked(&self, ip: IpAddr) -> Option<Duration> {
        self.blocked_at(ip, Instant::now())
    }

    /// A wrong code from `ip` at `now`.
    pub fn wrong_at(&self, ip: IpAddr, now: Instant) {
        let mut book = self.wrong.lock().unwrap_or_else(|e| e.into_inner());
        // Forget addresses whose wrong codes no longer count, now and then.
        if book.len() > 4096 {
            book.retain(|_, times| times.back().is_some_and(|t| now < *t + WINDOW));
        }
        let times = book.entry(client_key(ip)).or_default();
        times.push_back(now);
        while times.len() > MOST_WRONG {
            times.pop_front();
        }
    }

    /// How long `ip` must wait at `now` before it may try a code again.
    pub fn blocked_at(&self, ip: IpAddr, now: Instant) -> Option<Duration> {
        let book = self.wrong.lock().unwrap_or_else(|e| e.into_inner());
        let times = book.get(&client_key(ip))?;
        if times.len() < MOST_WRONG {
            return None;
        }
        let free_at = *times.front()? + WINDOW;
        (now < free_at).then(|| free_at - now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_wrong_codes_within_ten_minutes_block_the_address_until_the_first_is_old() {
        let book = Guesses::default();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let t0 = Instant::now();
        for i in 0..MOST_WRONG as u64 - 1 {
            book.wrong_at(a, t0 + Duration::from_secs(i * 60));
            assert_eq!(book.blocked_at(a, t0 + Duration::from_secs(i * 60)), None);
        }
        let last = t0 + Duration::from_secs(540);
        book.wrong_at(a, last);
        assert_eq!(book.blocked_at(a, last), Some(Duration::from_secs(60)));
        assert_eq!(
            book.blocked_at(b, last),
            None,
            "another address is not blocked"
        );
        assert_eq!(
            book.blocked_at(a, t0 + WINDOW),
            None,
            "the first code no longer counts"
        );
        // One more wrong code then blocks again until the second one is old.
        book.wrong_at(a, t0 + WINDOW);
        assert_eq!(
            book.blocked_at(a, t0 + WINDOW),
            Some(Duration::from_secs(60))
        );
    }

    #[test]
    fn an_ipv6_network_counts_as_one_address() {
        let book = Guesses::default();
        let t0 = Instant::now();
        for i in 0..MOST_WRONG as u16 {
            let ip: IpAddr = format!("2001:db8:1:2::{}", i + 1).parse().unwrap();
            book.wrong_at(ip, t0);
        }
        let other: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        assert!(book.blocked_at(other, t0).is_some());
    }
}
