//! What a seat may do now, and why an action is refused.

use super::cards::remove_one;
use super::{
    card_playable, fits_end, hand_playable, joker_spots, joker_value, switch_fits, Action, Help,
    HelpCard, Phase, RowCard, Stage, MAX_NUMBER,
};
use crate::error::ActionError;
use crate::rules::Rules;
use crate::seat::Seat;

fn distinct(hand: &[HelpCard]) -> impl Iterator<Item = HelpCard> + '_ {
    // Hands are sorted: equal cards lie together.
    hand.iter()
        .enumerate()
        .filter(|&(i, c)| i == 0 || hand[i - 1] != *c)
        .map(|(_, &c)| c)
}

/// Every play `hand` allows on `row` (not asking for help), each once.
pub fn play_actions(hand: &[HelpCard], row: &[RowCard], out: &mut Vec<Action>) {
    for card in distinct(hand) {
        match card {
            HelpCard::Number(n) => {
                if fits_end(row, n) {
                    out.push(Action::Lay { card: n });
                }
            }
            HelpCard::Joker => out.extend(joker_spots(row).map(|at| Action::Joker { at })),
            HelpCard::Switch => {
                for give in distinct(hand).filter_map(HelpCard::value) {
                    for take in 0..row.len() {
                        if switch_fits(row, take, give) {
                            out.push(Action::Switch { take, give });
                        }
                    }
                }
            }
            HelpCard::Zap => {
                if !row.is_empty() {
                    out.push(Action::Zap);
                }
            }
            HelpCard::No => out.push(Action::No),
        }
    }
}

/// Whether `card` would help a player who asks for help on `row` (H4); for a Switch, whether
/// the asker holds a number it can swap in (`switch_helps`).
pub fn helps(card: HelpCard, row: &[RowCard], switch_helps: bool) -> bool {
    match card {
        HelpCard::Switch => switch_helps,
        c => card_playable(c, &[], row),
    }
}

/// The cards a helped player may give back: any card whose loss still leaves a card to play.
pub fn give_back_cards(hand: &[HelpCard], row: &[RowCard]) -> Vec<HelpCard> {
    let mut rest = Vec::with_capacity(hand.len());
    distinct(hand)
        .filter(|&c| {
            rest.clear();
            rest.extend_from_slice(hand);
            remove_one(&mut rest, c);
            hand_playable(&rest, row)
        })
        .collect()
}

/// Checks a play of `hand` on `row` with a reason when it is refused.
fn check_play(
    seat: Seat,
    hand: &[HelpCard],
    row: &[RowCard],
    action: &Action,
) -> Result<(), ActionError> {
    let holds = |card: HelpCard| hand.contains(&card);
    let missing = |card: HelpCard| match card {
        HelpCard::Number(n) => ActionError::NotInHand { seat, card: n },
        c => ActionError::illegal(format!("you hold no {c}")),
    };
    match *action {
        Action::Lay { card } => {
            let c = HelpCard::number(card).ok_or_else(|| ActionError::Malformed {
                reason: format!("{card} is not a HELP! number card (1–{MAX_NUMBER})"),
            })?;
            if !holds(c) {
                return Err(missing(c));
            }
            if !fits_end(row, card) {
                let last = row.last().map_or(0, |l| l.value);
                return Err(ActionError::illegal(format!(
                    "{card} does not fit: a number card must be higher than the row's last card ({last})"
                )));
            }
        }
        Action::Joker { at } => {
            if !holds(HelpCard::Joker) {
                return Err(missing(HelpCard::Joker));
            }
            if at > row.len() {
                return Err(ActionError::illegal(format!(
                    "the row has {} cards: a Joker goes at a place from 0 to {}",
                    row.len(),
                    row.len()
                )));
            }
            if joker_value(row, at).is_none() {
                return Err(ActionError::illegal(format!(
                    "a Joker at place {at} would not lie strictly between its neighbours"
                )));
            }
        }
        Action::Switch { take, give } => {
            if !holds(HelpCard::Switch) {
                return Err(missing(HelpCard::Switch));
            }
            let c = HelpCard::number(give).ok_or_else(|| ActionError::Malformed {
                reason: format!("{give} is not a HELP! number card (1–{MAX_NUMBER})"),
            })?;
            if !holds(c) {
                return Err(missing(c));
            }
            if take >= row.len() {
                return Err(ActionError::illegal(format!(
                    "the row has no card at place {take} to switch"
                )));
            }
            if !switch_fits(row, take, give) {
                return Err(ActionError::illegal(format!(
                    "{give} at place {take} would break the ascending order of the row"
                )));
            }
        }
        Action::Zap => {
            if !holds(HelpCard::Zap) {
                return Err(missing(HelpCard::Zap));
            }
            if row.is_empty() {
                return Err(ActionError::illegal(
                    "a Zap cannot be played on an empty row",
                ));
            }
        }
        Action::No => {
            if !holds(HelpCard::No) {
                return Err(missing(HelpCard::No));
            }
        }
        Action::AskHelp => {
            if hand_playable(hand, row) {
                return Err(ActionError::illegal(
                    "you may ask for help only when none of your cards can be played",
                ));
            }
        }
        Action::GiveHelp { .. } | Action::GiveBack { .. } => unreachable!("not a play"),
    }
    Ok(())
}

