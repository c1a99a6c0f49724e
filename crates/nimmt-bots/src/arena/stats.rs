//! The statistics of an arena run: per spec mean points with a 95% interval, win share, decision
//! time and Elo; per pair of specs the mean of their paired point differences, deal by deal.

use super::{ArenaConfig, DealResult};
use nimmt_core::ScoreSense;
use std::time::Duration;

/// Statistics of one spec over all deals.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatStats {
    /// The seat's label.
    pub seat: String,
    /// The bot spec, written out.
    pub spec: String,
    pub mean_points: f64,
    /// Half-width of the 95% confidence interval of the mean.
    pub ci95: f64,
    pub win_share: f64,
    /// Thinking time per decision; for an outside bot without the engine's JSON work
    /// (`mean_overhead_ms`), but with the pipe and the bot's own reading and writing.
    pub mean_decision_ms: f64,
    /// The engine's time per decision for encoding views and decoding answers (outside bots).
    pub mean_overhead_ms: f64,
    /// Elo estimate from the pairwise results of all deals (table mean 1500).
    pub elo: f64,
    /// In games of several deals: how often the seat won a deal within them.
    pub deal_wins: Option<DealWins>,
}

/// The deals won within games of several deals: a deal is won by the seat with the fewest
/// points in it (classic; HELP!: the most), a tie shares it. From the second deal of a game on,
/// a bot that learns the table knows the other seats better.
#[derive(Clone, Debug, PartialEq)]
pub struct DealWins {
    /// Deals within the games.
    pub deals: u64,
    /// Share of them won, with the half-width of its 95% confidence interval.
    pub share: f64,
    pub ci95: f64,
    /// The same over the second and later deals of each game.
    pub later_deals: u64,
    pub later_share: f64,
    pub later_ci95: f64,
}

/// Seat `j`'s share of the win of a deal with `points` (by seat).
fn deal_win(points: &[i32], j: usize, lower: bool) -> f64 {
    let best = if lower {
        points.iter().min()
    } else {
        points.iter().max()
    };
    match best {
        Some(&b) if points[j] == b => 1.0 / points.iter().filter(|&&p| p == b).count() as f64,
        _ => 0.0,
    }
}

/// Seat `j`'s [`DealWins`] over `results`, if any of them is a game of several deals.
fn deal_wins(results: &[DealResult], j: usize, lower: bool) -> Option<DealWins> {
    let wins = |later: bool| -> Vec<f64> {
        results
            .iter()
            .flat_map(|r| r.deal_points.iter().skip(usize::from(later)))
            .map(|p| deal_win(p, j, lower))
            .collect()
    };
    let (all, rest) = (wins(false), wins(true));
    if all.is_empty() {
        return None;
    }
    let (share, ci95) = mean_ci(all.iter().copied());
    let (later_share, later_ci95) = mean_ci(rest.iter().copied());
    Some(DealWins {
        deals: all.len() as u64,
        share,
        ci95,
        later_deals: rest.len() as u64,
        later_share,
        later_ci95,
    })
}

/// Two specs compared deal by deal: the mean of `a`'s points minus `b`'s over the deals, with
/// the half-width of its 95% confidence interval. Pairing takes into account how the two seats'
/// points in the same deal move together, which the two means' intervals cannot show.
#[derive(Clone, Debug, PartialEq)]
pub struct PairStats {
    pub a: usize,
    pub b: usize,
    pub mean_diff: f64,
    pub ci95: f64,
}

/// Why a run's report covers fewer deals than were asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Partial {
    /// Stopped from outside (Ctrl-C).
    Interrupted,
    /// A fault ended the run (a bot's illegal action, say).
    Failed(String),
}

/// Statistics of an arena run.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaReport {
    /// Deals finished (and covered by the statistics).
    pub deals: u64,
    /// Deals asked for.
    pub planned: u64,
    pub seats: Vec<SeatStats>,
    /// Every pair of specs (`a < b`), in order.
    pub pairs: Vec<PairStats>,
    /// Points of every deal, by spec, in deal order.
    pub points: Vec<Vec<i32>>,
    /// The index of each deal in `points`.
    pub deal_index: Vec<u64>,
    /// Set when the run stopped before every deal was played.
    pub partial: Option<Partial>,
}

/// Mean and half-width of the 95% confidence interval of `xs`.
fn mean_ci(xs: impl ExactSizeIterator<Item = f64> + Clone) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.clone().sum::<f64>() / n.max(1.0);
    let var = if n > 1.0 {
        xs.map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    (mean, 1.96 * (var / n.max(1.0)).sqrt())
}

