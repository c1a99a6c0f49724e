//! Classic *6 nimmt!* for 2–10 players (`001` Grundspiel and Profivariante, `003` options, fan
//! cards), RULINGS C1–C7 and F1–F5.
//!
//! - [`options`]: the table options;
//! - [`rows`]: the four rows, the fan markers and where a card goes;
//! - [`actions`]: decisions, actions and events;
//! - this module: the game's state and its [`Rules`] (simultaneous choice, reveal); `deal`: a
//!   deal's start; `placement`: the revealed cards laid; `end`: scoring;
//! - [`view`]: what each viewer sees;
//! - [`kernel`]: the allocation-free playout path for bots and benchmarks.

pub mod actions;
mod deal;
mod end;
pub mod kernel;
pub mod options;
mod placement;
mod position;
pub mod rows;
pub mod trace;
pub mod view;

pub use actions::{can_swap, swapped_digits, Action, Decision, Event, Play};
pub use options::{ClassicOptions, DealMode, Deck, End as EndCondition, Fan, Placement};
pub use position::Position;
pub use rows::{End, Marker, Rows, Taken, ROWS, ROW_CAPACITY};
pub use view::{PhaseView, View};

use crate::cards::{heads_of, Card};
use crate::descriptor::{GameDescriptor, ScoreSense, Text};
use crate::error::{ActionError, SetupError};
use crate::game::{no_data, GameData};
use crate::options::OptionMap;
use crate::rules::{GameKind, Outcome, Rules, Tracer};
use crate::seat::{Addressed, Seat, Viewer};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// The fewest and most seats at a table.
const PLAYERS: (usize, usize) = (2, 10);

/// A classic game in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Classic {
    players: usize,
    options: ClassicOptions,
    rng: ChaCha8Rng,
    /// The current deal, from 1.
    deal: u32,
    /// The current turn of the deal, from 1 (0 while drafting).
    turn: u32,
    hands: Vec<Vec<Card>>,
    rows: Rows,
    /// Cards taken this deal, per seat.
    taken: Vec<Vec<Card>>,
    /// Plays revealed this deal, per seat, in turn order.
    played: Vec<Vec<Play>>,
    /// Points of the finished deals, per seat.
    totals: Vec<u32>,
    /// Points per finished deal, per seat.
    history: Vec<Vec<u32>>,
    /// Whether each seat still holds its *Zahlendreher* (F5), as known to all.
    swap_left: Vec<bool>,
    /// Cards of the deck not in play this deal (seen by nobody).
    set_aside: Vec<Card>,
    /// Cards each seat picked in this deal's draft (the picks are public, C4).
    drafted: Vec<Vec<Card>>,
    phase: Phase,
    dealt: Vec<DealStart>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// Open draft: `next` picks from `pool`.
    Draft {
        pool: Vec<Card>,
        next: Seat,
    },
    /// Everyone chooses a card; choices stay hidden until the last one arrives.
    Choose {
        chosen: Vec<Option<Play>>,
    },
    /// The revealed cards are being laid; the front one is a low card whose player must choose
    /// a row.
    Place {
        queue: VecDeque<Play>,
    },
    Over {
        outcome: Outcome,
    },
}

/// How a deal began, as a game record stores it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealStart {
    /// Hands as dealt (empty with a draft: the picks are actions).
    pub hands: Vec<Vec<Card>>,
    /// The open cards of a draft.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pool: Vec<Card>,
    /// The four start cards, top to bottom (known after the draft).
    pub rows: Vec<Card>,
}

impl Classic {
    /// The same game with other hands and another generator for later deals: a world a search
    /// bot samples, consistent with what a seat has seen. Hands must hold the same numbers of
    /// cards as now; the cards already chosen this turn stay.
    pub fn with_hands(&self, hands: Vec<Vec<Card>>, seed: u64) -> Classic {
        assert_eq!(hands.len(), self.players, "a hand per seat");
        let mut world = self.clone();
        for (s, hand) in hands.into_iter().enumerate() {
            assert_eq!(hand.len(), self.hands[s].len(), "hand sizes stay");
            world.hands[s] = sorted(hand);
        }
        world.rng = ChaCha8Rng::seed_from_u64(seed);
        world.set_aside = Vec::new();
        world.set_aside = world.missing_cards();
        world
    }

