//! Prometheus histograms and labelled families of them, kept with atomics so that observing a
//! value never waits on a lock held by a scrape; and the text format's lines for them.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// Durations counted into buckets with these upper bounds (seconds, increasing).
pub struct Histogram {
    bounds: &'static [f64],
    /// Observations per bucket (not cumulative; the last one is above every bound).
    counts: Box<[AtomicU64]>,
    sum_nanos: AtomicU64,
}

impl Histogram {
    pub fn new(bounds: &'static [f64]) -> Histogram {
        Histogram {
            bounds,
            counts: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum_nanos: AtomicU64::new(0),
        }
    }

    pub fn observe(&self, took: Duration) {
        let secs = took.as_secs_f64();
        let i = self
            .bounds
            .iter()
            .position(|b| secs <= *b)
            .unwrap_or(self.bounds.len());
        self.counts[i].fetch_add(1, Ordering::Relaxed);
        self.sum_nanos
            .fetch_add(took.as_nanos() as u64, Ordering::Relaxed);
    }

    /// The `_bucket` (cumulative, `+Inf` last), `_sum` and `_count` lines of `name` with
    /// `labels` (already written as `k="v",…`).
    pub fn write(&self, out: &mut String, name: &str, labels: &str) {
        let mut total = 0;
        let les = self.bounds.iter().map(|b| b.to_string());
        for (le, n) in les.chain(["+Inf".to_owned()]).zip(self.counts.iter()) {
            total += n.load(Ordering::Relaxed);
            let _ = writeln!(out, "{name}_bucket{{{labels},le=\"{le}\"}} {total}");
        }
        let sum = self.sum_nanos.load(Ordering::Relaxed) as f64 / 1e9;
        let _ = writeln!(out, "{name}_sum{{{labels}}} {sum}");
        let _ = writeln!(out, "{name}_count{{{labels}}} {total}");
    }
}

/// A value of one metric per label set, made on first use and never removed (the label sets
/// are few: routes, games, databases).
pub struct Family<K, V> {
    members: RwLock<BTreeMap<K, Arc<V>>>,
}

impl<K: Ord + Clone, V> Family<K, V> {
    pub const fn new() -> Family<K, V> {
        Family {
            members: RwLock::new(BTreeMap::new()),
        }
    }

    /// The value for `key`, made by `make` if there is none yet.
    pub fn get<Q>(&self, key: &Q, make: impl FnOnce() -> (K, V)) -> Arc<V>
    where
        K: std::borrow::Borrow<Q>,
        Q: Ord + ?Sized,
    {
        let read = self.members.read().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = read.get(key) {
            return v.clone();
        }
        drop(read);
        let mut write = self.members.write().unwrap_or_else(|e| e.into_inner());
        let (k, v) = make();
        write.entry(k).or_insert_with(|| Arc::new(v)).clone()
    }

    /// Every member, in key order.
    pub fn all(&self) -> Vec<(K, Arc<V>)> {
        let read = self.members.read().unwrap_or_else(|e| e.into_inner());
        read.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }
}

/// A label value as the text format quotes it (`\`, `"` and newlines escaped).
pub fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_cumulative_and_end_with_inf() {
        let h = Histogram::new(&[0.01, 0.1]);
        h.observe(Duration::from_millis(5));
        h.observe(Duration::from_millis(50));
        h.observe(Duration::from_millis(500));
        let mut out = String::new();
        h.write(&mut out, "x_seconds", "node=\"a\"");
        assert_eq!(
            out,
            "x_seconds_bucket{node=\"a\",le=\"0.01\"} 1\n\
             x_seconds_bucket{node=\"a\",le=\"0.1\"} 2\n\
             x_seconds_bucket{node=\"a\",le=\"+Inf\"} 3\n\
             x_seconds_sum{node=\"a\"} 0.555\n\
             x_seconds_count{node=\"a\"} 3\n"
        );
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
