import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import { logLines } from './log';
import type { GameEvent } from './view';

const names = ['Kim', 'Bot 1', 'Bot 2'];
const rows = { rows: [[6], [20, 21], [30], [40, 41]], heads: [1, 2, 3, 4], marker: null };
const events: GameEvent[] = [
  { type: 'turn_started', deal: 1, turn: 1 },
  { type: 'revealed', turn: 1, plays: [{ seat: 1, card: 3 }, { seat: 0, card: 6 }, { seat: 2, card: 41 }], swap_left: [false, false, false] },
  { type: 'placed', seat: 1, card: 3, row: 0, end: 'right', low: true, row_cards: [3], row_heads: 1 },
  { type: 'row_taken', seat: 1, taken: { row: 0, cards: [10, 11] }, points: 6, row_cards: [3], row_heads: 1, deal_points: 6, total: 6 },
  { type: 'placed', seat: 0, card: 6, row: 0, end: 'right', low: false, row_cards: [1, 2, 3, 4, 5, 6], row_heads: 60 },
  { type: 'row_taken', seat: 0, taken: { row: 0, cards: [1, 2, 3, 4, 5] }, points: 5, row_cards: [6], row_heads: 1, deal_points: 5, total: 5 },
  { type: 'placed', seat: 2, card: 41, row: 3, end: 'right', low: false, row_cards: [40, 41], row_heads: 4 },
  { type: 'turn_ended', deal: 1, turn: 1, rows },
  { type: 'deal_ended', deal: 1, points: [5, 6, 0], totals: [5, 6, 0] },
  { type: 'deal_started', deal: 2, rows, pool: null, first_pick: null, swap_left: [true, true, true] },
  { type: 'turn_started', deal: 2, turn: 1 },
];

describe('the classic log', () => {
  it('tells each reveal, who took which row with which card and why, and each deal’s end', () => {
    expect(logLines(tFor('en'), events, names, null)).toEqual([
      'Turn 1: Bot 1 3 · Kim 6 · Bot 2 41',
      'Bot 1’s 3 is lower than every row: Bot 1 takes row 1, 6 🐮',
      'Kim’s 6 is the sixth card in row 1: Kim takes 5 cards, 5 🐮',
      'Deal 1 is over: Kim 5 · Bot 1 6 · Bot 2 0',
    ]);
  });

  it('tells your own take as yours, in German too', () => {
    const lines = logLines(tFor('de'), events, names, 0);
    expect(lines[1]).toBe('3 von Bot 1 ist niedriger als jede Reihe: Bot 1 nimmt Reihe 1, 6 🐮');
    expect(lines[2]).toBe('Deine 6 ist die sechste Karte in Reihe 1: du nimmst 5 Karten, 5 🐮');
  });

  it('holds back the turn an animation is still showing', () => {
    expect(logLines(tFor('en'), events, names, 0, { deal: 1, turn: 1 })).toEqual([]);
    expect(logLines(tFor('en'), events, names, 0, { deal: 2, turn: 1 })).toHaveLength(4);
  });
});
