import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import { framesFor } from './anim';
import { buffaloEvents } from './events';
import { logLines } from './log';
import type { BuffaloView } from './view';

const en = tFor('en');
const de = tFor('de');

const before = {
  rows: [{ cards: [1, 2, 3, 4, 5], capacity: 5 }, { cards: [30], capacity: 5 }, { cards: [40], capacity: 5 }, { cards: [60], capacity: 5 }],
  queue: [],
  buffalo_pile_size: 0,
  team_heads: 0,
  team_points: 0,
} as unknown as BuffaloView;

const after6 = [{ cards: [6], capacity: 5 }, { cards: [30], capacity: 5 }, { cards: [40], capacity: 5 }, { cards: [60], capacity: 5 }];
const with6 = [{ cards: [1, 2, 3, 4, 5, 6], capacity: 5 }, ...after6.slice(1)];
const with35 = [after6[0], { cards: [30, 35], capacity: 5 }, after6[2], after6[3]];
const events = [
  { type: 'revealed', plays: [{ owner: { seat: 0 }, card: 6 }, { owner: 'buffalo', card: 35 }], buffalo_cards_left: 9 },
  { type: 'laid', owner: { seat: 0 }, card: 6, row: 0, at: 5, rows: with6 },
  { type: 'team_took', row: 0, cards: [1, 2, 3, 4, 5], heads: 6, team_heads: 6, team_points: 12, rows: after6 },
  { type: 'laid', owner: 'buffalo', card: 35, row: 1, at: 1, rows: with35 },
  { type: 'buffalo_took', row: 2, count: 5, pile: 5, rows: with35 },
];

describe('a buffalo update told step by step', () => {
  it('draws each card going to its row and each take, copying rows and points from the events', () => {
    const frames = framesFor(before, events);
    expect(frames.map((f) => f.event.type)).toEqual(['revealed', 'laid', 'team_took', 'laid', 'buffalo_took']);
    expect(frames[0].queue.map((p) => p.card)).toEqual([6, 35]);
    // The sixth card lies in its row until the take that follows (each event's rows after it).
    expect(frames[1].rows[0].cards).toEqual([1, 2, 3, 4, 5, 6]);
    expect(frames[1].card).toBe(6);
    expect(frames[1].queue.map((p) => p.card)).toEqual([35]);
    expect([frames[2].teamHeads, frames[2].teamPoints]).toEqual([6, 12]);
    expect(frames[2].rows[0].cards).toEqual([6]);
    expect(frames[3].rows[1].cards).toEqual([30, 35]);
    expect(frames[4].buffaloPile).toBe(5);
  });

  it("writes a line per event in English and German, the buffalo's cards as a count", () => {
    const names = ['Ann', 'Bob'];
    expect(logLines(en, buffaloEvents(events), names)).toEqual([
      'Revealed, to be laid in this order: 6 (Ann), 35 (Buffalo)',
      'Ann: 6 goes to row 1',
      'The team takes 5 cards of row 1: 6 🐮 (team now 12)',
      'Buffalo: 35 goes to row 2',
      'The buffalo takes 5 cards of row 3, face down (its pile: 5 cards)',
    ]);
    // A window in which everybody passed is not told; one still open is.
    const window = { type: 'window_opened', next: { owner: { seat: 1 }, card: 35 }, asked: [0, 1] };
    const laid = { type: 'laid', owner: { seat: 1 }, card: 35, row: 1, at: 1, rows: [] };
    expect(logLines(en, buffaloEvents([window, { type: 'passed', seat: 0 }, laid]), names)).toEqual(['Bob: 35 goes to row 2']);
    expect(logLines(de, buffaloEvents([window, { type: 'passed_turn', seat: 1 }]), names)).toEqual([
      'Vor 35 (Bob): Sonderkarten-Fenster für Ann, Bob',
      'Bob passt für diesen Zug',
    ]);
  });
});
