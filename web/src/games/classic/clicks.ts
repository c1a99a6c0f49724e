// What the classic board makes clickable: exactly the server's legal actions (`legal` of the last
// state or update), matched to the cards and rows it draws. Nothing is worked out here.

import type { Action, Card } from './view';

export interface Clicks {
  /** Each card of the hand that may be played now, with the action it sends. */
  hand: Map<Card, Action>;
  /** Each row that may be taken now (a low card). */
  rows: Map<number, Action>;
  /** Each open card that may be picked now (the draft). */
  pool: Map<Card, Action>;
  /** Whether a card may be played with its digits swapped. */
  canSwap: boolean;
}

function isAction(a: unknown): a is Action {
  return typeof a === 'object' && a !== null && typeof (a as { type?: unknown }).type === 'string';
}

/** The clickable cards and rows for `legal`; with `swap` on, a card plays swapped where it may. */
export function clicks(legal: unknown[], swap: boolean): Clicks {
  const out: Clicks = { hand: new Map(), rows: new Map(), pool: new Map(), canSwap: false };
  for (const a of legal.filter(isAction)) {
    if (a.type === 'play') {
      if (a.swap) out.canSwap = true;
      // With the swap on, a swapped play wins over the plain one; a card that cannot be swapped
      // stays playable as it is.
      if (!!a.swap === swap || !out.hand.has(a.card)) out.hand.set(a.card, a);
    } else if (a.type === 'take_row') out.rows.set(a.row, a);
    else if (a.type === 'draft') out.pool.set(a.card, a);
  }
  if (!swap) for (const [c, a] of out.hand) if (a.type === 'play' && a.swap) out.hand.delete(c);
  return out;
}
