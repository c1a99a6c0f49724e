//! *HELP!* for 3–5 players (`002`, AMIGO 02154), RULINGS H1–H6; the decisions the rule book
//! leaves open are written down in `docs/rules/help.md`.
//!
//! - [`cards`]: the 105 playing cards and the shared row (where a number, Joker or Switch may go);
//! - [`options`]: the table options;
//! - [`actions`]: decisions, actions and events;
//! - this module: the state machine (deals, turns, HELP!, No!, scoring);
//! - [`view`]: what each viewer sees.
//!
//! One seat decides at a time: the player whose turn it is ([`Decision::Play`]), the player asked
//! for help ([`Decision::GiveHelp`]) and the helped player giving a card back
//! ([`Decision::GiveBack`]). Skipped turns, discarding a No!, refilling hands and the opening card
//! of a deal (the starter's lowest number, which the rule book prescribes) happen by themselves.

pub mod actions;
pub mod cards;
pub mod options;
mod position;
pub mod trace;
pub mod view;

pub use actions::{Action, Call, DealEnd, DealResult, Decision, Direction, Event, NoMark};
pub use cards::{
    card_playable, fits_end, full_deck, hand_playable, joker_spots, joker_value, switch_fits,
    HelpCard, RowCard, DECK_SIZE, HAND_SIZE, MAX_NUMBER, ROW_CAPACITY,
};
pub use options::HelpOptions;
pub use position::Position;
pub use view::{PhaseView, View};

use crate::descriptor::{GameDescriptor, ScoreSense, Text};
use crate::error::{ActionError, SetupError};
use crate::game::{no_data, GameData};
use crate::options::OptionMap;
use crate::rules::{GameKind, Outcome, Rules, Tracer};
use crate::seat::{Addressed, Audience, Seat, Viewer};
use cards::{insert_sorted, remove_one};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where a deal stands: who must decide what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// `seat` is to play; `helped` once it has been helped this turn (it may not ask again).
    Turn { seat: Seat, helped: bool },
    /// `asker` asked `helper`, who must hand over a card `asker` can play. `switch_helps`:
    /// whether a Switch would help (it depends on the asker's numbers, H4).
    GiveHelp {
        asker: Seat,
        helper: Seat,
        switch_helps: bool,
    },
    /// `helper` handed `card` to `asker`, who now gives a card back.
    GiveBack {
        asker: Seat,
        helper: Seat,
        card: HelpCard,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    Playing(Stage),
    Over(Outcome),
}

/// How a deal began, as a game record stores it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealStart {
    pub direction: Direction,
    /// Hands as dealt, sorted.
    pub hands: Vec<Vec<HelpCard>>,
    /// The draw pile, top card first.
    pub draw: Vec<HelpCard>,
    /// The lowest numbers called (H1).
    pub calls: Vec<Call>,
    pub starter: Seat,
    /// Each reshuffle of the discard pile in this deal, in order: the new draw pile, top card
    /// first (H6). With it a record fixes every card drawn, and a referee can check it alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reshuffles: Vec<Vec<HelpCard>>,
}

/// Events as they happen, or none (playouts).
type Log = crate::event_log::EventLog<Event>;

/// The fewest and most seats at a table.
const PLAYERS: (usize, usize) = (3, 5);

/// A HELP! game in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Help {
    players: usize,
    options: HelpOptions,
    rng: ChaCha8Rng,
    /// The current deal, from 1.
    deal: u32,
    /// Turns played in this deal.
    turn: u32,
    direction: Direction,
    /// Hands, sorted.
    hands: Vec<Vec<HelpCard>>,
    row: Vec<RowCard>,
    /// The draw pile, top card last.
    draw: Vec<HelpCard>,
    discard: Vec<HelpCard>,
    marks: Vec<NoMark>,
    totals: Vec<u32>,
    history: Vec<DealResult>,
    calls: Vec<Call>,
    starter: Seat,
    phase: Phase,
    dealt: Vec<DealStart>,
    opening: Arc<Vec<Addressed<Event>>>,
}

