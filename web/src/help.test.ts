import { describe, expect, it } from 'vitest';
import { fitsEnd, jokerValue, legalActions, playActions, switchFits, type HelpView, type RowCard } from './help';

const row = (...v: number[]): RowCard[] => v.map((n) => ({ card: n, value: n }));

describe('HELP! plays (002, H2–H4)', () => {
  it('a number goes at the end, higher than the last card, and never into a full row', () => {
    expect(fitsEnd(row(2, 5), 6)).toBe(true);
    expect(fitsEnd(row(2, 5), 5)).toBe(false);
    expect(fitsEnd([], 9)).toBe(true);
    expect(fitsEnd(row(1, 2, 3, 4, 5, 6), 11)).toBe(false);
  });

  it('a Joker counts one more than the card before it and must stay below the card after it', () => {
    expect(jokerValue(row(2, 5), 0)).toBe(1);
    expect(jokerValue(row(2, 5), 1)).toBe(3);
    expect(jokerValue(row(2, 3), 1)).toBeNull();
    expect(jokerValue(row(11), 1)).toBeNull();
  });

  it('a Switch keeps the row ascending', () => {
    expect(switchFits(row(2, 5, 9), 1, 7)).toBe(true);
    expect(switchFits(row(2, 5, 9), 1, 9)).toBe(false);
  });

  it('lists each play once; a hand with nothing to play may ask for help', () => {
    expect(playActions([3, 3, 'zap'], row(2))).toEqual([{ type: 'lay', card: 3 }, { type: 'zap' }]);
    const v = {
      asked: { type: 'play' },
      phase: { phase: 'turn', seat: 0, helped: false },
      hand: [1, 2],
      row: row(4, 8),
    } as unknown as HelpView;
    expect(legalActions(v)).toEqual([{ type: 'ask_help' }]);
    expect(legalActions({ ...v, phase: { phase: 'turn', seat: 0, helped: true } })).toEqual([]);
  });

  it('a helper may hand over only cards that help; a helped player gives back what leaves a play', () => {
    const give = {
      asked: { type: 'give_help', to: 1 },
      phase: { phase: 'give_help', asker: 1, helper: 0, switch_helps: false },
      hand: [3, 9, 'switch'],
      row: row(4, 8),
    } as unknown as HelpView;
    expect(legalActions(give)).toEqual([{ type: 'give_help', card: 9 }]);
    const back = {
      asked: { type: 'give_back', to: 0 },
      phase: { phase: 'give_back', asker: 1, helper: 0, card: null },
      hand: [2, 9, 10],
      row: row(4, 8),
    } as unknown as HelpView;
    // Giving back 9 or 10 still leaves the other to play; giving back 2 too.
    expect(legalActions(back)).toEqual([
      { type: 'give_back', card: 2 },
      { type: 'give_back', card: 9 },
      { type: 'give_back', card: 10 },
    ]);
    expect(legalActions({ ...back, hand: [2, 9] })).toEqual([{ type: 'give_back', card: 2 }]);
  });
});
