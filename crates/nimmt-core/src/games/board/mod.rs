//! *6 nimmt! Brettspiel* for 2–6 players (`000`, AMIGO 01951), all four versions, RULINGS K1–K2;
//! the decisions the rule book leaves open are written down in `docs/rules/board.md`.
//!
//! - [`data`]: board sides, score track and tile table, loaded from JSON ([`default_data`]);
//! - [`options`]: the version;
//! - [`rows`]: rows, fields and where a tile goes;
//! - [`luck`] and [`action_cards`]: the two kinds of cards;
//! - [`actions`]: decisions, actions, events;
//! - this module: the state machine; [`view`]: what each viewer sees.
//!
//! A round: everybody chooses at once ([`Decision::Choose`]); the tiles are laid lowest first.
//! Before each tile its owner may be asked to play cards ([`Decision::BeforeLaying`], only when
//! holding any); taking a row may ask for plus tiles, a free row and luck cards.

pub mod action_cards;
pub mod actions;
pub mod data;
pub mod default_data;
mod hidden;
pub mod luck;
pub mod options;
mod position;
pub mod rows;
pub mod view;
pub mod window;

pub use action_cards::{ActionCard, ACTION_COPIES, ACTION_HAND, STOP_SIGNS};
pub use actions::{Action, Decision, Event, Placement, Plan, ScoreReason};
pub use data::{BoardData, BoardSide, Field, RowSpec, ScoreTrack, SideName, TileTable};
pub use hidden::sample_world;
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
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rows::{free_board, free_rows, next_free_row, two_tiles_round};
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

