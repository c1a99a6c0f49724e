//! A game's places from its scores: 1 for the best; seats with equal scores share a place (the
//! next place after a tie is skipped, as in sport: 1, 1, 3).

use nimmt_core::ScoreSense;

/// Each seat's place, in seat order.
pub fn of_scores(scores: &[i32], sense: ScoreSense) -> Vec<usize> {
    scores
        .iter()
        .map(|&s| 1 + scores.iter().filter(|&&o| sense.better(o, s)).count())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fewest_minus_points_come_first_and_ties_share_a_place() {
        assert_eq!(
            of_scores(&[12, 3, 12, 40], ScoreSense::Lower),
            vec![2, 1, 2, 4]
        );
        assert_eq!(of_scores(&[5, 9, 9], ScoreSense::Higher), vec![3, 1, 1]);
    }
}
