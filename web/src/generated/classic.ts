// Generated from the Rust types by crates/nimmt-protocol/src/typescript.rs: do not edit.
// To regenerate: NIMMT_WRITE_TS=1 cargo test -p nimmt-protocol typescript

import type { Card, Outcome, Seat, Viewer } from './core';

/** A viewer's picture of a classic table. */
export type ClassicView = {
  viewer: Viewer,
  players: number,
  options: ClassicOptions,
  /**
   * The bull heads of each card of the table's deck, card `n` at index `n − 1`: what a client
   * draws on a card.
   */
  card_heads: Array<number>,
  /**
   * With the *Zahlendreher* (F5): the value each card counts as when played with it, card `n`
   * at index `n − 1`; empty otherwise.
   */
  swapped?: Array<number>,
  deal: number,
  turn: number,
  rows: Rows,
  /** The viewer's hand (sorted); empty for a spectator. */
  hand: Array<Card>,
  hand_sizes: Array<number>,
  /** Whether each seat still holds its *Zahlendreher* (F5). */
  swap_left: Array<boolean>,
  /**
   * Cards each seat picked in this deal's draft, in order (the picks are public, C4); empty
   * lists without a draft.
   */
  drafted: Array<Array<Card>>,
  phase: ClassicPhase,
  /** Cards each seat has taken this deal (everyone saw them taken). */
  taken: Array<Array<Card>>,
  /** Plays each seat has revealed this deal, in turn order (everyone saw them revealed). */
  played: Array<Array<Play>>,
  /** Points each seat has taken this deal. */
  deal_points: Array<number>,
  /** Points of the finished deals. */
  totals: Array<number>,
  /** Points per finished deal. */
  history: Array<Array<number>>,
  /** What the viewer is asked now. */
  asked: ClassicDecision | null,
  /** Every seat that must decide now. */
  waiting_for: Array<Seat>,
  outcome: Outcome | null,
};

/** What a seat is asked to decide. */
export type ClassicDecision = { "type": "play_card" } | { "type": "take_row" } | { "type": "draft_pick" };

/** Checked options of a classic table. */
export type ClassicOptions = {
  deck: Deck,
  deal: DealMode,
  placement: Placement,
  end: EndCondition,
  hand_size: number,
  fan: Fan | null,
};

/** How hands are formed. */
export type DealMode = "random" | "draft";

/** Which cards are in play. */
export type Deck = "full" | "tactic";

/** When the game ends (C1). */
export type EndCondition = { "at_points": number } | { "deals": number };

/** The fan cards of the anniversary edition (F1–F5); a table uses at most one. */
export type Fan = "even-odd" | "mountain" | "cow" | "digit-swap";

/** Where a card may join a row. */
export type Placement = "right" | "both-ends";

/** The phase of the table as a viewer sees it. */
export type ClassicPhase =
  | {
    "phase": "draft",
    pool: Array<Card>,
    next: Seat,
  }
  | {
    "phase": "choose",
    /** Who has chosen (not what). */
    chosen: Array<boolean>,
    /** The viewer's own choice, if made. */
    mine: Play | null,
  }
  | {
    "phase": "place",
    queue: Array<Play>,
  }
  | { "phase": "over" };

/** A card played this turn, once revealed. */
export type Play = {
  seat: Seat,
  card: Card,
  /** Played with the *Zahlendreher*. */
  swap?: boolean,
};

/**
 * The four rows and the marker beside them. As JSON they carry each row's bull heads too
 * (`heads`, top to bottom), for clients to show; reading them back ignores those.
 */
export type Rows = {
  /** The number cards of each row, left to right, as printed. */
  rows: [Array<Card>, Array<Card>, Array<Card>, Array<Card>],
  /** The fan card beside a row, if the table plays one with a marker. */
  marker: Marker | null,
  /** Each row's bull heads, top to bottom. */
  heads: [number, number, number, number],
};

/** A fan card standing beside a row (F2–F4). */
export type Marker =
  | {
    "fan": "even-odd",
    row: number,
    even: boolean,
  }
  | {
    "fan": "mountain",
    row: number,
    up: boolean,
  }
  | {
    "fan": "cow",
    row: number,
  };

/** What a seat does. */
export type ClassicAction =
  | {
    "type": "play",
    card: Card,
    swap?: boolean,
  }
  | {
    "type": "take_row",
    row: number,
  }
  | {
    "type": "draft",
    card: Card,
  };

/**
 * Something that happened at a classic table. Each event carries the state after it as far as a
 * client shows it (the rows, the seat's points, who is next), so that a client copies instead of
 * working a rule out again.
 */
export type ClassicEvent =
  | {
    "type": "deal_started",
    deal: number,
    rows: Rows | null,
    pool: Array<Card> | null,
    first_pick: Seat | null,
    /** Whether each seat holds its *Zahlendreher* this deal (F5). */
    swap_left: Array<boolean>,
  }
  | {
    "type": "hand_dealt",
    seat: Seat,
    hand: Array<Card>,
  }
  | {
    "type": "drafted",
    seat: Seat,
    card: Card,
    next: Seat | null,
  }
  | {
    "type": "rows_laid",
    rows: Rows,
  }
  | {
    "type": "turn_started",
    deal: number,
    turn: number,
  }
  | {
    "type": "chosen",
    seat: Seat,
    hand_size: number,
  }
  | {
    "type": "revealed",
    turn: number,
    plays: Array<Play>,
    swap_left: Array<boolean>,
  }
  | {
    "type": "placed",
    seat: Seat,
    card: Card,
    row: number,
    end: RowEnd,
    low: boolean,
    row_cards: Array<Card>,
    row_heads: number,
  }
  | {
    "type": "row_choice",
    seat: Seat,
    card: Card,
  }
  | {
    "type": "row_taken",
    seat: Seat,
    taken: Taken,
    points: number,
    row_cards: Array<Card>,
    row_heads: number,
    deal_points: number,
    total: number,
  }
  | {
    "type": "marker_moved",
    marker: Marker,
  }
  | {
    "type": "turn_ended",
    deal: number,
    turn: number,
    rows: Rows,
  }
  | {
    "type": "deal_ended",
    deal: number,
    points: Array<number>,
    totals: Array<number>,
  }
  | {
    "type": "game_ended",
    outcome: Outcome,
  };

/** Which end of a row a card joins. */
export type RowEnd = "right" | "left";

/** Cards a row gave up to the player who took it. */
export type Taken = {
  row: number,
  cards: Array<Card>,
};
