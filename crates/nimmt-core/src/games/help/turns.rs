//! A turn: an action applied, a card played, help asked for, given and a card given back, the
//! hand refilled, the next player on (No! holders skipped).

use super::cards::{insert_sorted, remove_one};
use super::legal::helps;
use super::{
    card_playable, joker_value, Action, DealEnd, Event, Help, HelpCard, Log, NoMark, Phase,
    RowCard, Stage, HAND_SIZE, ROW_CAPACITY,
};
use crate::error::ActionError;
use crate::seat::{Audience, Seat};
use rand::seq::SliceRandom;

impl Help {
    /// Applies an action without writing events: the fast path for playouts. Same checks and
    /// same result as [`Rules::act`].
    pub fn act_quiet(&mut self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.apply(seat, action, &mut Log::off())
    }

    /// Checks, then changes. On error nothing changed.
    pub(super) fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut Log,
    ) -> Result<(), ActionError> {
        let stage = self.check(seat, action)?;
        match (stage, *action) {
            (Stage::Turn { .. }, Action::AskHelp) => self.ask_help(seat, log),
            (Stage::Turn { .. }, a) => self.play(seat, a, log),
            (Stage::GiveHelp { asker, helper, .. }, Action::GiveHelp { card }) => {
                remove_one(&mut self.hands[helper.index()], card);
                insert_sorted(&mut self.hands[asker.index()], card);
                log.public(|| Event::Helped {
                    from: helper,
                    to: asker,
                });
                log.to(Audience::Seats(vec![helper, asker]), || Event::CardPassed {
                    from: helper,
                    to: asker,
                    card,
                });
                self.phase = Phase::Playing(Stage::GiveBack {
                    asker,
                    helper,
                    card,
                });
            }
            (Stage::GiveBack { asker, helper, .. }, Action::GiveBack { card }) => {
                remove_one(&mut self.hands[asker.index()], card);
                insert_sorted(&mut self.hands[helper.index()], card);
                log.public(|| Event::GaveBack {
                    from: asker,
                    to: helper,
                });
                log.to(Audience::Seats(vec![asker, helper]), || {
                    Event::CardReturned {
                        from: asker,
                        to: helper,
                        card,
                    }
                });
                self.phase = Phase::Playing(Stage::Turn {
                    seat: asker,
                    helped: true,
                });
            }
            _ => unreachable!("checked"),
        }
        Ok(())
    }

    /// A checked play: the card goes to the row, the discard pile or in front of the player; a
    /// sixth card clears the row; the hand is refilled; the next player is on.
    pub(super) fn play(&mut self, seat: Seat, action: Action, log: &mut Log) {
        let s = seat.index();
        match action {
            Action::Lay { card } => {
                remove_one(&mut self.hands[s], HelpCard::Number(card));
                let laid = RowCard::number(card);
                let at = self.row.len();
                self.row.push(laid);
                let row = &self.row;
                log.public(|| Event::Laid {
                    seat,
                    card: laid,
                    at,
                    row: row.clone(),
                });
            }
            Action::Joker { at } => {
                let value = joker_value(&self.row, at).expect("checked");
                remove_one(&mut self.hands[s], HelpCard::Joker);
                let laid = RowCard::joker(value);
                self.row.insert(at, laid);
                let row = &self.row;
                log.public(|| Event::Laid {
                    seat,
                    card: laid,
                    at,
                    row: row.clone(),
                });
            }
            Action::Switch { take, give } => {
                remove_one(&mut self.hands[s], HelpCard::Switch);
                remove_one(&mut self.hands[s], HelpCard::Number(give));
                let given = RowCard::number(give);
                let taken = std::mem::replace(&mut self.row[take], given);
                insert_sorted(&mut self.hands[s], taken.card);
                self.discard.push(HelpCard::Switch);
                let row = &self.row;
                log.public(|| Event::Switched {
                    seat,
                    at: take,
                    taken,
                    given,
                    row: row.clone(),
                });
            }
            Action::Zap => {
                remove_one(&mut self.hands[s], HelpCard::Zap);
                let removed = self.row.pop().expect("checked: a card to zap");
                self.discard.push(removed.card);
                self.discard.push(HelpCard::Zap);
                let row = &self.row;
                log.public(|| Event::Zapped {
                    seat,
                    removed,
                    row: row.clone(),
                });
            }
            Action::No => {
                remove_one(&mut self.hands[s], HelpCard::No);
                self.marks[s] = NoMark::Laid;
                log.public(|| Event::NoLaid { seat });
            }
            _ => unreachable!("a play"),
        }
        if self.row.len() == ROW_CAPACITY {
            let cards = std::mem::take(&mut self.row);
            self.discard.extend(cards.iter().map(|c| c.card));
            log.public(|| Event::RowCleared { seat, cards });
        }
        self.turn += 1;
        self.refill(seat, log);
        self.next_turn(seat, log);
    }

    /// Refills `seat`'s hand to four, reshuffling the discard pile when the draw pile is used up.
    fn refill(&mut self, seat: Seat, log: &mut Log) {
        let s = seat.index();
        let mut drawn = Vec::new();
        while self.hands[s].len() < HAND_SIZE {
            if self.draw.is_empty() {
                if self.discard.is_empty() {
                    break;
                }
                std::mem::swap(&mut self.draw, &mut self.discard);
                self.draw.shuffle(&mut self.rng);
                if let Some(deal) = self.dealt.last_mut() {
                    deal.reshuffles
                        .push(self.draw.iter().rev().copied().collect());
                }
                let cards = self.draw.len();
                log.public(|| Event::Reshuffled { cards });
            }
            let card = self.draw.pop().expect("not empty");
            insert_sorted(&mut self.hands[s], card);
            if log.on {
                drawn.push(card);
            }
        }
        if !drawn.is_empty() {
            let count = drawn.len();
            let draw_pile = self.draw.len();
            log.public(|| Event::Drew {
                seat,
                count,
                draw_pile,
            });
            log.to(Audience::Seat(seat), || Event::Drawn { seat, cards: drawn });
        }
    }

    /// The next player after `from` plays; No! holders on the way are skipped once, then
    /// discard their No! and play (H5).
    fn next_turn(&mut self, from: Seat, log: &mut Log) {
        let mut seat = self.direction.next(from, self.players);
        loop {
            match self.marks[seat.index()] {
                NoMark::None => break,
                NoMark::Laid => {
                    self.marks[seat.index()] = NoMark::Skipped;
                    log.public(|| Event::Skipped { seat });
                    seat = self.direction.next(seat, self.players);
                }
                NoMark::Skipped => {
                    self.marks[seat.index()] = NoMark::None;
                    self.discard.push(HelpCard::No);
                    log.public(|| Event::NoDiscarded { seat });
                    break;
                }
            }
        }
        self.phase = Phase::Playing(Stage::Turn {
            seat,
            helped: false,
        });
    }

    /// Whom `asker` would ask for help now: the player before them in the direction of play,
    /// passing over those with a No! in front (H4, H5); `None` when every other player has one.
    /// Second: the players passed over, nearest first.
    pub fn player_to_ask(&self, asker: Seat) -> (Option<Seat>, Vec<Seat>) {
        let mut passed_over = Vec::new();
        let mut asked = self.direction.previous(asker, self.players);
        while asked != asker && self.marks[asked.index()].protects() {
            passed_over.push(asked);
            asked = self.direction.previous(asked, self.players);
        }
        ((asked != asker).then_some(asked), passed_over)
    }

    /// `asker` can play nothing: the previous player without a No! must help, or the deal ends.
    fn ask_help(&mut self, asker: Seat, log: &mut Log) {
        let (asked, passed_over) = self.player_to_ask(asker);
        let Some(asked) = asked else {
            // Everybody else has a No! in front: nobody to ask, only the asker scores.
            self.end_deal(DealEnd::Helpless { asker }, log);
            return;
        };
        let switch_helps = card_playable(HelpCard::Switch, &self.hands[asker.index()], &self.row);
        log.public(|| Event::HelpAsked {
            asker,
            asked,
            passed_over,
        });
        let can_help = self.hands[asked.index()]
            .iter()
            .any(|&c| helps(c, &self.row, switch_helps));
        if can_help {
            self.phase = Phase::Playing(Stage::GiveHelp {
                asker,
                helper: asked,
                switch_helps,
            });
        } else {
            self.end_deal(DealEnd::NoHelp { asker, asked }, log);
        }
    }
}
