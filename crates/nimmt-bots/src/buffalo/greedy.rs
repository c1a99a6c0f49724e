//! The one-turn risk of a member's card, and the member policies built on it: `greedy` plays the
//! card that is expected to cost the team the fewest bull heads this turn; a low card takes the
//! row with the fewest bull heads. The same rules drive the playouts of the searching bots.

use nimmt_core::cards::{Card, MAX_CARD};
use nimmt_core::games::buffalo::rows::{cheapest_row, target, Row, Target};
use nimmt_core::games::buffalo::{Action, Buffalo, Decision, Stage, View};
use nimmt_core::{Rules, Seat};

/// Average bull heads of a card (171 heads on 104 cards).
const HEADS_PER_CARD: f64 = 1.64;

/// A set of card numbers (bit `n` for card `n`).
pub type Cards = u128;

/// Every number card.
pub const ALL: Cards = ((1u128 << (MAX_CARD + 1)) - 1) & !1;

pub fn bit(card: Card) -> Cards {
    1u128 << card.number()
}

fn set<'a>(cards: impl IntoIterator<Item = &'a Card>) -> Cards {
    cards.into_iter().fold(0, |s, &c| s | bit(c))
}

/// The cards strictly between `low` and `high`.
fn between(low: u8, high: u8) -> Cards {
    if high <= low + 1 {
        return 0;
    }
    let below_high = (1u128 << high) - 1;
    let up_to_low = (1u128 << (low + 1)) - 1;
    below_high & !up_to_low
}

/// The cards a member has not seen: not in its hand, the rows, the revealed cards or the team's
/// pile (the buffalo's pile is face down, B6).
pub fn unseen(view: &View) -> Cards {
    let mut seen = set(&view.hand) | set(view.rows.iter().flat_map(|r| &r.cards));
    seen |= set(view.queue.iter().map(|p| &p.card)) | set(&view.team_pile);
    if let Some(c) = view.my_choice {
        seen |= bit(c);
    }
    ALL & !seen
}

/// P(at least `k` of `m` independent draws hit, each with probability `p`).
fn at_least(k: usize, m: usize, p: f64) -> f64 {
    if k == 0 {
        return 1.0;
    }
    if k > m {
        return 0.0;
    }
    // 1 − P(fewer than k)
    let mut below = 0.0;
    let mut term = (1.0 - p).powi(m as i32); // P(0)
    for i in 0..k {
        below += term;
        if p >= 1.0 {
            break;
        }
        term *= (m - i) as f64 / (i + 1) as f64 * p / (1.0 - p);
    }
    (1.0 - below).max(0.0)
}

/// The expected bull heads `card` takes this turn when `others` unknown cards drawn from
/// `unseen` are played with it: a low card takes the cheapest row; a card bound for a row takes
/// it if at least as many cards as the row has room for fall between its last card and `card`.
pub fn risk(rows: &[Row], card: Card, unseen: Cards, others: usize) -> f64 {
    match target(rows, card) {
        Target::Low => cheapest_row(rows).map_or(0.0, |r| rows[r].heads() as f64),
        Target::Row { row } => {
            let r = &rows[row];
            let Some(last) = r.last() else { return 0.0 };
            let room = r.capacity - r.len();
            let total = unseen.count_ones().max(1) as f64;
            let p = (unseen & between(last.number(), card.number())).count_ones() as f64 / total;
            at_least(room, others, p) * (r.heads() as f64 + room as f64 * HEADS_PER_CARD)
        }
    }
}

/// The card of `hand` with the least [`risk`] (ties: the lower card).
pub fn safest_card(rows: &[Row], hand: &[Card], unseen: Cards, others: usize) -> Card {
    hand.iter()
        .map(|&c| (risk(rows, c, unseen, others), c))
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        .expect("a card in hand")
        .1
}

/// `greedy`'s card for a member's view.
pub fn greedy_card(view: &View) -> Card {
    safest_card(&view.rows, &view.hand, unseen(view), view.players)
}

/// The row a member takes for a low card: the fewest bull heads, ties the highest last card.
pub fn cheapest(rows: &[Row]) -> usize {
    cheapest_row(rows).expect("at most two rows are blocked")
}

/// The team's points (as scored) minus the buffalo's: what the team wants low.
pub fn margin(game: &Buffalo) -> f64 {
    game.team_points() as f64 - game.buffalo_points() as f64
}

/// Plays `world` to the end with every member greedy (each from what it can see there, the
/// buffalo's pile counted as unseen), low cards taking the cheapest row, and every window
/// passed. Returns [`margin`] at the end.
pub fn play_out(world: &mut Buffalo) -> f64 {
    play_out_with(world, None)
}

/// How the team decides a window inside a playout: what member `seat` does in the window of
/// `world` (the team policy's first stage, `TeamPolicy::decide_for_turn`).
pub trait WindowChoice {
    fn decide_for_turn(&self, world: &Buffalo, seat: Seat) -> Action;
}

/// [`play_out`], but in each window the first member asked decides by `windows` when given:
/// the team as `greedy` with the team policy plays, its special cards used.
pub fn play_out_with(world: &mut Buffalo, windows: Option<&dyn WindowChoice>) -> f64 {
    let players = world.players();
    while let Some(stage) = world.stage() {
        let (seat, action) = match stage {
            Stage::Choose => {
                let seat = Seat::all(players)
                    .find(|&s| world.asked(s) == Some(Decision::PlayCard))
                    .expect("a member chooses");
                let seen = set(world.hand(seat))
                    | set(world.rows().iter().flat_map(|r| &r.cards))
                    | set(world.team_pile());
                let card = safest_card(world.rows(), world.hand(seat), ALL & !seen, players);
                (seat, Action::Play { card })
            }
            Stage::TakeRow { seat, .. } => (
                *seat,
                Action::TakeRow {
                    row: cheapest(world.rows()),
                },
            ),
            Stage::Window { .. } => {
                let seat = Seat::all(players)
                    .find(|&s| world.asked(s).is_some())
                    .expect("someone to pass");
                let action = windows.map_or(Action::PassCard, |p| p.decide_for_turn(world, seat));
                (seat, action)
            }
        };
        world
            .act_quiet(seat, &action)
            .expect("a legal playout move");
    }
    margin(world)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: u8) -> Card {
        Card::new(n).unwrap()
    }

    #[test]
    fn binomial_tail() {
        assert_eq!(at_least(0, 3, 0.2), 1.0);
        assert_eq!(at_least(4, 3, 0.9), 0.0);
        assert!((at_least(1, 2, 0.5) - 0.75).abs() < 1e-12);
        assert!((at_least(2, 2, 0.5) - 0.25).abs() < 1e-12);
        assert!((at_least(3, 3, 1.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_sixth_card_is_certain_to_take_and_a_close_card_is_safe() {
        let rows = vec![
            Row::of(vec![c(10), c(11), c(12), c(13), c(14)]),
            Row::of(vec![c(40)]),
            Row::of(vec![c(60)]),
            Row::of(vec![c(80)]),
        ];
        let unseen = ALL & !(1u128 << 15);
        // 15 goes to the full row: it takes 10–14 (3 + 5 + 1 + 1 + 1 heads).
        assert!((risk(&rows, c(15), unseen, 3) - 11.0).abs() < 1e-9);
        assert_eq!(
            risk(&rows, c(41), unseen, 3),
            0.0,
            "nothing fits between 40 and 41"
        );
        assert_eq!(safest_card(&rows, &[c(15), c(41), c(99)], unseen, 3), c(41));
    }
}
