//! How long one password hash takes with the room's Argon2id parameters (hashing and verifying;
//! a login costs one verification). Run in a release build:
//!
//!   cargo run --release -p nimmt-server --example password_hash

use nimmt_server::accounts::password;
use std::time::Instant;

fn main() {
    let rounds = 20;
    let started = Instant::now();
    let mut stored = String::new();
    for _ in 0..rounds {
        stored = password::hash_now("correct horse battery staple");
    }
    let hash = started.elapsed() / rounds;
    let started = Instant::now();
    for _ in 0..rounds {
        assert!(password::verify_now(
            "correct horse battery staple",
            &stored
        ));
    }
    let verify = started.elapsed() / rounds;
    println!(
        "Argon2id m={} KiB t={} p={}: hash {:.1} ms, verify {:.1} ms (mean of {rounds})",
        password::MEMORY_KIB,
        password::ITERATIONS,
        password::LANES,
        hash.as_secs_f64() * 1000.0,
        verify.as_secs_f64() * 1000.0,
    );
}