impl Help {
    /// Appends the actions `seat` may take now to `out` (what [`Rules::legal_actions`] lists).
    pub fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        let Phase::Playing(stage) = self.phase else {
            return;
        };
        match stage {
            Stage::Turn { seat: s, helped } if s == seat => {
                let hand = &self.hands[seat.index()];
                let before = out.len();
                play_actions(hand, &self.row, out);
                if out.len() == before && !helped {
                    out.push(Action::AskHelp);
                }
            }
            Stage::GiveHelp {
                helper,
                switch_helps,
                ..
            } if helper == seat => out.extend(
                distinct(&self.hands[seat.index()])
                    .filter(|&c| helps(c, &self.row, switch_helps))
                    .map(|card| Action::GiveHelp { card }),
            ),
            Stage::GiveBack { asker, .. } if asker == seat => out.extend(
                give_back_cards(&self.hands[seat.index()], &self.row)
                    .into_iter()
                    .map(|card| Action::GiveBack { card }),
            ),
            _ => {}
        }
    }

    pub(super) fn check(&self, seat: Seat, action: &Action) -> Result<Stage, ActionError> {
        if seat.index() >= self.players {
            return Err(ActionError::NoSuchSeat { seat });
        }
        let stage = match &self.phase {
            Phase::Over(_) => return Err(ActionError::GameOver),
            Phase::Playing(s) => *s,
        };
        let asked = self.asked(seat).ok_or(ActionError::NotAsked { seat })?;
        let wrong = || ActionError::WrongDecision {
            seat,
            asked: asked.describe().into(),
            attempted: action.describe().into(),
        };
        let hand = &self.hands[seat.index()];
        match (stage, action) {
            (Stage::Turn { helped, .. }, a) if a.is_play() => {
                if helped && *a == Action::AskHelp {
                    return Err(ActionError::illegal(
                        "you were helped this turn: play a card",
                    ));
                }
                check_play(seat, hand, &self.row, a)?;
            }
            (Stage::GiveHelp { switch_helps, .. }, Action::GiveHelp { card }) => {
                if !hand.contains(card) {
                    return Err(match card {
                        HelpCard::Number(n) => ActionError::NotInHand { seat, card: *n },
                        c => ActionError::illegal(format!("you hold no {c}")),
                    });
                }
                if !helps(*card, &self.row, switch_helps) {
                    return Err(ActionError::illegal(format!(
                        "{card} cannot be played by the player you help: hand over one that can"
                    )));
                }
            }
            (Stage::GiveBack { .. }, Action::GiveBack { card }) => {
                if !hand.contains(card) {
                    return Err(match card {
                        HelpCard::Number(n) => ActionError::NotInHand { seat, card: *n },
                        c => ActionError::illegal(format!("you hold no {c}")),
                    });
                }
                if !give_back_cards(hand, &self.row).contains(card) {
                    return Err(ActionError::illegal(format!(
                        "without {card} you could play no card: give back another one"
                    )));
                }
            }
            _ => return Err(wrong()),
        }
        Ok(stage)
    }
}