/// Every set of `count` tiles of `hand` (ascending), for [`Decision::Choose`].
pub fn choices(hand: &[u8], count: usize) -> Vec<Action> {
    match count {
        1 => hand
            .iter()
            .map(|&t| Action::Choose { tiles: vec![t] })
            .collect(),
        2 => {
            let mut out = Vec::new();
            for i in 0..hand.len() {
                for j in i + 1..hand.len() {
                    out.push(Action::Choose {
                        tiles: vec![hand[i], hand[j]],
                    });
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The pairs *Positive Hornochsen* may pick among `tiles` (the row's tiles but the one laid).
pub fn positive_pairs(tiles: &[u8]) -> Vec<Action> {
    let mut t = tiles.to_vec();
    t.sort_unstable();
    let mut out = Vec::new();
    for i in 0..t.len() {
        for j in i + 1..t.len() {
            out.push(Action::CountPositive {
                tiles: [t[i], t[j]],
            });
        }
    }
    out
}

/// The rows a player who took row `from` may open (pro: any free row but `from`).
pub fn open_row_choices(rows: &[RowState], from: usize) -> Vec<usize> {
    free_rows(rows).into_iter().filter(|&r| r != from).collect()
}

impl Board {
    /// A new game with `data` instead of the default board and tiles. The data should come from
    /// one of the checking loaders ([`BoardData::from_json`], …).
    pub fn with_data(players: usize, version: Version, data: BoardData, seed: u64) -> Board {
        debug_assert!(
            data.validate().is_ok(),
            "board data is checked by its loader"
        );
        let options = BoardOptions {
            version,
            board: BoardChoice::Custom,
            data: Arc::new(data),
        };
        Board::start(players, options, seed)
    }

    fn empty(players: usize, options: BoardOptions, seed: u64) -> Board {
        let rows = free_board(options.data.side(options.version.side()));
        Board {
            players,
            options,
            rng: ChaCha8Rng::seed_from_u64(seed),
            hands: vec![Vec::new(); players],
            rows,
            supply: Vec::new(),
            boxed: Vec::new(),
            undealt: Vec::new(),
            scores: vec![0; players],
            luck_stacks: LuckStacks::full(),
            luck_hands: vec![Vec::new(); players],
            action_stack: Vec::new(),
            action_discard: Vec::new(),
            action_hands: vec![Vec::new(); players],
            round: 0,
            history: Vec::new(),
            round_start: vec![0; players],
            set: 1,
            queue: Vec::new(),
            now: Vec::new(),
            now_seat: Seat(0),
            owed: 0,
            stage: Stage::Over(Outcome::best_win(Vec::new(), ScoreSense::Higher)),
            dealt: Vec::new(),
            opening: Arc::new(Vec::new()),
        }
    }

    fn start(players: usize, options: BoardOptions, seed: u64) -> Board {
        let version = options.version;
        let mut g = Board::empty(players, options, seed);
        let mut tiles: Vec<u8> = (1..=data::TILE_COUNT).collect();
        tiles.shuffle(&mut g.rng);
        for h in 0..players {
            g.hands[h] = sorted(tiles.split_off(tiles.len() - HAND_TILES));
        }
        let n_rows = g.rows.len();
        let first_row = if version.is_pro() && players >= 4 {
            n_rows - ACTIVE_ROWS
        } else {
            0
        };
        let mut start_rows = Vec::new();
        for r in first_row..first_row + ACTIVE_ROWS {
            let t = tiles.pop().expect("enough tiles");
            g.rows[r].cells[0] = Some(t);
            start_rows.push((r, t));
        }
        if version.has_supply(players) {
            g.supply = tiles;
        } else {
            g.undealt = sorted(tiles);
        }
        if version.is_pro() {
            let mut deck = ActionCard::deck();
            deck.shuffle(&mut g.rng);
            for h in 0..players {
                let mut cards = deck.split_off(deck.len() - ACTION_HAND);
                cards.sort();
                g.action_hands[h] = cards;
            }
            g.action_stack = deck;
        }
        let mut log = Log::on();
        g.record_deal(start_rows, &mut log);
        g.start_round(&mut log);
        g.opening = Arc::new(log.events);
        g
    }

    fn record_deal(&mut self, rows: Vec<(usize, u8)>, log: &mut Log) {
        let set = self.set;
        let supply = self.supply.len();
        if log.on {
            let rows = rows.clone();
            log.public(|| Event::Dealt { set, rows, supply });
        }
        for seat in Seat::all(self.players) {
            let tiles = self.hands[seat.index()].clone();
            log.to_seat(seat, || Event::TilesDealt { seat, tiles });
            if set == 1 && self.options.version.is_pro() {
                let cards = self.action_hands[seat.index()].clone();
                log.to_seat(seat, || Event::ActionCardsDealt { seat, cards });
            }
        }
        self.dealt.push(DealRecord {
            set,
            hands: self.hands.clone(),
            rows,
            supply: self.supply.iter().rev().copied().collect(),
            action_hands: if set == 1 {
                self.action_hands.clone()
            } else {
                Vec::new()
            },
            action_stack: if set == 1 {
                self.action_stack.iter().rev().copied().collect()
            } else {
                Vec::new()
            },
        });
    }

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

    fn window(&self, seat: Seat, tile: u8, plan: Plan) -> Window<'_> {
        Window {
            version: self.options.version,
            side: self.side(),
            rows: &self.rows,
            tile,
            plan,
            hand: &self.hands[seat.index()],
            action_cards: &self.action_hands[seat.index()],
            luck_cards: &self.luck_hands[seat.index()],
        }
    }

    /// Appends what `seat` may do now to `out`.
    pub fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        if seat.index() >= self.players {
            return;
        }
        match &self.stage {
            Stage::Choosing { counts, chosen } if chosen[seat.index()].is_none() => {
                out.extend(choices(&self.hands[seat.index()], counts[seat.index()]))
            }
            Stage::BeforeLaying {
                seat: s,
                tile,
                plan,
            } if *s == seat => out.extend(self.window(seat, *tile, *plan).actions()),
            Stage::CountPositive { seat: s, tile, row } if *s == seat => {
                let others: Vec<u8> = self.rows[*row]
                    .tiles()
                    .into_iter()
                    .filter(|t| t != tile)
                    .collect();
                out.extend(positive_pairs(&others));
            }
            Stage::OpenRow { seat: s, from, .. } if *s == seat => out.extend(
                open_row_choices(&self.rows, *from)
                    .into_iter()
                    .map(|row| Action::OpenRow { row }),
            ),
            Stage::TakeLuck { seat: s, .. } if *s == seat => out.extend(
                self.luck_stacks
                    .available()
                    .into_iter()
                    .map(|card| Action::TakeLuck { card }),
            ),
            _ => {}
        }
    }

    /// Applies an action without events (playouts); same checks and result as [`Rules::act`].
    pub fn act_quiet(&mut self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.apply(seat, action, &mut Log::off())
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        if seat.index() >= self.players {
            return Err(ActionError::NoSuchSeat { seat });
        }
        if let Stage::Over(_) = self.stage {
            return Err(ActionError::GameOver);
        }
        let asked = self.asked(seat).ok_or(ActionError::NotAsked { seat })?;
        let mut legal = Vec::new();
        self.legal_actions_into(seat, &mut legal);
        if legal.contains(action) {
            return Ok(());
        }
        let fits = matches!(
            (asked, action),
            (Decision::Choose { .. }, Action::Choose { .. })
                | (Decision::CountPositive { .. }, Action::CountPositive { .. })
                | (Decision::OpenRow { .. }, Action::OpenRow { .. })
                | (Decision::TakeLuck { .. }, Action::TakeLuck { .. })
        ) || (matches!(asked, Decision::BeforeLaying { .. })
            && matches!(
                action,
                Action::Lay { .. }
                    | Action::Stop { .. }
                    | Action::SwapTile { .. }
                    | Action::Skip
                    | Action::ToStart { .. }
                    | Action::Ascending { .. }
                    | Action::ExtraTile { .. }
            ));
        if !fits {
            return Err(ActionError::WrongDecision {
                seat,
                asked: asked.describe().into(),
                attempted: action.describe().into(),
            });
        }
        Err(self.why_not(seat, asked, action))
    }

    /// A reason for refusing an action that answers the right decision.
    fn why_not(&self, seat: Seat, asked: Decision, action: &Action) -> ActionError {
        let hand = &self.hands[seat.index()];
        match (asked, action) {
            (Decision::Choose { count }, Action::Choose { tiles }) => {
                if let Some(&t) = tiles.iter().find(|t| !hand.contains(t)) {
                    return ActionError::NotInHand { seat, card: t };
                }
                ActionError::illegal(format!(
                    "choose {count} different tiles, lowest first"
                ))
            }
            (_, Action::SwapTile { tile } | Action::ExtraTile { tile })
                if !hand.contains(tile) =>
            {
                ActionError::NotInHand { seat, card: *tile }
            }
            (_, a) => match a.action_card() {
                Some(card)
                    if !self.options.version.is_pro()
                        || !self.action_hands[seat.index()].contains(&card) =>
                {
                    ActionError::illegal(format!("you hold no {card:?} card"))
                }
                _ => match a {
                    Action::Lay { luck: Some(c) } if !self.luck_hands[seat.index()].contains(c) => {
                        ActionError::illegal(format!("you hold no {c:?} luck card"))
                    }
                    Action::Lay { luck: Some(LuckCard::FivePoints) } => ActionError::illegal(
                        "5 Pluspunkte may not be played on a row's last field (nor with An den Anfang legen)",
                    ),
                    Action::Lay { luck: Some(LuckCard::PositiveBulls) } => ActionError::illegal(
                        "Positive Hornochsen may be played only on a row's last field",
                    ),
                    Action::OpenRow { row } if *row >= self.rows.len() => {
                        ActionError::NoSuchRow { row: *row }
                    }
                    _ => ActionError::illegal(format!("{} is not allowed now", a.describe())),
                },
            },
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action, log: &mut Log) -> Result<(), ActionError> {
        self.check(seat, action)?;
        let stage = std::mem::replace(
            &mut self.stage,
            Stage::Over(Outcome::best_win(Vec::new(), ScoreSense::Higher)),
        );
        match (stage, action) {
            (Stage::Choosing { counts, mut chosen }, Action::Choose { tiles }) => {
                for &t in tiles {
                    remove_tile(&mut self.hands[seat.index()], t);
                }
                chosen[seat.index()] = Some(tiles.clone());
                log.public(|| Event::Chose { seat });
                if chosen.iter().all(Option::is_some) {
                    self.reveal(chosen, log);
                } else {
                    self.stage = Stage::Choosing { counts, chosen };
                }
            }
            (Stage::BeforeLaying { tile, plan, .. }, a) => {
                self.window_action(seat, tile, plan, a, log)
            }
            (Stage::CountPositive { tile, row, .. }, Action::CountPositive { tiles }) => {
                self.take_row(seat, tile, row, tiles.to_vec(), log);
            }
            (Stage::OpenRow { tile, .. }, Action::OpenRow { row }) => {
                self.open_row(seat, tile, *row, log);
            }
            (Stage::TakeLuck { owed, .. }, Action::TakeLuck { card }) => {
                self.give_luck(seat, *card, log);
                self.owed = owed - 1;
                self.finish_tile(seat, log);
            }
            _ => unreachable!("checked"),
        }
        Ok(())
    }

    fn start_round(&mut self, log: &mut Log) {
        self.round += 1;
        let count = if two_tiles_round(&self.rows, self.side()) {
            2
        } else {
            1
        };
        let counts: Vec<usize> = self.hands.iter().map(|h| h.len().min(count)).collect();
        let round = self.round;
        log.public(|| Event::RoundStarted { round, count });
        self.stage = Stage::Choosing {
            chosen: vec![None; self.players],
            counts,
        };
    }

    fn reveal(&mut self, chosen: Vec<Option<Vec<u8>>>, log: &mut Log) {
        let mut queue: Vec<(u8, Seat)> = chosen
            .into_iter()
            .enumerate()
            .flat_map(|(s, tiles)| {
                tiles
                    .unwrap_or_default()
                    .into_iter()
                    .map(move |t| (t, Seat(s as u8)))
            })
            .collect();
        queue.sort_unstable();
        if log.on {
            let tiles = queue.clone();
            log.public(|| Event::Revealed { tiles });
        }
        queue.reverse();
        self.queue = queue;
        self.next_tile(log);
    }

    /// The next tile: the current player's further tiles first, then the lowest revealed.
    fn next_tile(&mut self, log: &mut Log) {
        let (seat, tile) = if !self.now.is_empty() {
            (self.now_seat, self.now.remove(0))
        } else if let Some((tile, seat)) = self.queue.pop() {
            (seat, tile)
        } else {
            self.end_round(log);
            return;
        };
        self.begin_tile(seat, tile, Plan::default(), log);
    }

    /// Asks `seat` about cards before laying `tile` when it holds any; else lays it.
    fn begin_tile(&mut self, seat: Seat, tile: u8, plan: Plan, log: &mut Log) {
        let s = seat.index();
        let holds = (self.options.version.is_pro() && !self.action_hands[s].is_empty())
            || (self.options.version.has_luck() && !self.luck_hands[s].is_empty());
        if holds {
            self.stage = Stage::BeforeLaying { seat, tile, plan };
        } else {
            self.lay(seat, tile, plan, None, log);
        }
    }

    fn window_action(
        &mut self,
        seat: Seat,
        tile: u8,
        mut plan: Plan,
        action: &Action,
        log: &mut Log,
    ) {
        let s = seat.index();
        if let Some(card) = action.action_card() {
            remove_card(&mut self.action_hands[s], &card);
            self.action_discard.push(card);
            let action = action.clone();
            log.public(|| Event::ActionCardPlayed { seat, action });
        }
        match *action {
            Action::Lay { luck } => {
                self.lay(seat, tile, plan, luck, log);
                return;
            }
            Action::Stop { row } => {
                self.rows[row].stop = true;
                log.public(|| Event::StopPlaced { seat, row });
            }
            Action::SwapTile { tile: new } => {
                remove_tile(&mut self.hands[s], new);
                insert_sorted(&mut self.hands[s], tile);
                log.public(|| Event::Swapped {
                    seat,
                    back: tile,
                    tile: new,
                });
                self.begin_tile(seat, new, Plan::default(), log);
                return;
            }
            Action::ExtraTile { tile: extra } => {
                remove_tile(&mut self.hands[s], extra);
                let mut mine = std::mem::take(&mut self.now);
                mine.push(tile);
                mine.push(extra);
                self.queue.retain(|&(t, owner)| {
                    if owner == seat {
                        mine.push(t);
                        false
                    } else {
                        true
                    }
                });
                mine.sort_unstable();
                if log.on {
                    let tiles = mine.clone();
                    log.public(|| Event::ExtraPlayed {
                        seat,
                        tile: extra,
                        tiles,
                    });
                }
                let first = mine.remove(0);
                self.now = mine;
                self.now_seat = seat;
                self.begin_tile(seat, first, Plan::default(), log);
                return;
            }
            Action::Skip => plan.skip = true,
            Action::ToStart { row } => plan.placement = Placement::ToStart { row },
            Action::Ascending { row } => plan.placement = Placement::Ascending { row },
            _ => unreachable!("checked"),
        }
        // Having played a card for this tile, the player goes on deciding until it is laid.
        self.stage = Stage::BeforeLaying { seat, tile, plan };
    }

    /// Lays `tile` as `plan` says and triggers the field.
    fn lay(&mut self, seat: Seat, tile: u8, plan: Plan, luck: Option<LuckCard>, log: &mut Log) {
        if let Some(card) = luck {
            remove_card(&mut self.luck_hands[seat.index()], &card);
            self.luck_stacks.put_back(card);
            log.public(|| Event::LuckCardPlayed { seat, card });
        }
        let row = self.window(seat, tile, plan).target_row();
        let (field, on_field) = match plan.placement {
            Placement::ToStart { .. } => {
                let (field, pushed) = self.rows[row].lay_at_start(tile);
                let effect = self.side().field(row, field);
                if log.on {
                    let cells = self.rows[row].cells.clone();
                    log.public(|| Event::LaidAtStart {
                        seat,
                        tile,
                        row,
                        pushed,
                        field,
                        effect,
                        cells,
                    });
                }
                (field, pushed)
            }
            _ => {
                let field = self.rows[row].lay(tile, plan.skip);
                let effect = self.side().field(row, field);
                log.public(|| Event::Laid {
                    seat,
                    tile,
                    row,
                    field,
                    effect,
                });
                (field, tile)
            }
        };
        let kind = self.side().field(row, field);
        if luck == Some(LuckCard::FivePoints) {
            self.add_points(seat, 5, ScoreReason::FivePoints, log);
        } else if kind.takes_row() {
            let others = self.rows[row].tiles().len() - 1;
            if luck == Some(LuckCard::PositiveBulls) && others > 2 {
                self.stage = Stage::CountPositive { seat, tile, row };
                return;
            }
            let positive = if luck == Some(LuckCard::PositiveBulls) {
                self.rows[row]
                    .tiles()
                    .into_iter()
                    .filter(|&t| t != tile)
                    .collect()
            } else {
                Vec::new()
            };
            self.take_row(seat, tile, row, positive, log);
            return;
        } else {
            self.trigger(seat, on_field, kind, log);
        }
        self.finish_tile(seat, log);
    }

    /// A field's effect for `tile` (not taking a row).
    fn trigger(&mut self, seat: Seat, tile: u8, field: Field, log: &mut Log) {
        let s = seat.index();
        let b = self.bulls(tile);
        match field {
            Field::Empty | Field::DoubleTile => {}
            Field::GreenBulls { count } => {
                self.add_points(seat, b * i32::from(count), ScoreReason::Field, log)
            }
            Field::RedBulls { count } => {
                self.add_points(seat, -b * i32::from(count), ScoreReason::Field, log)
            }
            Field::Plus { points } => {
                self.add_points(seat, i32::from(points), ScoreReason::Field, log)
            }
            Field::Minus { points } => {
                self.add_points(seat, -i32::from(points), ScoreReason::Field, log)
            }
            Field::DrawTile => match self.supply.pop() {
                Some(t) => {
                    insert_sorted(&mut self.hands[s], t);
                    let supply = self.supply.len();
                    log.public(|| Event::TileDrawn {
                        seat,
                        none: false,
                        supply,
                    });
                    log.to_seat(seat, || Event::TileDrawnPrivately { seat, tile: t });
                }
                None => log.public(|| Event::TileDrawn {
                    seat,
                    none: true,
                    supply: 0,
                }),
            },
            Field::DrawActionCard => {
                if self.action_stack.is_empty() && !self.action_discard.is_empty() {
                    self.action_stack = std::mem::take(&mut self.action_discard);
                    self.action_stack.shuffle(&mut self.rng);
                    let cards = self.action_stack.len();
                    log.public(|| Event::ActionCardsReshuffled { cards });
                }
                match self.action_stack.pop() {
                    Some(card) => {
                        self.action_hands[s].push(card);
                        self.action_hands[s].sort();
                        let stack = self.action_stack.len();
                        log.public(|| Event::ActionCardDrawn {
                            seat,
                            none: false,
                            stack,
                        });
                        log.to_seat(seat, || Event::ActionCardDrawnPrivately { seat, card });
                    }
                    None => log.public(|| Event::ActionCardDrawn {
                        seat,
                        none: true,
                        stack: 0,
                    }),
                }
            }
            Field::TakeRow | Field::TakeRowToScreen => unreachable!("handled by take_row"),
        }
    }

    /// Moves `seat`'s counter by `delta`, within the track; luck cards for clovers passed back.
    fn add_points(&mut self, seat: Seat, delta: i32, reason: ScoreReason, log: &mut Log) {
        let s = seat.index();
        let track = &self.side().track;
        let old = self.scores[s];
        let new = track.clamp(old + delta);
        let wanted = (new != old + delta).then_some(delta);
        if self.options.version.has_luck() && reason != ScoreReason::Final {
            self.owed += track.clovers_passed(old, new);
        }
        self.scores[s] = new;
        log.public(|| Event::Scored {
            seat,
            delta: new - old,
            score: new,
            reason,
            wanted,
        });
    }

    /// `seat`'s `tile` on the last field of `row` takes it; `positive` tiles count as plus.
    fn take_row(&mut self, seat: Seat, tile: u8, row: usize, positive: Vec<u8>, log: &mut Log) {
        let s = seat.index();
        let field = self.side().rows[row].last();
        let to_screen = self.side().field(row, field) == Field::TakeRowToScreen;
        let mut tiles = self.rows[row].clear();
        remove_tile(&mut tiles, tile);
        if self.rows.iter().any(|r| r.stop) {
            self.rows.iter_mut().for_each(|r| r.stop = false);
            log.public(|| Event::StopsRemoved);
        }
        let plus: i32 = positive.iter().map(|&t| self.bulls(t)).sum();
        let minus: i32 = if to_screen {
            0
        } else {
            tiles
                .iter()
                .filter(|t| !positive.contains(t))
                .map(|&t| self.bulls(t))
                .sum()
        };
        if log.on {
            let (tiles, positive) = (tiles.clone(), positive.clone());
            log.public(|| Event::RowTaken {
                seat,
                row,
                tiles,
                to_screen,
                positive,
                minus,
                plus,
            });
        }
        if to_screen {
            for t in tiles {
                insert_sorted(&mut self.hands[s], t);
            }
        } else {
            self.boxed.extend(tiles);
            self.boxed.sort_unstable();
        }
        if plus != 0 || minus != 0 || !to_screen {
            self.add_points(seat, plus - minus, ScoreReason::TakeRow, log);
        }
        if self.options.version.is_pro() {
            let choices = open_row_choices(&self.rows, row);
            if choices.len() > 1 {
                self.stage = Stage::OpenRow {
                    seat,
                    tile,
                    from: row,
                };
                return;
            }
            self.open_row(seat, tile, choices[0], log);
        } else {
            let to = next_free_row(&self.rows, row);
            self.open_row(seat, tile, to, log);
        }
    }

    /// `tile` opens `row` and triggers its first field.
    fn open_row(&mut self, seat: Seat, tile: u8, row: usize, log: &mut Log) {
        self.rows[row].cells[0] = Some(tile);
        let field = self.side().field(row, 0);
        log.public(|| Event::RowOpened {
            seat,
            tile,
            row,
            effect: field,
        });
        self.trigger(seat, tile, field, log);
        self.finish_tile(seat, log);
    }

    fn give_luck(&mut self, seat: Seat, card: LuckCard, log: &mut Log) {
        if self.luck_stacks.take(card) {
            self.luck_hands[seat.index()].push(card);
            self.luck_hands[seat.index()].sort();
            log.public(|| Event::LuckCardTaken { seat, card });
        }
    }

    /// Luck cards earned with this tile, then the next tile.
    fn finish_tile(&mut self, seat: Seat, log: &mut Log) {
        while self.owed > 0 {
            let available = self.luck_stacks.available();
            match available.len() {
                0 => self.owed = 0,
                1 => {
                    self.give_luck(seat, available[0], log);
                    self.owed -= 1;
                }
                _ => {
                    self.stage = Stage::TakeLuck {
                        seat,
                        owed: self.owed,
                    };
                    return;
                }
            }
        }
        self.next_tile(log);
    }

    /// The round's points and the scores after it go into the history.
    fn close_round(&mut self, log: &mut Log) {
        let scores = self.scores.clone();
        let points: Vec<i32> = scores
            .iter()
            .zip(&self.round_start)
            .map(|(now, before)| now - before)
            .collect();
        self.history.push(scores.clone());
        self.round_start = scores.clone();
        let round = self.round;
        log.public(|| Event::RoundEnded {
            round,
            points,
            scores,
        });
    }

    fn end_round(&mut self, log: &mut Log) {
        let version = self.options.version;
        if version.is_pro() {
            if self.hands.iter().any(Vec::is_empty) {
                // Two moves in the rule book's order (docs/rules/board.md, decision 16): the
                // tiles left cost their bull heads, then each action card gives a point; each
                // move stops at the track's end.
                for seat in Seat::all(self.players) {
                    let s = seat.index();
                    let tiles = -self.hands[s].iter().map(|&t| self.bulls(t)).sum::<i32>();
                    let cards = self.action_hands[s].len() as i32;
                    for delta in [tiles, cards] {
                        if delta != 0 {
                            self.add_points(seat, delta, ScoreReason::Final, log);
                        }
                    }
                }
                self.close_round(log);
                self.end_game(log);
                return;
            }
            self.close_round(log);
        } else if self.hands.iter().all(Vec::is_empty) {
            self.close_round(log);
            if version.has_supply(self.players) && self.set == 1 {
                self.set = 2;
                for h in 0..self.players {
                    let at = self.supply.len().saturating_sub(HAND_TILES);
                    self.hands[h] = sorted(self.supply.split_off(at));
                }
                self.record_deal(Vec::new(), log);
            } else {
                self.end_game(log);
                return;
            }
        } else {
            self.close_round(log);
        }
        self.start_round(log);
    }

    fn end_game(&mut self, log: &mut Log) {
        let outcome = Outcome::best_win(self.scores.clone(), ScoreSense::Higher);
        if log.on {
            let outcome = outcome.clone();
            log.public(|| Event::GameEnded { outcome });
        }
        self.stage = Stage::Over(outcome);
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
