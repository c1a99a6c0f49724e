//! A deal: its start (the cards shuffled and dealt, the lowest numbers called, the opening card)
//! and its end (the points, and the game's end).

use super::{
    full_deck, sorted, Action, Call, DealEnd, DealResult, DealStart, Direction, Event, Help, Log,
    NoMark, Phase, Stage, HAND_SIZE,
};
use crate::descriptor::ScoreSense;
use crate::rules::Outcome;
use crate::seat::{Audience, Seat};
use rand::seq::SliceRandom;
use rand::Rng;

impl Help {
    pub(super) fn end_deal(&mut self, end: DealEnd, log: &mut Log) {
        let points: Vec<u32> = Seat::all(self.players)
            .map(|s| match end {
                DealEnd::NoHelp { asker, asked } => u32::from(s != asker && s != asked),
                DealEnd::Helpless { asker } => u32::from(s == asker),
            })
            .collect();
        for (t, p) in self.totals.iter_mut().zip(&points) {
            *t += p;
        }
        let result = DealResult {
            deal: self.deal,
            end,
            points,
        };
        if log.on {
            let totals = self.totals.clone();
            let result = result.clone();
            log.public(|| Event::DealEnded { result, totals });
        }
        let scored: Vec<bool> = result.points.iter().map(|&p| p > 0).collect();
        self.history.push(result);
        if self.totals.iter().any(|&t| t >= self.options.end_at) {
            let outcome = Outcome {
                scores: self.totals.iter().map(|&t| t as i32).collect(),
                winners: Seat::all(self.players)
                    .filter(|s| self.totals[s.index()] >= self.options.end_at)
                    .collect(),
                sense: ScoreSense::Higher,
                others: Vec::new(),
            };
            if log.on {
                let outcome = outcome.clone();
                log.public(|| Event::GameEnded { outcome });
            }
            self.phase = Phase::Over(outcome);
        } else {
            self.deal += 1;
            // H1: from the second deal only the players who did not score take part.
            let mut part: Vec<bool> = scored.iter().map(|s| !s).collect();
            if !part.contains(&true) {
                part = vec![true; self.players];
            }
            self.start_deal(&part, log);
        }
    }

    /// Shuffles all 105 cards, deals, and lets the starter open the row (`002` "Spielablauf",
    /// H1).
    pub(super) fn start_deal(&mut self, taking_part: &[bool], log: &mut Log) {
        let n = self.players;
        self.direction = Direction::of_deal(self.deal);
        self.turn = 0;
        let mut deck = full_deck();
        deck.shuffle(&mut self.rng);
        self.hands = (0..n)
            .map(|_| {
                let at = deck.len() - HAND_SIZE;
                sorted(deck.split_off(at))
            })
            .collect();
        self.draw = deck;
        self.row.clear();
        self.discard.clear();
        self.marks = vec![NoMark::None; n];
        let deal = self.deal;
        let direction = self.direction;
        let draw_pile = self.draw.len();
        log.public(|| Event::DealStarted {
            deal,
            direction,
            draw_pile,
            hand_size: HAND_SIZE,
        });
        for seat in Seat::all(n) {
            let hand = &self.hands[seat.index()];
            log.to(Audience::Seat(seat), || Event::HandDealt {
                seat,
                hand: hand.clone(),
            });
        }
        self.open_deal(taking_part, log);
    }

    /// The dealt hands call their lowest numbers; the starter lays its lowest card (H1).
    pub(super) fn open_deal(&mut self, taking_part: &[bool], log: &mut Log) {
        let n = self.players;
        let direction = self.direction;
        // H1: the lowest number called begins; a tie, or nobody with a number, by lot.
        self.calls = Seat::all(n)
            .filter(|s| taking_part[s.index()])
            .map(|seat| Call {
                seat,
                lowest: self.hands[seat.index()].iter().find_map(|c| c.value()),
            })
            .collect();
        let lowest = self.calls.iter().filter_map(|c| c.lowest).min();
        let candidates: Vec<Seat> = self
            .calls
            .iter()
            .filter(|c| c.lowest == lowest)
            .map(|c| c.seat)
            .collect();
        let by_lot = candidates.len() > 1;
        let starter = if by_lot {
            candidates[self.rng.random_range(0..candidates.len())]
        } else {
            candidates[0]
        };
        self.starter = starter;
        self.dealt.push(DealStart {
            direction,
            hands: self.hands.clone(),
            draw: self.draw.iter().rev().copied().collect(),
            calls: self.calls.clone(),
            starter,
            reshuffles: Vec::new(),
        });
        if log.on {
            let calls = self.calls.clone();
            log.public(|| Event::Called {
                calls,
                starter,
                by_lot,
            });
        }
        match lowest {
            // "Startest du den Durchgang, legst du deine niedrigste Karte offen …"
            Some(n) => self.play(starter, Action::Lay { card: n }, log),
            None => {
                self.phase = Phase::Playing(Stage::Turn {
                    seat: starter,
                    helped: false,
                })
            }
        }
    }
}
