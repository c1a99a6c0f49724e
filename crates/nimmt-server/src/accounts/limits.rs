//! Failed logins, limited per account name and per address with a growing wait.
//!
//! A name may fail [`NAME_FREE`] times, an address [`ADDRESS_FREE`] times; after that each
//! further login waits [`FIRST_WAIT`] after the last failure, doubling with every failure, up to
//! [`LONGEST_WAIT`]. A login that comes too early is refused without looking at the password.
//! The counts live in the database (every node of a cluster sees them) and start again after
//! [`FORGET_AFTER`] without a failure; a successful login clears its name's count. A name
//! nobody has is counted like any other, so the answers tell nothing about which names exist.

use super::now_ms;
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// Failures of one name before it has to wait.
pub const NAME_FREE: i64 = 5;
/// Failures from one address before it has to wait.
pub const ADDRESS_FREE: i64 = 20;
/// The first wait.
pub const FIRST_WAIT: Duration = Duration::from_secs(1);
/// The longest wait.
pub const LONGEST_WAIT: Duration = Duration::from_secs(15 * 60);
/// The count starts again after this long without a failure.
pub const FORGET_AFTER: Duration = Duration::from_secs(24 * 60 * 60);

/// The two counters a login attempt is counted against.
pub fn subjects(name_key: &str, address: &str) -> [(String, i64); 2] {
    [
        (format!("name:{name_key}"), NAME_FREE),
        (format!("address:{address}"), ADDRESS_FREE),
    ]
}

/// The wait after the `failures`th failure, when `free` come without one.
pub fn wait_after(failures: i64, free: i64) -> Duration {
    if failures < free {
        return Duration::ZERO;
    }
    let doublings = (failures - free).min(20) as u32;
    (FIRST_WAIT * 2u32.pow(doublings)).min(LONGEST_WAIT)
}

/// How long a login for these subjects must still wait (zero: it may go on now).
pub async fn wait(pool: &AnyPool, subjects: &[(String, i64)]) -> sqlx::Result<Duration> {
    let now = now_ms();
    let mut longest = Duration::ZERO;
    for (subject, free) in subjects {
        let row =
            sqlx::query("SELECT failures, last_at FROM nimmt_login_failures WHERE subject = $1")
                .bind(subject.clone())
                .fetch_optional(pool)
                .await?;
        let Some(row) = row else { continue };
        let (failures, last_at): (i64, i64) = (row.get(0), row.get(1));
        if now - last_at > FORGET_AFTER.as_millis() as i64 {
            continue;
        }
        let until = last_at + wait_after(failures, *free).as_millis() as i64;
        longest = longest.max(Duration::from_millis((until - now).max(0) as u64));
    }
    Ok(longest)
}

/// Counts a failed login against each subject.
pub async fn failed(pool: &AnyPool, subjects: &[(String, i64)]) -> sqlx::Result<()> {
    let now = now_ms();
    let forget_before = now - FORGET_AFTER.as_millis() as i64;
    for (subject, _) in subjects {
        sqlx::query(
            "INSERT INTO nimmt_login_failures (subject, failures, last_at) VALUES ($1, 1, $2) \
             ON CONFLICT (subject) DO UPDATE SET \
             failures = CASE WHEN nimmt_login_failures.last_at < $3 THEN 1 \
                        ELSE nimmt_login_failures.failures + 1 END, \
             last_at = $2",
        )
        .bind(subject.clone())
        .bind(now)
        .bind(forget_before)
        .execute(pool)
        .await?;
    }
    Ok(())
}

/// A successful login clears the count of its name (not of its address).
pub async fn succeeded(pool: &AnyPool, subjects: &[(String, i64)]) -> sqlx::Result<()> {
    if let Some((subject, _)) = subjects.first() {
        sqlx::query("DELETE FROM nimmt_login_failures WHERE subject = $1")
            .bind(subject.clone())
            .execute(pool)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_grows_with_each_failure_after_the_free_ones() {
        assert_eq!(wait_after(4, NAME_FREE), Duration::ZERO);
        assert_eq!(wait_after(5, NAME_FREE), Duration::from_secs(1));
        assert_eq!(wait_after(6, NAME_FREE), Duration::from_secs(2));
        assert_eq!(wait_after(9, NAME_FREE), Duration::from_secs(16));
        assert_eq!(wait_after(100, NAME_FREE), LONGEST_WAIT);
        assert_eq!(wait_after(19, ADDRESS_FREE), Duration::ZERO);
    }
}
