// What a Brettspiel decision offers, grouped so that no decision lists a wall of buttons: an
// action that needs nothing more is one button (lay, a luck card and lay, *Überspringen*, a luck
// card to take); an action card that needs a target is one button for the card, and its legal
// targets are then lit where they lie (the tiles behind your screen for *Plättchentausch* and
// *Noch ein Plättchen*, the rows for *Stop!*, *Aufsteigend anlegen* and *An den Anfang legen*);
// *Positive Hornochsen* picks its two tiles on the row itself. No rule here: every target is one
// of the server's legal actions.

import { setKey } from './labels';
import type { ActionCard, BoardAction } from './view';

/** The action cards played on a target: a tile behind the screen or a row. */
export type TargetCard = Extract<ActionCard, 'stop' | 'swap_tile' | 'extra_tile' | 'ascending' | 'to_start'>;
export const TILE_CARDS: TargetCard[] = ['swap_tile', 'extra_tile'];
export const ROW_CARDS: TargetCard[] = ['stop', 'ascending', 'to_start'];

/** One button of a decision: an action sent at once, or an action card whose targets light up. */
export type Choice = { kind: 'act'; action: BoardAction } | { kind: 'card'; card: TargetCard; actions: BoardAction[] };

/** The order of the buttons: laying first, then the cards in the rule book's order of the window. */
const ORDER: BoardAction['type'][] = ['lay', 'stop', 'swap_tile', 'extra_tile', 'ascending', 'to_start', 'skip', 'open_row', 'take_luck'];

/**
 * The buttons of a decision, from its legal actions: one per action that needs nothing more, one
 * per action card that needs a target (whatever the number of targets). `choose` and
 * `count_positive` are picked on the tiles and are no buttons.
 */
export function choicesOf(legal: BoardAction[]): Choice[] {
  const out: Choice[] = [];
  const cards = new Map<TargetCard, BoardAction[]>();
  for (const a of legal) {
    if (a.type === 'choose' || a.type === 'count_positive') continue;
    if ((TILE_CARDS as string[]).includes(a.type) || (ROW_CARDS as string[]).includes(a.type)) {
      const card = a.type as TargetCard;
      if (!cards.has(card)) {
        cards.set(card, []);
        out.push({ kind: 'card', card, actions: cards.get(card)! });
      }
      cards.get(card)!.push(a);
    } else out.push({ kind: 'act', action: a });
  }
  const rank = (c: Choice) => ORDER.indexOf(c.kind === 'act' ? c.action.type : c.card);
  return out.map((c, i) => [c, i] as const).sort((x, y) => rank(x[0]) - rank(y[0]) || x[1] - y[1]).map(([c]) => c);
}

/** The targets of an action card: the tile or row each legal action names. */
export function targetsOf(actions: BoardAction[]): { tiles: Map<number, BoardAction>; rows: Map<number, BoardAction> } {
  const tiles = new Map<number, BoardAction>();
  const rows = new Map<number, BoardAction>();
  for (const a of actions) {
    if (a.type === 'swap_tile' || a.type === 'extra_tile') tiles.set(a.tile, a);
    else if (a.type === 'stop' || a.type === 'ascending' || a.type === 'to_start' || a.type === 'open_row') rows.set(a.row, a);
  }
  return { tiles, rows };
}

/** *Positive Hornochsen*: the pairs the server offers, by their sorted tiles, and every tile in one. */
export function positivePairs(legal: BoardAction[]): { pairs: Map<string, BoardAction>; tiles: Set<number> } {
  const pairs = new Map<string, BoardAction>();
  const tiles = new Set<number>();
  for (const a of legal)
    if (a.type === 'count_positive') {
      pairs.set(setKey(a.tiles), a);
      for (const n of a.tiles) tiles.add(n);
    }
  return { pairs, tiles };
}
