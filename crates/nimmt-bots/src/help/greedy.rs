//! A one-look-ahead heuristic: keep the row low for the next player, keep special cards for
//! emergencies (and for helping), give away and back the cards worth least.

use crate::Bot;
use nimmt_core::games::help::{Action, Help, HelpCard, RowCard, View};

/// Plays by [`greedy_action`].
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyBot;

impl Bot<Help> for GreedyBot {
    fn decide(&mut self, view: &View) -> Action {
        let legal = view.legal_actions();
        greedy_action(&view.row, &legal).expect("asked without a legal action")
    }

    fn name(&self) -> String {
        "greedy".into()
    }
}

fn last_value(row: &[RowCard]) -> u8 {
    row.last().map_or(0, |c| c.value)
}

/// How much the heuristic likes `action` on `row` (higher is better).
pub fn score(row: &[RowCard], action: &Action) -> i32 {
    let last = last_value(row) as i32;
    match *action {
        Action::Lay { card } => {
            // Low numbers close to the last card leave the next player room; the sixth card
            // clears the row, which frees the next player entirely.
            let gap = card as i32 - last;
            let clears = row.len() == 5;
            100 - 8 * gap + if clears { 20 } else { 0 }
        }
        Action::Joker { at } => {
            if at < row.len() {
                40 // into a gap: the row's end stays where it is
            } else {
                30
            }
        }
        Action::Switch { take, give } => {
            let joker_back = if row[take].card == HelpCard::Joker {
                15
            } else {
                0
            };
            if take + 1 == row.len() {
                let drop = last - give as i32;
                40 + 4 * drop + joker_back
            } else {
                20 + joker_back
            }
        }
        Action::Zap => {
            let new_last = if row.len() >= 2 {
                row[row.len() - 2].value as i32
            } else {
                0
            };
            30 + 2 * (last - new_last)
        }
        Action::No => 15,
        Action::AskHelp => 0,
        // Hand over and give back what is worth least to keep: high numbers first, the
        // all-round special cards (No!, Joker) last.
        Action::GiveHelp { card } | Action::GiveBack { card } => match card {
            HelpCard::Number(n) => 50 + n as i32,
            HelpCard::Switch => 30,
            HelpCard::Zap => 25,
            HelpCard::Joker => 10,
            HelpCard::No => 5,
        },
    }
}

/// The legal action the heuristic likes best (the first of equals), if any.
pub fn greedy_action(row: &[RowCard], legal: &[Action]) -> Option<Action> {
    let mut best: Option<(i32, Action)> = None;
    for a in legal {
        let s = score(row, a);
        if best.is_none_or(|(b, _)| s > b) {
            best = Some((s, *a));
        }
    }
    best.map(|(_, a)| a)
}
