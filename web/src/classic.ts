// Classic 6 nimmt! as far as a replay needs it: the placing rules of the rows (with both-ends
// placement and the fan cards, as nimmt_core's rows.rs) and the flow of a game, to step through a
// finished game's record (`GET /api/games/{id}/record`) one action at a time.

import {
  heads,
  type Action,
  type Card,
  type ClassicOptions,
  type ClassicView,
  type GameEvent,
  type GameRecord,
  type Marker,
  type Play,
  type Rows,
} from './protocol';

export const ROWS = 4;
export const ROW_CAPACITY = 5;
type End = 'right' | 'left';
type Fan = ClassicOptions['fan'];
type Taken = { row: number; cards: Card[] };

export function swappedDigits(n: number): number {
  if (n <= 9) return n * 10;
  if (n <= 99) return (n % 10) * 10 + Math.floor(n / 10);
  return n;
}

export function playValue(p: Play): number {
  return p.swap ? swappedDigits(p.card) : p.card;
}

export function newRows(starts: Card[], fan: Fan): Rows {
  const rows = starts.map((c) => [c]);
  let lowest = 0;
  for (let r = 1; r < ROWS; r++) if (starts[r] < starts[lowest]) lowest = r;
  let marker: Marker | null = null;
  if (fan === 'even-odd') marker = { fan: 'even-odd', row: lowest, even: starts[lowest] % 2 === 0 };
  else if (fan === 'mountain') marker = { fan: 'mountain', row: ROWS - 1, up: true };
  else if (fan === 'cow') marker = { fan: 'cow', row: lowest };
  return { rows, marker };
}

const last = (r: Rows, row: number) => r.rows[row][r.rows[row].length - 1];
const items = (r: Rows, row: number) =>
  r.rows[row].length + (r.marker?.fan === 'cow' && r.marker.row === row ? 1 : 0);

/** Where a card of placing value `value` goes, or null for a low card. */
export function target(r: Rows, value: number, placement: ClassicOptions['placement']): [number, End] | null {
  let best: [number, number, number, End] | null = null;
  for (let row = 0; row < ROWS; row++) {
    const first = r.rows[row][0];
    const lst = last(r, row);
    const fits: [End, number, number][] = [];
    const m = r.marker;
    if (m && m.fan === 'even-odd' && m.row === row && (value % 2 === 0) !== m.even) {
      // the marked row refuses this parity
    } else if (m && m.fan === 'mountain' && m.row === row) {
      if (value < lst) fits.push(['right', lst - value, 0]);
      if (placement === 'both-ends' && value > first) fits.push(['left', value - first, 1]);
    } else {
      if (value > lst) fits.push(['right', value - lst, 2]);
      if (placement === 'both-ends' && value < first) fits.push(['left', first - value, 3]);
    }
    for (const [end, diff, rank] of fits) {
      if (!best || diff < best[0] || (diff === best[0] && rank < best[1])) best = [diff, rank, row, end];
    }
  }
  return best ? [best[2], best[3]] : null;
}

function lowestLastExcept(r: Rows, except: number): number {
  let best = -1;
  for (let row = 0; row < ROWS; row++) {
    if (row !== except && (best < 0 || last(r, row) < last(r, best))) best = row;
  }
  return best;
}

function cowJumps(r: Rows, from: number, taken: Taken[]) {
  for (;;) {
    const to = lowestLastExcept(r, from);
    r.marker = { fan: 'cow', row: to };
    if (items(r, to) <= ROW_CAPACITY) return;
    const cards = r.rows[to].slice(0, ROW_CAPACITY - 1);
    r.rows[to] = r.rows[to].slice(ROW_CAPACITY - 1);
    taken.push({ row: to, cards });
    from = to;
  }
}

function restart(r: Rows, row: number, card: Card, taken: Taken[]) {
  const cards = r.rows[row];
  r.rows[row] = [card];
  taken.push({ row, cards });
  const m = r.marker;
  if (m?.fan === 'even-odd') {
    const to = lowestLastExcept(r, m.row);
    r.marker = { fan: 'even-odd', row: to, even: last(r, to) % 2 === 0 };
  } else if (m?.fan === 'mountain') {
    const to = m.up ? m.row - 1 : m.row + 1;
    const up = to === 0 ? false : to === ROWS - 1 ? true : m.up;
    r.marker = { fan: 'mountain', row: to, up };
  } else if (m?.fan === 'cow' && m.row === row) {
    cowJumps(r, row, taken);
  }
}

export function lay(r: Rows, card: Card, row: number, end: End): Taken[] {
  const taken: Taken[] = [];
  if (items(r, row) >= ROW_CAPACITY) {
    restart(r, row, card, taken);
  } else {
    if (end === 'right') r.rows[row].push(card);
    else r.rows[row].unshift(card);
    if (r.marker?.fan === 'cow' && r.marker.row === row) cowJumps(r, row, taken);
  }
  return taken;
}

export function takeWith(r: Rows, card: Card, row: number): Taken[] {
  const taken: Taken[] = [];
  restart(r, row, card, taken);
  return taken;
}