    /// Cards of the deck that are nowhere in the game.
    fn missing_cards(&self) -> Vec<Card> {
        let mut present = [false; 105];
        for c in self.cards_in_play() {
            present[c.number() as usize] = true;
        }
        (1..=self.options.deck_size(self.players) as u8)
            .filter(|&n| !present[n as usize])
            .filter_map(Card::new)
            .collect()
    }

    pub fn deal_number(&self) -> u32 {
        self.deal
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn rows(&self) -> &Rows {
        &self.rows
    }
    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat.index()]
    }
    pub fn totals(&self) -> &[u32] {
        &self.totals
    }
    /// Points each seat has taken in the current deal.
    pub fn deal_points(&self) -> Vec<u32> {
        self.taken.iter().map(heads_of).collect()
    }
    pub fn history(&self) -> &[Vec<u32>] {
        &self.history
    }

    /// Every card in the game: hands, rows, penalty piles, cards on the table and the draft pool
    /// (for the conservation property).
    pub fn cards_in_play(&self) -> Vec<Card> {
        let mut all: Vec<Card> = self.hands.iter().flatten().copied().collect();
        all.extend(self.rows.cards());
        all.extend(&self.set_aside);
        all.extend(self.taken.iter().flatten());
        match &self.phase {
            Phase::Draft { pool, .. } => all.extend(pool),
            Phase::Choose { chosen } => all.extend(chosen.iter().flatten().map(|p| p.card)),
            Phase::Place { queue } => all.extend(queue.iter().map(|p| p.card)),
            Phase::Over { .. } => {}
        }
        all
    }

    fn check_seat(&self, seat: Seat) -> Result<(), ActionError> {
        if seat.index() >= self.players {
            Err(ActionError::NoSuchSeat { seat })
        } else {
            Ok(())
        }
    }
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

impl Rules for Classic {
    type Options = ClassicOptions;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Decision = Decision;

    const KIND: GameKind = GameKind::new("classic");

    fn descriptor() -> GameDescriptor {
        GameDescriptor {
            name: Self::KIND.name().to_owned(),
            title: Text::new("6 nimmt!", "6 nimmt!"),
            players: PLAYERS,
            sense: ScoreSense::Lower,
            team: false,
            automata: Vec::new(),
            options: options::schema(),
        }
    }

    fn parse_options(
        players: usize,
        options: &OptionMap,
        data: &GameData,
    ) -> Result<ClassicOptions, SetupError> {
        no_data(Self::KIND, data)?;
        ClassicOptions::parse(players, options)
    }

    fn options_map(options: &ClassicOptions) -> OptionMap {
        options.to_map()
    }

    fn new(players: usize, options: ClassicOptions, seed: u64) -> Classic {
        let mut game = Classic {
            players,
            options,
            rng: ChaCha8Rng::seed_from_u64(seed),
            deal: 1,
            turn: 0,
            hands: vec![Vec::new(); players],
            rows: Rows::empty(),
            taken: vec![Vec::new(); players],
            played: vec![Vec::new(); players],
            totals: vec![0; players],
            history: Vec::new(),
            swap_left: vec![false; players],
            set_aside: Vec::new(),
            drafted: vec![Vec::new(); players],
            phase: Phase::Choose { chosen: Vec::new() },
            dealt: Vec::new(),
        };
        game.start_deal(&mut Vec::new());
        game
    }

    fn players(&self) -> usize {
        self.players
    }

    fn options(&self) -> &ClassicOptions {
        &self.options
    }

