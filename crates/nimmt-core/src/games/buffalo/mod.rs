//! *Schlagt den Büffel* for 1–6 players (`001`, the cooperative variant), RULINGS B1–B7; the
//! decisions the rule book leaves open are written down in `docs/rules/buffalo.md`.
//!
//! - [`options`]: the table options (none);
//! - [`actions`]: decisions, actions and events;
//! - [`specials`]: the 16 special cards and every use a member may make of them;
//! - this module: the game's state and its [`Rules`] (the deal); `legal`: who a window asks and
//!   why an action is refused; `turn`: simultaneous choice, reveal, intervention windows,
//!   placement; `special_effects`: a special card used; `end`: scoring;
//! - [`view`]: what each viewer sees;
//! - `world`: a whole game that agrees with a member's view, for searching bots
//!   ([`Buffalo::from_view`]).
//!
//! The team plays one deal of ten turns against the buffalo, an automaton seat that never
//! appears in [`Rules::pending`]: every turn the members choose a card at once, the buffalo's top
//! card is revealed with them, and the cards are laid one by one. Before each card is laid the
//! team may use open special cards: a window that asks every member at once and closes when all
//! have passed (B2).

pub mod actions;
mod end;
mod legal;
pub mod options;
mod position;
pub mod rows;
mod special_effects;
pub mod special_uses;
pub mod specials;
mod turn;
pub mod view;
mod world;

pub use actions::{Action, Decision, Event, Owner, Played};
pub use options::BuffaloOptions;
pub use position::Position;
pub use special_uses::Table;
pub use specials::{all_specials, specials_for, Special};
pub use view::{PhaseView, View};

use crate::cards::{heads_of, Card, MAX_CARD};
use crate::descriptor::{GameDescriptor, ScoreSense, Text};
use crate::error::{ActionError, SetupError};
use crate::game::{no_data, GameData};
use crate::options::OptionMap;
use crate::rules::{GameKind, Outcome, Rules};
use crate::seat::{Addressed, Audience, Seat, Viewer};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rows::{cheapest_row, open_rows, Row, CLASSIC_CAPACITY};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Cards in each hand and in the buffalo's stack: one deal of ten turns.
pub const HAND_SIZE: usize = 10;
/// Rows on the table.
pub const ROWS: usize = 4;
/// Open special cards at most.
pub const OPEN_SPECIALS: usize = 2;
/// The name of the automaton seat in outcomes and descriptors.
pub const BUFFALO: &str = "buffalo";

/// Who decides what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    /// Every member who has not chosen yet chooses a card.
    Choose,
    /// The cards are revealed; before the next one is laid the team may use special cards.
    /// `passed` per seat: passed in this window (reset by a use).
    Window { passed: Vec<bool> },
    /// `seat`'s `card` fits no row: `seat` chooses the row it takes.
    TakeRow { seat: Seat, card: Card },
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    Playing(Stage),
    Over(Outcome),
}

/// The game as dealt, as a record stores it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealStart {
    /// The members' hands, sorted.
    pub hands: Vec<Vec<Card>>,
    /// The buffalo's stack, top card first.
    pub buffalo: Vec<Card>,
    pub rows: Vec<Row>,
    /// The special cards in play, top first: the first two were turned up.
    pub specials: Vec<Special>,
    /// The special cards left in the box (B4).
    pub boxed: Vec<Special>,
}

/// Events as they happen, or nothing at all (playouts).
struct Log {
    on: bool,
    events: Vec<Addressed<Event>>,
}

impl Log {
    fn new(on: bool) -> Log {
        Log {
            on,
            events: Vec::new(),
        }
    }
    fn public(&mut self, event: impl FnOnce() -> Event) {
        if self.on {
            self.events.push(Addressed::public(event()));
        }
    }
    fn to(&mut self, seat: Seat, event: impl FnOnce() -> Event) {
        if self.on {
            self.events.push(Addressed {
                to: Audience::Seat(seat),
                event: event(),
            });
        }
    }
}

/// The fewest and most seats at a table.
const PLAYERS: (usize, usize) = (1, 6);

