//! Plays N random deals on the fast kernel (default 100,000) and prints the points checksum: a
//! fixed amount of work for instruction counting (`valgrind --tool=callgrind`).

use nimmt_core::games::classic::kernel::RandomDeals;
use nimmt_core::games::classic::Placement;
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut deals = RandomDeals::new(4, Placement::Right, 104, 10);
    let mut sum = 0u64;
    for _ in 0..n {
        sum += deals.play_one(&mut rng)[..4]
            .iter()
            .map(|&p| p as u64)
            .sum::<u64>();
    }
    println!("{n} deals, {sum} points");
}
