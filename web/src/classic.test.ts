import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { framesFor } from './anim';
import { newRows, replaySteps, swappedDigits, target } from './classic';
import type { GameRecord } from './protocol';

// The golden records of nimmt-core: every option and fan card, replayed in the browser's replayer,
// must reach the outcome the Rust engine recorded.
const golden = join(__dirname, '../../crates/nimmt-core/tests/golden');

describe('replaying recorded games', () => {
  const files = readdirSync(golden).filter((f) => f.endsWith('.json'));
  it('finds the golden records', () => expect(files.length).toBeGreaterThanOrEqual(6));
  for (const f of files) {
    it(`${f} reaches its recorded outcome`, () => {
      const rec = JSON.parse(readFileSync(join(golden, f), 'utf8')) as GameRecord;
      const steps = replaySteps(rec);
      expect(steps).toHaveLength(rec.actions.length + 1);
      const end = steps[steps.length - 1].view;
      expect(end.outcome.scores).toEqual(rec.outcome.scores);
      expect(end.outcome.winners).toEqual(rec.outcome.winners);
      expect(end.phase.phase).toBe('over');
      // Every card lies somewhere: hands, rows, taken (conservation).
      for (const s of steps.filter((s) => s.view.phase.phase === 'choose')) {
        const all = [...s.hands.flat(), ...s.view.rows.rows.flat(), ...s.view.taken.flat()];
        expect(new Set(all).size).toBe(all.length);
      }
    });
  }

  it('a changed record is refused with the index of the bad action', () => {
    const rec = JSON.parse(readFileSync(join(golden, 'classic-4p-base.json'), 'utf8')) as GameRecord;
    rec.actions[1] = { seat: rec.actions[1].seat, action: { type: 'play', card: 200 } };
    expect(() => replaySteps(rec)).toThrow(/actions\[1\]/);
  });
});

describe('placing cards (001 rules 1–4)', () => {
  it('a card goes to the row with the highest last card below it', () => {
    const r = newRows([10, 20, 30, 40], null);
    expect(target(r, 25, 'right')).toEqual([1, 'right']);
    expect(target(r, 41, 'right')).toEqual([3, 'right']);
    expect(target(r, 5, 'right')).toBeNull(); // a low card
    expect(target(r, 5, 'both-ends')).toEqual([0, 'left']);
  });

  it('the digit swap turns 31 into 13 and 7 into 70', () => {
    expect(swappedDigits(31)).toBe(13);
    expect(swappedDigits(7)).toBe(70);
    expect(swappedDigits(90)).toBe(9);
    expect(swappedDigits(104)).toBe(104);
  });
});

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
