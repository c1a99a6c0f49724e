// Generated from the Rust types by crates/nimmt-protocol/src/typescript.rs: do not edit.
// To regenerate: NIMMT_WRITE_TS=1 cargo test -p nimmt-protocol typescript

import type { Card, Outcome, Seat, Viewer } from './core';

/** A viewer's picture of a buffalo table. */
export type BuffaloView = {
  viewer: Viewer,
  players: number,
  options: BuffaloOptions,
  /** The current turn, from 1. */
  turn: number,
  rows: Array<Row>,
  /** The viewer's hand (sorted); empty for a spectator. */
  hand: Array<Card>,
  hand_sizes: Array<number>,
  /** The card the viewer chose this turn, while the others still choose. */
  my_choice: Card | null,
  /** The revealed cards not yet laid, in laying order, with their owners. */
  queue: Array<Played>,
  /** The team's pile and its bull heads (not doubled). */
  team_pile: Array<Card>,
  team_heads: number,
  /** The team's points as scored: its bull heads, doubled for one or two players (B1). */
  team_points: number,
  /** Whether the team's bull heads count double (one or two players, B1). */
  doubled: boolean,
  /** The bull heads of each card, 1 to 104 (rule 1), for drawing the cards. */
  card_heads: Array<number>,
  /** How many cards the buffalo has taken (which ones only at the end). */
  buffalo_pile_size: number,
  /** Cards left in the buffalo's stack. */
  buffalo_cards_left: number,
  open_specials: Array<Special>,
  stack_size: number,
  /** Special cards out of the game after use. */
  used_specials: Array<Special>,
  phase: BuffaloPhase,
  /** Per member: passes in every window for the rest of this turn. */
  turn_passed: Array<boolean>,
  /** Per member: passes in every window for the rest of the game (the teammates decide). */
  game_passed: Array<boolean>,
  /** What the viewer is asked now. */
  asked: BuffaloDecision | null,
  /** Every seat that may decide now. */
  waiting_for: Array<Seat>,
  /** At the end: the buffalo's pile and both scores. */
  result: ResultView | null,
};

/** What a seat is asked to decide. */
export type BuffaloDecision = { "type": "play_card" } | { "type": "take_row" } | { "type": "window" };

/** Checked options of a buffalo table (there are none; unknown keys are refused). */
export type BuffaloOptions = Record<symbol, never>;

/** Who decides what, as a viewer sees it. */
export type BuffaloPhase =
  | {
    "phase": "choose",
    chosen: Array<boolean>,
  }
  | {
    "phase": "window",
    passed: Array<boolean>,
  }
  | {
    "phase": "take_row",
    seat: Seat,
    card: Card,
  }
  | { "phase": "over" };

/** A card revealed this turn and who played it. */
export type Played = {
  owner: Owner,
  card: Card,
};

/** Who played a card: a member of the team or the buffalo. */
export type Owner = { "seat": Seat } | "buffalo";

/** The end of the game, open to all. */
export type ResultView = {
  buffalo_pile: Array<Card>,
  /** The team's points, doubled for one or two players (B1). */
  team_points: number,
  buffalo_points: number,
  outcome: Outcome,
};

/** One row of number cards, left to right, strictly ascending. */
export type Row = {
  cards: Array<Card>,
  /** How many cards the row holds; one more takes it. */
  capacity: number,
  /** A stop sign lies beside the row: no card may join, leave or take it. */
  blocked: boolean,
};

/** A special card (two of each in the box). */
export type Special = "seven_takes" | "stop" | "replace" | "insert" | "shift" | "first" | "last" | "sort";

/** What a seat does. Cards played this turn are named by their number (all are different). */
export type BuffaloAction =
  | {
    "type": "play",
    card: Card,
  }
  | {
    "type": "take_row",
    row: number,
  }
  | { "type": "pass" }
  | { "type": "pass_card" }
  | { "type": "pass_game" }
  | { "type": "ask_again" }
  | {
    "type": "seven_takes",
    row: number,
  }
  | {
    "type": "stop",
    row: number,
  }
  | {
    "type": "remove_stop",
    row: number,
  }
  | {
    "type": "replace",
    card: Card,
    with: Card,
  }
  | {
    "type": "insert",
    card: Card,
    row: number,
    at: number,
  }
  | {
    "type": "shift",
    row: number,
    at: number,
    to_row: number,
    to_at: number,
  }
  | {
    "type": "first",
    card: Card,
  }
  | {
    "type": "last",
    card: Card,
  }
  | {
    "type": "sort",
    order: Array<Card>,
  };

/** Something that happened at a buffalo table. */
export type BuffaloEvent =
  | {
    "type": "game_started",
    players: number,
    rows: Array<Row>,
    open: Array<Special>,
    stack: number,
    buffalo_cards: number,
  }
  | {
    "type": "hand_dealt",
    seat: Seat,
    hand: Array<Card>,
  }
  | {
    "type": "turn_started",
    turn: number,
  }
  | {
    "type": "chose",
    seat: Seat,
  }
  | {
    "type": "chose_card",
    seat: Seat,
    card: Card,
  }
  | {
    "type": "revealed",
    plays: Array<Played>,
    buffalo_cards_left: number,
  }
  | {
    "type": "window_opened",
    next: Played,
    asked: Array<Seat>,
  }
  | {
    "type": "row_to_take",
    seat: Seat,
    card: Card,
  }
  | {
    "type": "passed",
    seat: Seat,
  }
  | {
    "type": "passed_turn",
    seat: Seat,
  }
  | {
    "type": "passed_game",
    seat: Seat,
  }
  | {
    "type": "asked_again",
    seat: Seat,
  }
  | {
    "type": "used",
    seat: Seat,
    action: BuffaloAction,
    rows: Array<Row>,
    open: Array<Special>,
    used: Array<Special>,
  }
  | {
    "type": "order",
    plays: Array<Played>,
  }
  | {
    "type": "returned_to_hand",
    seat: Seat,
    card: Card,
  }
  | {
    "type": "shifted",
    card: Card,
    row: number,
    to_row: number,
    to_at: number,
    rows: Array<Row>,
  }
  | {
    "type": "laid",
    owner: Owner,
    card: Card,
    row: number,
    at: number,
    rows: Array<Row>,
  }
  | {
    "type": "team_took",
    row: number,
    cards: Array<Card>,
    heads: number,
    team_heads: number,
    team_points: number,
    rows: Array<Row>,
  }
  | {
    "type": "buffalo_took",
    row: number,
    count: number,
    pile: number,
    rows: Array<Row>,
  }
  | {
    "type": "seven_takes_discarded",
    row: number,
    rows: Array<Row>,
    used: Array<Special>,
  }
  | {
    "type": "special_turned_up",
    special: Special,
    open: Array<Special>,
    stack: number,
  }
  | {
    "type": "turn_ended",
    turn: number,
  }
  | {
    "type": "game_ended",
    team_points: number,
    buffalo_points: number,
    buffalo_pile: Array<Card>,
    outcome: Outcome,
  };
