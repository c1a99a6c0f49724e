//! *HELP!* for 3–5 players (`002`, AMIGO 02154), RULINGS H1–H6; the decisions the rule book
//! leaves open are written down in `docs/rules/help.md`.
//!
//! - [`cards`]: the 105 playing cards and the shared row (where a number, Joker or Switch may go);
//! - [`options`]: the table options;
//! - [`actions`]: decisions, actions and events;
//! - this module: the game's state and its [`Rules`]; `legal`: what a seat may do and why an
//!   action is refused; `turns`: a turn (a play, HELP!, No!); `deals`: a deal's start and end;
//! - [`view`]: what each viewer sees.
//!
//! One seat decides at a time: the player whose turn it is ([`Decision::Play`]), the player asked
//! for help ([`Decision::GiveHelp`]) and the helped player giving a card back
//! ([`Decision::GiveBack`]). Skipped turns, discarding a No!, refilling hands and the opening card
//! of a deal (the starter's lowest number, which the rule book prescribes) happen by themselves.

pub mod actions;
pub mod cards;
mod deals;
mod legal;
pub mod options;
mod position;
pub mod trace;
mod turns;
pub mod view;

pub use actions::{Action, Call, DealEnd, DealResult, Decision, Direction, Event, NoMark};
pub use cards::{
    card_playable, fits_end, full_deck, hand_playable, joker_spots, joker_value, switch_fits,
    HelpCard, RowCard, DECK_SIZE, HAND_SIZE, MAX_NUMBER, ROW_CAPACITY,
};
pub use legal::{give_back_cards, helps, play_actions};
pub use options::HelpOptions;
pub use position::Position;
pub use view::{PhaseView, View};

use crate::descriptor::{GameDescriptor, ScoreSense, Text};
use crate::error::{ActionError, SetupError};
use crate::game::{no_data, GameData};
use crate::options::OptionMap;
use crate::rules::{GameKind, Outcome, Rules, Tracer};
use crate::seat::{Addressed, Seat, Viewer};
use cards::{insert_sorted, remove_one};
use rand::seq::SliceRandom;
use rand::SeedableRng;
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
