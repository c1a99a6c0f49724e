//! *6 nimmt! Brettspiel* for 2–6 players (`000`, AMIGO 01951), all four versions, RULINGS K1–K2;
//! the decisions the rule book leaves open are written down in `docs/rules/board.md`.
//!
//! - [`data`]: board sides, score track and tile table, loaded from JSON ([`default_data`]);
//! - [`options`]: the version;
//! - [`rows`]: rows, fields and where a tile goes;
//! - [`luck`] and [`action_cards`]: the two kinds of cards;
//! - [`actions`]: decisions, actions, events;
//! - this module: the game's state and its [`Rules`]; `setup`: the deal; `legal`: what a seat may
//!   do and why an action is refused; `laying`: a round's tiles chosen and laid; `effects`: what a
//!   laid tile does; `end`: the end of a round and of the game; [`view`]: what each viewer sees.
//!
//! A round: everybody chooses at once ([`Decision::Choose`]); the tiles are laid lowest first.
//! Before each tile its owner may be asked to play cards ([`Decision::BeforeLaying`], only when
//! holding any); taking a row may ask for plus tiles, a free row and luck cards.

pub mod action_cards;
pub mod actions;
pub mod data;
pub mod default_data;
mod effects;
mod end;
mod hidden;
mod laying;
mod legal;
pub mod luck;
pub mod options;
mod position;
pub mod rows;
mod setup;
pub mod view;
pub mod window;

pub use action_cards::{ActionCard, ACTION_COPIES, ACTION_HAND, STOP_SIGNS};
pub use actions::{Action, Decision, Event, Placement, Plan, ScoreReason};
pub use data::{BoardData, BoardSide, Field, RowSpec, ScoreTrack, SideName, TileTable};
pub use hidden::sample_world;
pub use legal::{choices, open_row_choices, positive_pairs};
pub use luck::{LuckCard, LuckStacks, LUCK_COPIES};
pub use options::{BoardChoice, BoardOptions, Version};
pub use position::Position;
pub use rows::RowState;
pub use view::{StageView, View};
pub use window::Window;

use crate::descriptor::{GameDescriptor, ScoreSense, Text};
use crate::error::{ActionError, SetupError};
use crate::game::GameData;
use crate::options::OptionMap;
use crate::rules::{GameKind, Outcome, Rules};
use crate::seat::{Addressed, Seat, Viewer};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Tiles each player gets.
pub const HAND_TILES: usize = 12;
/// Rows active at any time.
pub const ACTIVE_ROWS: usize = 4;

/// Who decides what now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Everybody chooses; `chosen[s]` once seat `s` has.
    Choosing {
        counts: Vec<usize>,
        chosen: Vec<Option<Vec<u8>>>,
    },
    /// `seat` may play cards before laying `tile`.
    BeforeLaying {
        seat: Seat,
        tile: u8,
        plan: Plan,
    },
    /// `seat` laid `tile` on the last field of `row` with *Positive Hornochsen*.
    CountPositive {
        seat: Seat,
        tile: u8,
        row: usize,
    },
    /// `seat` took row `from` and opens a free row with `tile`.
    OpenRow {
        seat: Seat,
        tile: u8,
        from: usize,
    },
    /// `seat` takes `owed` luck cards.
    TakeLuck {
        seat: Seat,
        owed: u32,
    },
    Over(Outcome),
}

/// How a set of tiles was dealt, as a game record stores it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRecord {
    /// 1, or 2 for the second twelve (base game with 2–3 players).
    pub set: u32,
    pub hands: Vec<Vec<u8>>,
    /// The tiles on the first fields at set-up: (row, tile).
    pub rows: Vec<(usize, u8)>,
    /// The supply, next tile first.
    pub supply: Vec<u8>,
    pub action_hands: Vec<Vec<ActionCard>>,
    /// The action-card stack, next card first.
    pub action_stack: Vec<ActionCard>,
}

/// Events as they happen, or none (playouts).
type Log = crate::event_log::EventLog<Event>;

/// The fewest and most seats at a table.
const PLAYERS: (usize, usize) = (2, 6);

