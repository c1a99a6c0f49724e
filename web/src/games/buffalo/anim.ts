// A buffalo update as frames: the revealed cards, then each card going to its row, each row
// taken and the buffalo's pile growing, one after another. Every frame copies the rows, the
// queue and the piles from the events (no rule is worked out here).

import type { Frame } from '../screen';
import { buffaloEvents, type BuffaloEvent } from './events';
import type { BuffaloView, Played, Row } from './view';

export interface BuffaloFrame extends Frame {
  rows: Row[];
  queue: Played[];
  buffaloPile: number;
  teamHeads: number;
  teamPoints: number;
  /** The card that just moved (drawn lit up), if one did. */
  card: number | null;
  /** The event the frame shows (its line is the caption). */
  event: BuffaloEvent;
}

const SLOW: Partial<Record<BuffaloEvent['type'], number>> = {
  revealed: 1100,
  laid: 800,
  team_took: 1000,
  buffalo_took: 1000,
  shifted: 800,
  used: 700,
  order: 600,
  returned_to_hand: 600,
};

export function framesFor(from: BuffaloView | null, raw: unknown[]): BuffaloFrame[] {
  if (!from) return [];
  let rows = from.rows;
  let queue = from.queue;
  let buffaloPile = from.buffalo_pile_size;
  let teamHeads = from.team_heads;
  let teamPoints = from.team_points;
  const out: BuffaloFrame[] = [];
  for (const e of buffaloEvents(raw)) {
    let card: number | null = null;
    switch (e.type) {
      case 'revealed':
        queue = e.plays;
        break;
      case 'order':
        queue = e.plays;
        break;
      case 'used':
        rows = e.rows;
        break;
      case 'returned_to_hand':
        queue = queue.filter((p) => p.card !== e.card);
        card = e.card;
        break;
      case 'shifted':
        rows = e.rows;
        card = e.card;
        break;
      case 'laid':
        rows = e.rows;
        queue = queue.filter((p) => p.card !== e.card);
        card = e.card;
        break;
      case 'row_to_take':
        queue = queue.filter((p) => p.card !== e.card);
        break;
      case 'team_took':
        rows = e.rows;
        teamHeads = e.team_heads;
        teamPoints = e.team_points;
        break;
      case 'buffalo_took':
        rows = e.rows;
        buffaloPile = e.pile;
        break;
      case 'seven_takes_discarded':
        rows = e.rows;
        break;
      default:
        break;
    }
    const ms = SLOW[e.type];
    if (ms) out.push({ ms, rows, queue, buffaloPile, teamHeads, teamPoints, card, event: e });
  }
  return out;
}