fn sorted(mut cards: Vec<HelpCard>) -> Vec<HelpCard> {
    cards.sort();
    cards
}

fn distinct(hand: &[HelpCard]) -> impl Iterator<Item = HelpCard> + '_ {
    // Hands are sorted: equal cards lie together.
    hand.iter()
        .enumerate()
        .filter(|&(i, c)| i == 0 || hand[i - 1] != *c)
        .map(|(_, &c)| c)
}

/// Every play `hand` allows on `row` (not asking for help), each once.
pub fn play_actions(hand: &[HelpCard], row: &[RowCard], out: &mut Vec<Action>) {
    for card in distinct(hand) {
        match card {
            HelpCard::Number(n) => {
                if fits_end(row, n) {
                    out.push(Action::Lay { card: n });
                }
            }
            HelpCard::Joker => out.extend(joker_spots(row).map(|at| Action::Joker { at })),
            HelpCard::Switch => {
                for give in distinct(hand).filter_map(HelpCard::value) {
                    for take in 0..row.len() {
                        if switch_fits(row, take, give) {
                            out.push(Action::Switch { take, give });
                        }
                    }
                }
            }
            HelpCard::Zap => {
                if !row.is_empty() {
                    out.push(Action::Zap);
                }
            }
            HelpCard::No => out.push(Action::No),
        }
    }
}

/// Whether `card` would help a player who asks for help on `row` (H4); for a Switch, whether
/// the asker holds a number it can swap in (`switch_helps`).
pub fn helps(card: HelpCard, row: &[RowCard], switch_helps: bool) -> bool {
    match card {
        HelpCard::Switch => switch_helps,
        c => card_playable(c, &[], row),
    }
}

/// The cards a helped player may give back: any card whose loss still leaves a card to play.
pub fn give_back_cards(hand: &[HelpCard], row: &[RowCard]) -> Vec<HelpCard> {
    let mut rest = Vec::with_capacity(hand.len());
    distinct(hand)
        .filter(|&c| {
            rest.clear();
            rest.extend_from_slice(hand);
            remove_one(&mut rest, c);
            hand_playable(&rest, row)
        })
        .collect()
}

/// Checks a play of `hand` on `row` with a reason when it is refused.
fn check_play(
    seat: Seat,
    hand: &[HelpCard],
    row: &[RowCard],
    action: &Action,
) -> Result<(), ActionError> {
    let holds = |card: HelpCard| hand.contains(&card);
    let missing = |card: HelpCard| match card {
        HelpCard::Number(n) => ActionError::NotInHand { seat, card: n },
        c => ActionError::illegal(format!("you hold no {c}")),
    };
    match *action {
        Action::Lay { card } => {
            let c = HelpCard::number(card).ok_or_else(|| ActionError::Malformed {
                reason: format!("{card} is not a HELP! number card (1–{MAX_NUMBER})"),
            })?;
            if !holds(c) {
                return Err(missing(c));
            }
            if !fits_end(row, card) {
                let last = row.last().map_or(0, |l| l.value);
                return Err(ActionError::illegal(format!(
                    "{card} does not fit: a number card must be higher than the row's last card ({last})"
                )));
            }
        }
        Action::Joker { at } => {
            if !holds(HelpCard::Joker) {
                return Err(missing(HelpCard::Joker));
            }
            if at > row.len() {
                return Err(ActionError::illegal(format!(
                    "the row has {} cards: a Joker goes at a place from 0 to {}",
                    row.len(),
                    row.len()
                )));
            }
            if joker_value(row, at).is_none() {
                return Err(ActionError::illegal(format!(
                    "a Joker at place {at} would not lie strictly between its neighbours"
                )));
            }
        }
        Action::Switch { take, give } => {
            if !holds(HelpCard::Switch) {
                return Err(missing(HelpCard::Switch));
            }
            let c = HelpCard::number(give).ok_or_else(|| ActionError::Malformed {
                reason: format!("{give} is not a HELP! number card (1–{MAX_NUMBER})"),
            })?;
            if !holds(c) {
                return Err(missing(c));
            }
            if take >= row.len() {
                return Err(ActionError::illegal(format!(
                    "the row has no card at place {take} to switch"
                )));
            }
            if !switch_fits(row, take, give) {
                return Err(ActionError::illegal(format!(
                    "{give} at place {take} would break the ascending order of the row"
                )));
            }
        }
        Action::Zap => {
            if !holds(HelpCard::Zap) {
                return Err(missing(HelpCard::Zap));
            }
            if row.is_empty() {
                return Err(ActionError::illegal(
                    "a Zap cannot be played on an empty row",
                ));
            }
        }
        Action::No => {
            if !holds(HelpCard::No) {
                return Err(missing(HelpCard::No));
            }
        }
        Action::AskHelp => {
            if hand_playable(hand, row) {
                return Err(ActionError::illegal(
                    "you may ask for help only when none of your cards can be played",
                ));
            }
        }
        Action::GiveHelp { .. } | Action::GiveBack { .. } => unreachable!("not a play"),
    }
    Ok(())
}