/// A game of *Schlagt den Büffel* in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffalo {
    players: usize,
    options: BuffaloOptions,
    rng: ChaCha8Rng,
    /// The current turn, from 1.
    turn: u32,
    /// The members' hands, sorted.
    hands: Vec<Vec<Card>>,
    /// The buffalo's stack, top card last.
    buffalo_cards: Vec<Card>,
    rows: Vec<Row>,
    /// Cards chosen this turn, hidden until all chose.
    chosen: Vec<Option<Card>>,
    /// Revealed cards not yet laid, in laying order.
    queue: Vec<Played>,
    team_pile: Vec<Card>,
    buffalo_pile: Vec<Card>,
    /// Open special cards (at most two).
    open: Vec<Special>,
    /// The special card stack, top card last.
    stack: Vec<Special>,
    /// Special cards out of the game after use.
    used: Vec<Special>,
    /// Special cards not in play (B4).
    boxed: Vec<Special>,
    /// Members who pass in every window for the rest of this turn.
    turn_passed: Vec<bool>,
    /// Members who pass in every window for the rest of the game (their teammates decide).
    game_passed: Vec<bool>,
    /// Number cards not dealt.
    set_aside: Vec<Card>,
    phase: Phase,
    dealt: DealStart,
    opening: Arc<Vec<Addressed<Event>>>,
}

/// The number card `n`; panics outside 1–104.
fn card(n: u8) -> Card {
    Card::new(n).unwrap_or_else(|| panic!("{n} is not a card"))
}

fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}

/// Removes one `item` from `items`, if there.
fn remove_one<T: PartialEq>(items: &mut Vec<T>, item: &T) -> bool {
    match items.iter().position(|x| x == item) {
        Some(i) => {
            items.remove(i);
            true
        }
        None => false,
    }
}

/// The special cards lying beside rows: a *7 nimmt!* per extended row, a *Stopp!* per blocked.
fn beside_rows(rows: &[Row]) -> impl Iterator<Item = Special> + '_ {
    rows.iter().flat_map(|r| {
        let seven = (r.capacity > CLASSIC_CAPACITY).then_some(Special::SevenTakes);
        let stop = r.blocked.then_some(Special::Stop);
        seven.into_iter().chain(stop)
    })
}

impl Buffalo {
    /// The current turn, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat.index()]
    }
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }
    /// The revealed cards not yet laid, in laying order.
    pub fn queue(&self) -> &[Played] {
        &self.queue
    }
    pub fn team_pile(&self) -> &[Card] {
        &self.team_pile
    }
    pub fn buffalo_pile(&self) -> &[Card] {
        &self.buffalo_pile
    }
    /// Cards left in the buffalo's stack.
    pub fn buffalo_cards_left(&self) -> usize {
        self.buffalo_cards.len()
    }
    pub fn open_specials(&self) -> &[Special] {
        &self.open
    }
    pub fn stack_size(&self) -> usize {
        self.stack.len()
    }
    /// Special cards out of the game after use.
    pub fn used_specials(&self) -> &[Special] {
        &self.used
    }
    /// Per member: passes in every window for the rest of this turn.
    pub fn turn_passed(&self) -> &[bool] {
        &self.turn_passed
    }
    /// Per member: passes in every window for the rest of the game.
    pub fn game_passed(&self) -> &[bool] {
        &self.game_passed
    }
    /// Who decides what now; `None` once the game is over.
    pub fn stage(&self) -> Option<&Stage> {
        match &self.phase {
            Phase::Playing(s) => Some(s),
            Phase::Over(_) => None,
        }
    }

    /// Bull heads in the buffalo's pile.
    pub fn buffalo_points(&self) -> u32 {
        heads_of(&self.buffalo_pile)
    }

    /// Bull heads in the team's pile, doubled for a team of one or two (B1).
    pub fn team_points(&self) -> u32 {
        let factor = if self.doubles() { 2 } else { 1 };
        heads_of(&self.team_pile) * factor
    }

    /// Whether the team's bull heads count double: a team of one or two (B1).
    pub fn doubles(&self) -> bool {
        self.players <= 2
    }

    /// Every number card wherever it lies (hands, chosen and revealed cards, rows, both piles,
    /// the buffalo's stack, the cards set aside): the 104, each once.
    pub fn cards_in_play(&self) -> Vec<u32> {
        let mut all: Vec<Card> = self.hands.iter().flatten().copied().collect();
        all.extend(self.chosen.iter().flatten());
        all.extend(self.queue.iter().map(|p| p.card));
        if let Phase::Playing(Stage::TakeRow { card, .. }) = self.phase {
            all.push(card);
        }
        all.extend(self.rows.iter().flat_map(|r| r.cards.iter().copied()));
        all.extend(&self.team_pile);
        all.extend(&self.buffalo_pile);
        all.extend(&self.buffalo_cards);
        all.extend(&self.set_aside);
        all.into_iter().map(|c| u32::from(c.number())).collect()
    }

    /// Every special card wherever it lies (open, stack, beside a row, used, in the box): the 16.
    pub fn specials_in_play(&self) -> Vec<Special> {
        let mut all = self.open.clone();
        all.extend(&self.stack);
        all.extend(beside_rows(&self.rows));
        all.extend(&self.used);
        all.extend(&self.boxed);
        all
    }

    /// What a decision point looks like to `seat`.
    pub fn table(&self, seat: Seat) -> Table<'_> {
        Table {
            seat,
            hand: &self.hands[seat.index()],
            rows: &self.rows,
            queue: &self.queue,
            open: &self.open,
        }
    }
}

