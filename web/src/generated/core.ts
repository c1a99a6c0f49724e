// Generated from the Rust types by crates/nimmt-protocol/src/typescript.rs: do not edit.
// To regenerate: NIMMT_WRITE_TS=1 cargo test -p nimmt-protocol typescript

/**
 * A game of the family, by name. The names are those of the registry in `games/mod.rs`; a
 * name read from outside (JSON, the command line) is checked against it.
 */
export type GameKind = string;

/** Options as given by a user or stored in a record: key → value, sorted by key. */
export type OptionMap = { [key in string]: string };

/** Everything a game says about itself. */
export type GameDescriptor = {
  /** The game's name in options, records and the protocol (`classic`). */
  name: string,
  /** Its title for people. */
  title: LangText,
  /** The fewest and most seats. */
  players: [number, number],
  /** Whether fewer or more points are better. */
  sense: ScoreSense,
  /** The seats play as one team (every seat wins or loses together). */
  team: boolean,
  /** Parties that score but are no seat, played by the rules (the buffalo). */
  automata: Array<string>,
  /** Every option the game takes. */
  options: Array<OptionSpec>,
};

/** A user-facing line in the languages of the room. */
export type LangText = {
  en: string,
  de: string,
};

/** One option of a game. */
export type OptionSpec = {
  key: string,
  /**
   * The value when the option is not given; `None` when leaving it out means something of its
   * own (e.g. classic's `deals`, which replaces `end_at` when given).
   */
  default: string | null,
  /** One line: what the option does. */
  help: LangText,
} & ({
  "type": "number",
  min: number,
  max: number,
} | {
  "type": "choice",
  values: Array<string>,
});

/** Whether a lower or a higher score is better. */
export type ScoreSense = "lower" | "higher";

/** A seat at the table, numbered from 0 clockwise. */
export type Seat = number;

/** The result of a finished game. */
export type Outcome = {
  /** Final score of each seat, in the game's own sense (classic: minus points). */
  scores: Array<number>,
  /** The winners; several share a win. Empty when nobody at the table won (a team that lost). */
  winners: Array<Seat>,
  /** Whether lower or higher scores are better. */
  sense: ScoreSense,
  /** Scores of parties without a seat (the buffalo's points beside the team's). */
  others?: Array<PartyScore>,
};

/** A party that scores without a seat (the buffalo). */
export type PartyScore = {
  name: string,
  score: number,
};

/** A number card of the classic deck, 1–104. */
export type Card = number;

/** Who looks at a game: a seat sees its own hidden cards, a spectator sees none. */
export type Viewer = { "seat": Seat } | "spectator";
