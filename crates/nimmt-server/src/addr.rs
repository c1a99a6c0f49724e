//! Limits per client address: open connections, new identities per minute, and wrong invitation
//! codes (`guesses`). An IPv6 client
//! counts by its /64 network (one host usually holds all of it); an IPv4 address mapped into
//! IPv6 counts as itself.

pub mod guesses;

use crate::limits::{quota, Limits};
use governor::clock::{Clock, DefaultClock};
use governor::DefaultKeyedRateLimiter;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The key a client address counts under.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(bits.into())
            }
        },
    }
}

/// The room's per-address books.
pub struct AddrLimits {
    max_conns: usize,
    conns: Mutex<HashMap<IpAddr, usize>>,
    identities: Option<DefaultKeyedRateLimiter<IpAddr>>,
    checks: AtomicU64,
    /// Wrong invitation codes (see `guesses`).
    pub guesses: Arc<guesses::Guesses>,
}

impl AddrLimits {
    pub fn new(limits: &Limits) -> Arc<AddrLimits> {
        let per_minute = limits.identities_per_minute;
        Arc::new(AddrLimits {
            max_conns: limits.conns_per_addr,
            conns: Mutex::new(HashMap::new()),
            identities: (per_minute > 0.0)
                .then(|| DefaultKeyedRateLimiter::keyed(quota(per_minute, per_minute / 60.0))),
            checks: AtomicU64::new(0),
            guesses: Arc::default(),
        })
    }

    /// A connection slot for this address, or `None` when it holds the most it may (0 = no cap).
    pub fn connect(self: &Arc<Self>, ip: IpAddr) -> Option<ConnSlot> {
        let key = client_key(ip);
        let mut conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        let n = conns.entry(key).or_insert(0);
        if self.max_conns > 0 && *n >= self.max_conns {
            return None;
        }
        *n += 1;
        Some(ConnSlot {
            books: self.clone(),
            key,
        })
    }

    /// Open connections of this address.
    pub fn connections(&self, ip: IpAddr) -> usize {
        let conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        conns.get(&client_key(ip)).copied().unwrap_or(0)
    }

    /// May this address make a new identity now? `Err`: how long until it may.
    pub fn new_identity(&self, ip: IpAddr) -> Result<(), Duration> {
        let Some(limiter) = &self.identities else {
            return Ok(());
        };
        // Forget addresses whose allowance is full again, now and then.
        if self.checks.fetch_add(1, Ordering::Relaxed) % 1024 == 1023 {
            limiter.retain_recent();
        }
        limiter
            .check_key(&client_key(ip))
            .map_err(|not_until| not_until.wait_time_from(DefaultClock::default().now()))
    }
}

/// One open connection of an address; dropping it frees the slot.
pub struct ConnSlot {
    books: Arc<AddrLimits>,
    key: IpAddr,
}

impl Drop for ConnSlot {
    fn drop(&mut self) {
        let mut conns = self.books.conns.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = conns.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                conns.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_counted_per_address_and_freed() {
        let limits = Limits {
            conns_per_addr: 2,
            identities_per_minute: 2.0,
            ..Limits::default()
        };
        let books = AddrLimits::new(&limits);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let s1 = books.connect(a).unwrap();
        let _s2 = books.connect(a).unwrap();
        assert!(books.connect(a).is_none());
        assert!(books.connect(b).is_some());
        drop(s1);
        assert!(books.connect(a).is_some());
        assert!(books.new_identity(a).is_ok());
        assert!(books.new_identity(a).is_ok());
        let wait = books.new_identity(a).unwrap_err();
        assert!(
            wait > Duration::from_secs(20) && wait <= Duration::from_secs(30),
            "{wait:?}"
        );
        assert!(books.new_identity(b).is_ok());
    }

    #[test]
    fn ipv6_counts_by_its_network_and_mapped_ipv4_as_itself() {
        let one: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let other: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        assert_eq!(client_key(one), client_key(other));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(client_key(mapped), "10.0.0.1".parse::<IpAddr>().unwrap());
    }
}