impl Rules for Buffalo {
    type Options = BuffaloOptions;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Decision = Decision;

    const KIND: GameKind = GameKind::new("buffalo");

    fn descriptor() -> GameDescriptor {
        GameDescriptor {
            name: Self::KIND.name().to_owned(),
            title: Text::new("Beat the Buffalo", "Schlagt den Büffel"),
            players: PLAYERS,
            sense: ScoreSense::Lower,
            team: true,
            automata: vec![BUFFALO.to_owned()],
            options: options::schema(),
        }
    }

    fn parse_options(
        players: usize,
        options: &OptionMap,
        data: &GameData,
    ) -> Result<BuffaloOptions, SetupError> {
        no_data(Self::KIND, data)?;
        BuffaloOptions::parse(players, options)
    }

    fn options_map(options: &BuffaloOptions) -> OptionMap {
        options.to_map()
    }

    /// Shuffles the 104 number cards: ten for each member, ten for the buffalo, four rows, the
    /// rest set aside; shuffles the 16 special cards, counts off those in play (B4) and turns up
    /// two.
    fn new(players: usize, options: BuffaloOptions, seed: u64) -> Buffalo {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck: Vec<Card> = (1..=MAX_CARD).map(card).collect();
        deck.shuffle(&mut rng);
        let mut deal = |n: usize| deck.split_off(deck.len() - n);
        let hands: Vec<Vec<Card>> = (0..players).map(|_| sorted(deal(HAND_SIZE))).collect();
        let buffalo = deal(HAND_SIZE);
        let rows: Vec<Row> = deal(ROWS).into_iter().map(Row::new).collect();
        let mut specials = all_specials();
        specials.shuffle(&mut rng);
        let boxed = specials.split_off(specials_for(players));
        let open_count = specials.len().min(OPEN_SPECIALS);
        let position = Position {
            hands,
            buffalo,
            rows,
            open: specials[..open_count].to_vec(),
            stack: specials[open_count..].to_vec(),
            used: Vec::new(),
            team_pile: Vec::new(),
            buffalo_pile: Vec::new(),
            turn: 1,
            seed: 0,
        };
        let mut game = Buffalo::from_position(position).expect("a fresh deal is a position");
        game.rng = rng;
        game.options = options;
        game.dealt.boxed = boxed.clone();
        game.boxed = boxed;
        let mut log = Log::new(true);
        log.public(|| Event::GameStarted {
            players,
            rows: game.rows.clone(),
            open: game.open.clone(),
            stack: game.stack.len(),
            buffalo_cards: game.buffalo_cards.len(),
        });
        for seat in Seat::all(players) {
            let hand = game.hands[seat.index()].clone();
            log.to(seat, || Event::HandDealt { seat, hand });
        }
        log.public(|| Event::TurnStarted { turn: 1 });
        game.opening = Arc::new(log.events);
        game
    }

    fn players(&self) -> usize {
        self.players
    }

    fn options(&self) -> &BuffaloOptions {
        &self.options
    }

