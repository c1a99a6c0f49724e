// Turns the events of one update into frames shown one after another. Each frame is the whole
// picture of the table at that moment (rows, the revealed cards not laid yet with their owners,
// heading, points, hand sizes), so nothing on screen runs ahead of the animation:
//
// - the cards are revealed and wait in a queue, lowest first, each beside its owner's name;
// - each card slides from the queue to its row; a sixth card lies on the row's sixth place, then
//   the five before it are taken;
// - a low card stays in the queue while its row is taken, then lies alone as the row's first card;
// - a deal ends with a summary (points this deal and in total, the cards each player took).
//
// Every picture is copied from the events (the rows as they stand after each card and each take,
// the seat's points, the hand sizes): nothing here works a rule out. Durations are for the normal
// speed; the client scales them (`pace.ts`).

import type { Frame as BaseFrame } from '../screen';
import type { Card, ClassicView, GameEvent, Marker, Play, Rows } from './view';

/** What the table shows at one moment of an animation. */
export interface Shown {
  deal: number;
  turn: number;
  rows: Card[][];
  /** Each row's bull heads. */
  heads: number[];
  marker: Marker | null;
  /** Revealed cards not laid yet, in the order they are laid (lowest first). */
  queue: Play[];
  dealPoints: number[];
  totals: number[];
  /** Cards in each hand; null once a new deal is dealt (the view's sizes then hold). */
  handSizes: number[] | null;
  /** Cards each seat took this deal. */
  taken: Card[][];
}

export interface Frame extends BaseFrame, Shown {
  kind: 'reveal' | 'lay' | 'take' | 'choose' | 'end' | 'summary';
  /** The card just laid (it slides in from the queue). */
  laid?: { seat: number; card: Card; row: number };
  /** A row being taken: by whom, for how many points, and the card that takes it. */
  taking?: { row: number; seat: number; points: number; cards: Card[]; by: Card };
  /** A low card waiting for its owner to choose a row. */
  choosing?: Play;
  /** The end of a deal. */
  summary?: { deal: number; points: number[]; totals: number[]; taken: Card[][] };
}

/** Milliseconds each kind of frame shows at normal speed. */
export const MS: Record<Frame['kind'], number> = { reveal: 800, lay: 480, take: 900, choose: 400, end: 150, summary: 3200 };

const copyRows = (rows: Card[][]) => rows.map((r) => r.slice());

/** The picture before an update, from the view before it (none: an empty table). */
export function shownOf(v: ClassicView | null, players = v?.players ?? 0): Shown {
  const zeros = () => Array.from({ length: players }, () => 0);
  return {
    deal: v?.deal ?? 1,
    turn: v?.turn ?? 0,
    rows: v ? copyRows(v.rows.rows) : [[], [], [], []],
    heads: v ? v.rows.heads.slice() : [0, 0, 0, 0],
    marker: v?.rows.marker ?? null,
    queue: v?.phase.phase === 'place' ? v.phase.queue.slice() : [],
    dealPoints: v ? v.deal_points.slice() : zeros(),
    totals: v ? v.totals.slice() : zeros(),
    handSizes: v ? v.hand_sizes.slice() : null,
    taken: v ? v.taken.map((t) => t.slice()) : Array.from({ length: players }, () => []),
  };
}

/** Frames for `events`, starting from the view before them. Empty when nothing moves. */
export function framesFor(from: ClassicView | null, events: GameEvent[]): Frame[] {
  const frames: Frame[] = [];
  const s = shownOf(from);
  const copyRow = (row: number, cards: Card[], heads: number) => {
    s.rows[row] = cards.slice();
    s.heads[row] = heads;
  };
  const copy = (rows: Rows) => {
    s.rows = copyRows(rows.rows);
    s.heads = rows.heads.slice();
    s.marker = rows.marker;
  };
  // A low card whose row is about to be taken: it is shown laid once the row is taken.
  let low: { seat: number; card: Card; row: number; cards: Card[]; heads: number } | null = null;
  // The card laid last: the one that takes a full row.
  let laidLast: Card = 0;
  const snap = (kind: Frame['kind'], extra: Partial<Frame> = {}) =>
    frames.push({
      ...s,
      rows: copyRows(s.rows),
      heads: s.heads.slice(),
      queue: s.queue.slice(),
      dealPoints: s.dealPoints.slice(),
      totals: s.totals.slice(),
      handSizes: s.handSizes?.slice() ?? null,
      taken: s.taken.map((t) => t.slice()),
      kind,
      ms: MS[kind],
      ...extra,
    });
  const lay = (p: { seat: number; card: Card; row: number }) => {
    s.queue = s.queue.filter((q) => q.card !== p.card);
    snap('lay', { laid: { seat: p.seat, card: p.card, row: p.row } });
  };
  const layLow = () => {
    if (low) {
      copyRow(low.row, low.cards, low.heads);
      lay(low);
    }
    low = null;
  };
  for (const e of events) {
    if (e.type !== 'row_taken' && e.type !== 'marker_moved') layLow();
    switch (e.type) {
      case 'chosen':
        if (s.handSizes) s.handSizes[e.seat] = e.hand_size;
        break;
      case 'revealed':
        s.turn = e.turn;
        s.queue = e.plays.slice();
        snap('reveal');
        break;
      case 'placed':
        laidLast = e.card;
        if (e.low) low = { seat: e.seat, card: e.card, row: e.row, cards: e.row_cards, heads: e.row_heads };
        else {
          copyRow(e.row, e.row_cards, e.row_heads);
          lay(e);
        }
        break;
      case 'row_choice':
        snap('choose', { choosing: { seat: e.seat, card: e.card } });
        break;
      case 'row_taken':
        snap('take', { taking: { row: e.taken.row, seat: e.seat, points: e.points, cards: e.taken.cards, by: laidLast } });
        // A low card's row stays empty until the card is shown laid.
        copyRow(e.taken.row, low && low.row === e.taken.row ? [] : e.row_cards, low && low.row === e.taken.row ? 0 : e.row_heads);
        s.dealPoints[e.seat] = e.deal_points;
        (s.taken[e.seat] ??= []).push(...e.taken.cards);
        break;
      case 'marker_moved':
        s.marker = e.marker;
        break;
      case 'turn_ended':
        copy(e.rows);
        s.queue = [];
        if (frames.length) snap('end');
        break;
      case 'turn_started':
        s.turn = e.turn;
        break;
      case 'deal_ended':
        snap('summary', { summary: { deal: e.deal, points: e.points.slice(), totals: e.totals.slice(), taken: s.taken.map((t) => t.slice()) } });
        s.totals = e.totals.slice();
        s.dealPoints = s.dealPoints.map(() => 0);
        break;
      case 'deal_started':
        s.deal = e.deal;
        s.turn = 0;
        s.queue = [];
        s.handSizes = null;
        s.taken = s.taken.map(() => []);
        if (e.rows) copy(e.rows);
        else copy({ rows: [[], [], [], []], heads: [0, 0, 0, 0], marker: null });
        break;
      case 'rows_laid':
        copy(e.rows);
        break;
      default:
        break;
    }
  }
  layLow();
  return frames;
}
