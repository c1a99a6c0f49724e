use super::*;
use nimmt_core::games::classic::{Placement, Position, Rows};
use nimmt_core::{Card, Rules, Seat, Viewer};

fn c(n: u8) -> Card {
    Card::new(n).unwrap()
}

/// The card `style` plays at seat 0 of a two-seat table with these rows (each listed in full)
/// and hand.
fn plays(style: Style, rows: [&[u8]; 4], hand: &[u8]) -> u8 {
    let mut r = Rows::new(
        [c(rows[0][0]), c(rows[1][0]), c(rows[2][0]), c(rows[3][0])],
        None,
    );
    for (i, row) in rows.iter().enumerate() {
        r.rows[i] = row.iter().map(|&n| c(n)).collect();
    }
    let hand: Vec<Card> = hand.iter().map(|&n| c(n)).collect();
    let mut other: Vec<Card> = (1..=104)
        .map(c)
        .filter(|x| !hand.contains(x) && !r.cards().any(|y| y == *x))
        .take(hand.len())
        .collect();
    other.sort();
    let mut position = Position::new(r, vec![hand.clone(), other]);
    position.options.hand_size = hand.len() as u8;
    let game = nimmt_core::games::classic::Classic::from_position(position).unwrap();
    let view = game.view(Viewer::Seat(Seat(0)));
    assert_eq!(view.options.placement, Placement::Right);
    match StyleBot::new(style, 1).decide(&view) {
        Action::Play { card, .. } => card.number(),
        other => panic!("{other:?}"),
    }
}

/// Rows ending 20, 40, 60 and 80 with one card each: every card above 20 is safe this turn.
const OPEN: [&[u8]; 4] = [&[20], &[40], &[60], &[80]];

#[test]
fn the_risk_minimisers_break_ties_as_their_names_say() {
    // 21, 61 and 81 join a one-card row right behind its end: no risk for any of them.
    let hand = [21, 61, 81];
    assert_eq!(plays(Style::GreedyHigh, OPEN, &hand), 81);
    assert_eq!(plays(Style::GreedyLow, OPEN, &hand), 21);
    // greedy's tie-break, the card closest to its row: all three are one away; the first.
    assert!(hand.contains(&plays(Style::Greedy, OPEN, &hand)));
}

#[test]
fn dump_high_plays_its_highest_safe_card() {
    // 100 lies far from the 80 but the row has room for four more: still safe enough.
    assert_eq!(plays(Style::DumpHigh, OPEN, &[21, 45, 100]), 100);
    // ... unless it would be the sixth card of a full row.
    let full: [&[u8]; 4] = [&[20], &[40], &[60], &[80, 81, 82, 83, 84]];
    assert_eq!(plays(Style::DumpHigh, full, &[21, 45, 100]), 45);
}

#[test]
fn keep_low_saves_its_low_cards() {
    // 21 is as safe as 61, and closer; keep-low keeps it all the same. greedy plays it.
    assert_eq!(plays(Style::KeepLow, OPEN, &[21, 62]), 62);
    assert_eq!(plays(Style::Greedy, OPEN, &[21, 62]), 21);
    // a low card that fits no row is kept too, while a safe card is left
    assert_eq!(plays(Style::KeepLow, OPEN, &[5, 70]), 70);
}

#[test]
fn cautious_avoids_rows_of_four_cards() {
    // 45 joins a row of four right behind its end; 90 joins a one-card row far away.
    let four: [&[u8]; 4] = [&[20], &[30, 35, 40, 44], &[60], &[80]];
    assert_eq!(plays(Style::Cautious, four, &[45, 90]), 90);
    assert_eq!(plays(Style::Greedy, four, &[45, 90]), 45);
    // a full row is worse than a row of four
    let full: [&[u8]; 4] = [&[20], &[30, 35, 40, 44], &[60], &[70, 71, 72, 73, 74]];
    assert_eq!(plays(Style::Cautious, full, &[45, 90]), 45);
}

#[test]
fn every_style_is_seated_by_its_name() {
    for style in FIELD {
        assert_eq!(Style::named(style.name()), Some(style));
    }
    assert_eq!(Style::named("clever"), None);
}
