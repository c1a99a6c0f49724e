//! What one viewer of a Brettspiel table sees: the board with every field and tile, the score
//! track, the luck stacks and everybody's luck cards (taken from open stacks), the viewer's own
//! tiles and action cards and of the others only how many. Chosen tiles stay hidden until
//! revealed; the supply's order and the random generator never appear.

use super::action_cards::ActionCard;
use super::actions::{Action, Decision, Plan};
use super::data::BoardSide;
use super::luck::{LuckCard, LuckStacks};
use super::options::Version;
use super::rows::{destination, RowState};
use super::window::Window;
use super::{choices, open_row_choices, positive_pairs, Board, Stage};
use crate::rules::{Outcome, Rules};
use crate::seat::{Seat, Viewer};
use serde::{Deserialize, Serialize};

/// Who decides what, as every viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BoardStage"))]
pub enum StageView {
    /// Everybody chooses `counts[s]` tiles; `chosen[s]` once seat `s` has.
    Choosing {
        counts: Vec<usize>,
        chosen: Vec<bool>,
    },
    BeforeLaying {
        seat: Seat,
        tile: u8,
        plan: Plan,
    },
    CountPositive {
        seat: Seat,
        tile: u8,
        row: usize,
    },
    OpenRow {
        seat: Seat,
        tile: u8,
        from: usize,
    },
    TakeLuck {
        seat: Seat,
        owed: u32,
    },
    Over,
}

/// A viewer's picture of a Brettspiel table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BoardView"))]
pub struct View {
    pub viewer: Viewer,
    pub players: usize,
    pub version: Version,
    /// The board side: rows and fields, score track with clovers.
    pub side: BoardSide,
    /// Bull heads of tile k + 1.
    pub bulls: Vec<u8>,
    pub rows: Vec<RowState>,
    pub round: u32,
    /// 1, or 2 once the second twelve were dealt (base game with 2–3).
    pub set: u32,
    /// The viewer's tiles behind the screen (sorted); empty for a spectator.
    pub hand: Vec<u8>,
    pub hand_sizes: Vec<usize>,
    /// Where each of the viewer's tiles (and the tile being laid) goes by rules 1–3 now:
    /// (tile, row, field); empty while no row takes a tile.
    #[serde(default)]
    pub landing: Vec<(u8, usize, usize)>,
    /// The tiles the viewer has put face down this round, until revealed.
    pub chosen: Vec<u8>,
    /// Revealed tiles still to be laid, in order (after the current player's further tiles).
    pub queue: Vec<(u8, Seat)>,
    /// Further tiles the current player lays now (*Noch ein Plättchen*), lowest first.
    pub now: Vec<u8>,
    pub scores: Vec<i32>,
    /// The scores at the end of each round so far (the pro end count in the last).
    #[serde(default)]
    pub history: Vec<Vec<i32>>,
    /// Luck cards the player laying now has earned with this tile and not yet taken.
    pub luck_owed: u32,
    pub luck_stacks: LuckStacks,
    pub luck_hands: Vec<Vec<LuckCard>>,
    /// The viewer's action cards.
    pub action_cards: Vec<ActionCard>,
    pub action_card_counts: Vec<usize>,
    pub action_stack_size: usize,
    pub action_discard: Vec<ActionCard>,
    pub supply_size: usize,
    /// Tiles out of the game, sorted.
    pub boxed: Vec<u8>,
    pub stage: StageView,
    /// What the viewer is asked now.
    pub asked: Option<Decision>,
    pub waiting_for: Vec<Seat>,
    pub outcome: Option<Outcome>,
}

impl View {
    pub fn seat(&self) -> Option<Seat> {
        self.viewer.seat()
    }

