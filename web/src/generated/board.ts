// Generated from the Rust types by crates/nimmt-protocol/src/typescript.rs: do not edit.
// To regenerate: NIMMT_WRITE_TS=1 cargo test -p nimmt-protocol typescript

import type { Outcome, Seat, Viewer } from './core';

/** A viewer's picture of a Brettspiel table. */
export type BoardView = {
  viewer: Viewer,
  players: number,
  version: Version,
  /** The board side: rows and fields, score track with clovers. */
  side: BoardSide,
  /** Bull heads of tile k + 1. */
  bulls: Array<number>,
  rows: Array<RowState>,
  round: number,
  /** 1, or 2 once the second twelve were dealt (base game with 2–3). */
  set: number,
  /** The viewer's tiles behind the screen (sorted); empty for a spectator. */
  hand: Array<number>,
  hand_sizes: Array<number>,
  /**
   * Where each of the viewer's tiles (and the tile being laid) goes by rules 1–3 now:
   * (tile, row, field); empty while no row takes a tile.
   */
  landing: Array<[number, number, number]>,
  /** The tiles the viewer has put face down this round, until revealed. */
  chosen: Array<number>,
  /** Revealed tiles still to be laid, in order (after the current player's further tiles). */
  queue: Array<[number, Seat]>,
  /** Further tiles the current player lays now (*Noch ein Plättchen*), lowest first. */
  now: Array<number>,
  scores: Array<number>,
  /** The scores at the end of each round so far (the pro end count in the last). */
  history: Array<Array<number>>,
  /** Luck cards the player laying now has earned with this tile and not yet taken. */
  luck_owed: number,
  luck_stacks: LuckStacks,
  luck_hands: Array<Array<LuckCard>>,
  /** The viewer's action cards. */
  action_cards: Array<ActionCard>,
  action_card_counts: Array<number>,
  action_stack_size: number,
  action_discard: Array<ActionCard>,
  supply_size: number,
  /** Tiles out of the game, sorted. */
  boxed: Array<number>,
  stage: BoardStage,
  /** What the viewer is asked now. */
  asked: BoardDecision | null,
  waiting_for: Array<Seat>,
  outcome: Outcome | null,
};

/** The six action cards. */
export type ActionCard = "stop" | "swap_tile" | "skip" | "to_start" | "ascending" | "extra_tile";

/** What a seat is asked to decide. */
export type BoardDecision =
  | {
    "type": "choose",
    count: number,
  }
  | {
    "type": "before_laying",
    tile: number,
  }
  | {
    "type": "count_positive",
    row: number,
  }
  | {
    "type": "open_row",
    from: number,
  }
  | {
    "type": "take_luck",
    owed: number,
  };

/** One side of the board: its rows and the score track. */
export type BoardSide = {
  /** Where the layout comes from; the default says it is reconstructed. */
  about: string,
  side: SideName,
  rows: Array<RowSpec>,
  track: ScoreTrack,
};

/** One row of a board side, its fields from left to right. */
export type RowSpec = {
  /** Whether this is the special row "Zwei Plättchen ausspielen". */
  two_tiles?: boolean,
  fields: Array<Field>,
};

/** What a field of the board does when a tile is laid on it. */
export type Field =
  | { "kind": "empty" }
  | { "kind": "take_row" }
  | { "kind": "take_row_to_screen" }
  | {
    "kind": "green_bulls",
    count: number,
  }
  | {
    "kind": "red_bulls",
    count: number,
  }
  | {
    "kind": "plus",
    points: number,
  }
  | {
    "kind": "minus",
    points: number,
  }
  | { "kind": "draw_tile" }
  | { "kind": "draw_action_card" }
  | { "kind": "double_tile" };

/**
 * The score track: points run from `-limit` to `+limit`; a move back onto or over a clover
 * earns a luck card.
 */
export type ScoreTrack = {
  about: string,
  /** The most plus or minus points a player can have (the rule book's 44). */
  limit: number,
  /** The track positions that carry a clover. */
  clovers: Array<number>,
};

/** Which side of the board. */
export type SideName = "base" | "pro";

/** Who decides what, as every viewer sees it. */
export type BoardStage =
  | {
    "stage": "choosing",
    counts: Array<number>,
    chosen: Array<boolean>,
  }
  | {
    "stage": "before_laying",
    seat: Seat,
    tile: number,
    plan: Plan,
  }
  | {
    "stage": "count_positive",
    seat: Seat,
    tile: number,
    row: number,
  }
  | {
    "stage": "open_row",
    seat: Seat,
    tile: number,
    from: number,
  }
  | {
    "stage": "take_luck",
    seat: Seat,
    owed: number,
  }
  | { "stage": "over" };

/** The action cards played so far for the tile about to be laid. */
export type Plan = {
  placement: Placement,
  /** *Überspringen*. */
  skip: boolean,
};

