use super::*;

/// Choices worth a tenth of their number (rounded down) plus the world's noise, which every choice shares.
struct Noisy {
    next: u64,
    sampled: u64,
}

impl Worlds for Noisy {
    type Choice = u32;
    type World = f64;

    fn sample(&mut self) -> f64 {
        self.sampled += 1;
        self.next = self.next.wrapping_mul(6364136223846793005).wrapping_add(1);
        (self.next >> 40) as f64 / (1u64 << 24) as f64 * 10.0
    }

    fn play_out(&mut self, world: &f64, choice: &u32) -> f64 {
        world + f64::from(*choice / 10)
    }
}

fn noisy() -> Noisy {
    Noisy {
        next: 7,
        sampled: 0,
    }
}

#[test]
fn halving_finds_the_best_choice_through_the_shared_luck() {
    let choices = [30, 90, 10, 40, 70];
    let best = halving(&mut noisy(), &choices, Budget::Iters(60), 4, None);
    assert_eq!(choices[best], 90);
}

#[test]
fn among_equal_choices_halving_keeps_the_prior() {
    // 40 and 41 are worth the same.
    let best = halving(&mut noisy(), &[40, 41], Budget::Iters(30), 4, Some(&41));
    assert_eq!(best, 1, "the favourite");
    let best = halving(&mut noisy(), &[40, 41], Budget::Iters(30), 4, None);
    assert_eq!(best, 0, "without one, the first");
}

#[test]
fn the_flat_search_spends_its_playouts_in_whole_worlds() {
    let mut worlds = noisy();
    let means = flat(&mut worlds, &[10, 20, 30], Budget::Iters(10));
    assert_eq!(worlds.sampled, 4, "10 playouts among 3 choices: 4 worlds");
    let means = means.means;
    assert!((means[2] - means[0] - 2.0).abs() < 1e-9, "{means:?}");
    let mut worlds = noisy();
    flat_in(&mut worlds, &[1, 2], 0);
    assert_eq!(worlds.sampled, 1, "at least one world");
}

#[test]
fn a_budget_reads_as_its_spec() {
    assert_eq!(Budget::Iters(40).spec(), "mcts:iters=40");
    assert_eq!(Budget::Millis(100).spec(), "mcts:ms=100");
    assert_eq!(Budget::CpuMillis(100).spec(), "mcts:cpu=100");
}

#[test]
fn playouts_buy_whole_worlds_and_never_fewer_than_the_least() {
    assert_eq!(worlds_for(200, 3, 2), 66);
    assert_eq!(worlds_for(5, 8, 2), 2);
    assert_eq!(worlds_for(100, 0, 1), 100, "no choice costs as one");
}
