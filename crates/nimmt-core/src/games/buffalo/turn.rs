//! A turn: an action applied, the cards chosen and revealed with the buffalo's, a window before
//! each card, the cards laid and the rows taken, the next turn.

use super::rows::{cheapest_row, target, Target, CLASSIC_CAPACITY};
use super::{remove_one, Action, Buffalo, Event, Log, Owner, Phase, Played, Special, Stage};
use crate::cards::{heads_of, Card};
use crate::error::ActionError;
use crate::seat::Seat;

impl Buffalo {
    /// Applies an action without writing events: the fast path for playouts. Same checks and
    /// same result as [`Rules::act`].
    pub fn act_quiet(&mut self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.apply(seat, action, &mut Log::new(false))
    }

    /// Checks, then changes. On error nothing changed.
    pub(super) fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        log: &mut Log,
    ) -> Result<(), ActionError> {
        self.check(seat, action)?;
        let stage = self.stage().expect("checked: playing").clone();
        match (stage, action) {
            (Stage::Choose, &Action::Play { card }) => self.choose(seat, card, log),
            (Stage::Choose, Action::AskAgain) => {
                self.game_passed[seat.index()] = false;
                log.public(|| Event::AskedAgain { seat });
            }
            (Stage::TakeRow { card, .. }, &Action::TakeRow { row }) => {
                self.take_low(
                    row,
                    Played {
                        owner: Owner::Seat(seat),
                        card,
                    },
                    log,
                );
                self.decision_point(log);
            }
            (Stage::Window { mut passed }, a) if a.is_pass() => {
                passed[seat.index()] = true;
                match a {
                    Action::PassGame => {
                        self.game_passed[seat.index()] = true;
                        log.public(|| Event::PassedGame { seat });
                    }
                    Action::PassCard => log.public(|| Event::Passed { seat }),
                    _ => {
                        self.turn_passed[seat.index()] = true;
                        log.public(|| Event::PassedTurn { seat });
                    }
                }
                if self.window_asks_anyone(&passed) {
                    self.phase = Phase::Playing(Stage::Window { passed });
                } else {
                    self.lay_next(log);
                }
            }
            (Stage::Window { .. }, a) => self.use_special(seat, a.clone(), log),
            _ => unreachable!("checked"),
        }
        Ok(())
    }

    fn choose(&mut self, seat: Seat, card: Card, log: &mut Log) {
        remove_one(&mut self.hands[seat.index()], &card);
        self.chosen[seat.index()] = Some(card);
        log.public(|| Event::Chose { seat });
        log.to(seat, || Event::ChoseCard { seat, card });
        if self.chosen.iter().all(Option::is_some) {
            self.reveal(log);
        }
    }

    /// All chose: the cards and the buffalo's top card are revealed, lowest first (C7).
    fn reveal(&mut self, log: &mut Log) {
        let buffalo = self.buffalo_cards.pop().expect("a card per turn");
        self.queue = self
            .chosen
            .iter_mut()
            .enumerate()
            .map(|(i, c)| Played {
                owner: Owner::Seat(Seat(i as u8)),
                card: c.take().expect("all chose"),
            })
            .chain([Played {
                owner: Owner::Buffalo,
                card: buffalo,
            }])
            .collect();
        self.queue.sort_by_key(|p| p.card);
        let plays = self.queue.clone();
        let buffalo_cards_left = self.buffalo_cards.len();
        log.public(|| Event::Revealed {
            plays,
            buffalo_cards_left,
        });
        self.decision_point(log);
    }

    /// Before the next card is laid: a window when the team can do anything, else the card is
    /// laid; with no card left the turn ends.
    pub(super) fn decision_point(&mut self, log: &mut Log) {
        if self.queue.is_empty() {
            self.end_turn(log);
        } else if self.window_asks_anyone(&vec![false; self.players]) {
            let passed = vec![false; self.players];
            if log.on {
                let asked = Seat::all(self.players)
                    .filter(|&s| self.asked_in_window(s, &passed))
                    .collect();
                let next = self.queue[0];
                log.public(|| Event::WindowOpened { next, asked });
            }
            self.phase = Phase::Playing(Stage::Window { passed });
        } else {
            self.lay_next(log);
        }
    }

    pub(super) fn lay_next(&mut self, log: &mut Log) {
        let next = self.queue.remove(0);
        self.lay(next, log);
    }

    /// Lays a revealed card by the classic rules (the stop-signed rows left out); a low card
    /// of the buffalo takes the cheapest row (B3), a member's waits for its owner's choice.
    pub(super) fn lay(&mut self, played: Played, log: &mut Log) {
        match target(&self.rows, played.card) {
            Target::Row { row } => {
                let at = self.rows[row].len();
                self.place(played, row, at, log);
                self.decision_point(log);
            }
            Target::Low => match played.owner {
                Owner::Buffalo => {
                    let row = cheapest_row(&self.rows).expect("at most two rows are blocked");
                    self.take_low(row, played, log);
                    self.decision_point(log);
                }
                Owner::Seat(seat) => {
                    let card = played.card;
                    log.public(|| Event::RowToTake { seat, card });
                    self.phase = Phase::Playing(Stage::TakeRow { seat, card });
                }
            },
        }
    }

    /// `played` goes into row `row` at place `at` (`laid`); when the row then holds more than
    /// it may, every card but its last is taken (`team_took` or `buffalo_took`, by the card's
    /// owner) and a *7 nimmt!* beside it leaves the game (`seven_takes_discarded`): three steps,
    /// each event with the rows after exactly that step.
    pub(super) fn place(&mut self, played: Played, row: usize, at: usize, log: &mut Log) {
        self.rows[row].place(at, played.card);
        log.public(|| Event::Laid {
            owner: played.owner,
            card: played.card,
            row,
            at,
            rows: self.rows.clone(),
        });
        let taken = self.rows[row].take_overflow();
        self.give(played.owner, row, taken, log);
    }

    /// `played` is a low card: its owner takes row `row` (a *7 nimmt!* beside it leaves with
    /// the row), then the card starts it again (rule 4, `001` "7 nimmt!").
    fn take_low(&mut self, row: usize, played: Played, log: &mut Log) {
        let taken = std::mem::take(&mut self.rows[row].cards);
        self.give(played.owner, row, taken, log);
        self.rows[row].cards.push(played.card);
        log.public(|| Event::Laid {
            owner: played.owner,
            card: played.card,
            row,
            at: 0,
            rows: self.rows.clone(),
        });
    }

    /// Cards taken from row `row` go to the team's or the buffalo's pile (the event carries the
    /// rows after the take); then a *7 nimmt!* beside the row leaves the game.
    pub(super) fn give(&mut self, owner: Owner, row: usize, cards: Vec<Card>, log: &mut Log) {
        if cards.is_empty() {
            return;
        }
        match owner {
            Owner::Seat(_) => {
                self.team_pile.extend(&cards);
                log.public(|| Event::TeamTook {
                    row,
                    heads: heads_of(&cards),
                    cards,
                    team_heads: heads_of(&self.team_pile),
                    team_points: self.team_points(),
                    rows: self.rows.clone(),
                });
            }
            Owner::Buffalo => {
                let count = cards.len();
                self.buffalo_pile.extend(cards);
                let pile = self.buffalo_pile.len();
                log.public(|| Event::BuffaloTook {
                    row,
                    count,
                    pile,
                    rows: self.rows.clone(),
                });
            }
        }
        if self.rows[row].capacity > CLASSIC_CAPACITY {
            self.rows[row].capacity = CLASSIC_CAPACITY;
            self.used.push(Special::SevenTakes);
            log.public(|| Event::SevenTakesDiscarded {
                row,
                rows: self.rows.clone(),
                used: self.used.clone(),
            });
        }
    }

    fn end_turn(&mut self, log: &mut Log) {
        let turn = self.turn;
        log.public(|| Event::TurnEnded { turn });
        if self.hands.iter().all(Vec::is_empty) {
            self.end_game(log);
        } else {
            self.turn += 1;
            self.turn_passed = vec![false; self.players];
            self.phase = Phase::Playing(Stage::Choose);
            let turn = self.turn;
            log.public(|| Event::TurnStarted { turn });
        }
    }
}