/** Where the tile being laid goes, as the action cards played for it decide. */
export type Placement =
  | { "by": "rule" }
  | {
    "by": "ascending",
    row: number,
  }
  | {
    "by": "to_start",
    row: number,
  };

/** One of the two luck cards. */
export type LuckCard = "five_points" | "positive_bulls";

/** The two open stacks: how many cards each holds. */
export type LuckStacks = {
  five_points: number,
  positive_bulls: number,
};

/** One row of the board as it lies now. */
export type RowState = {
  /**
   * One entry per field, left to right: the tile on it. A field left empty before the row's
   * last tile was skipped (*Überspringen*).
   */
  cells: Array<number | null>,
  /** Whether a stop sign lies at the end of the row. */
  stop?: boolean,
};

/** The four versions of the rule book ("Es gibt also insgesamt vier Versionen"). */
export type Version = "base" | "base-luck" | "pro" | "pro-luck";

/** What a seat does. */
export type BoardAction =
  | {
    "type": "choose",
    tiles: Array<number>,
  }
  | {
    "type": "lay",
    luck?: LuckCard,
  }
  | {
    "type": "stop",
    row: number,
  }
  | {
    "type": "swap_tile",
    tile: number,
  }
  | { "type": "skip" }
  | {
    "type": "to_start",
    row: number,
  }
  | {
    "type": "ascending",
    row: number,
  }
  | {
    "type": "extra_tile",
    tile: number,
  }
  | {
    "type": "count_positive",
    tiles: [number, number],
  }
  | {
    "type": "open_row",
    row: number,
  }
  | {
    "type": "take_luck",
    card: LuckCard,
  };

/** Something that happened at a Brettspiel table. */
export type BoardEvent =
  | {
    "type": "dealt",
    set: number,
    /** The tiles on the first fields of rows at set-up (set 1 only). */
    rows: Array<[number, number]>,
    supply: number,
  }
  | {
    "type": "tiles_dealt",
    seat: Seat,
    tiles: Array<number>,
  }
  | {
    "type": "action_cards_dealt",
    seat: Seat,
    cards: Array<ActionCard>,
  }
  | {
    "type": "round_started",
    round: number,
    count: number,
  }
  | {
    "type": "chose",
    seat: Seat,
  }
  | {
    "type": "revealed",
    tiles: Array<[number, Seat]>,
  }
  | {
    "type": "action_card_played",
    seat: Seat,
    action: BoardAction,
  }
  | {
    "type": "swapped",
    seat: Seat,
    back: number,
    tile: number,
  }
  | {
    "type": "extra_played",
    seat: Seat,
    tile: number,
    tiles: Array<number>,
  }
  | {
    "type": "luck_card_played",
    seat: Seat,
    card: LuckCard,
  }
  | {
    "type": "laid",
    seat: Seat,
    tile: number,
    row: number,
    field: number,
    effect: Field,
  }
  | {
    "type": "laid_at_start",
    seat: Seat,
    tile: number,
    row: number,
    pushed: number,
    field: number,
    effect: Field,
    cells: Array<number | null>,
  }
  | {
    "type": "stop_placed",
    seat: Seat,
    row: number,
  }
  | { "type": "stops_removed" }
  | {
    "type": "row_taken",
    seat: Seat,
    row: number,
    tiles: Array<number>,
    to_screen: boolean,
    /** The tiles counted as plus points (*Positive Hornochsen*). */
    positive: Array<number>,
    /** Bull heads of the tiles counted as minus points (none when they go behind the screen). */
    minus: number,
    /** Bull heads of the tiles counted as plus points. */
    plus: number,
  }
  | {
    "type": "row_opened",
    seat: Seat,
    tile: number,
    row: number,
    effect: Field,
  }
  | {
    "type": "scored",
    seat: Seat,
    delta: number,
    score: number,
    reason: ScoreReason,
    /** The move the effect asked for, when the track's end cut it short. */
    wanted?: number,
  }
  | {
    "type": "tile_drawn",
    seat: Seat,
    none: boolean,
    supply: number,
  }
  | {
    "type": "tile_drawn_privately",
    seat: Seat,
    tile: number,
  }
  | {
    "type": "action_card_drawn",
    seat: Seat,
    none: boolean,
    stack: number,
  }
  | {
    "type": "action_card_drawn_privately",
    seat: Seat,
    card: ActionCard,
  }
  | {
    "type": "action_cards_reshuffled",
    cards: number,
  }
  | {
    "type": "luck_card_taken",
    seat: Seat,
    card: LuckCard,
  }
  | {
    "type": "round_ended",
    round: number,
    points: Array<number>,
    scores: Array<number>,
  }
  | {
    "type": "game_ended",
    outcome: Outcome,
  };

/** Why a score moved. */
export type ScoreReason = "field" | "five_points" | "take_row" | "final";
