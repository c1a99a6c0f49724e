import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Replay } from '../../protocol';
import { framesFor, shownOf, type Frame } from './anim';
import type { ClassicView, GameEvent, Rows } from './view';

/** Rows as the server sends them; the bull heads here are made up (one per card, unless given),
 * so that a frame showing them can only have copied them. */
const R = (rows: number[][], heads = rows.map((r) => r.length * 10)): Rows => ({ rows, marker: null, heads });

/** A view of seat 0 at a running table: `rows`, in the phase given, 3 players. */
function view(rows: number[][], over: Partial<ClassicView> = {}): ClassicView {
  return {
    viewer: { seat: 0 },
    players: 3,
    options: { deck: 'full', deal: 'random', placement: 'right', end: { deals: 2 }, hand_size: 2, fan: null },
    deal: 1,
    turn: 1,
    card_heads: [],
    rows: R(rows),
    hand: [90],
    hand_sizes: [1, 0, 0],
    swap_left: [false, false, false],
    drafted: [[], [], []],
    phase: { phase: 'choose', chosen: [false, true, true], mine: null },
    taken: [[], [], []],
    deal_points: [0, 0, 0],
    totals: [3, 0, 1],
    history: [],
    asked: null,
    waiting_for: [0],
    outcome: null,
    ...over,
  };
}

const cards = (f: Frame) => f.queue.map((p) => `${p.card}@${p.seat}`);
/** No frame shows a low card anywhere but as the first card of its row. */
const lowOnlyFirst = (frames: Frame[], low: number) => frames.every((f) => f.rows.every((r) => !r.includes(low) || r[0] === low));