/// A Brettspiel game in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    players: usize,
    /// The version, and the board data played with.
    options: BoardOptions,
    rng: ChaCha8Rng,
    /// Tiles behind each screen, sorted.
    hands: Vec<Vec<u8>>,
    rows: Vec<RowState>,
    /// Face down beside the board, next tile last.
    supply: Vec<u8>,
    /// Out of the game, face up: the tiles of rows taken (base take).
    boxed: Vec<u8>,
    /// Out of the game, face down: in the base game with 4–6 the tiles not dealt.
    undealt: Vec<u8>,
    scores: Vec<i32>,
    luck_stacks: LuckStacks,
    luck_hands: Vec<Vec<LuckCard>>,
    /// Next card last.
    action_stack: Vec<ActionCard>,
    action_discard: Vec<ActionCard>,
    action_hands: Vec<Vec<ActionCard>>,
    round: u32,
    /// Scores at the end of each round so far.
    history: Vec<Vec<i32>>,
    /// Scores when the current round began.
    round_start: Vec<i32>,
    set: u32,
    /// Revealed tiles not yet laid, lowest first.
    queue: Vec<(u8, Seat)>,
    /// Tiles `now_seat` lays next, before the queue (*Noch ein Plättchen*), lowest first.
    now: Vec<u8>,
    now_seat: Seat,
    /// Luck cards earned while the current tile is resolved.
    owed: u32,
    stage: Stage,
    dealt: Vec<DealRecord>,
    opening: Arc<Vec<Addressed<Event>>>,
}

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort_unstable();
    v
}

fn remove_tile(hand: &mut Vec<u8>, tile: u8) -> bool {
    match hand.iter().position(|&t| t == tile) {
        Some(i) => {
            hand.remove(i);
            true
        }
        None => false,
    }
}

fn insert_sorted(hand: &mut Vec<u8>, tile: u8) {
    let at = hand.partition_point(|&t| t < tile);
    hand.insert(at, tile);
}

fn remove_card<T: PartialEq>(cards: &mut Vec<T>, card: &T) -> bool {
    match cards.iter().position(|c| c == card) {
        Some(i) => {
            cards.remove(i);
            true
        }
        None => false,
    }
}

impl Board {
    pub fn data(&self) -> &BoardData {
        &self.options.data
    }
    /// The board side played on.
    pub fn side(&self) -> &BoardSide {
        self.options.data.side(self.options.version.side())
    }
    pub fn version(&self) -> Version {
        self.options.version
    }
    pub fn rows(&self) -> &[RowState] {
        &self.rows
    }
    pub fn hand(&self, seat: Seat) -> &[u8] {
        &self.hands[seat.index()]
    }
    pub fn scores(&self) -> &[i32] {
        &self.scores
    }
    pub fn luck_stacks(&self) -> LuckStacks {
        self.luck_stacks
    }
    pub fn luck_hand(&self, seat: Seat) -> &[LuckCard] {
        &self.luck_hands[seat.index()]
    }
    pub fn action_hand(&self, seat: Seat) -> &[ActionCard] {
        &self.action_hands[seat.index()]
    }
    /// Tiles out of the game.
    pub fn boxed(&self) -> &[u8] {
        &self.boxed
    }
    pub fn supply_size(&self) -> usize {
        self.supply.len()
    }
    pub fn stage(&self) -> &Stage {
        &self.stage
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    fn bulls(&self, tile: u8) -> i32 {
        i32::from(self.options.data.tiles.bulls(tile))
    }

    /// Every tile wherever it is: screens, chosen, revealed, on the board, supply, box, and the
    /// tile being laid. Sorted, it is 1–100.
    pub fn tiles_in_play(&self) -> Vec<u32> {
        let mut all: Vec<u8> = self.hands.iter().flatten().copied().collect();
        all.extend(self.rows.iter().flat_map(RowState::tiles));
        all.extend(&self.supply);
        all.extend(&self.boxed);
        all.extend(&self.undealt);
        all.extend(self.queue.iter().map(|&(t, _)| t));
        all.extend(&self.now);
        match &self.stage {
            Stage::Choosing { chosen, .. } => all.extend(chosen.iter().flatten().flatten()),
            Stage::BeforeLaying { tile, .. } | Stage::OpenRow { tile, .. } => all.push(*tile),
            _ => {}
        }
        let mut all: Vec<u32> = all.into_iter().map(u32::from).collect();
        all.sort_unstable();
        all
    }

    /// Every luck card: both stacks and every hand. Sorted, it is six of each.
    pub fn luck_cards_in_play(&self) -> Vec<LuckCard> {
        let mut all: Vec<LuckCard> = self.luck_hands.iter().flatten().copied().collect();
        for c in LuckCard::BOTH {
            all.extend(std::iter::repeat_n(
                c,
                usize::from(self.luck_stacks.count(c)),
            ));
        }
        all.sort();
        all
    }

    /// Every action card: stack, discard pile and hands (pro; none otherwise).
    pub fn action_cards_in_play(&self) -> Vec<ActionCard> {
        let mut all: Vec<ActionCard> = self.action_hands.iter().flatten().copied().collect();
        all.extend(&self.action_stack);
        all.extend(&self.action_discard);
        all.sort();
        all
    }
}

impl Rules for Board {
    type Options = BoardOptions;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Decision = Decision;

