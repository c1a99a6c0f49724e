//! A deal's start: the cards shuffled and dealt, or drafted and the rows laid (C4); each turn
//! begun.

use super::{sorted, Classic, DealMode, DealStart, Deck, Event, Fan, Phase, Rows, ROWS};
use crate::cards::Card;
use crate::seat::{Addressed, Seat};
use rand::seq::SliceRandom;

impl Classic {
    /// Starts deal `self.deal`: shuffles, deals or opens the draft.
    pub(super) fn start_deal(&mut self, events: &mut Vec<Addressed<Event>>) {
        let n = self.players;
        let h = self.options.hand_size as usize;
        let mut deck: Vec<Card> = (1..=self.options.deck_size(n) as u8)
            .map(|c| Card::new(c).expect("deck within 1–104"))
            .collect();
        self.taken = vec![Vec::new(); n];
        self.played = vec![Vec::new(); n];
        self.drafted = vec![Vec::new(); n];
        self.swap_left = vec![self.options.fan == Some(Fan::DigitSwap); n];
        self.turn = 0;
        match self.options.deal {
            DealMode::Random => {
                deck.shuffle(&mut self.rng);
                self.hands = deck.chunks(h).take(n).map(|c| sorted(c.to_vec())).collect();
                let starts: [Card; ROWS] = deck[n * h..n * h + ROWS]
                    .try_into()
                    .expect("four start cards");
                self.set_aside = deck[n * h + ROWS..].to_vec();
                self.rows = Rows::new(starts, self.options.fan);
                self.dealt.push(DealStart {
                    hands: self.hands.clone(),
                    pool: Vec::new(),
                    rows: starts.to_vec(),
                });
                events.push(Addressed::public(Event::DealStarted {
                    deal: self.deal,
                    rows: Some(self.rows.clone()),
                    pool: None,
                    first_pick: None,
                    swap_left: self.swap_left.clone(),
                }));
                for seat in Seat::all(n) {
                    events.push(Addressed::to_seat(
                        seat,
                        Event::HandDealt {
                            seat,
                            hand: self.hands[seat.index()].clone(),
                        },
                    ));
                }
                self.begin_turn(events);
            }
            DealMode::Draft => {
                // C4: deal k starts with seat k mod n (deals counted from 0).
                let next = Seat(((self.deal - 1) as usize % n) as u8);
                self.hands = vec![Vec::new(); n];
                self.rows = Rows::empty();
                self.set_aside = Vec::new();
                self.dealt.push(DealStart {
                    hands: Vec::new(),
                    pool: deck.clone(),
                    rows: Vec::new(),
                });
                events.push(Addressed::public(Event::DealStarted {
                    deal: self.deal,
                    rows: None,
                    pool: Some(deck.clone()),
                    first_pick: Some(next),
                    swap_left: self.swap_left.clone(),
                }));
                self.phase = Phase::Draft { pool: deck, next };
            }
        }
    }

    pub(super) fn begin_turn(&mut self, events: &mut Vec<Addressed<Event>>) {
        self.turn += 1;
        self.phase = Phase::Choose {
            chosen: vec![None; self.players],
        };
        events.push(Addressed::public(Event::TurnStarted {
            deal: self.deal,
            turn: self.turn,
        }));
    }

    /// Ends the draft: the cards left start the rows (C4).
    pub(super) fn finish_draft(&mut self, mut pool: Vec<Card>, events: &mut Vec<Addressed<Event>>) {
        let starts: [Card; ROWS] = match self.options.deck {
            // Tactic deck: exactly four are left; they start the rows in ascending order.
            Deck::Tactic => {
                pool.sort();
                pool[..ROWS].try_into().expect("four cards left")
            }
            // Full deck: four drawn at random from those left.
            Deck::Full => {
                let (drawn, rest) = pool.partial_shuffle(&mut self.rng, ROWS);
                let drawn: [Card; ROWS] = (&*drawn).try_into().expect("four drawn");
                self.set_aside = rest.to_vec();
                drawn
            }
        };
        self.rows = Rows::new(starts, self.options.fan);
        if let Some(d) = self.dealt.last_mut() {
            d.rows = starts.to_vec();
        }
        events.push(Addressed::public(Event::RowsLaid {
            rows: self.rows.clone(),
        }));
        self.begin_turn(events);
    }
}