    /// What `seat` is asked now, if anything.
    fn asked(&self, seat: Seat) -> Option<Decision> {
        if seat.index() >= self.players {
            return None;
        }
        match &self.phase {
            Phase::Playing(Stage::Choose) => self.chosen[seat.index()]
                .is_none()
                .then_some(Decision::PlayCard),
            Phase::Playing(Stage::Window { passed }) => self
                .asked_in_window(seat, passed)
                .then_some(Decision::Window),
            Phase::Playing(Stage::TakeRow { seat: s, .. }) => {
                (*s == seat).then_some(Decision::TakeRow)
            }
            Phase::Over(_) => None,
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Some(asked) = self.asked(seat) else {
            return Vec::new();
        };
        match asked {
            Decision::PlayCard => {
                let mut out: Vec<Action> = self.hands[seat.index()]
                    .iter()
                    .map(|&card| Action::Play { card })
                    .collect();
                if self.game_passed[seat.index()] {
                    out.push(Action::AskAgain);
                }
                out
            }
            Decision::TakeRow => open_rows(&self.rows)
                .map(|row| Action::TakeRow { row })
                .collect(),
            Decision::Window => {
                let mut out = vec![Action::PassCard, Action::Pass, Action::PassGame];
                out.extend(self.table(seat).uses());
                out
            }
        }
    }

    fn act(&mut self, seat: Seat, action: &Action) -> Result<Vec<Addressed<Event>>, ActionError> {
        let mut log = Log::new(true);
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

    fn deals(&self) -> Vec<serde_json::Value> {
        vec![serde_json::to_value(&self.dealt).expect("a deal serializes")]
    }

    fn opening_events(&self) -> Vec<Addressed<Event>> {
        self.opening.as_ref().clone()
    }

    /// The lowest card of the hand; for a low card the row with the fewest bull heads, on a tie
    /// the highest last card (B3/C6); in a window: `pass` (for the rest of the turn).
    fn default_action(&self, seat: Seat) -> Option<Action> {
        match self.asked(seat)? {
            Decision::PlayCard => self.hands[seat.index()]
                .first()
                .map(|&card| Action::Play { card }),
            Decision::TakeRow => cheapest_row(&self.rows).map(|row| Action::TakeRow { row }),
            Decision::Window => Some(Action::Pass),
        }
    }

    /// Not while some members have chosen face down and others still must; every other action
    /// shows only what the table sees anyway (an *Ersetzen* card is laid at once).
    fn log_is_public(&self) -> bool {
        !matches!(self.phase, Phase::Playing(Stage::Choose))
            || self.chosen.iter().all(Option::is_none)
    }

    /// The 104 number cards by number and the 16 special cards by name.
    fn census(&self) -> Vec<String> {
        let numbers = self.cards_in_play().into_iter().map(|n| n.to_string());
        let specials = self
            .specials_in_play()
            .into_iter()
            .map(|s| s.name().to_owned());
        numbers.chain(specials).collect()
    }

    /// Deals anew what `viewer` cannot see: the other members' hands and hidden choices, the
    /// buffalo's stack and the cards set aside (all from one pool), the order of the special
    /// card stack and of the buffalo's face-down pile (its cards stay: its takes are public).
    fn hide_from(&self, viewer: Viewer, seed: u64) -> Buffalo {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut world = self.clone();
        let me = viewer.seat();
        let others: Vec<Seat> = Seat::all(self.players).filter(|&s| Some(s) != me).collect();
        let mut pool: Vec<Card> = Vec::new();
        pool.append(&mut world.buffalo_cards);
        pool.append(&mut world.set_aside);
        for &s in &others {
            pool.append(&mut world.hands[s.index()]);
            pool.extend(world.chosen[s.index()]);
        }
        pool.shuffle(&mut rng);
        for &s in &others {
            let size = self.hands[s.index()].len();
            world.hands[s.index()] = sorted(pool.split_off(pool.len() - size));
            if self.chosen[s.index()].is_some() {
                world.chosen[s.index()] = pool.pop();
            }
        }
        world.buffalo_cards = pool.split_off(pool.len() - self.buffalo_cards.len());
        world.set_aside = pool;
        world.stack.shuffle(&mut rng);
        if !self.is_over() {
            world.buffalo_pile.shuffle(&mut rng);
        }
        world.rng = rng;
        world
    }
}

#[cfg(test)]
mod tests;
