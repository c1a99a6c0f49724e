// What a game's screen provides to the table, the result and the replay. Each game has one
// folder here with an entry of this shape, listed in `registry.ts`; the screens around it look
// the entry up by the game's name and know nothing else of the game.
//
// No rules here: what a seat may do comes from the server (`legal`, the actions of the last
// `state`/`update`), what happened from its events and views. A screen draws them.

import type { ComponentType } from 'preact';
import type { T } from '../i18n';
import type { Outcome, ReplayStep } from '../protocol';
import type { Away } from '../store';
import type { Hint } from '../analysis/hint';

/** Every game's view carries at least these (nimmt-core's convention); a game whose view keeps
 * its outcome elsewhere (the buffalo's `result.outcome`) has none and says where with the
 * screen's `outcome`. */
export interface BaseView {
  players: number;
  outcome?: Outcome | null;
}

/** One picture of an animation, shown for `ms`; a game adds what it draws. */
export interface Frame {
  ms: number;
}

/** A running animation: its frames, the one showing, and the view before the update. */
export interface Animation {
  frames: Frame[];
  i: number;
  from: unknown;
}

export interface BoardProps<V> {
  t: T;
  view: V;
  /** What this client's seat may do now (the server's `legal`); empty while not asked. */
  legal: unknown[];
  /** Sends one of `legal`. */
  act: (action: unknown) => void;
  /** Seat names, by seat. */
  names: string[];
  /** The animation frame to draw instead of the view's board, if one runs. */
  frame: Frame | null;
  /** Seconds per decision (the table's timer; 0: none). */
  timer: number;
  /** The table's version (changes with every update). */
  version: number;
  /** The events of the last updates this client saw, oldest first (a log of what happened). */
  events?: unknown[];
  /** The hint this player asked for (`/hint`), while it holds; drawn at the choices by a
   * screen with `hints`. */
  hint?: Hint | null;
}

/** One side of a game's result, as the result screen lists it. */
export interface Party {
  name: string;
  points: string;
  won: boolean;
}

/** A game's words for its result chart, when its steps are not deals. */
export interface ChartText {
  caption: string;
  stepName: (n: number) => string;
  /** The legend shows each player's total alone, not each step's points. */
  totalOnly?: boolean;
}

/** What the seat list shows for one seat while the game runs. */
export interface SeatLine {
  /** The seat's own points; none where a seat has no points of its own (a team's member). */
  points?: number;
  /** Small print after the points (cards in hand, this deal). */
  detail: string;
  /** What the seat is doing (thinking, has chosen); empty for nothing. */
  status: string;
  /** The status means done (drawn in green). */
  done?: boolean;
  /** Points flying in now (`+5 🐮`): the seat is lit up. */
  gain?: string;
}

export interface SeatContext<V> {
  t: T;
  view: V;
  anim: Animation | null;
}

/** The rules in short: numbered lines, then notes (the one in play marked). */
export interface RuleText {
  lines: string[];
  notes: { text: string; current: boolean }[];
}

export interface ReplayBoardProps<V> {
  t: T;
  view: V;
  /** The public events of the step. */
  events: unknown[];
  names: string[];
  /** While the replay plays by itself: the frame of the step's animation to draw, if one runs. */
  frame?: Frame | null;
}

export interface GameScreen<V extends BaseView = BaseView> {
  /** The table while the game runs: board, hand, and the seat's choices from `legal`. */
  Board: ComponentType<BoardProps<V>>;
  /** The seat panel's line for seat `seat`. */
  seat(ctx: SeatContext<V>, seat: number): SeatLine;
  /** Beside the ranking on the result screen: points per deal and how one wins; `parties`:
   *  the sides and their points instead of a ranking of the seats (a team against a party);
   *  `chart`: the chart's words when its steps are not deals (the Brettspiel's rounds). */
  result(t: T, view: V, names?: string[]): { history: number[][]; rule: string; parties?: Party[]; chart?: ChartText };
  /** The rules in short, with the table's options. */
  rules(t: T, options: Record<string, string>): RuleText;
  /** An update's events as animation frames, from the view before it (none: no animation). */
  frames?(from: V | null, events: unknown[]): Frame[];
  /** One line for a replay step: who did what (`before`: the step before it, none for the opening). */
  stepText(t: T, step: ReplayStep, names: string[], before: ReplayStep | null): string;
  /** The board of a replay step (a spectator's view). */
  ReplayBoard: ComponentType<ReplayBoardProps<V>>;
  /** Optional: where the view keeps its outcome, if not in `outcome` (default: `view.outcome`). */
  outcome?(view: V): Outcome | null;
  /** Optional: the result's headline instead of naming the winners (a team against a party). */
  headline?(t: T, view: V): string;
  /** Optional: the board draws a hint at the choices (`BoardProps.hint`); without, the table
   * shows it in one line above the board. */
  hints?: boolean;
  /** Optional: a deal's summary (the `summary` of a frame), shown when the animation reaches
   * the end of the deal and kept until the player closes it. */
  Summary?: ComponentType<{ t: T; summary: unknown; names: string[]; onClose?: () => void }>;
  /** Optional: what a bot did for `seat` while its player was away, a line per fact (from the
   * server's `away_summary`). */
  away?(t: T, away: Away, seat: number): string[];
}

/** The outcome of a finished game's view, null while it runs. */
export function outcomeOf(screen: GameScreen | null, view: BaseView | null): Outcome | null {
  if (!view) return null;
  return (screen?.outcome ? screen.outcome(view) : view.outcome) ?? null;
}

/** A game's entry for the registry (the screens around it see any game's view as `BaseView`). */
export function gameScreen<V extends BaseView>(screen: GameScreen<V>): GameScreen {
  return screen as unknown as GameScreen;
}