/** The checked options of a record's option map. */
export function parseOptions(o: Record<string, string>): ClassicOptions {
  const fan = o.fan && o.fan !== 'none' ? (o.fan as ClassicOptions['fan']) : null;
  return {
    deck: o.deck === 'tactic' ? 'tactic' : 'full',
    deal: o.deal === 'draft' ? 'draft' : 'random',
    placement: o.placement === 'both-ends' ? 'both-ends' : 'right',
    end: o.deals ? { deals: Number(o.deals) } : { at_points: Number(o.end_at ?? 66) },
    hand_size: Number(o.hand_size ?? 10),
    fan,
  };
}

type Phase =
  | { phase: 'draft'; pool: Card[]; next: number }
  | { phase: 'choose'; chosen: (Play | null)[] }
  | { phase: 'place'; queue: Play[] }
  | { phase: 'over' };

/** One step of a replay: the table after it (all hands open), and what happened in it. */
export interface Step {
  view: ClassicView;
  hands: Card[][];
  events: GameEvent[];
  action: { seat: number; action: Action } | null;
}

export class ReplayError extends Error {}

/** Plays a classic record again. */
export class ClassicGame {
  opts: ClassicOptions;
  n: number;
  deal = 1;
  turn = 0;
  rows: Rows = { rows: [[], [], [], []], marker: null };
  hands: Card[][];
  taken: Card[][];
  drafted: Card[][];
  swapLeft: boolean[];
  totals: number[];
  history: number[][] = [];
  phase: Phase = { phase: 'over' };
  outcome: { scores: number[]; winners: number[] } | null = null;

  constructor(private rec: GameRecord) {
    if (rec.game !== 'classic') throw new ReplayError('not a classic game');
    this.opts = parseOptions(rec.options);
    this.n = rec.players;
    this.hands = this.blank();
    this.taken = this.blank();
    this.drafted = this.blank();
    this.swapLeft = Array(this.n).fill(false);
    this.totals = Array(this.n).fill(0);
  }

  private blank(): Card[][] {
    return Array.from({ length: this.n }, () => []);
  }

  start(): GameEvent[] {
    const ev: GameEvent[] = [];
    this.startDeal(ev);
    return ev;
  }

  private startDeal(ev: GameEvent[]) {
    const d = this.rec.deals[this.deal - 1];
    if (!d) throw new ReplayError(`the record has no deal ${this.deal}`);
    this.taken = this.blank();
    this.drafted = this.blank();
    this.swapLeft = Array(this.n).fill(this.opts.fan === 'digit-swap');
    this.turn = 0;
    if (this.opts.deal === 'random') {
      this.hands = d.hands.map((h) => h.slice().sort((a, b) => a - b));
      this.rows = newRows(d.rows, this.opts.fan);
      ev.push({ type: 'deal_started', deal: this.deal, rows: clone(this.rows), pool: null, first_pick: null });
      this.beginTurn();
    } else {
      this.hands = this.blank();
      this.rows = { rows: [[], [], [], []], marker: null };
      const next = (this.deal - 1) % this.n;
      const pool = (d.pool ?? []).slice();
      ev.push({ type: 'deal_started', deal: this.deal, rows: null, pool: pool.slice(), first_pick: next });
      this.phase = { phase: 'draft', pool, next };
    }
  }

  private beginTurn() {
    this.turn += 1;
    this.phase = { phase: 'choose', chosen: Array(this.n).fill(null) };
  }

  dealPoints(): number[] {
    return this.taken.map((cs) => cs.reduce((s, c) => s + heads(c), 0));
  }

  act(seat: number, a: Action): GameEvent[] {
    const ev: GameEvent[] = [];
    const p = this.phase;
    const bad = (why: string) => new ReplayError(`seat ${seat}: ${why}`);
    if (a.type === 'draft' && p.phase === 'draft') {
      if (p.next !== seat) throw bad('not this seat’s pick');
      const i = p.pool.indexOf(a.card);
      if (i < 0) throw bad(`card ${a.card} is not open`);
      p.pool.splice(i, 1);
      this.hands[seat].push(a.card);
      this.hands[seat].sort((x, y) => x - y);
      this.drafted[seat].push(a.card);
      ev.push({ type: 'drafted', seat, card: a.card });
      p.next = (p.next + 1) % this.n;
      if (this.hands.every((h) => h.length === this.opts.hand_size)) {
        this.rows = newRows(this.rec.deals[this.deal - 1].rows, this.opts.fan);
        ev.push({ type: 'rows_laid', rows: clone(this.rows) });
        this.beginTurn();
      }
    } else if (a.type === 'play' && p.phase === 'choose') {
      const i = this.hands[seat].indexOf(a.card);
      if (i < 0 || p.chosen[seat]) throw bad(`cannot play ${a.card}`);
      this.hands[seat].splice(i, 1);
      p.chosen[seat] = { seat, card: a.card, swap: !!a.swap };
      ev.push({ type: 'chosen', seat });
      if (p.chosen.every((c) => c)) {
        const plays = (p.chosen as Play[]).slice().sort((x, y) => playValue(x) - playValue(y) || Number(!x.swap) - Number(!y.swap));
        for (const pl of plays) if (pl.swap) this.swapLeft[pl.seat] = false;
        ev.push({ type: 'revealed', turn: this.turn, plays: plays.map((x) => ({ ...x })) });
        this.resolve(plays, ev);
      }
    } else if (a.type === 'take_row' && p.phase === 'place') {
      const play = p.queue[0];
      if (!play || play.seat !== seat || a.row < 0 || a.row >= ROWS) throw bad('cannot take that row');
      const queue = p.queue.slice(1);
      const before = this.rows.marker;
      const taken = takeWith(this.rows, play.card, a.row);
      ev.push({ type: 'placed', seat, card: play.card, row: a.row, end: 'right', low: true });
      this.give(seat, taken, before, ev);
      this.resolve(queue, ev);
    } else {
      throw bad(`${a.type} is not asked now`);
    }
    return ev;
  }