    const KIND: GameKind = GameKind::new("board");

    fn descriptor() -> GameDescriptor {
        GameDescriptor {
            name: Self::KIND.name().to_owned(),
            title: Text::new("6 nimmt! Brettspiel (board game)", "6 nimmt! Brettspiel"),
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
    ) -> Result<BoardOptions, SetupError> {
        BoardOptions::parse(players, options, data)
    }

    fn options_map(options: &BoardOptions) -> OptionMap {
        options.to_map()
    }

    fn options_data(options: &BoardOptions) -> GameData {
        options.data_map()
    }

    fn new(players: usize, options: BoardOptions, seed: u64) -> Board {
        Board::start(players, options, seed)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn options(&self) -> &BoardOptions {
        &self.options
    }

    /// What `seat` is asked now.
    fn asked(&self, seat: Seat) -> Option<Decision> {
        match &self.stage {
            Stage::Choosing { counts, chosen } => (seat.index() < self.players
                && chosen[seat.index()].is_none())
            .then(|| Decision::Choose {
                count: counts[seat.index()],
            }),
            Stage::BeforeLaying { seat: s, tile, .. } => {
                (*s == seat).then_some(Decision::BeforeLaying { tile: *tile })
            }
            Stage::CountPositive { seat: s, row, .. } => {
                (*s == seat).then_some(Decision::CountPositive { row: *row })
            }
            Stage::OpenRow { seat: s, from, .. } => {
                (*s == seat).then_some(Decision::OpenRow { from: *from })
            }
            Stage::TakeLuck { seat: s, owed } => {
                (*s == seat).then_some(Decision::TakeLuck { owed: *owed })
            }
            Stage::Over(_) => None,
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
        match &self.stage {
            Stage::Over(o) => Some(o.clone()),
            _ => None,
        }
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

    /// What an absent player does: the lowest tiles, no card, the two tiles with most bull
    /// heads, the first allowed row, a *5 Pluspunkte* card when there is one.
    fn default_action(&self, seat: Seat) -> Option<Action> {
        let mut legal = Vec::new();
        self.legal_actions_into(seat, &mut legal);
        match self.asked(seat)? {
            Decision::Choose { count } => Some(Action::Choose {
                tiles: self.hands[seat.index()][..count].to_vec(),
            }),
            Decision::BeforeLaying { .. } => Some(Action::Lay { luck: None }),
            Decision::CountPositive { .. } => legal.into_iter().max_by_key(|a| match a {
                Action::CountPositive { tiles } => (
                    self.bulls(tiles[0]) + self.bulls(tiles[1]),
                    std::cmp::Reverse(tiles[1]),
                ),
                _ => (i32::MIN, std::cmp::Reverse(0)),
            }),
            Decision::OpenRow { .. } | Decision::TakeLuck { .. } => legal.into_iter().next(),
        }
    }

    fn log_is_public(&self) -> bool {
        // Not while some seats have put their tiles face down and others still choose.
        match &self.stage {
            Stage::Choosing { chosen, .. } => chosen.iter().all(Option::is_none),
            _ => true,
        }
    }

    fn census(&self) -> Vec<String> {
        let mut all: Vec<String> = self.tiles_in_play().iter().map(|t| t.to_string()).collect();
        all.extend(
            self.luck_cards_in_play()
                .iter()
                .map(|c| format!("luck:{c:?}")),
        );
        all.extend(
            self.action_cards_in_play()
                .iter()
                .map(|c| format!("action:{c:?}")),
        );
        all
    }

    fn hide_from(&self, viewer: Viewer, seed: u64) -> Board {
        hidden::hide_from(self, viewer, seed)
    }
}

#[cfg(test)]
mod tests;