    /// What `seat` is asked now, if anything.
    fn asked(&self, seat: Seat) -> Option<Decision> {
        match &self.phase {
            Phase::Draft { next, .. } => (*next == seat).then_some(Decision::DraftPick),
            Phase::Choose { chosen } => chosen
                .get(seat.index())
                .is_some_and(Option::is_none)
                .then_some(Decision::PlayCard),
            Phase::Place { queue } => {
                (queue.front().map(|p| p.seat) == Some(seat)).then_some(Decision::TakeRow)
            }
            Phase::Over { .. } => None,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Some(asked) = self.asked(seat) else {
            return Vec::new();
        };
        match (asked, &self.phase) {
            (Decision::DraftPick, Phase::Draft { pool, .. }) => {
                pool.iter().map(|&card| Action::Draft { card }).collect()
            }
            (Decision::PlayCard, _) => {
                let hand = &self.hands[seat.index()];
                let mut out: Vec<Action> = hand.iter().map(|&c| Action::play(c)).collect();
                if self.swap_left[seat.index()] {
                    out.extend(
                        hand.iter()
                            .filter(|&&c| can_swap(c))
                            .map(|&card| Action::Play { card, swap: true }),
                    );
                }
                out
            }
            (Decision::TakeRow, _) => (0..ROWS).map(|row| Action::TakeRow { row }).collect(),
            _ => Vec::new(),
        }
    }

    fn act(&mut self, seat: Seat, action: &Action) -> Result<Vec<Addressed<Event>>, ActionError> {
        self.check_seat(seat)?;
        if matches!(self.phase, Phase::Over { .. }) {
            return Err(ActionError::GameOver);
        }
        let asked = match self.asked(seat) {
            Some(d) => d,
            None if matches!(self.phase, Phase::Choose { .. })
                && matches!(action, Action::Play { .. }) =>
            {
                return Err(ActionError::AlreadyChosen { seat })
            }
            None => return Err(ActionError::NotAsked { seat }),
        };
        let wrong = || ActionError::WrongDecision {
            seat,
            asked: asked.describe().into(),
            attempted: action.describe().into(),
        };
        let mut events = Vec::new();
        match (*action, &mut self.phase) {
            (Action::Draft { card }, Phase::Draft { pool, next }) => {
                let i = pool
                    .iter()
                    .position(|&c| c == card)
                    .ok_or(ActionError::NotAvailable {
                        card: card.number(),
                    })?;
                pool.remove(i);
                let hand = &mut self.hands[seat.index()];
                hand.insert(hand.partition_point(|&c| c < card), card);
                self.drafted[seat.index()].push(card);
                *next = Seat(((next.index() + 1) % self.players) as u8);
                let full = self
                    .hands
                    .iter()
                    .all(|h| h.len() == self.options.hand_size as usize);
                events.push(Addressed::public(Event::Drafted {
                    seat,
                    card,
                    next: (!full).then_some(*next),
                }));
                if full {
                    let pool = std::mem::take(pool);
                    self.finish_draft(pool, &mut events);
                }
            }
            (Action::Play { card, swap }, Phase::Choose { chosen }) => {
                let hand = &self.hands[seat.index()];
                let i = hand
                    .binary_search(&card)
                    .map_err(|_| ActionError::NotInHand {
                        seat,
                        card: card.number(),
                    })?;
                if swap && !self.swap_left[seat.index()] {
                    return Err(ActionError::illegal(match self.options.fan {
                        Some(Fan::DigitSwap) => "your Zahlendreher is already played this deal",
                        _ => "this table plays without the Zahlendreher",
                    }));
                }
                if swap && !can_swap(card) {
                    return Err(ActionError::illegal(format!(
                        "the digits of {card} cannot be swapped (100–104 stay as they are)"
                    )));
                }
                self.hands[seat.index()].remove(i);
                chosen[seat.index()] = Some(Play { seat, card, swap });
                events.push(Addressed::public(Event::Chosen {
                    seat,
                    hand_size: self.hands[seat.index()].len(),
                }));
                if chosen.iter().all(Option::is_some) {
                    let mut plays: Vec<Play> = chosen.iter().flatten().copied().collect();
                    plays.sort_by_key(Play::order_key);
                    for p in plays.iter().filter(|p| p.swap) {
                        self.swap_left[p.seat.index()] = false;
                    }
                    for p in &plays {
                        self.played[p.seat.index()].push(*p);
                    }
                    events.push(Addressed::public(Event::Revealed {
                        turn: self.turn,
                        plays: plays.clone(),
                        swap_left: self.swap_left.clone(),
                    }));
                    self.resolve(plays.into(), &mut events);
                }
            }
            (Action::TakeRow { row }, Phase::Place { queue }) => {
                if row >= ROWS {
                    return Err(ActionError::NoSuchRow { row });
                }
                let mut queue = std::mem::take(queue);
                let play = queue.pop_front().expect("a low card waits");
                let before = self.rows.marker;
                let taken = self.rows.take_with(play.card, row);
                let row_cards = self.rows.rows[row].clone();
                events.push(Addressed::public(Event::Placed {
                    seat,
                    card: play.card,
                    row,
                    end: End::Right,
                    low: true,
                    row_heads: heads_of(&row_cards),
                    row_cards,
                }));
                self.give(seat, taken, before, &mut events);
                self.resolve(queue, &mut events);
            }
            _ => return Err(wrong()),
        }
        Ok(events)
    }

    fn view(&self, viewer: Viewer) -> View {
        view::view(self, viewer)
    }

    fn view_texts(&self, viewers: &[Viewer]) -> Vec<String> {
        view::view_texts(self, viewers)
    }

    fn legal_in_view(view: &View) -> Vec<Action> {
        view.legal_actions()
    }

    fn outcome(&self) -> Option<Outcome> {
        match &self.phase {
            Phase::Over { outcome } => Some(outcome.clone()),
            _ => None,
        }
    }

    fn deal_scores(&self) -> Vec<Vec<i32>> {
        self.history
            .iter()
            .map(|d| d.iter().map(|&p| p as i32).collect())
            .collect()
    }

    fn tracer(&self, first_deal: u64) -> Option<Box<dyn Tracer<Self>>> {
        Some(Box::new(trace::ClassicTracer::new(self, first_deal)))
    }

    fn deals(&self) -> Vec<serde_json::Value> {
        self.dealt
            .iter()
            .map(|d| serde_json::to_value(d).expect("a deal serializes"))
            .collect()
    }

    fn default_action(&self, seat: Seat) -> Option<Action> {
        Some(match self.asked(seat)? {
            Decision::PlayCard => Action::play(*self.hands[seat.index()].first()?),
            // C6: the row with the fewest bull heads, on a tie the one with the highest last card.
            Decision::TakeRow => Action::TakeRow {
                row: self.rows.cheapest_row(),
            },
            Decision::DraftPick => match &self.phase {
                Phase::Draft { pool, .. } => Action::Draft {
                    card: *pool.iter().min()?,
                },
                _ => return None,
            },
        })
    }

    fn log_is_public(&self) -> bool {
        // Not while some seats have chosen face down and others still must.
        let choosing = self
            .pending()
            .iter()
            .filter(|(_, d)| *d == Decision::PlayCard)
            .count();
        choosing == 0 || choosing == self.players
    }

    fn census(&self) -> Vec<String> {
        self.cards_in_play()
            .iter()
            .map(|c| c.number().to_string())
            .collect()
    }

    fn hide_from(&self, viewer: Viewer, seed: u64) -> Classic {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut world = self.clone();
        let hidden_seats: Vec<usize> = (0..self.players)
            .filter(|&s| viewer.seat() != Some(Seat(s as u8)))
            .collect();
        // Cards nobody sees, then the hidden part of each other hand, then the face-down plays.
        let mut pool = world.set_aside.clone();
        let mut hidden_in_hand = vec![0; self.players];
        for &s in &hidden_seats {
            let (open, hidden): (Vec<Card>, Vec<Card>) = world.hands[s]
                .iter()
                .partition(|c| self.drafted[s].contains(c));
            hidden_in_hand[s] = hidden.len();
            pool.extend(hidden);
            world.hands[s] = open;
        }
        if let Phase::Choose { chosen } = &world.phase {
            for &s in &hidden_seats {
                if let Some(play) = chosen[s] {
                    pool.push(play.card);
                }
            }
        }
        pool.shuffle(&mut rng);
        for &s in &hidden_seats {
            let rest = pool.split_off(pool.len() - hidden_in_hand[s]);
            world.hands[s].extend(rest);
            world.hands[s] = sorted(std::mem::take(&mut world.hands[s]));
        }
        if let Phase::Choose { chosen } = &mut world.phase {
            for &s in &hidden_seats {
                if let Some(play) = chosen[s].as_mut() {
                    play.card = pool.pop().expect("one card per face-down play");
                }
            }
        }
        world.set_aside = pool;
        world.rng = rng;
        world
    }

    fn opening_events(&self) -> Vec<Addressed<Event>> {
        // The first deal as the state holds it after `new`.
        let mut events = vec![Addressed::public(Event::DealStarted {
            deal: self.deal,
            rows: (self.options.deal == DealMode::Random).then(|| self.rows.clone()),
            pool: match &self.phase {
                Phase::Draft { pool, .. } => Some(pool.clone()),
                _ => None,
            },
            first_pick: match &self.phase {
                Phase::Draft { next, .. } => Some(*next),
                _ => None,
            },
            swap_left: self.swap_left.clone(),
        })];
        if self.options.deal == DealMode::Random {
            for seat in Seat::all(self.players) {
                events.push(Addressed::to_seat(
                    seat,
                    Event::HandDealt {
                        seat,
                        hand: self.hands[seat.index()].clone(),
                    },
                ));
            }
            events.push(Addressed::public(Event::TurnStarted {
                deal: self.deal,
                turn: self.turn,
            }));
        }
        events
    }
}

#[cfg(test)]
mod fan_tests;
#[cfg(test)]
mod tests;
