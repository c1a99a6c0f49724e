// Generated from the Rust types by crates/nimmt-protocol/src/typescript.rs: do not edit.
// To regenerate: NIMMT_WRITE_TS=1 cargo test -p nimmt-protocol typescript

import type { Outcome, Seat, Viewer } from './core';

/** A viewer's picture of a HELP! table. */
export type HelpView = {
  viewer: Viewer,
  players: number,
  options: HelpOptions,
  deal: number,
  /** Turns played in this deal. */
  turn: number,
  direction: Direction,
  /** The row, lowest first, each card with the value it counts for. */
  row: Array<RowCard>,
  /**
   * For each place of the row (0 = before the first card, the row's length = after the
   * last), the value a Joker laid there would count for (H2); `None` where it may not go.
   */
  joker_values: Array<number | null>,
  /** The viewer's hand (sorted); empty for a spectator. */
  hand: Array<HelpCard>,
  hand_sizes: Array<number>,
  /** The No! in front of each seat. */
  marks: Array<NoMark>,
  draw_size: number,
  /** The discard pile (every card in it was seen going there), sorted. */
  discard: Array<HelpCard>,
  /** The lowest numbers called at the start of this deal and who began (H1). */
  calls: Array<Call>,
  starter: Seat,
  phase: HelpPhase,
  /** Points of the finished deals. */
  totals: Array<number>,
  history: Array<DealResult>,
  /**
   * Whom the viewer would ask for help now: the player before them in the direction of
   * play, passing over those with a No! in front (H4, H5). `None` for a spectator, and when
   * every other player has a No! in front (asking then ends the deal: only the viewer scores).
   */
  would_ask: Seat | null,
  /** What the viewer is asked now. */
  asked: HelpDecision | null,
  /** Every seat that must decide now (one at most). */
  waiting_for: Array<Seat>,
  outcome: Outcome | null,
};

/** A player's call of their lowest number at the start of a deal (`002` "Spielablauf", H1). */
export type Call = {
  seat: Seat,
  /** The lowest number card of the hand; none when the hand holds only special cards. */
  lowest: number | null,
};

/** A finished deal. */
export type DealResult = {
  deal: number,
  end: DealEnd,
  /** Points of this deal per seat. */
  points: Array<number>,
};

/** How a deal ended (`002` "Ende eines Durchgangs"). */
export type DealEnd =
  | {
    "type": "no_help",
    asker: Seat,
    asked: Seat,
  }
  | {
    "type": "helpless",
    asker: Seat,
  };

/**
 * The order of play in a deal: clockwise in the first deal, alternating after (`002`
 * "Spielablauf", "Nächster Durchgang").
 */
export type Direction = "clockwise" | "counterclockwise";

/**
 * A card of HELP!. In JSON a number card is its number, a special card its name:
 * `7`, `"joker"`, `"switch"`, `"zap"`, `"no"`.
 */
export type HelpCard = number | "joker" | "switch" | "zap" | "no";

/** What a seat is asked to decide. One seat decides at a time. */
export type HelpDecision =
  | { "type": "play" }
  | {
    "type": "give_help",
    to: Seat,
  }
  | {
    "type": "give_back",
    to: Seat,
  };

/** Checked options of a HELP! table. */
export type HelpOptions = {
  /**
   * The game ends after the deal in which somebody reaches this many points; everyone who has
   * them wins (H6; the rule book's 3).
   */
  end_at: number,
};

/** Who decides what, as a viewer sees it. */
export type HelpPhase =
  | {
    "phase": "turn",
    seat: Seat,
    helped: boolean,
  }
  | {
    "phase": "give_help",
    asker: Seat,
    helper: Seat,
    switch_helps: boolean | null,
  }
  | {
    "phase": "give_back",
    asker: Seat,
    helper: Seat,
    card: HelpCard | null,
  }
  | { "phase": "over" };

/** A No! lying in front of a player (H5), as everyone sees it. */
export type NoMark = "none" | "laid" | "skipped";

/** A card lying in the row with the value it counts for (a Joker's is fixed when laid, H2). */
export type RowCard = {
  card: HelpCard,
  value: number,
};

/** What a seat does. */
export type HelpAction =
  | {
    "type": "lay",
    card: number,
  }
  | {
    "type": "joker",
    at: number,
  }
  | {
    "type": "switch",
    take: number,
    give: number,
  }
  | { "type": "zap" }
  | { "type": "no" }
  | { "type": "ask_help" }
  | {
    "type": "give_help",
    card: HelpCard,
  }
  | {
    "type": "give_back",
    card: HelpCard,
  };

/** Something that happened at a HELP! table. */
export type HelpEvent =
  | {
    "type": "deal_started",
    deal: number,
    direction: Direction,
    draw_pile: number,
    hand_size: number,
  }
  | {
    "type": "hand_dealt",
    seat: Seat,
    hand: Array<HelpCard>,
  }
  | {
    "type": "called",
    calls: Array<Call>,
    starter: Seat,
    by_lot: boolean,
  }
  | {
    "type": "laid",
    seat: Seat,
    card: RowCard,
    at: number,
    row: Array<RowCard>,
  }
  | {
    "type": "switched",
    seat: Seat,
    at: number,
    taken: RowCard,
    given: RowCard,
    row: Array<RowCard>,
  }
  | {
    "type": "zapped",
    seat: Seat,
    removed: RowCard,
    row: Array<RowCard>,
  }
  | {
    "type": "no_laid",
    seat: Seat,
  }
  | {
    "type": "row_cleared",
    seat: Seat,
    cards: Array<RowCard>,
  }
  | {
    "type": "skipped",
    seat: Seat,
  }
  | {
    "type": "no_discarded",
    seat: Seat,
  }
  | {
    "type": "help_asked",
    asker: Seat,
    asked: Seat,
    passed_over: Array<Seat>,
  }
  | {
    "type": "helped",
    from: Seat,
    to: Seat,
  }
  | {
    "type": "card_passed",
    from: Seat,
    to: Seat,
    card: HelpCard,
  }
  | {
    "type": "gave_back",
    from: Seat,
    to: Seat,
  }
  | {
    "type": "card_returned",
    from: Seat,
    to: Seat,
    card: HelpCard,
  }
  | {
    "type": "drew",
    seat: Seat,
    count: number,
    draw_pile: number,
  }
  | {
    "type": "drawn",
    seat: Seat,
    cards: Array<HelpCard>,
  }
  | {
    "type": "reshuffled",
    cards: number,
  }
  | {
    "type": "deal_ended",
    result: DealResult,
    totals: Array<number>,
  }
  | {
    "type": "game_ended",
    outcome: Outcome,
  };
