//! The arena's result as one JSON object: what `nimmt arena --json` prints and what the Python
//! package's `arena` returns.

use super::{ArenaConfig, ArenaReport, Partial};

/// The `--json` object (fields in this order):
/// `{"game", "seed", "first_deal", "deals", "planned", "partial", "stop_reason", "seats": [{"seat",
/// "spec", "mean_points", "ci95", "win_share", "mean_decision_ms", "overhead_ms", "elo",
/// "deal_wins"}, …],
/// "pairs": [{"a", "b", "mean_diff", "ci95"}, …], "deal_index": [...], "points": [[...], …]}`;
/// one seat entry per `--seat` in the given order, one pair per two seats `a < b` (indices into
/// `seats`; `mean_diff` is `a`'s points minus `b`'s, deal by deal), and the points of every deal
/// by seat, in deal order, `deal_index` naming each deal. `deal_wins` is `null` unless the games
/// have several deals; then `{"deals", "share", "ci95", "later_deals", "later_share",
/// "later_ci95"}`: the deals within the games the seat won, and those from each game's second
/// deal on.
pub fn json(config: &ArenaConfig, first_deal: u64, report: &ArenaReport) -> String {
    let json = JsonReport {
        game: config.game.name(),
        seed: config.seed,
        first_deal,
        deals: report.deals,
        planned: report.planned,
        partial: report.partial.is_some(),
        stop_reason: report.partial.as_ref().map(|p| match p {
            Partial::Interrupted => "interrupted".to_owned(),
            Partial::Failed(why) => why.clone(),
        }),
        seats: report
            .seats
            .iter()
            .map(|s| JsonSeat {
                seat: &s.seat,
                spec: &s.spec,
                mean_points: s.mean_points,
                ci95: s.ci95,
                win_share: s.win_share,
                mean_decision_ms: s.mean_decision_ms,
                overhead_ms: s.mean_overhead_ms,
                elo: s.elo,
                deal_wins: s.deal_wins.as_ref().map(|d| JsonDealWins {
                    deals: d.deals,
                    share: d.share,
                    ci95: d.ci95,
                    later_deals: d.later_deals,
                    later_share: d.later_share,
                    later_ci95: d.later_ci95,
                }),
            })
            .collect(),
        pairs: report
            .pairs
            .iter()
            .map(|p| JsonPair {
                a: p.a,
                b: p.b,
                mean_diff: p.mean_diff,
                ci95: p.ci95,
            })
            .collect(),
        deal_index: &report.deal_index,
        points: &report.points,
    };
    serde_json::to_string(&json).expect("numbers and strings serialize")
}

#[derive(serde::Serialize)]
struct JsonReport<'a> {
    game: &'a str,
    seed: u64,
    first_deal: u64,
    deals: u64,
    planned: u64,
    partial: bool,
    stop_reason: Option<String>,
    seats: Vec<JsonSeat<'a>>,
    pairs: Vec<JsonPair>,
    deal_index: &'a [u64],
    points: &'a [Vec<i32>],
}

#[derive(serde::Serialize)]
struct JsonSeat<'a> {
    seat: &'a str,
    spec: &'a str,
    mean_points: f64,
    ci95: f64,
    win_share: f64,
    mean_decision_ms: f64,
    overhead_ms: f64,
    elo: f64,
    deal_wins: Option<JsonDealWins>,
}

#[derive(serde::Serialize)]
struct JsonDealWins {
    deals: u64,
    share: f64,
    ci95: f64,
    later_deals: u64,
    later_share: f64,
    later_ci95: f64,
}

#[derive(serde::Serialize)]
struct JsonPair {
    a: usize,
    b: usize,
    mean_diff: f64,
    ci95: f64,
}
