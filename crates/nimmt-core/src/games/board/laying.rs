//! A round in play: an action applied, the tiles chosen and revealed, each tile laid in turn
//! with the cards played before it.

use super::rows::two_tiles_round;
use super::{
    insert_sorted, remove_card, remove_tile, Action, Board, Event, Log, LuckCard, Placement, Plan,
    ScoreReason, Stage,
};
use crate::descriptor::ScoreSense;
use crate::error::ActionError;
use crate::rules::Outcome;
use crate::seat::Seat;

impl Board {
    /// Applies an action without events (playouts); same checks and result as [`Rules::act`].
    pub fn act_quiet(&mut self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.apply(seat, action, &mut Log::off())
    }

    pub(super) fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut Log,
    ) -> Result<(), ActionError> {
        self.check(seat, action)?;
        let stage = std::mem::replace(
            &mut self.stage,
            Stage::Over(Outcome::best_win(Vec::new(), ScoreSense::Higher)),
        );
        match (stage, action) {
            (Stage::Choosing { counts, mut chosen }, Action::Choose { tiles }) => {
                for &t in tiles {
                    remove_tile(&mut self.hands[seat.index()], t);
                }
                chosen[seat.index()] = Some(tiles.clone());
                log.public(|| Event::Chose { seat });
                if chosen.iter().all(Option::is_some) {
                    self.reveal(chosen, log);
                } else {
                    self.stage = Stage::Choosing { counts, chosen };
                }
            }
            (Stage::BeforeLaying { tile, plan, .. }, a) => {
                self.window_action(seat, tile, plan, a, log)
            }
            (Stage::CountPositive { tile, row, .. }, Action::CountPositive { tiles }) => {
                self.take_row(seat, tile, row, tiles.to_vec(), log);
            }
            (Stage::OpenRow { tile, .. }, Action::OpenRow { row }) => {
                self.open_row(seat, tile, *row, log);
            }
            (Stage::TakeLuck { owed, .. }, Action::TakeLuck { card }) => {
                self.give_luck(seat, *card, log);
                self.owed = owed - 1;
                self.finish_tile(seat, log);
            }
            _ => unreachable!("checked"),
        }
        Ok(())
    }

    pub(super) fn start_round(&mut self, log: &mut Log) {
        self.round += 1;
        let count = if two_tiles_round(&self.rows, self.side()) {
            2
        } else {
            1
        };
        let counts: Vec<usize> = self.hands.iter().map(|h| h.len().min(count)).collect();
        let round = self.round;
        log.public(|| Event::RoundStarted { round, count });
        self.stage = Stage::Choosing {
            chosen: vec![None; self.players],
            counts,
        };
    }

    fn reveal(&mut self, chosen: Vec<Option<Vec<u8>>>, log: &mut Log) {
        let mut queue: Vec<(u8, Seat)> = chosen
            .into_iter()
            .enumerate()
            .flat_map(|(s, tiles)| {
                tiles
                    .unwrap_or_default()
                    .into_iter()
                    .map(move |t| (t, Seat(s as u8)))
            })
            .collect();
        queue.sort_unstable();
        if log.on {
            let tiles = queue.clone();
            log.public(|| Event::Revealed { tiles });
        }
        queue.reverse();
        self.queue = queue;
        self.next_tile(log);
    }

    /// The next tile: the current player's further tiles first, then the lowest revealed.
    pub(super) fn next_tile(&mut self, log: &mut Log) {
        let (seat, tile) = if !self.now.is_empty() {
            (self.now_seat, self.now.remove(0))
        } else if let Some((tile, seat)) = self.queue.pop() {
            (seat, tile)
        } else {
            self.end_round(log);
            return;
        };
        self.begin_tile(seat, tile, Plan::default(), log);
    }

    /// Asks `seat` about cards before laying `tile` when it holds any; else lays it.
    fn begin_tile(&mut self, seat: Seat, tile: u8, plan: Plan, log: &mut Log) {
        let s = seat.index();
        let holds = (self.options.version.is_pro() && !self.action_hands[s].is_empty())
            || (self.options.version.has_luck() && !self.luck_hands[s].is_empty());
        if holds {
            self.stage = Stage::BeforeLaying { seat, tile, plan };
        } else {
            self.lay(seat, tile, plan, None, log);
        }
    }

    fn window_action(
        &mut self,
        seat: Seat,
        tile: u8,
        mut plan: Plan,
        action: &Action,
        log: &mut Log,
    ) {
        let s = seat.index();
        if let Some(card) = action.action_card() {
            remove_card(&mut self.action_hands[s], &card);
            self.action_discard.push(card);
            let action = action.clone();
            log.public(|| Event::ActionCardPlayed { seat, action });
        }
        match *action {
            Action::Lay { luck } => {
                self.lay(seat, tile, plan, luck, log);
                return;
            }
            Action::Stop { row } => {
                self.rows[row].stop = true;
                log.public(|| Event::StopPlaced { seat, row });
            }
            Action::SwapTile { tile: new } => {
                remove_tile(&mut self.hands[s], new);
                insert_sorted(&mut self.hands[s], tile);
                log.public(|| Event::Swapped {
                    seat,
                    back: tile,
                    tile: new,
                });
                self.begin_tile(seat, new, Plan::default(), log);
                return;
            }
            Action::ExtraTile { tile: extra } => {
                remove_tile(&mut self.hands[s], extra);
                let mut mine = std::mem::take(&mut self.now);
                mine.push(tile);
                mine.push(extra);
                self.queue.retain(|&(t, owner)| {
                    if owner == seat {
                        mine.push(t);
                        false
                    } else {
                        true
                    }
                });
                mine.sort_unstable();
                if log.on {
                    let tiles = mine.clone();
                    log.public(|| Event::ExtraPlayed {
                        seat,
                        tile: extra,
                        tiles,
                    });
                }
                let first = mine.remove(0);
                self.now = mine;
                self.now_seat = seat;
                self.begin_tile(seat, first, Plan::default(), log);
                return;
            }
            Action::Skip => plan.skip = true,
            Action::ToStart { row } => plan.placement = Placement::ToStart { row },
            Action::Ascending { row } => plan.placement = Placement::Ascending { row },
            _ => unreachable!("checked"),
        }
        // Having played a card for this tile, the player goes on deciding until it is laid.
        self.stage = Stage::BeforeLaying { seat, tile, plan };
    }

    /// Lays `tile` as `plan` says and triggers the field.
    fn lay(&mut self, seat: Seat, tile: u8, plan: Plan, luck: Option<LuckCard>, log: &mut Log) {
        if let Some(card) = luck {
            remove_card(&mut self.luck_hands[seat.index()], &card);
            self.luck_stacks.put_back(card);
            log.public(|| Event::LuckCardPlayed { seat, card });
        }
        let row = self.window(seat, tile, plan).target_row();
        let (field, on_field) = match plan.placement {
            Placement::ToStart { .. } => {
                let (field, pushed) = self.rows[row].lay_at_start(tile);
                let effect = self.side().field(row, field);
                if log.on {
                    let cells = self.rows[row].cells.clone();
                    log.public(|| Event::LaidAtStart {
                        seat,
                        tile,
                        row,
                        pushed,
                        field,
                        effect,
                        cells,
                    });
                }
                (field, pushed)
            }
            _ => {
                let field = self.rows[row].lay(tile, plan.skip);
                let effect = self.side().field(row, field);
                log.public(|| Event::Laid {
                    seat,
                    tile,
                    row,
                    field,
                    effect,
                });
                (field, tile)
            }
        };
        let kind = self.side().field(row, field);
        if luck == Some(LuckCard::FivePoints) {
            self.add_points(seat, 5, ScoreReason::FivePoints, log);
        } else if kind.takes_row() {
            let others = self.rows[row].tiles().len() - 1;
            if luck == Some(LuckCard::PositiveBulls) && others > 2 {
                self.stage = Stage::CountPositive { seat, tile, row };
                return;
            }
            let positive = if luck == Some(LuckCard::PositiveBulls) {
                self.rows[row]
                    .tiles()
                    .into_iter()
                    .filter(|&t| t != tile)
                    .collect()
            } else {
                Vec::new()
            };
            self.take_row(seat, tile, row, positive, log);
            return;
        } else {
            self.trigger(seat, on_field, kind, log);
        }
        self.finish_tile(seat, log);
    }
}
