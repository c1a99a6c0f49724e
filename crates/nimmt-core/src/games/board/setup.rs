//! A new Brettspiel game: the board set up, the tiles and action cards dealt.

use super::rows::free_board;
use super::{
    data, sorted, ActionCard, Board, BoardChoice, BoardData, BoardOptions, DealRecord, Event, Log,
    LuckStacks, Stage, Version, ACTION_HAND, ACTIVE_ROWS, HAND_TILES,
};
use crate::descriptor::ScoreSense;
use crate::rules::Outcome;
use crate::seat::Seat;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

impl Board {
    /// A new game with `data` instead of the default board and tiles. The data should come from
    /// one of the checking loaders ([`BoardData::from_json`], …).
    pub fn with_data(players: usize, version: Version, data: BoardData, seed: u64) -> Board {
        debug_assert!(
            data.validate().is_ok(),
            "board data is checked by its loader"
        );
        let options = BoardOptions {
            version,
            board: BoardChoice::Custom,
            data: Arc::new(data),
        };
        Board::start(players, options, seed)
    }

    pub(super) fn empty(players: usize, options: BoardOptions, seed: u64) -> Board {
        let rows = free_board(options.data.side(options.version.side()));
        Board {
            players,
            options,
            rng: ChaCha8Rng::seed_from_u64(seed),
            hands: vec![Vec::new(); players],
            rows,
            supply: Vec::new(),
            boxed: Vec::new(),
            undealt: Vec::new(),
            scores: vec![0; players],
            luck_stacks: LuckStacks::full(),
            luck_hands: vec![Vec::new(); players],
            action_stack: Vec::new(),
            action_discard: Vec::new(),
            action_hands: vec![Vec::new(); players],
            round: 0,
            history: Vec::new(),
            round_start: vec![0; players],
            set: 1,
            queue: Vec::new(),
            now: Vec::new(),
            now_seat: Seat(0),
            owed: 0,
            stage: Stage::Over(Outcome::best_win(Vec::new(), ScoreSense::Higher)),
            dealt: Vec::new(),
            opening: Arc::new(Vec::new()),
        }
    }

    pub(super) fn start(players: usize, options: BoardOptions, seed: u64) -> Board {
        let version = options.version;
        let mut g = Board::empty(players, options, seed);
        let mut tiles: Vec<u8> = (1..=data::TILE_COUNT).collect();
        tiles.shuffle(&mut g.rng);
        for h in 0..players {
            g.hands[h] = sorted(tiles.split_off(tiles.len() - HAND_TILES));
        }
        let n_rows = g.rows.len();
        let first_row = if version.is_pro() && players >= 4 {
            n_rows - ACTIVE_ROWS
        } else {
            0
        };
        let mut start_rows = Vec::new();
        for r in first_row..first_row + ACTIVE_ROWS {
            let t = tiles.pop().expect("enough tiles");
            g.rows[r].cells[0] = Some(t);
            start_rows.push((r, t));
        }
        if version.has_supply(players) {
            g.supply = tiles;
        } else {
            g.undealt = sorted(tiles);
        }
        if version.is_pro() {
            let mut deck = ActionCard::deck();
            deck.shuffle(&mut g.rng);
            for h in 0..players {
                let mut cards = deck.split_off(deck.len() - ACTION_HAND);
                cards.sort();
                g.action_hands[h] = cards;
            }
            g.action_stack = deck;
        }
        let mut log = Log::on();
        g.record_deal(start_rows, &mut log);
        g.start_round(&mut log);
        g.opening = Arc::new(log.events);
        g
    }

    pub(super) fn record_deal(&mut self, rows: Vec<(usize, u8)>, log: &mut Log) {
        let set = self.set;
        let supply = self.supply.len();
        if log.on {
            let rows = rows.clone();
            log.public(|| Event::Dealt { set, rows, supply });
        }
        for seat in Seat::all(self.players) {
            let tiles = self.hands[seat.index()].clone();
            log.to_seat(seat, || Event::TilesDealt { seat, tiles });
            if set == 1 && self.options.version.is_pro() {
                let cards = self.action_hands[seat.index()].clone();
                log.to_seat(seat, || Event::ActionCardsDealt { seat, cards });
            }
        }
        self.dealt.push(DealRecord {
            set,
            hands: self.hands.clone(),
            rows,
            supply: self.supply.iter().rev().copied().collect(),
            action_hands: if set == 1 {
                self.action_hands.clone()
            } else {
                Vec::new()
            },
            action_stack: if set == 1 {
                self.action_stack.iter().rev().copied().collect()
            } else {
                Vec::new()
            },
        });
    }
}
