import { describe, expect, it } from 'vitest';
import { framesFor } from './anim';

describe('animation frames', () => {
  it('reveal, lay, take: the taken row is shown before it empties', () => {
    const start = { rows: [[1, 2, 3, 4, 5], [20], [30], [40]], marker: null };
    const frames = framesFor(start, [
      { type: 'revealed', turn: 1, plays: [{ seat: 0, card: 6 }, { seat: 1, card: 21 }] },
      { type: 'placed', seat: 0, card: 6, row: 0, end: 'right', low: false },
      { type: 'row_taken', seat: 0, taken: { row: 0, cards: [1, 2, 3, 4, 5] }, points: 5 },
      { type: 'placed', seat: 1, card: 21, row: 1, end: 'right', low: false },
      { type: 'turn_ended', deal: 1, turn: 1, rows: { rows: [[6], [20, 21], [30], [40]], marker: null } },
    ]);
    expect(frames.map((f) => f.pending.map((p) => p.card))).toEqual([[6, 21], [21], [21], [], []]);
    expect(frames[1].rows[0]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(frames[2].taking).toEqual({ row: 0, seat: 0, points: 5, cards: [1, 2, 3, 4, 5] });
    expect(frames[3].rows[0]).toEqual([6]);
    expect(frames[4].rows).toEqual([[6], [20, 21], [30], [40]]);
  });

  it('a card chosen by someone moves nothing', () => {
    expect(framesFor(null, [{ type: 'chosen', seat: 2 }])).toEqual([]);
  });
});