describe('the frames of a turn', () => {
  it('reveals every card with its owner, lowest first, and lays them one by one from the queue', () => {
    const frames = framesFor(view([[1, 2, 3, 4, 5], [20], [30], [40]]), [
      { type: 'chosen', seat: 0, hand_size: 0 },
      { type: 'revealed', turn: 1, plays: [{ seat: 2, card: 6 }, { seat: 0, card: 21 }, { seat: 1, card: 41 }], swap_left: [] },
      { type: 'placed', seat: 2, card: 6, row: 0, end: 'right', low: false, row_cards: [1, 2, 3, 4, 5, 6], row_heads: 60 },
      { type: 'row_taken', seat: 2, taken: { row: 0, cards: [1, 2, 3, 4, 5] }, points: 5, row_cards: [6], row_heads: 10, deal_points: 5, total: 6 },
      { type: 'placed', seat: 0, card: 21, row: 1, end: 'right', low: false, row_cards: [20, 21], row_heads: 20 },
      { type: 'placed', seat: 1, card: 41, row: 3, end: 'right', low: false, row_cards: [40, 41], row_heads: 20 },
      { type: 'turn_ended', deal: 1, turn: 1, rows: R([[6], [20, 21], [30], [40, 41]]) },
    ] as GameEvent[]);
    expect(frames.map((f) => f.kind)).toEqual(['reveal', 'lay', 'take', 'lay', 'lay', 'end']);
    expect(frames.map(cards)).toEqual([['6@2', '21@0', '41@1'], ['21@0', '41@1'], ['21@0', '41@1'], ['41@1'], [], []]);
    // The sixth card lies on the sixth place, then the five before it are taken.
    expect(frames[1].rows[0]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(frames[2].taking).toMatchObject({ row: 0, seat: 2, points: 5, by: 6 });
    expect(frames[3].rows[0]).toEqual([6]);
    expect(frames[4].laid).toEqual({ seat: 1, card: 41, row: 3 });
  });

  it('a low card waits in the queue while its row is taken, then starts the row alone', () => {
    const frames = framesFor(
      view([[10, 11], [20], [30], [40]], { phase: { phase: 'place', queue: [{ seat: 1, card: 3 }, { seat: 0, card: 31 }] }, waiting_for: [1] }),
      [
        { type: 'placed', seat: 1, card: 3, row: 0, end: 'right', low: true, row_cards: [3], row_heads: 10 },
        { type: 'row_taken', seat: 1, taken: { row: 0, cards: [10, 11] }, points: 6, row_cards: [3], row_heads: 10, deal_points: 6, total: 6 },
        { type: 'placed', seat: 0, card: 31, row: 2, end: 'right', low: false, row_cards: [30, 31], row_heads: 20 },
        { type: 'turn_ended', deal: 1, turn: 1, rows: R([[3], [20], [30, 31], [40]]) },
      ] as GameEvent[],
    );
    expect(frames.map((f) => f.kind)).toEqual(['take', 'lay', 'lay', 'end']);
    expect(cards(frames[0])).toEqual(['3@1', '31@0']);
    expect(frames[0].rows[0]).toEqual([10, 11]);
    expect(frames[0].taking).toMatchObject({ row: 0, seat: 1, by: 3 });
    expect(frames[1].rows[0]).toEqual([3]);
    expect(lowOnlyFirst(frames, 3)).toBe(true);
  });

  it('a low card asking for a row leaves every unlaid card in the queue, with its owner', () => {
    const frames = framesFor(view([[10], [20], [30], [40]]), [
      { type: 'revealed', turn: 1, plays: [{ seat: 1, card: 2 }, { seat: 2, card: 7 }, { seat: 0, card: 55 }], swap_left: [] },
      { type: 'row_choice', seat: 1, card: 2 },
    ] as GameEvent[]);
    const last = frames[frames.length - 1];
    expect(last.kind).toBe('choose');
    expect(last.choosing).toEqual({ seat: 1, card: 2 });
    expect(cards(last)).toEqual(['2@1', '7@2', '55@0']);
  });

  it('heading and points follow the frames: a turn’s points only once its row is taken', () => {
    const frames = framesFor(view([[1, 2, 3, 4, 5], [20], [30], [40]], { turn: 2 }), [
      { type: 'revealed', turn: 2, plays: [{ seat: 0, card: 6 }], swap_left: [] },
      { type: 'placed', seat: 0, card: 6, row: 0, end: 'right', low: false, row_cards: [1, 2, 3, 4, 5, 6], row_heads: 60 },
      { type: 'row_taken', seat: 0, taken: { row: 0, cards: [1, 2, 3, 4, 5] }, points: 5, row_cards: [6], row_heads: 10, deal_points: 5, total: 8 },
      { type: 'turn_ended', deal: 1, turn: 2, rows: R([[6], [20], [30], [40]]) },
    ] as GameEvent[]);
    expect(frames.map((f) => f.turn)).toEqual([2, 2, 2, 2]);
    expect(frames.map((f) => f.dealPoints[0])).toEqual([0, 0, 0, 5]);
  });

  it('a deal ends with its summary before the next deal is shown', () => {
    const frames = framesFor(view([[10], [20], [30], [40]], { turn: 2, taken: [[], [14], []], deal_points: [0, 1, 0] }), [
      { type: 'revealed', turn: 2, plays: [{ seat: 0, card: 11 }], swap_left: [] },
      { type: 'placed', seat: 0, card: 11, row: 0, end: 'right', low: false, row_cards: [10, 11], row_heads: 20 },
      { type: 'turn_ended', deal: 1, turn: 2, rows: R([[10, 11], [20], [30], [40]]) },
      { type: 'deal_ended', deal: 1, points: [0, 1, 0], totals: [3, 1, 1] },
      { type: 'deal_started', deal: 2, rows: R([[50], [60], [70], [80]]), pool: null, first_pick: null, swap_left: [] },
      { type: 'turn_started', deal: 2, turn: 1 },
    ] as GameEvent[]);
    const summary = frames.find((f) => f.kind === 'summary')!;
    expect(summary.summary).toEqual({ deal: 1, points: [0, 1, 0], totals: [3, 1, 1], taken: [[], [14], []] });
    expect(frames.every((f) => f.deal === 1)).toBe(true);
    expect(frames[frames.length - 1]).toBe(summary);
    // The hand sizes stay the view's until the next deal is dealt.
    expect(frames[0].handSizes).toEqual([1, 0, 0]);
  });

  it('the picture before an update is the view’s', () => {
    const s = shownOf(view([[10], [20], [30], [40]], { phase: { phase: 'place', queue: [{ seat: 2, card: 4 }] } }));
    expect(s.queue).toEqual([{ seat: 2, card: 4 }]);
    expect(s.totals).toEqual([3, 0, 1]);
  });

  it('a card chosen by someone moves nothing', () => {
    expect(framesFor(null, [{ type: 'chosen', seat: 2, hand_size: 4 }])).toEqual([]);
  });
});

// A classic game as the server's replay endpoint tells it (web/fixtures/README.md).
const replay = JSON.parse(readFileSync(join(__dirname, '../../../fixtures/replay-classic.json'), 'utf8')) as Replay;

describe('the frames of a whole game, from its events alone', () => {
  it('end each step on the table the server’s next view shows: rows, their bull heads, queue, points, turn', () => {
    let animated = 0;
    for (let i = 1; i < replay.steps.length; i++) {
      const before = replay.steps[i - 1].view as ClassicView;
      const after = replay.steps[i].view as ClassicView;
      const frames = framesFor(before, replay.steps[i].events as GameEvent[]);
      if (!frames.length) continue;
      animated++;
      const last = frames[frames.length - 1];
      const waiting = after.phase.phase === 'place' ? after.phase.queue : [];
      expect({ rows: last.rows, heads: last.heads, marker: last.marker, queue: last.queue }, `step ${i}`).toEqual({
        rows: after.rows.rows,
        heads: after.rows.heads,
        marker: after.rows.marker,
        queue: waiting,
      });
      expect(last.dealPoints, `step ${i}`).toEqual(after.deal_points);
      expect(last.taken, `step ${i}`).toEqual(after.taken);
      expect(last.deal, `step ${i}`).toBe(after.deal);
    }
    expect(animated).toBeGreaterThan(3);
  });

  it('show each card laid on the row the event names, with the row the event carries', () => {
    for (let i = 1; i < replay.steps.length; i++) {
      const events = replay.steps[i].events as GameEvent[];
      const frames = framesFor(replay.steps[i - 1].view as ClassicView, events);
      const placed = events.filter((e) => e.type === 'placed');
      const lays = frames.filter((f) => f.kind === 'lay');
      expect(lays.map((f) => f.laid!.card), `step ${i}`).toEqual(placed.map((e) => e.card));
      lays.forEach((f, k) => {
        const e = placed[k];
        expect(f.rows[e.row], `step ${i}`).toContain(e.card);
        expect(f.queue.some((p) => p.card === e.card)).toBe(false);
      });
    }
  });
});
