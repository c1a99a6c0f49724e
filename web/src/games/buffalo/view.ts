// Schlagt den Büffel's view and action JSON (nimmt_core::games::buffalo), as the browser draws them.

import type { Outcome } from '../../protocol';

export type Special = 'seven_takes' | 'stop' | 'replace' | 'insert' | 'shift' | 'first' | 'last' | 'sort';
export const SPECIALS: Special[] = ['seven_takes', 'stop', 'replace', 'insert', 'shift', 'first', 'last', 'sort'];

export interface Row {
  cards: number[];
  capacity: number;
  blocked?: boolean;
}
export type Owner = { seat: number } | 'buffalo';
export interface Played {
  owner: Owner;
  card: number;
}
export type Decision = { type: 'play_card' } | { type: 'take_row' } | { type: 'window' };
export type BuffaloAction =
  | { type: 'play'; card: number }
  | { type: 'take_row'; row: number }
  | { type: 'pass' }
  | { type: 'pass_card' }
  | { type: 'pass_game' }
  | { type: 'ask_again' }
  | { type: 'seven_takes'; row: number }
  | { type: 'stop'; row: number }
  | { type: 'remove_stop'; row: number }
  | { type: 'replace'; card: number; with: number }
  | { type: 'insert'; card: number; row: number; at: number }
  | { type: 'shift'; row: number; at: number; to_row: number; to_at: number }
  | { type: 'first'; card: number }
  | { type: 'last'; card: number }
  | { type: 'sort'; order: number[] };
export type PhaseView =
  | { phase: 'choose'; chosen: boolean[] }
  | { phase: 'window'; passed: boolean[] }
  | { phase: 'take_row'; seat: number; card: number }
  | { phase: 'over' };

export interface ResultView {
  buffalo_pile: number[];
  team_points: number;
  buffalo_points: number;
  outcome: Outcome;
}

export interface BuffaloView {
  viewer: { seat: number } | 'spectator';
  players: number;
  options: Record<string, unknown>;
  turn: number;
  rows: Row[];
  hand: number[];
  hand_sizes: number[];
  my_choice: number | null;
  queue: Played[];
  team_pile: number[];
  team_heads: number;
  /** The team's points as scored: its bull heads, doubled for one or two players. */
  team_points: number;
  /** Whether the team's bull heads count double (one or two players). */
  doubled: boolean;
  /** The bull heads of each card, 1 to 104. */
  card_heads: number[];
  buffalo_pile_size: number;
  buffalo_cards_left: number;
  open_specials: Special[];
  stack_size: number;
  used_specials: Special[];
  phase: PhaseView;
  /** Per member: passes every window for the rest of this turn. */
  turn_passed: boolean[];
  /** Per member: passes every window for the rest of the game (the teammates decide). */
  game_passed: boolean[];
  asked: Decision | null;
  waiting_for: number[];
  result: ResultView | null;
  /** Every game's view has it in the screens' eyes; this game keeps it in `result`. */
  outcome: Outcome | null;
}

/** The special card an action uses (`remove_stop`: none, it is free), or null for plays. */
export function kindOf(a: BuffaloAction): Special | 'remove_stop' | null {
  switch (a.type) {
    case 'play':
    case 'take_row':
    case 'pass':
    case 'pass_card':
    case 'pass_game':
    case 'ask_again':
      return null;
    default:
      return a.type;
  }
}

/** How a use of this kind is made on the table: a row, a revealed card, the revealed cards in
 *  laying order (Sortieren), a card of a row then its new place (Verschieben), a revealed card
 *  then its place in a row (Dazwischenlegen), your revealed card then one of your hand
 *  (Ersetzen). */
export function targetOf(kind: Special | 'remove_stop'): 'row' | 'card' | 'sort' | 'shift' | 'insert' | 'replace' {
  if (kind === 'seven_takes' || kind === 'stop' || kind === 'remove_stop') return 'row';
  if (kind === 'first' || kind === 'last') return 'card';
  return kind;
}

export function isAction(a: unknown): a is BuffaloAction {
  return typeof a === 'object' && a !== null && typeof (a as { type?: unknown }).type === 'string';
}
