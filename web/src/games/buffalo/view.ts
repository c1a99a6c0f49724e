// Schlagt den Büffel's view and action JSON (nimmt_core::games::buffalo), generated from the Rust
// types (`generated/buffalo.ts`).

import type { BuffaloAction, Special } from '../../generated/buffalo';

export type {
  BuffaloAction,
  BuffaloDecision as Decision,
  BuffaloPhase as PhaseView,
  BuffaloView,
  Owner,
  Played,
  ResultView,
  Row,
  Special,
} from '../../generated/buffalo';

export const SPECIALS: Special[] = ['seven_takes', 'stop', 'replace', 'insert', 'shift', 'first', 'last', 'sort'];

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
