//! What a seat of a Brettspiel table is asked, what it may answer, and what happens.

use super::action_cards::ActionCard;
use super::data::Field;
use super::luck::LuckCard;
use crate::rules::Outcome;
use crate::seat::Seat;
use serde::{Deserialize, Serialize};

/// Where the tile being laid goes, as the action cards played for it decide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Placement {
    /// Rules 1–3.
    #[default]
    Rule,
    /// *Aufsteigend anlegen* to the end of `row`.
    Ascending { row: usize },
    /// *An den Anfang legen* at the front of `row`.
    ToStart { row: usize },
}

/// The action cards played so far for the tile about to be laid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Plan {
    pub placement: Placement,
    /// *Überspringen*.
    pub skip: bool,
}

/// What a seat is asked to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BoardDecision"))]
pub enum Decision {
    /// Everybody at once: put `count` tiles face down (two in a two-tiles round).
    Choose { count: usize },
    /// Your `tile` is next: play action cards for it, or lay it (with a luck card or not).
    BeforeLaying { tile: u8 },
    /// *Positive Hornochsen*: pick two tiles of `row` that count as plus points.
    CountPositive { row: usize },
    /// You took row `from`: open a free row of your choice with your tile (pro).
    OpenRow { from: usize },
    /// You passed clovers: take `owed` luck cards, one at a time, from either stack.
    TakeLuck { owed: u32 },
}

impl Decision {
    pub fn describe(self) -> &'static str {
        match self {
            Decision::Choose { .. } => "choose tiles",
            Decision::BeforeLaying { .. } => "play cards or lay the tile",
            Decision::CountPositive { .. } => "pick two tiles as plus points",
            Decision::OpenRow { .. } => "pick a free row",
            Decision::TakeLuck { .. } => "take a luck card",
        }
    }
}

/// What a seat does.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BoardAction"))]
pub enum Action {
    /// Put these tiles face down (ascending, as many as asked).
    Choose { tiles: Vec<u8> },
    /// Lay the tile now, playing luck card `luck` just before.
    Lay {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        luck: Option<LuckCard>,
    },
    /// *Stop!* on active row `row`.
    Stop { row: usize },
    /// *Plättchentausch*: lay `tile` from behind your screen instead.
    SwapTile { tile: u8 },
    /// *Überspringen*.
    Skip,
    /// *An den Anfang legen* at the front of `row`.
    ToStart { row: usize },
    /// *Aufsteigend anlegen* at the end of `row`.
    Ascending { row: usize },
    /// *Noch ein Plättchen*: play `tile` as well.
    ExtraTile { tile: u8 },
    /// *Positive Hornochsen*: these two tiles of the row count as plus points.
    CountPositive { tiles: [u8; 2] },
    /// Open free row `row` with the tile.
    OpenRow { row: usize },
    /// Take a luck card from the stack of `card`.
    TakeLuck { card: LuckCard },
}

impl Action {
    pub fn describe(&self) -> &'static str {
        match self {
            Action::Choose { .. } => "choose tiles",
            Action::Lay { .. } => "lay the tile",
            Action::Stop { .. } => "play Stop!",
            Action::SwapTile { .. } => "play Plättchentausch",
            Action::Skip => "play Überspringen",
            Action::ToStart { .. } => "play An den Anfang legen",
            Action::Ascending { .. } => "play Aufsteigend anlegen",
            Action::ExtraTile { .. } => "play Noch ein Plättchen",
            Action::CountPositive { .. } => "pick two tiles as plus points",
            Action::OpenRow { .. } => "pick a free row",
            Action::TakeLuck { .. } => "take a luck card",
        }
    }

    /// The action card this action plays, if any.
    pub fn action_card(&self) -> Option<ActionCard> {
        Some(match self {
            Action::Stop { .. } => ActionCard::Stop,
            Action::SwapTile { .. } => ActionCard::SwapTile,
            Action::Skip => ActionCard::Skip,
            Action::ToStart { .. } => ActionCard::ToStart,
            Action::Ascending { .. } => ActionCard::Ascending,
            Action::ExtraTile { .. } => ActionCard::ExtraTile,
            _ => return None,
        })
    }
}

/// Why a score moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ScoreReason {
    /// A field's effect.
    Field,
    /// *5 Pluspunkte*.
    FivePoints,
    /// Taking a row.
    TakeRow,
    /// Tiles and action cards left at the end (pro).
    Final,
}