    /// The actions the viewer may take now (what [`Board`]'s `legal_actions` lists).
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(me) = self.seat() else {
            return Vec::new();
        };
        match (self.asked, &self.stage) {
            (Some(Decision::Choose { count }), _) => choices(&self.hand, count),
            (Some(Decision::BeforeLaying { .. }), StageView::BeforeLaying { tile, plan, .. }) => {
                Window {
                    version: self.version,
                    side: &self.side,
                    rows: &self.rows,
                    tile: *tile,
                    plan: *plan,
                    hand: &self.hand,
                    action_cards: &self.action_cards,
                    luck_cards: &self.luck_hands[me.index()],
                }
                .actions()
            }
            (Some(Decision::CountPositive { row }), StageView::CountPositive { tile, .. }) => {
                let others: Vec<u8> = self.rows[row]
                    .tiles()
                    .into_iter()
                    .filter(|t| t != tile)
                    .collect();
                positive_pairs(&others)
            }
            (Some(Decision::OpenRow { from }), _) => open_row_choices(&self.rows, from)
                .into_iter()
                .map(|row| Action::OpenRow { row })
                .collect(),
            (Some(Decision::TakeLuck { .. }), _) => self
                .luck_stacks
                .available()
                .into_iter()
                .map(|card| Action::TakeLuck { card })
                .collect(),
            _ => Vec::new(),
        }
    }
}

pub(super) fn view(game: &Board, viewer: Viewer) -> View {
    let me = viewer.seat().filter(|s| s.index() < game.players);
    let stage = match &game.stage {
        Stage::Choosing { counts, chosen } => StageView::Choosing {
            counts: counts.clone(),
            chosen: chosen.iter().map(Option::is_some).collect(),
        },
        Stage::BeforeLaying { seat, tile, plan } => StageView::BeforeLaying {
            seat: *seat,
            tile: *tile,
            plan: *plan,
        },
        Stage::CountPositive { seat, tile, row } => StageView::CountPositive {
            seat: *seat,
            tile: *tile,
            row: *row,
        },
        Stage::OpenRow { seat, tile, from } => StageView::OpenRow {
            seat: *seat,
            tile: *tile,
            from: *from,
        },
        Stage::TakeLuck { seat, owed } => StageView::TakeLuck {
            seat: *seat,
            owed: *owed,
        },
        Stage::Over(_) => StageView::Over,
    };
    let chosen = match (&game.stage, me) {
        (Stage::Choosing { chosen, .. }, Some(s)) => chosen[s.index()].clone().unwrap_or_default(),
        _ => Vec::new(),
    };
    let mut action_discard = game.action_discard.clone();
    action_discard.sort();
    View {
        viewer,
        players: game.players,
        version: game.options.version,
        side: game.side().clone(),
        bulls: game.options.data.tiles.bulls.clone(),
        rows: game.rows.clone(),
        round: game.round,
        set: game.set,
        hand: me
            .map(|s| game.hands[s.index()].clone())
            .unwrap_or_default(),
        hand_sizes: game.hands.iter().map(Vec::len).collect(),
        landing: landing(game, me),
        chosen,
        queue: game.queue.iter().rev().copied().collect(),
        now: game.now.clone(),
        scores: game.scores.clone(),
        history: game.history.clone(),
        luck_owed: game.owed,
        luck_stacks: game.luck_stacks,
        luck_hands: game.luck_hands.clone(),
        action_cards: me
            .map(|s| game.action_hands[s.index()].clone())
            .unwrap_or_default(),
        action_card_counts: game.action_hands.iter().map(Vec::len).collect(),
        action_stack_size: game.action_stack.len(),
        action_discard,
        supply_size: game.supply.len(),
        boxed: game.boxed.clone(),
        stage,
        asked: me.and_then(|s| game.asked(s)),
        waiting_for: Seat::all(game.players)
            .filter(|&s| game.asked(s).is_some())
            .collect(),
        outcome: game.outcome_ref().cloned(),
    }
}

/// Where `me`'s tiles and the tile being laid go by the rules now (for [`View::landing`]).
fn landing(game: &Board, me: Option<Seat>) -> Vec<(u8, usize, usize)> {
    if !game.rows.iter().any(|r| !r.stop && r.is_active()) {
        return Vec::new();
    }
    let mut tiles: Vec<u8> = me
        .map(|s| game.hands[s.index()].clone())
        .unwrap_or_default();
    if let Stage::BeforeLaying { tile, .. } = game.stage {
        tiles.push(tile);
    }
    tiles
        .into_iter()
        .map(|t| {
            let row = destination(&game.rows, t);
            (t, row, game.rows[row].end())
        })
        .collect()
}

impl Board {
    fn outcome_ref(&self) -> Option<&Outcome> {
        match &self.stage {
            Stage::Over(o) => Some(o),
            _ => None,
        }
    }
}
