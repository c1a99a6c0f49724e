// Turns the events of one update into frames shown one after another: the cards revealed, each
// laid in its row, a taken row lit up with the points flying to the taker.

import type { Frame as BaseFrame } from '../screen';
import type { Card, GameEvent, Marker, Play, Rows } from './view';

export interface Frame extends BaseFrame {
  rows: Card[][];
  marker: Marker | null;
  /** Revealed cards not laid yet. */
  pending: Play[];
  /** The card just laid: row and card. */
  laid?: { row: number; card: Card };
  /** A row being taken. */
  taking?: { row: number; seat: number; points: number; cards: Card[] };
}

export const MS = { reveal: 1100, place: 650, take: 1300 };

/** Frames for `events`, starting from `rows` (the rows before them). Empty when nothing moves. */
export function framesFor(start: Rows | null, events: GameEvent[], speed = 1): Frame[] {
  const frames: Frame[] = [];
  let rows = start ? start.rows.map((r) => r.slice()) : [[], [], [], []];
  let marker = start?.marker ?? null;
  let pending: Play[] = [];
  const snap = (ms: number, extra: Partial<Frame> = {}) =>
    frames.push({ rows: rows.map((r) => r.slice()), marker, pending: pending.slice(), ms: ms * speed, ...extra });
  for (const e of events) {
    switch (e.type) {
      case 'revealed':
        pending = e.plays.slice();
        snap(MS.reveal);
        break;
      case 'placed': {
        pending = pending.filter((p) => p.card !== e.card);
        const row = rows[e.row] ?? [];
        if (e.end === 'left') row.unshift(e.card);
        else row.push(e.card);
        rows[e.row] = row;
        snap(MS.place, { laid: { row: e.row, card: e.card } });
        break;
      }
      case 'row_taken': {
        snap(MS.take, { taking: { row: e.taken.row, seat: e.seat, points: e.points, cards: e.taken.cards } });
        rows[e.taken.row] = rows[e.taken.row].filter((c) => !e.taken.cards.includes(c));
        break;
      }
      case 'marker_moved':
        marker = e.marker;
        break;
      case 'turn_ended':
        rows = e.rows.rows.map((r) => r.slice());
        marker = e.rows.marker;
        if (frames.length) snap(MS.place);
        break;
      case 'deal_started':
        if (e.rows) {
          rows = e.rows.rows.map((r) => r.slice());
          marker = e.rows.marker;
        }
        break;
      case 'rows_laid':
        rows = e.rows.rows.map((r) => r.slice());
        marker = e.rows.marker;
        break;
      default:
        break;
    }
  }
  return frames;
}