/// Statistics over deals, summed in deal order.
pub fn report(config: &ArenaConfig, results: &[DealResult], sense: ScoreSense) -> ArenaReport {
    let n = config.seats.len();
    let deals = results.len() as f64;
    let mut seats = Vec::with_capacity(n);
    let elo = elo(n, results, sense == ScoreSense::Lower);
    for (j, &elo) in elo.iter().enumerate() {
        let (mean, ci95) = mean_ci(results.iter().map(|r| r.points[j] as f64));
        let time: Duration = results.iter().map(|r| r.decision_time[j]).sum();
        let overhead: Duration = results.iter().map(|r| r.overhead[j]).sum();
        let decisions = results.iter().map(|r| r.decisions[j]).sum::<u64>().max(1) as f64;
        seats.push(SeatStats {
            seat: config.seats[j].0.clone(),
            spec: config.seats[j].1.to_string(),
            mean_points: mean,
            ci95,
            win_share: results.iter().map(|r| r.win[j]).sum::<f64>() / deals.max(1.0),
            mean_decision_ms: time.as_secs_f64() * 1000.0 / decisions,
            mean_overhead_ms: overhead.as_secs_f64() * 1000.0 / decisions,
            elo,
            deal_wins: deal_wins(results, j, sense == ScoreSense::Lower),
        });
    }
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let (mean_diff, ci95) =
                mean_ci(results.iter().map(|r| (r.points[a] - r.points[b]) as f64));
            pairs.push(PairStats {
                a,
                b,
                mean_diff,
                ci95,
            });
        }
    }
    ArenaReport {
        deals: results.len() as u64,
        planned: results.len() as u64,
        seats,
        pairs,
        points: results.iter().map(|r| r.points.clone()).collect(),
        deal_index: results.iter().map(|r| r.deal).collect(),
        partial: None,
    }
}

/// Elo ratings fitted (Bradley–Terry) to every pair of seats in every deal: the better score
/// beats the worse (classic: fewer points; HELP!: more), equal scores are half a win. One drawn
/// virtual game per pair keeps ratings finite. The table's mean is 1500.
fn elo(n: usize, results: &[DealResult], lower_is_better: bool) -> Vec<f64> {
    let mut score = vec![vec![0.5f64; n]; n];
    let mut games = vec![vec![1.0f64; n]; n];
    for r in results {
        for a in 0..n {
            for b in 0..n {
                if a != b {
                    games[a][b] += 1.0;
                    let order = if lower_is_better {
                        r.points[a].cmp(&r.points[b])
                    } else {
                        r.points[b].cmp(&r.points[a])
                    };
                    score[a][b] += match order {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                }
            }
        }
    }
    let mut strength = vec![1.0f64; n];
    for _ in 0..500 {
        let mut next = strength.clone();
        for a in 0..n {
            let wins: f64 = (0..n).filter(|&b| b != a).map(|b| score[a][b]).sum();
            let denom: f64 = (0..n)
                .filter(|&b| b != a)
                .map(|b| games[a][b] / (strength[a] + strength[b]))
                .sum();
            if denom > 0.0 {
                next[a] = wins / denom;
            }
        }
        let mean_log = next.iter().map(|s| s.ln()).sum::<f64>() / n as f64;
        strength = next.iter().map(|s| (s.ln() - mean_log).exp()).collect();
    }
    strength
        .iter()
        .map(|s| 1500.0 + 400.0 * s.log10())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::BotSpec;
    use nimmt_core::GameKind;

    fn deal(deal: u64, points: [i32; 2]) -> DealResult {
        DealResult {
            deal,
            points: points.to_vec(),
            deal_points: Vec::new(),
            win: vec![0.5, 0.5],
            decision_time: vec![Duration::ZERO; 2],
            decisions: vec![1; 2],
            overhead: vec![Duration::ZERO; 2],
        }
    }

    #[test]
    fn a_deal_within_a_game_goes_to_its_fewest_points_and_a_tie_shares_it() {
        // A game of three deals: seat a wins the first alone, shares the second, loses the
        // third; with HELP!'s sense (more points are better) the other way round.
        let mut r = deal(0, [9, 9]);
        r.deal_points = vec![vec![1, 5], vec![3, 3], vec![5, 1]];
        let lower = deal_wins(std::slice::from_ref(&r), 0, true).unwrap();
        assert_eq!((lower.deals, lower.later_deals), (3, 2));
        assert!((lower.share - 0.5).abs() < 1e-9, "{lower:?}");
        assert!((lower.later_share - 0.25).abs() < 1e-9, "{lower:?}");
        let higher = deal_wins(std::slice::from_ref(&r), 0, false).unwrap();
        assert!((higher.later_share - 0.75).abs() < 1e-9, "{higher:?}");
        // Games of one deal report none.
        assert_eq!(deal_wins(&[deal(1, [2, 3])], 0, true), None);
    }

    #[test]
    fn pairing_removes_the_luck_both_seats_shared() {
        // Both seats' points swing by 20 with the deal, but a always scores 2 more than b: the
        // means' intervals overlap widely, the paired difference is exactly 2 ± 0.
        let config = ArenaConfig {
            game: GameKind::new("classic"),
            players: 2,
            seats: ["a", "b"]
                .iter()
                .map(|s| (s.to_string(), BotSpec::Cmd(s.to_string())))
                .collect(),
            options: Default::default(),
            deals: 6,
            seed: 1,
            threads: 1,
            bot_timeout: Duration::ZERO,
        };
        let results: Vec<_> = (0..6)
            .map(|i| {
                let luck = if i % 2 == 0 { 0 } else { 20 };
                deal(i, [luck + 2, luck])
            })
            .collect();
        let r = report(&config, &results, ScoreSense::Lower);
        assert!(r.seats[0].ci95 > 5.0 && r.seats[1].ci95 > 5.0);
        assert_eq!(
            r.pairs,
            [PairStats {
                a: 0,
                b: 1,
                mean_diff: 2.0,
                ci95: 0.0
            }]
        );
        assert_eq!(r.deal_index, (0..6).collect::<Vec<_>>());
    }
}
