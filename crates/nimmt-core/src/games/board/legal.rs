//! What a seat may do now, and why an action is refused.

use super::rows::free_rows;
use super::{Action, Board, Decision, LuckCard, Plan, RowState, Stage, Window};
use crate::error::ActionError;
use crate::rules::Rules;
use crate::seat::Seat;

/// Every set of `count` tiles of `hand` (ascending), for [`Decision::Choose`].
pub fn choices(hand: &[u8], count: usize) -> Vec<Action> {
    match count {
        1 => hand
            .iter()
            .map(|&t| Action::Choose { tiles: vec![t] })
            .collect(),
        2 => {
            let mut out = Vec::new();
            for i in 0..hand.len() {
                for j in i + 1..hand.len() {
                    out.push(Action::Choose {
                        tiles: vec![hand[i], hand[j]],
                    });
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The pairs *Positive Hornochsen* may pick among `tiles` (the row's tiles but the one laid).
pub fn positive_pairs(tiles: &[u8]) -> Vec<Action> {
    let mut t = tiles.to_vec();
    t.sort_unstable();
    let mut out = Vec::new();
    for i in 0..t.len() {
        for j in i + 1..t.len() {
            out.push(Action::CountPositive {
                tiles: [t[i], t[j]],
            });
        }
    }
    out
}

/// The rows a player who took row `from` may open (pro: any free row but `from`).
pub fn open_row_choices(rows: &[RowState], from: usize) -> Vec<usize> {
    free_rows(rows).into_iter().filter(|&r| r != from).collect()
}

impl Board {
    pub(super) fn window(&self, seat: Seat, tile: u8, plan: Plan) -> Window<'_> {
        Window {
            version: self.options.version,
            side: self.side(),
            rows: &self.rows,
            tile,
            plan,
            hand: &self.hands[seat.index()],
            action_cards: &self.action_hands[seat.index()],
            luck_cards: &self.luck_hands[seat.index()],
        }
    }

    /// Appends what `seat` may do now to `out`.
    pub fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        if seat.index() >= self.players {
            return;
        }
        match &self.stage {
            Stage::Choosing { counts, chosen } if chosen[seat.index()].is_none() => {
                out.extend(choices(&self.hands[seat.index()], counts[seat.index()]))
            }
            Stage::BeforeLaying {
                seat: s,
                tile,
                plan,
            } if *s == seat => out.extend(self.window(seat, *tile, *plan).actions()),
            Stage::CountPositive { seat: s, tile, row } if *s == seat => {
                let others: Vec<u8> = self.rows[*row]
                    .tiles()
                    .into_iter()
                    .filter(|t| t != tile)
                    .collect();
                out.extend(positive_pairs(&others));
            }
            Stage::OpenRow { seat: s, from, .. } if *s == seat => out.extend(
                open_row_choices(&self.rows, *from)
                    .into_iter()
                    .map(|row| Action::OpenRow { row }),
            ),
            Stage::TakeLuck { seat: s, .. } if *s == seat => out.extend(
                self.luck_stacks
                    .available()
                    .into_iter()
                    .map(|card| Action::TakeLuck { card }),
            ),
            _ => {}
        }
    }

    pub(super) fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        if seat.index() >= self.players {
            return Err(ActionError::NoSuchSeat { seat });
        }
        if let Stage::Over(_) = self.stage {
            return Err(ActionError::GameOver);
        }
        let asked = self.asked(seat).ok_or(ActionError::NotAsked { seat })?;
        let mut legal = Vec::new();
        self.legal_actions_into(seat, &mut legal);
        if legal.contains(action) {
            return Ok(());
        }
        let fits = matches!(
            (asked, action),
            (Decision::Choose { .. }, Action::Choose { .. })
                | (Decision::CountPositive { .. }, Action::CountPositive { .. })
                | (Decision::OpenRow { .. }, Action::OpenRow { .. })
                | (Decision::TakeLuck { .. }, Action::TakeLuck { .. })
        ) || (matches!(asked, Decision::BeforeLaying { .. })
            && matches!(
                action,
                Action::Lay { .. }
                    | Action::Stop { .. }
                    | Action::SwapTile { .. }
                    | Action::Skip
                    | Action::ToStart { .. }
                    | Action::Ascending { .. }
                    | Action::ExtraTile { .. }
            ));
        if !fits {
            return Err(ActionError::WrongDecision {
                seat,
                asked: asked.describe().into(),
                attempted: action.describe().into(),
            });
        }
        Err(self.why_not(seat, asked, action))
    }

    /// A reason for refusing an action that answers the right decision.
    fn why_not(&self, seat: Seat, asked: Decision, action: &Action) -> ActionError {
        let hand = &self.hands[seat.index()];
        match (asked, action) {
            (Decision::Choose { count }, Action::Choose { tiles }) => {
                if let Some(&t) = tiles.iter().find(|t| !hand.contains(t)) {
                    return ActionError::NotInHand { seat, card: t };
                }
                ActionError::illegal(format!(
                    "choose {count} different tiles, lowest first"
                ))
            }
            (_, Action::SwapTile { tile } | Action::ExtraTile { tile })
                if !hand.contains(tile) =>
            {
                ActionError::NotInHand { seat, card: *tile }
            }
            (_, a) => match a.action_card() {
                Some(card)
                    if !self.options.version.is_pro()
                        || !self.action_hands[seat.index()].contains(&card) =>
                {
                    ActionError::illegal(format!("you hold no {card:?} card"))
                }
                _ => match a {
                    Action::Lay { luck: Some(c) } if !self.luck_hands[seat.index()].contains(c) => {
                        ActionError::illegal(format!("you hold no {c:?} luck card"))
                    }
                    Action::Lay { luck: Some(LuckCard::FivePoints) } => ActionError::illegal(
                        "5 Pluspunkte may not be played on a row's last field (nor with An den Anfang legen)",
                    ),
                    Action::Lay { luck: Some(LuckCard::PositiveBulls) } => ActionError::illegal(
                        "Positive Hornochsen may be played only on a row's last field",
                    ),
                    Action::OpenRow { row } if *row >= self.rows.len() => {
                        ActionError::NoSuchRow { row: *row }
                    }
                    _ => ActionError::illegal(format!("{} is not allowed now", a.describe())),
                },
            },
        }
    }
}
