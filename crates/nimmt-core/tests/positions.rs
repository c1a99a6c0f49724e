//! A game started from a position that is not one of the game is refused with what is wrong,
//! and nothing panics.

use nimmt_core::games::board::{self, Board, Version};
use nimmt_core::games::buffalo::{self, Buffalo};
use nimmt_core::games::classic::{self, Classic, Rows};
use nimmt_core::games::help::{self, Help, HelpCard, RowCard};
use nimmt_core::{Card, PositionError};

fn cards(ns: &[u8]) -> Vec<Card> {
    ns.iter().map(|&n| Card::new(n).unwrap()).collect()
}

fn classic_rows() -> Rows {
    let c = cards(&[10, 20, 30, 40]);
    Rows::new([c[0], c[1], c[2], c[3]], None)
}

#[test]
fn a_classic_position_is_checked() {
    let ok = classic::Position::new(classic_rows(), vec![cards(&[1, 2]), cards(&[3, 4])]);
    assert!(Classic::from_position(ok.clone()).is_ok());
    let one = classic::Position::new(classic_rows(), vec![cards(&[1, 2])]);
    let e = Classic::from_position(one).unwrap_err();
    assert_eq!(e.to_string(), "classic is for 2–10 players, not 1");
    let twice = classic::Position::new(classic_rows(), vec![cards(&[1, 20]), cards(&[3, 4])]);
    assert_eq!(
        Classic::from_position(twice).unwrap_err(),
        PositionError::TooMany {
            card: "card 20".into()
        }
    );
    let mut totals = ok.clone();
    totals.totals = vec![0];
    assert_eq!(
        Classic::from_position(totals).unwrap_err().to_string(),
        "totals: 1 given for 2 seats"
    );
    let uneven = classic::Position::new(classic_rows(), vec![cards(&[1, 2]), cards(&[3])]);
    assert!(matches!(
        Classic::from_position(uneven),
        Err(PositionError::Shape { .. })
    ));
}

#[test]
fn a_buffalo_position_is_checked() {
    let rows: &[&[u8]] = &[&[10], &[20], &[30], &[40]];
    let ok = buffalo::Position::new(&[&[1, 2]], &[3, 4], rows);
    assert!(Buffalo::from_position(ok).is_ok());
    let twice = buffalo::Position::new(&[&[1, 2]], &[2, 4], rows);
    assert_eq!(
        Buffalo::from_position(twice).unwrap_err().to_string(),
        "card 2 lies more often than the game has it"
    );
    let three_rows: &[&[u8]] = &[&[10], &[20], &[30]];
    let e = Buffalo::from_position(buffalo::Position::new(&[&[1, 2]], &[3, 4], three_rows));
    assert_eq!(e.unwrap_err().to_string(), "3 rows, not 4");
}

#[test]
fn a_board_position_is_checked() {
    let rows = |n: usize| -> Vec<Vec<u8>> {
        let mut r: Vec<Vec<u8>> = [40, 70, 50, 56].iter().map(|&t| vec![t]).collect();
        r.resize(n, Vec::new());
        r
    };
    let hands = vec![vec![57, 1], vec![60, 2]];
    let ok = board::Position::new(Version::Base, hands.clone(), rows(5));
    assert!(Board::from_position(ok).is_ok());
    let e = Board::from_position(board::Position::new(Version::Base, hands.clone(), rows(3)));
    assert!(matches!(e, Err(PositionError::Shape { .. })), "{e:?}");
    let mut stop = board::Position::new(Version::Base, hands, rows(5));
    stop.stops = vec![9];
    assert!(matches!(
        Board::from_position(stop),
        Err(PositionError::Shape { .. })
    ));
}

#[test]
fn a_help_position_is_checked() {
    let n = |v: u8| HelpCard::number(v).unwrap();
    let row = vec![RowCard::number(3), RowCard::number(7)];
    let hands = vec![
        vec![n(1), n(2)],
        vec![n(4), n(5)],
        vec![n(8), HelpCard::Joker],
    ];
    let ok = help::Position::new(hands.clone(), row.clone());
    assert!(Help::from_position(ok.clone()).is_ok());
    let two = help::Position::new(hands[..2].to_vec(), row.clone());
    assert_eq!(
        Help::from_position(two).unwrap_err().to_string(),
        "help is for 3–5 players, not 2"
    );
    let down = help::Position::new(hands, vec![RowCard::number(7), RowCard::number(3)]);
    assert!(matches!(
        Help::from_position(down),
        Err(PositionError::Shape { .. })
    ));
    let mut jokers = ok;
    jokers.discard = vec![HelpCard::Joker; HelpCard::Joker.copies()];
    assert_eq!(
        Help::from_position(jokers).unwrap_err(),
        PositionError::TooMany {
            card: "Joker".into()
        }
    );
}
