//! How a game's deals end, told from the seat's views as the room sends them: a deal has ended
//! when the view shows a later deal, or the game's outcome. Each seat's points in the deal are
//! the change of the view's `totals` (for the last deal, up to the outcome's scores). A game
//! whose view shows no deals hears only its end.

use nimmt_bots::endings::DealEnd;
use nimmt_core::Outcome;
use serde::Deserialize;
use serde_json::Value;

/// Follows one table's game from the first view the bridge sees.
#[derive(Debug, Default)]
pub struct ViewEndings {
    deal: Option<u32>,
    totals: Option<Vec<i32>>,
    over: bool,
}

/// What a new view says has ended.
#[derive(Debug, Default, PartialEq)]
pub struct Ended {
    pub deals: Vec<DealEnd>,
    pub game: Option<Outcome>,
}

impl ViewEndings {
    /// The deals (and the game) that ended since the last view.
    pub fn after(&mut self, view: &Value) -> Ended {
        let mut ended = Ended::default();
        if self.over {
            return ended;
        }
        let deal = view.get("deal").and_then(Value::as_u64).map(|d| d as u32);
        let totals = totals(view);
        let outcome = view
            .get("outcome")
            .filter(|o| !o.is_null())
            .and_then(|o| serde_json::from_value::<Outcome>(o.clone()).ok());
        let points = |now: &[i32], before: &Option<Vec<i32>>| match before {
            Some(b) if b.len() == now.len() => {
                Some(now.iter().zip(b).map(|(n, b)| n - b).collect())
            }
            _ => None,
        };
        if let Some(outcome) = outcome {
            self.over = true;
            if let Some(d) = deal.or(self.deal) {
                ended.deals.push(DealEnd {
                    deal: d,
                    points: points(&outcome.scores, &self.totals),
                });
            }
            ended.game = Some(outcome);
            return ended;
        }
        if let (Some(before), Some(now)) = (self.deal, deal) {
            if now > before {
                ended.deals.push(DealEnd {
                    deal: before,
                    points: totals.as_deref().and_then(|t| points(t, &self.totals)),
                });
            }
        }
        if deal.is_some() {
            self.deal = deal;
        }
        if totals.is_some() {
            self.totals = totals;
        }
        ended
    }
}

/// The view's `totals` (each seat's points of the finished deals), if it shows them.
fn totals(view: &Value) -> Option<Vec<i32>> {
    Vec::<i32>::deserialize(view.get("totals")?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_new_deal_ends_the_last_one_and_the_outcome_ends_the_game() {
        let mut e = ViewEndings::default();
        let view =
            |deal: u32, totals: [i32; 2]| json!({"deal": deal, "totals": totals, "outcome": null});
        assert_eq!(e.after(&view(1, [0, 0])), Ended::default());
        assert_eq!(e.after(&view(1, [0, 0])), Ended::default());
        let second = e.after(&view(2, [4, 9]));
        assert_eq!(
            second.deals,
            [DealEnd {
                deal: 1,
                points: Some(vec![4, 9])
            }]
        );
        assert!(second.game.is_none());
        let last = e.after(&json!({"deal": 2, "totals": [4, 9],
            "outcome": {"scores": [10, 12], "winners": [0], "sense": "lower"}}));
        assert_eq!(
            last.deals,
            [DealEnd {
                deal: 2,
                points: Some(vec![6, 3])
            }]
        );
        assert_eq!(last.game.unwrap().winners, [nimmt_core::Seat(0)]);
        let again = e.after(&json!({"deal": 2, "outcome": {"scores": [10, 12], "winners": [0]}}));
        assert_eq!(again, Ended::default(), "the end is told once");
    }

    #[test]
    fn a_game_without_deals_hears_its_end_only() {
        let mut e = ViewEndings::default();
        assert_eq!(
            e.after(&json!({"round": 3, "outcome": null})),
            Ended::default()
        );
        let end =
            e.after(&json!({"outcome": {"scores": [1, 2], "winners": [1], "sense": "higher"}}));
        assert!(end.deals.is_empty());
        assert_eq!(end.game.unwrap().scores, [1, 2]);
    }
}
