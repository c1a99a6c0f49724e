// The Brettspiel's animation: an update's events as frames shown one after another, each the
// whole picture at that moment (rows, scores, the revealed tiles not laid yet) with the group of
// events it tells (`tell.ts`):
//
// - the revealed tiles wait in a queue, lowest first, each with its owner;
// - each tile slides to its field, the field's effect is named there and its points fly to the
//   score track;
// - a row taken stays a moment with its count and points, then goes; the tile opens a new row;
// - a round ends with a summary (points this round, scores).
//
// Everything comes from the events; durations are for the normal speed (`pace.ts` scales them).

import type { Frame as BaseFrame } from '../screen';
import { groups } from './tell';
import type { BoardEvent, BoardView, RowState } from './view';

export interface Shown {
  round: number;
  rows: RowState[];
  scores: number[];
  /** Revealed tiles not laid yet, in the order they are laid: (tile, seat). */
  queue: [number, number][];
}

export interface Frame extends BaseFrame, Shown {
  kind: 'reveal' | 'lay' | 'take' | 'open' | 'card' | 'score' | 'summary';
  /** The events this frame tells. */
  said: BoardEvent[];
  /** The field in focus: where the tile landed, the row taken or opened. */
  at?: { row: number; field: number };
  /** The tile that moved there. */
  tile?: number;
  /** Points that move a counter now. */
  gain?: { seat: number; delta: number; score: number };
  /** Groups of the same update told after this frame (the log holds them back until shown). */
  rest: number;
}

/** Milliseconds each kind of frame shows at normal speed. */
export const MS: Record<Frame['kind'], number> = { reveal: 900, lay: 1300, take: 1500, open: 900, card: 1000, score: 1100, summary: 3600 };

const copyRows = (rows: RowState[]) => rows.map((r) => ({ ...r, cells: r.cells.slice() }));

export function shownOf(v: BoardView | null): Shown {
  const st = v?.stage;
  const now: [number, number][] = st && 'tile' in st && 'seat' in st ? [[st.tile, st.seat], ...(v?.now ?? []).map((n) => [n, st.seat] as [number, number])] : [];
  return {
    round: v?.round ?? 0,
    rows: v ? copyRows(v.rows) : [],
    scores: v ? v.scores.slice() : [],
    queue: v ? [...now, ...v.queue] : [],
  };
}

/** Frames for `events`, starting from the view before them. Empty when nothing is shown. */
export function framesFor(from: BoardView | null, events: BoardEvent[]): Frame[] {
  const s = shownOf(from);
  const frames: Frame[] = [];
  const all = groups(events);
  const row = (r: number) => (s.rows[r] ??= { cells: [] });
  const unqueue = (tile: number) => {
    const i = s.queue.findIndex(([n]) => n === tile);
    if (i >= 0) s.queue.splice(i, 1);
  };
  all.forEach((group, k) => {
    const snap = (kind: Frame['kind'], extra: Partial<Frame> = {}) =>
      frames.push({ ...s, rows: copyRows(s.rows), scores: s.scores.slice(), queue: s.queue.slice(), kind, ms: MS[kind], said: group, rest: all.length - 1 - k, ...extra });
    let kind: Frame['kind'] | null = null;
    let extra: Partial<Frame> = {};
    for (const e of group) {
      switch (e.type) {
        case 'round_started':
          s.round = e.round;
          s.queue = [];
          break;
        case 'revealed':
          s.queue = e.tiles.slice();
          kind = 'reveal';
          break;
        case 'laid':
          unqueue(e.tile);
          row(e.row).cells[e.field] = e.tile;
          kind = 'lay';
          extra = { at: { row: e.row, field: e.field }, tile: e.tile };
          break;
        case 'laid_at_start':
          unqueue(e.tile);
          row(e.row).cells = e.cells.slice();
          kind = 'lay';
          extra = { at: { row: e.row, field: 0 }, tile: e.tile };
          break;
        case 'row_taken':
          kind = 'take';
          extra = { at: { row: e.row, field: -1 } };
          break;
        case 'row_opened':
          unqueue(e.tile);
          row(e.row).cells = row(e.row).cells.map(() => null);
          row(e.row).cells[0] = e.tile;
          kind = 'open';
          extra = { at: { row: e.row, field: 0 }, tile: e.tile };
          break;
        case 'stop_placed':
          row(e.row).stop = true;
          kind = 'card';
          break;
        case 'stops_removed':
          s.rows.forEach((r) => (r.stop = false));
          kind = 'card';
          break;
        case 'scored':
          s.scores[e.seat] = e.score;
          extra = { ...extra, gain: { seat: e.seat, delta: e.delta, score: e.score } };
          kind ??= 'score';
          break;
        case 'round_ended':
          s.scores = e.scores.slice();
          kind = 'summary';
          break;
        case 'swapped':
          s.queue.unshift([e.tile, e.seat]);
          kind = 'card';
          break;
        case 'extra_played':
          s.queue = [...e.tiles.map((n) => [n, e.seat] as [number, number]), ...s.queue.filter(([n]) => !e.tiles.includes(n))];
          kind = 'card';
          break;
        case 'game_ended':
          break;
        default:
          kind ??= 'card';
      }
    }
    if (kind) snap(kind, extra);
    // A row taken goes once its frame has shown it.
    const taken = group[0];
    if (taken.type === 'row_taken') row(taken.row).cells = row(taken.row).cells.map(() => null);
  });
  return frames;
}