/// Something that happened at a Brettspiel table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "BoardEvent"))]
pub enum Event {
    /// Tiles were dealt (`set` 2: the second twelve from the supply, base game with 2–3).
    Dealt {
        set: u32,
        /// The tiles on the first fields of rows at set-up (set 1 only).
        rows: Vec<(usize, u8)>,
        supply: usize,
    },
    /// Your tiles (to that seat only).
    TilesDealt { seat: Seat, tiles: Vec<u8> },
    /// Your action cards at the start (to that seat only).
    ActionCardsDealt { seat: Seat, cards: Vec<ActionCard> },
    /// A round begins: everybody chooses `count` tiles.
    RoundStarted { round: u32, count: usize },
    /// `seat` put its tiles face down.
    Chose { seat: Seat },
    /// The tiles, revealed, in the order they are laid.
    Revealed { tiles: Vec<(u8, Seat)> },
    /// `seat` played an action card for the tile it lays now.
    ActionCardPlayed { seat: Seat, action: Action },
    /// *Plättchentausch*: `back` went behind the screen, `tile` is laid instead.
    Swapped { seat: Seat, back: u8, tile: u8 },
    /// *Noch ein Plättchen*: `tile` is played too; `seat` lays `tiles` now, lowest first.
    ExtraPlayed {
        seat: Seat,
        tile: u8,
        tiles: Vec<u8>,
    },
    /// `seat` played a luck card for the tile it lays.
    LuckCardPlayed { seat: Seat, card: LuckCard },
    /// `tile` lies on field `field` of `row`, whose effect is `effect` (what it does follows:
    /// [`Event::Scored`], [`Event::RowTaken`], a draw; *5 Pluspunkte* replaces it).
    Laid {
        seat: Seat,
        tile: u8,
        row: usize,
        field: usize,
        effect: Field,
    },
    /// *An den Anfang legen*: `tile` went to the front of `row`, pushing `pushed` onto `field`,
    /// whose effect is `effect`; the row is now `cells`.
    LaidAtStart {
        seat: Seat,
        tile: u8,
        row: usize,
        pushed: u8,
        field: usize,
        effect: Field,
        cells: Vec<Option<u8>>,
    },
    /// A stop sign lies at the end of `row`.
    StopPlaced { seat: Seat, row: usize },
    /// Somebody takes a row: the stop signs go back beside the board.
    StopsRemoved,
    /// `seat` took `tiles` from `row`: into the box, or behind its screen.
    RowTaken {
        seat: Seat,
        row: usize,
        tiles: Vec<u8>,
        to_screen: bool,
        /// The tiles counted as plus points (*Positive Hornochsen*).
        positive: Vec<u8>,
        /// Bull heads of the tiles counted as minus points (none when they go behind the screen).
        minus: i32,
        /// Bull heads of the tiles counted as plus points.
        plus: i32,
    },
    /// `tile` opened `row`, on a first field whose effect is `effect`.
    RowOpened {
        seat: Seat,
        tile: u8,
        row: usize,
        effect: Field,
    },
    /// `seat`'s score moved by `delta` (after the limit) to `score`.
    Scored {
        seat: Seat,
        delta: i32,
        score: i32,
        reason: ScoreReason,
        /// The move the effect asked for, when the track's end cut it short.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        wanted: Option<i32>,
    },
    /// `seat` drew a tile from the supply (which one: [`Event::TileDrawnPrivately`]); `none`
    /// when the supply was empty; `supply` tiles are left.
    TileDrawn {
        seat: Seat,
        none: bool,
        supply: usize,
    },
    /// The tile drawn (to that seat only).
    TileDrawnPrivately { seat: Seat, tile: u8 },
    /// `seat` drew an action card (which one only that seat learns); `stack` cards are left.
    ActionCardDrawn {
        seat: Seat,
        none: bool,
        stack: usize,
    },
    /// The card drawn (to that seat only).
    ActionCardDrawnPrivately { seat: Seat, card: ActionCard },
    /// The discarded action cards were shuffled into a new stack.
    ActionCardsReshuffled { cards: usize },
    /// `seat` took a luck card.
    LuckCardTaken { seat: Seat, card: LuckCard },
    /// Every tile of round `round` is laid: `points` each seat made in it (the pro end count
    /// included), `scores` after it.
    RoundEnded {
        round: u32,
        points: Vec<i32>,
        scores: Vec<i32>,
    },
    /// The game is over (pro: after tiles and action cards left were counted).
    GameEnded { outcome: Outcome },
}
