//! Rule-book examples of HELP! (`002`) and the rulings H1–H6, each test naming its source; and
//! the properties every game keeps (conservation, accepted ⇔ legal, view secrecy).

use super::position::{counts, rest_of_deck};
use super::*;
use crate::rules::Rules;
use crate::seat::Audience;
use proptest::prelude::*;
use rand::Rng;

mod asking;
mod deals;
mod plays;
mod properties;
mod views;

const J: HelpCard = HelpCard::Joker;
const SW: HelpCard = HelpCard::Switch;
const ZAP: HelpCard = HelpCard::Zap;
const NO: HelpCard = HelpCard::No;

fn n(v: u8) -> HelpCard {
    HelpCard::Number(v)
}

fn nums(vs: &[u8]) -> Vec<HelpCard> {
    vs.iter().map(|&v| n(v)).collect()
}

fn row(vs: &[u8]) -> Vec<RowCard> {
    vs.iter().map(|&v| RowCard::number(v)).collect()
}

fn values(g: &Help) -> Vec<u8> {
    g.row().iter().map(|c| c.value).collect()
}

fn act(g: &mut Help, seat: u8, a: Action) -> Vec<Event> {
    g.act(Seat(seat), &a)
        .unwrap_or_else(|e| panic!("seat {seat} {a:?}: {e}"))
        .into_iter()
        .map(|e| e.event)
        .collect()
}

fn count(cards: &[HelpCard], c: HelpCard) -> usize {
    cards.iter().filter(|&&x| x == c).count()
}

fn assert_conserved(g: &Help) {
    let mut all = g.cards_in_play();
    all.sort();
    assert_eq!(all, full_deck(), "the 105 cards, each once");
}

/// Klaus (seat 0, to play), Alisa (seat 1) and a third player.
fn klaus_alisa_at(row_: Vec<RowCard>, klaus: Vec<HelpCard>, alisa: Vec<HelpCard>) -> Position {
    Position::new(vec![klaus, alisa, nums(&[3, 4, 5, 6])], row_)
}

fn klaus_alisa(row_: Vec<RowCard>, klaus: Vec<HelpCard>, alisa: Vec<HelpCard>) -> Help {
    Help::from_position(klaus_alisa_at(row_, klaus, alisa)).unwrap()
}

/// Seat 2 can play nothing on 3 … 11; seat 1 has a No! in front; seat 0 holds a Zap and a Joker.
fn stuck_after_a_no() -> Help {
    let mut p = Position::new(
        vec![
            vec![n(3), n(9), J, ZAP],
            nums(&[1, 2, 3, 4]),
            nums(&[5, 6, 7, 8]),
        ],
        row(&[3, 11]),
    )
    .to_play(Seat(2));
    p.marks[1] = NoMark::Laid;
    Help::from_position(p).unwrap()
}
