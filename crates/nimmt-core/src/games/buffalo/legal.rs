//! Who a window asks, and why an action is refused.

use super::{Action, Buffalo, Phase, Stage};
use crate::error::ActionError;
use crate::rules::Rules;
use crate::seat::Seat;

impl Buffalo {
    /// Whether a window with these passes asks `seat`: only a member who has not passed (in
    /// this window, for the turn or for the game) and can do something besides passing now —
    /// use an open special card or remove a stop sign. The others are passed for by the rules.
    pub(super) fn asked_in_window(&self, seat: Seat, passed: &[bool]) -> bool {
        let s = seat.index();
        !passed[s] && !self.turn_passed[s] && !self.game_passed[s] && self.table(seat).has_use()
    }

    /// Whether a window with these passes asks anybody.
    pub(super) fn window_asks_anyone(&self, passed: &[bool]) -> bool {
        Seat::all(self.players).any(|s| self.asked_in_window(s, passed))
    }

    pub(super) fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        let stage = match &self.phase {
            Phase::Over(_) => return Err(ActionError::GameOver),
            Phase::Playing(s) => s,
        };
        if seat.index() >= self.players {
            return Err(ActionError::NoSuchSeat { seat });
        }
        let s = seat.index();
        let asked = match self.asked(seat) {
            Some(a) => a,
            None if *stage == Stage::Choose => return Err(ActionError::AlreadyChosen { seat }),
            None => return Err(ActionError::NotAsked { seat }),
        };
        let wrong = || ActionError::WrongDecision {
            seat,
            asked: asked.describe().into(),
            attempted: action.describe().into(),
        };
        match (stage, action) {
            (Stage::Choose, Action::AskAgain) => {
                if !self.game_passed[s] {
                    return Err(ActionError::illegal(
                        "you are asked in windows already: ask_again follows pass_game",
                    ));
                }
            }
            (Stage::Choose, Action::Play { card }) => {
                if !self.hands[s].contains(card) {
                    return Err(ActionError::NotInHand {
                        seat,
                        card: card.number(),
                    });
                }
            }
            (Stage::TakeRow { .. }, Action::TakeRow { row }) => {
                let r = self
                    .rows
                    .get(*row)
                    .ok_or(ActionError::NoSuchRow { row: *row })?;
                if r.blocked {
                    return Err(ActionError::illegal(format!(
                        "row {row} is blocked by a stop sign: take another"
                    )));
                }
            }
            (Stage::Window { .. }, a) if a.is_pass() => {}
            (Stage::Window { .. }, a) if a.is_window() => self.table(seat).check(a)?,
            _ => return Err(wrong()),
        }
        Ok(())
    }
}
