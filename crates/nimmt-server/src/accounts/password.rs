//! Passwords: the length rule, and hashing with Argon2id.
//!
//! Parameters (stated in the PHC string too, so a stored hash keeps verifying after they change):
//! Argon2id, version 0x13, [`MEMORY_KIB`] KiB of memory, [`ITERATIONS`] passes, [`LANES`] lane,
//! a 16-byte random salt and a 32-byte hash. On the development machine (2 cores) one hash takes
//! about 60–90 ms in a release build: `cargo run --release -p nimmt-server --example password_hash`.
//! Hashing is blocking work: [`hash`] and [`verify`] run on tokio's blocking threads.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::OnceLock;
use tokio::sync::Semaphore;

/// The fewest characters a password has.
pub const MIN_CHARS: usize = 10;
/// The most characters a password has (longer input is refused, not hashed).
pub const MAX_CHARS: usize = 200;

/// Argon2id's memory, in KiB.
pub const MEMORY_KIB: u32 = 48 * 1024;
/// Argon2id's passes over the memory.
pub const ITERATIONS: u32 = 2;
/// Argon2id's lanes.
pub const LANES: u32 = 1;

/// Why a new password is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasswordError {
    TooShort,
    TooLong,
}

/// Checks a new password's length (in characters).
pub fn check(password: &str) -> Result<(), PasswordError> {
    let n = password.chars().count();
    if n < MIN_CHARS {
        Err(PasswordError::TooShort)
    } else if n > MAX_CHARS {
        Err(PasswordError::TooLong)
    } else {
        Ok(())
    }
}

fn hasher() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, LANES, Some(32)).expect("valid parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The PHC string of `password` with a fresh salt (blocking: about one hash's time).
pub fn hash_now(password: &str) -> String {
    let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).expect("16 bytes encode");
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .expect("hashing a bounded password succeeds")
        .to_string()
}

/// Whether `password` matches the PHC string `stored` (blocking: about one hash's time). A
/// stored string that cannot be read matches nothing.
pub fn verify_now(password: &str, stored: &str) -> bool {
    match PasswordHash::new(stored) {
        Ok(h) => hasher().verify_password(password.as_bytes(), &h).is_ok(),
        Err(_) => false,
    }
}

/// A hash of no one's password, made once: a login for an unknown name verifies against it, so
/// it takes as long as one for a known name.
fn dummy() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_now(&hex::encode(rand::random::<[u8; 16]>())))
}

/// Makes the dummy hash on a thread of its own now, so that the first login does not wait for
/// it.
pub fn warm_up() {
    std::thread::spawn(|| {
        dummy();
    });
}

/// How many hashes run at once: each holds [`MEMORY_KIB`] of memory, so a burst of logins
/// queues here rather than taking the machine's memory.
const AT_ONCE: usize = 4;
static PERMITS: Semaphore = Semaphore::const_new(AT_ONCE);

/// Runs `f` on a blocking thread, once one of the [`AT_ONCE`] permits is free.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let _permit = PERMITS.acquire().await.expect("the semaphore stays open");
    tokio::task::spawn_blocking(f)
        .await
        .expect("hashing does not panic")
}

/// [`hash_now`] on a blocking thread.
pub async fn hash(password: String) -> String {
    blocking(move || hash_now(&password)).await
}

/// [`verify_now`] on a blocking thread; with `None` (no such account) it verifies against a
/// dummy hash and answers `false`, in the same time.
pub async fn verify(password: String, stored: Option<String>) -> bool {
    blocking(move || {
        // Made on the first login of any kind, so no later one pays for it.
        let dummy = dummy();
        match stored {
            Some(s) => verify_now(&password, &s),
            None => {
                verify_now(&password, dummy);
                false
            }
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let h = hash_now("correct horse battery");
        assert!(h.starts_with("$argon2id$v=19$m=49152,t=2,p=1$"), "{h}");
        assert!(verify_now("correct horse battery", &h));
        assert!(!verify_now("correct horse batterz", &h));
        assert!(!verify_now("correct horse battery", "not a hash"));
        // A fresh salt each time.
        assert_ne!(h, hash_now("correct horse battery"));
    }

    #[test]
    fn length_rule() {
        assert_eq!(check("123456789"), Err(PasswordError::TooShort));
        assert_eq!(check("1234567890"), Ok(()));
        assert_eq!(check("äöüäöüäöüä"), Ok(()));
        assert_eq!(check(&"x".repeat(201)), Err(PasswordError::TooLong));
    }
}
