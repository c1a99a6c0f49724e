//! What a laid tile does: the field's effect, points on the score track, a row taken and a free
//! row opened, luck cards earned.

use super::legal::open_row_choices;
use super::rows::next_free_row;
use super::{insert_sorted, remove_tile, Board, Event, Field, Log, LuckCard, ScoreReason, Stage};
use crate::seat::Seat;
use rand::seq::SliceRandom;

impl Board {
    /// A field's effect for `tile` (not taking a row).
    pub(super) fn trigger(&mut self, seat: Seat, tile: u8, field: Field, log: &mut Log) {
        let s = seat.index();
        let b = self.bulls(tile);
        match field {
            Field::Empty | Field::DoubleTile => {}
            Field::GreenBulls { count } => {
                self.add_points(seat, b * i32::from(count), ScoreReason::Field, log)
            }
            Field::RedBulls { count } => {
                self.add_points(seat, -b * i32::from(count), ScoreReason::Field, log)
            }
            Field::Plus { points } => {
                self.add_points(seat, i32::from(points), ScoreReason::Field, log)
            }
            Field::Minus { points } => {
                self.add_points(seat, -i32::from(points), ScoreReason::Field, log)
            }
            Field::DrawTile => match self.supply.pop() {
                Some(t) => {
                    insert_sorted(&mut self.hands[s], t);
                    let supply = self.supply.len();
                    log.public(|| Event::TileDrawn {
                        seat,
                        none: false,
                        supply,
                    });
                    log.to_seat(seat, || Event::TileDrawnPrivately { seat, tile: t });
                }
                None => log.public(|| Event::TileDrawn {
                    seat,
                    none: true,
                    supply: 0,
                }),
            },
            Field::DrawActionCard => {
                if self.action_stack.is_empty() && !self.action_discard.is_empty() {
                    self.action_stack = std::mem::take(&mut self.action_discard);
                    self.action_stack.shuffle(&mut self.rng);
                    let cards = self.action_stack.len();
                    log.public(|| Event::ActionCardsReshuffled { cards });
                }
                match self.action_stack.pop() {
                    Some(card) => {
                        self.action_hands[s].push(card);
                        self.action_hands[s].sort();
                        let stack = self.action_stack.len();
                        log.public(|| Event::ActionCardDrawn {
                            seat,
                            none: false,
                            stack,
                        });
                        log.to_seat(seat, || Event::ActionCardDrawnPrivately { seat, card });
                    }
                    None => log.public(|| Event::ActionCardDrawn {
                        seat,
                        none: true,
                        stack: 0,
                    }),
                }
            }
            Field::TakeRow | Field::TakeRowToScreen => unreachable!("handled by take_row"),
        }
    }

    /// Moves `seat`'s counter by `delta`, within the track; luck cards for clovers passed back.
    pub(super) fn add_points(
        &mut self,
        seat: Seat,
        delta: i32,
        reason: ScoreReason,
        log: &mut Log,
    ) {
        let s = seat.index();
        let track = &self.side().track;
        let old = self.scores[s];
        let new = track.clamp(old + delta);
        let wanted = (new != old + delta).then_some(delta);
        if self.options.version.has_luck() && reason != ScoreReason::Final {
            self.owed += track.clovers_passed(old, new);
        }
        self.scores[s] = new;
        log.public(|| Event::Scored {
            seat,
            delta: new - old,
            score: new,
            reason,
            wanted,
        });
    }

    /// `seat`'s `tile` on the last field of `row` takes it; `positive` tiles count as plus.
    pub(super) fn take_row(
        &mut self,
        seat: Seat,
        tile: u8,
        row: usize,
        positive: Vec<u8>,
        log: &mut Log,
    ) {
        let s = seat.index();
        let field = self.side().rows[row].last();
        let to_screen = self.side().field(row, field) == Field::TakeRowToScreen;
        let mut tiles = self.rows[row].clear();
        remove_tile(&mut tiles, tile);
        if self.rows.iter().any(|r| r.stop) {
            self.rows.iter_mut().for_each(|r| r.stop = false);
            log.public(|| Event::StopsRemoved);
        }
        let plus: i32 = positive.iter().map(|&t| self.bulls(t)).sum();
        let minus: i32 = if to_screen {
            0
        } else {
            tiles
                .iter()
                .filter(|t| !positive.contains(t))
                .map(|&t| self.bulls(t))
                .sum()
        };
        if log.on {
            let (tiles, positive) = (tiles.clone(), positive.clone());
            log.public(|| Event::RowTaken {
                seat,
                row,
                tiles,
                to_screen,
                positive,
                minus,
                plus,
            });
        }
        if to_screen {
            for t in tiles {
                insert_sorted(&mut self.hands[s], t);
            }
        } else {
            self.boxed.extend(tiles);
            self.boxed.sort_unstable();
        }
        if plus != 0 || minus != 0 || !to_screen {
            self.add_points(seat, plus - minus, ScoreReason::TakeRow, log);
        }
        if self.options.version.is_pro() {
            let choices = open_row_choices(&self.rows, row);
            if choices.len() > 1 {
                self.stage = Stage::OpenRow {
                    seat,
                    tile,
                    from: row,
                };
                return;
            }
            self.open_row(seat, tile, choices[0], log);
        } else {
            let to = next_free_row(&self.rows, row);
            self.open_row(seat, tile, to, log);
        }
    }

    /// `tile` opens `row` and triggers its first field.
    pub(super) fn open_row(&mut self, seat: Seat, tile: u8, row: usize, log: &mut Log) {
        self.rows[row].cells[0] = Some(tile);
        let field = self.side().field(row, 0);
        log.public(|| Event::RowOpened {
            seat,
            tile,
            row,
            effect: field,
        });
        self.trigger(seat, tile, field, log);
        self.finish_tile(seat, log);
    }

    pub(super) fn give_luck(&mut self, seat: Seat, card: LuckCard, log: &mut Log) {
        if self.luck_stacks.take(card) {
            self.luck_hands[seat.index()].push(card);
            self.luck_hands[seat.index()].sort();
            log.public(|| Event::LuckCardTaken { seat, card });
        }
    }

    /// Luck cards earned with this tile, then the next tile.
    pub(super) fn finish_tile(&mut self, seat: Seat, log: &mut Log) {
        while self.owed > 0 {
            let available = self.luck_stacks.available();
            match available.len() {
                0 => self.owed = 0,
                1 => {
                    self.give_luck(seat, available[0], log);
                    self.owed -= 1;
                }
                _ => {
                    self.stage = Stage::TakeLuck {
                        seat,
                        owed: self.owed,
                    };
                    return;
                }
            }
        }
        self.next_tile(log);
    }
}