  private resolve(queue: Play[], ev: GameEvent[]) {
    while (queue.length) {
      const play = queue[0];
      const t = target(this.rows, playValue(play), this.opts.placement);
      if (!t) {
        ev.push({ type: 'row_choice', seat: play.seat, card: play.card });
        this.phase = { phase: 'place', queue };
        return;
      }
      queue = queue.slice(1);
      const before = this.rows.marker;
      const taken = lay(this.rows, play.card, t[0], t[1]);
      ev.push({ type: 'placed', seat: play.seat, card: play.card, row: t[0], end: t[1], low: false });
      this.give(play.seat, taken, before, ev);
    }
    this.endTurn(ev);
  }

  private give(seat: number, taken: Taken[], before: Marker | null, ev: GameEvent[]) {
    for (const t of taken) {
      this.taken[seat].push(...t.cards);
      ev.push({ type: 'row_taken', seat, taken: t, points: t.cards.reduce((s, c) => s + heads(c), 0) });
    }
    if (this.rows.marker && JSON.stringify(this.rows.marker) !== JSON.stringify(before)) {
      ev.push({ type: 'marker_moved', marker: { ...this.rows.marker } });
    }
  }

  private endTurn(ev: GameEvent[]) {
    ev.push({ type: 'turn_ended', deal: this.deal, turn: this.turn, rows: clone(this.rows) });
    if (this.turn < this.opts.hand_size) {
      this.beginTurn();
      return;
    }
    const points = this.dealPoints();
    this.totals = this.totals.map((t, i) => t + points[i]);
    this.history.push(points);
    ev.push({ type: 'deal_ended', deal: this.deal, points, totals: this.totals.slice() });
    const end = this.opts.end;
    const over = 'deals' in end ? this.deal >= end.deals : this.totals.some((t) => t >= end.at_points);
    if (over) {
      const best = Math.min(...this.totals);
      this.outcome = { scores: this.totals.slice(), winners: this.totals.flatMap((t, i) => (t === best ? [i] : [])) };
      ev.push({ type: 'game_ended', outcome: this.outcome });
      this.phase = { phase: 'over' };
    } else {
      this.deal += 1;
      this.startDeal(ev);
    }
  }

  /** The table as a spectator sees it now (hands are in `hands`). */
  view(): ClassicView {
    const p = this.phase;
    const waiting: number[] =
      p.phase === 'choose'
        ? p.chosen.flatMap((c, i) => (c ? [] : [i]))
        : p.phase === 'place'
          ? [p.queue[0].seat]
          : p.phase === 'draft'
            ? [p.next]
            : [];
    return clone({
      viewer: 'spectator',
      players: this.n,
      options: this.opts,
      deal: this.deal,
      turn: this.turn,
      rows: this.rows,
      hand: [],
      hand_sizes: this.hands.map((h) => h.length),
      swap_left: this.swapLeft,
      drafted: this.drafted,
      phase:
        p.phase === 'choose'
          ? { phase: 'choose', chosen: p.chosen.map((c) => c !== null), mine: null }
          : p.phase === 'place'
            ? { phase: 'place', queue: p.queue }
            : p.phase === 'draft'
              ? { phase: 'draft', pool: p.pool, next: p.next }
              : { phase: 'over' },
      taken: this.taken,
      deal_points: this.dealPoints(),
      totals: this.totals,
      history: this.history,
      asked: null,
      waiting_for: waiting,
      outcome: this.outcome,
    } as ClassicView);
  }
}

function clone<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

/** Every step of a record: the opening, then one per action. */
export function replaySteps(rec: GameRecord): Step[] {
  const g = new ClassicGame(rec);
  const steps: Step[] = [{ events: g.start(), view: g.view(), hands: clone(g.hands), action: null }];
  rec.actions.forEach((a, i) => {
    let events: GameEvent[];
    try {
      events = g.act(a.seat, a.action);
    } catch (e) {
      throw new ReplayError(`actions[${i}]: ${(e as Error).message}`);
    }
    steps.push({ events, view: g.view(), hands: clone(g.hands), action: a });
  });
  return steps;
}
