//! A whole game that agrees with one member's view: what the member cannot see (teammates' hands
//! and face-down choices, the buffalo's stack, the cards of its face-down pile, the cards set
//! aside, the order of the special card stack) is dealt at random from what it has not seen.
//! Searching bots play on such worlds; the view of the world for that member is its view.

use super::specials::{all_specials, Special};
use super::view::{PhaseView, View};
use super::{beside_rows, card, remove_one, sorted, Buffalo, DealStart, Log, Phase, Stage};
use crate::cards::{Card, MAX_CARD};
use crate::seat::Seat;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

impl Buffalo {
    /// A game that agrees with `view`, the hidden cards dealt from `rng` (see the module
    /// documentation). The buffalo's pile gets unseen cards of the right number: only its order
    /// and size are in a view, so its points in the world are a guess.
    pub fn from_view(view: &View, rng: &mut impl Rng) -> Buffalo {
        let players = view.players;
        let me = view.seat();
        let mut seen = [false; MAX_CARD as usize + 1];
        let mut mark = |c: &Card| seen[c.number() as usize] = true;
        view.hand.iter().for_each(&mut mark);
        view.my_choice.iter().for_each(&mut mark);
        view.rows.iter().flat_map(|r| &r.cards).for_each(&mut mark);
        view.queue.iter().map(|p| &p.card).for_each(&mut mark);
        view.team_pile.iter().for_each(&mut mark);
        if let PhaseView::TakeRow { card, .. } = &view.phase {
            mark(card);
        }
        let shown_pile = view.result.as_ref().map(|r| r.buffalo_pile.clone());
        shown_pile.iter().flatten().for_each(&mut mark);
        let mut pool: Vec<Card> = (1..=MAX_CARD)
            .filter(|&n| !seen[n as usize])
            .map(card)
            .collect();
        pool.shuffle(rng);
        let mut deal = |n: usize| pool.split_off(pool.len() - n);
        let chosen_flags = match &view.phase {
            PhaseView::Choose { chosen } => chosen.clone(),
            _ => vec![false; players],
        };
        let mut hands = Vec::with_capacity(players);
        let mut chosen = vec![None; players];
        for seat in Seat::all(players) {
            let s = seat.index();
            if Some(seat) == me {
                hands.push(view.hand.clone());
                chosen[s] = view.my_choice;
            } else {
                hands.push(sorted(deal(view.hand_sizes[s])));
                if chosen_flags[s] {
                    chosen[s] = deal(1).pop();
                }
            }
        }
        let buffalo_cards = deal(view.buffalo_cards_left);
        let buffalo_pile = shown_pile.unwrap_or_else(|| deal(view.buffalo_pile_size));
        let set_aside = sorted(std::mem::take(&mut pool));

        let mut rest = all_specials();
        for s in view
            .open_specials
            .iter()
            .chain(&view.used_specials)
            .copied()
            .chain(beside_rows(&view.rows))
        {
            remove_one(&mut rest, &s);
        }
        rest.shuffle(rng);
        let stack: Vec<Special> = rest.split_off(rest.len() - view.stack_size.min(rest.len()));
        let boxed = rest;

        let phase = match &view.phase {
            PhaseView::Choose { .. } => Phase::Playing(Stage::Choose),
            PhaseView::Window { passed } => Phase::Playing(Stage::Window {
                passed: passed.clone(),
            }),
            PhaseView::TakeRow { seat, card } => Phase::Playing(Stage::TakeRow {
                seat: *seat,
                card: *card,
            }),
            PhaseView::Over => Phase::Over(
                view.result
                    .as_ref()
                    .map(|r| r.outcome.clone())
                    .expect("a finished game shows its result"),
            ),
        };
        let dealt = DealStart {
            hands: hands.clone(),
            buffalo: buffalo_cards.iter().rev().copied().collect(),
            rows: view.rows.clone(),
            specials: view.open_specials.iter().chain(&stack).copied().collect(),
            boxed: boxed.clone(),
        };
        Buffalo {
            players,
            options: view.options,
            rng: ChaCha8Rng::seed_from_u64(rng.random()),
            turn: view.turn,
            hands,
            buffalo_cards,
            rows: view.rows.clone(),
            chosen,
            queue: view.queue.clone(),
            team_pile: view.team_pile.clone(),
            buffalo_pile,
            open: view.open_specials.clone(),
            stack,
            used: view.used_specials.clone(),
            boxed,
            turn_passed: view.turn_passed.clone(),
            game_passed: view.game_passed.clone(),
            set_aside,
            phase,
            dealt,
            opening: Arc::new(Vec::new()),
        }
    }

    /// Puts the open special cards and the stack back in the box, for playouts in which the team
    /// uses none: then a window opens only while a stop sign lies beside a row. An open window
    /// that then asks nobody closes (the next card is laid).
    pub fn put_specials_away(&mut self) {
        self.boxed.append(&mut self.open);
        self.boxed.append(&mut self.stack);
        if let Phase::Playing(Stage::Window { passed }) = &self.phase {
            if !self.window_asks_anyone(passed) {
                self.lay_next(&mut Log::new(false));
            }
        }
    }
}