impl Help {
    pub fn deal_number(&self) -> u32 {
        self.deal
    }
    /// Turns played in this deal.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn direction(&self) -> Direction {
        self.direction
    }
    pub fn row(&self) -> &[RowCard] {
        &self.row
    }
    pub fn hand(&self, seat: Seat) -> &[HelpCard] {
        &self.hands[seat.index()]
    }
    /// The draw pile, top card last.
    pub fn draw_pile(&self) -> &[HelpCard] {
        &self.draw
    }
    pub fn discard_pile(&self) -> &[HelpCard] {
        &self.discard
    }
    pub fn marks(&self) -> &[NoMark] {
        &self.marks
    }
    /// Points of the finished deals.
    pub fn totals(&self) -> &[u32] {
        &self.totals
    }
    pub fn history(&self) -> &[DealResult] {
        &self.history
    }
    /// Who decides what now; `None` once the game is over.
    pub fn stage(&self) -> Option<Stage> {
        match &self.phase {
            Phase::Playing(s) => Some(*s),
            Phase::Over(_) => None,
        }
    }

    /// Every card of the game wherever it lies: hands, row, draw and discard piles, No! cards in
    /// front of players (for the conservation property).
    pub fn cards_in_play(&self) -> Vec<HelpCard> {
        let mut all: Vec<HelpCard> = self.hands.iter().flatten().copied().collect();
        all.extend(self.row.iter().map(|c| c.card));
        all.extend(&self.draw);
        all.extend(&self.discard);
        all.extend(
            self.marks
                .iter()
                .filter(|m| m.protects())
                .map(|_| HelpCard::No),
        );
        all
    }

    /// Applies an action without writing events: the fast path for playouts. Same checks and
    /// same result as [`Rules::act`].
    pub fn act_quiet(&mut self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.apply(seat, action, &mut Log::off())
    }

    /// Appends the actions `seat` may take now to `out` (what [`Rules::legal_actions`] lists).
    pub fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        let Phase::Playing(stage) = self.phase else {
            return;
        };
        match stage {
            Stage::Turn { seat: s, helped } if s == seat => {
                let hand = &self.hands[seat.index()];
                let before = out.len();
                play_actions(hand, &self.row, out);
                if out.len() == before && !helped {
                    out.push(Action::AskHelp);
                }
            }
            Stage::GiveHelp {
                helper,
                switch_helps,
                ..
            } if helper == seat => out.extend(
                distinct(&self.hands[seat.index()])
                    .filter(|&c| helps(c, &self.row, switch_helps))
                    .map(|card| Action::GiveHelp { card }),
            ),
            Stage::GiveBack { asker, .. } if asker == seat => out.extend(
                give_back_cards(&self.hands[seat.index()], &self.row)
                    .into_iter()
                    .map(|card| Action::GiveBack { card }),
            ),
            _ => {}
        }
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<Stage, ActionError> {
        if seat.index() >= self.players {
            return Err(ActionError::NoSuchSeat { seat });
        }
        let stage = match &self.phase {
            Phase::Over(_) => return Err(ActionError::GameOver),
            Phase::Playing(s) => *s,
        };
        let asked = self.asked(seat).ok_or(ActionError::NotAsked { seat })?;
        let wrong = || ActionError::WrongDecision {
            seat,
            asked: asked.describe().into(),
            attempted: action.describe().into(),
        };
        let hand = &self.hands[seat.index()];
        match (stage, action) {
            (Stage::Turn { helped, .. }, a) if a.is_play() => {
                if helped && *a == Action::AskHelp {
                    return Err(ActionError::illegal(
                        "you were helped this turn: play a card",
                    ));
                }
                check_play(seat, hand, &self.row, a)?;
            }
            (Stage::GiveHelp { switch_helps, .. }, Action::GiveHelp { card }) => {
                if !hand.contains(card) {
                    return Err(match card {
                        HelpCard::Number(n) => ActionError::NotInHand { seat, card: *n },
                        c => ActionError::illegal(format!("you hold no {c}")),
                    });
                }
                if !helps(*card, &self.row, switch_helps) {
                    return Err(ActionError::illegal(format!(
                        "{card} cannot be played by the player you help: hand over one that can"
                    )));
                }
            }
            (Stage::GiveBack { .. }, Action::GiveBack { card }) => {
                if !hand.contains(card) {
                    return Err(match card {
                        HelpCard::Number(n) => ActionError::NotInHand { seat, card: *n },
                        c => ActionError::illegal(format!("you hold no {c}")),
                    });
                }
                if !give_back_cards(hand, &self.row).contains(card) {
                    return Err(ActionError::illegal(format!(
                        "without {card} you could play no card: give back another one"
                    )));
                }
            }
            _ => return Err(wrong()),
        }
        Ok(stage)
    }

    /// Checks, then changes. On error nothing changed.
    fn apply(&mut self, seat: Seat, action: &Action, log: &mut Log) -> Result<(), ActionError> {
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
    fn play(&mut self, seat: Seat, action: Action, log: &mut Log) {
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

    fn end_deal(&mut self, end: DealEnd, log: &mut Log) {
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
    fn start_deal(&mut self, taking_part: &[bool], log: &mut Log) {
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
    fn open_deal(&mut self, taking_part: &[bool], log: &mut Log) {
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

impl Rules for Help {
    type Options = HelpOptions;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Decision = Decision;

    const KIND: GameKind = GameKind::new("help");

    fn descriptor() -> GameDescriptor {
        GameDescriptor {
            name: Self::KIND.name().to_owned(),
            title: Text::new("HELP!", "HELP!"),
            players: PLAYERS,
            sense: ScoreSense::Higher,
            team: false,
            automata: Vec::new(),
            options: options::schema(),
        }
    }

    fn parse_options(
        players: usize,
        options: &OptionMap,
        data: &GameData,
    ) -> Result<HelpOptions, SetupError> {
        no_data(Self::KIND, data)?;
        HelpOptions::parse(players, options)
    }

    fn options_map(options: &HelpOptions) -> OptionMap {
        options.to_map()
    }

    fn new(players: usize, options: HelpOptions, seed: u64) -> Help {
        let mut game = Help {
            players,
            options,
            rng: ChaCha8Rng::seed_from_u64(seed),
            deal: 1,
            turn: 0,
            direction: Direction::Clockwise,
            hands: vec![Vec::new(); players],
            row: Vec::new(),
            draw: Vec::new(),
            discard: Vec::new(),
            marks: vec![NoMark::None; players],
            totals: vec![0; players],
            history: Vec::new(),
            calls: Vec::new(),
            starter: Seat(0),
            phase: Phase::Playing(Stage::Turn {
                seat: Seat(0),
                helped: false,
            }),
            dealt: Vec::new(),
            opening: Arc::new(Vec::new()),
        };
        let mut log = Log::on();
        game.start_deal(&vec![true; players], &mut log);
        game.opening = Arc::new(log.events);
        game
    }

    fn players(&self) -> usize {
        self.players
    }

    fn options(&self) -> &HelpOptions {
        &self.options
    }

    /// What `seat` is asked now, if anything.
    fn asked(&self, seat: Seat) -> Option<Decision> {
        match self.phase {
            Phase::Playing(Stage::Turn { seat: s, .. }) => (s == seat).then_some(Decision::Play),
            Phase::Playing(Stage::GiveHelp { asker, helper, .. }) => {
                (helper == seat).then_some(Decision::GiveHelp { to: asker })
            }
            Phase::Playing(Stage::GiveBack { asker, helper, .. }) => {
                (asker == seat).then_some(Decision::GiveBack { to: helper })
            }
            Phase::Over(_) => None,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(seat, &mut out);
        out
    }

    fn act(&mut self, seat: Seat, action: &Action) -> Result<Vec<Addressed<Event>>, ActionError> {
        let mut log = Log::on();
        self.apply(seat, action, &mut log)?;
        Ok(log.events)
    }

    fn view(&self, viewer: Viewer) -> View {
        view::view(self, viewer)
    }

    fn legal_in_view(view: &View) -> Vec<Action> {
        view.legal_actions()
    }

    fn outcome(&self) -> Option<Outcome> {
        match &self.phase {
            Phase::Over(outcome) => Some(outcome.clone()),
            Phase::Playing(_) => None,
        }
    }

    fn deal_scores(&self) -> Vec<Vec<i32>> {
        self.history
            .iter()
            .map(|d| d.points.iter().map(|&p| p as i32).collect())
            .collect()
    }

    fn tracer(&self, first_deal: u64) -> Option<Box<dyn Tracer<Self>>> {
        Some(Box::new(trace::HelpTracer::new(self, first_deal)))
    }

    fn deals(&self) -> Vec<serde_json::Value> {
        self.dealt
            .iter()
            .map(|d| serde_json::to_value(d).expect("a deal serializes"))
            .collect()
    }

    fn opening_events(&self) -> Vec<Addressed<Event>> {
        self.opening.as_ref().clone()
    }

    fn default_action(&self, seat: Seat) -> Option<Action> {
        // A number card if one fits (spending no special card), else the first legal action.
        let legal = self.legal_actions(seat);
        legal
            .iter()
            .find(|a| matches!(a, Action::Lay { .. }))
            .or(legal.first())
            .copied()
    }

    fn log_is_public(&self) -> bool {
        // A hand-over passes a hidden card in an action: the log is shown once the game is over.
        self.is_over()
    }

    fn census(&self) -> Vec<String> {
        self.cards_in_play()
            .iter()
            .map(|c| format!("{c:?}"))
            .collect()
    }

    fn hide_from(&self, viewer: Viewer, seed: u64) -> Help {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut world = self.clone();
        // A card handed over is known to the helper: it stays in the asker's hand.
        let known = match &self.phase {
            Phase::Playing(Stage::GiveBack {
                asker,
                helper,
                card,
                ..
            }) if viewer.seat() == Some(*helper) => Some((*asker, *card)),
            _ => None,
        };
        let mut pool = std::mem::take(&mut world.draw);
        let mut sizes = vec![0; self.players];
        for seat in Seat::all(self.players).filter(|&s| viewer.seat() != Some(s)) {
            let hand = &mut world.hands[seat.index()];
            let mut keep = Vec::new();
            if let Some((asker, card)) = known {
                if asker == seat && remove_one(hand, card) {
                    keep.push(card);
                }
            }
            sizes[seat.index()] = hand.len();
            pool.append(hand);
            *hand = keep;
        }
        pool.shuffle(&mut rng);
        for (s, &size) in sizes.iter().enumerate() {
            for card in pool.split_off(pool.len() - size) {
                insert_sorted(&mut world.hands[s], card);
            }
        }
        world.draw = pool;
        world.rng = rng;
        world
    }
}

#[cfg(test)]
mod tests;
