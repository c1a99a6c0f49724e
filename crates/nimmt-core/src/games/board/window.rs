//! Which action cards a player may play before laying a tile: any number, each for this one tile.
//!
//! The order within one tile's window (a decision, `docs/rules/board.md`): *Stop!*,
//! *Plättchentausch* and *Noch ein Plättchen* while nothing has been decided about where the tile
//! goes; then *Aufsteigend anlegen* or *An den Anfang legen*; *Überspringen* last; then the tile
//! is laid, with at most one luck card.

use super::action_cards::{ActionCard, STOP_SIGNS};
use super::actions::{Action, Placement, Plan};
use super::data::BoardSide;
use super::luck::LuckCard;
use super::options::Version;
use super::rows::{ascending_rows, destination, skip_allowed, to_start_rows, RowState};

/// What a player deciding before laying `tile` knows and holds.
pub struct Window<'a> {
    pub version: Version,
    pub side: &'a BoardSide,
    pub rows: &'a [RowState],
    pub tile: u8,
    pub plan: Plan,
    /// Tiles behind the player's screen.
    pub hand: &'a [u8],
    pub action_cards: &'a [ActionCard],
    pub luck_cards: &'a [LuckCard],
}

impl Window<'_> {
    /// The row the tile goes to with the cards played so far.
    pub fn target_row(&self) -> usize {
        match self.plan.placement {
            Placement::Rule => destination(self.rows, self.tile),
            Placement::Ascending { row } | Placement::ToStart { row } => row,
        }
    }

    /// The field whose effect the tile (or, at the front, the tile pushed along) triggers.
    pub fn landing_field(&self) -> usize {
        let row = &self.rows[self.target_row()];
        match self.plan.placement {
            Placement::ToStart { .. } => row.first_hole(),
            _ => row.end() + usize::from(self.plan.skip),
        }
    }

    fn holds(&self, card: ActionCard) -> bool {
        self.version.is_pro() && self.action_cards.contains(&card)
    }

    /// Every action the player may take now.
    pub fn actions(&self) -> Vec<Action> {
        let mut out = vec![Action::Lay { luck: None }];
        let to_start = matches!(self.plan.placement, Placement::ToStart { .. });
        if self.version.has_luck() && !to_start {
            let last = self.landing_field() == self.side.rows[self.target_row()].last();
            for card in LuckCard::BOTH {
                let fits = match card {
                    LuckCard::FivePoints => !last,
                    LuckCard::PositiveBulls => last,
                };
                if fits && self.luck_cards.contains(&card) {
                    out.push(Action::Lay { luck: Some(card) });
                }
            }
        }
        let free = self.plan.placement == Placement::Rule && !self.plan.skip;
        if free {
            let stops = self.rows.iter().filter(|r| r.stop).count();
            if self.holds(ActionCard::Stop) && stops < STOP_SIGNS {
                for (row, r) in self.rows.iter().enumerate() {
                    if r.is_active() && !r.stop {
                        out.push(Action::Stop { row });
                    }
                }
            }
            let mut distinct = self.hand.to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            if self.holds(ActionCard::SwapTile) {
                out.extend(distinct.iter().map(|&tile| Action::SwapTile { tile }));
            }
            if self.holds(ActionCard::ExtraTile) {
                out.extend(distinct.iter().map(|&tile| Action::ExtraTile { tile }));
            }
            if self.holds(ActionCard::Ascending) {
                out.extend(
                    ascending_rows(self.rows, self.tile)
                        .into_iter()
                        .map(|row| Action::Ascending { row }),
                );
            }
            if self.holds(ActionCard::ToStart) {
                out.extend(
                    to_start_rows(self.rows, self.side, self.tile)
                        .into_iter()
                        .map(|row| Action::ToStart { row }),
                );
            }
        }
        if !self.plan.skip
            && !to_start
            && self.holds(ActionCard::Skip)
            && skip_allowed(
                &self.rows[self.target_row()],
                &self.side.rows[self.target_row()],
            )
        {
            out.push(Action::Skip);
        }
        out
    }
}
