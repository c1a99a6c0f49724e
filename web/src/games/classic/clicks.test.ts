import { describe, expect, it } from 'vitest';
import { clicks } from './clicks';

// `legal` as the server sends it (nimmt-core's legal_actions for the seat).
const plays = (...cards: number[]) => cards.map((card) => ({ card, type: 'play' }));
const swaps = (...cards: number[]) => cards.map((card) => ({ card, swap: true, type: 'play' }));

describe('what the classic board makes clickable: the server’s legal actions', () => {
  it('only the cards the server lists are playable, each sending its legal action', () => {
    const c = clicks(plays(3, 41), false);
    expect([...c.hand.keys()]).toEqual([3, 41]);
    expect(c.hand.get(41)).toEqual({ card: 41, type: 'play' });
    expect(c.rows.size).toBe(0);
    expect(c.pool.size).toBe(0);
    expect(c.canSwap).toBe(false);
  });

  it('nothing is clickable when the seat is not asked (no legal actions)', () => {
    const c = clicks([], false);
    expect(c.hand.size + c.rows.size + c.pool.size).toBe(0);
  });

  it('rows are clickable only when the server asks for a row', () => {
    const c = clicks([0, 1, 2, 3].map((row) => ({ row, type: 'take_row' })), false);
    expect([...c.rows.keys()]).toEqual([0, 1, 2, 3]);
    expect(c.hand.size).toBe(0);
    expect(clicks([{ row: 2, type: 'take_row' }], false).rows.has(0)).toBe(false);
  });

  it('the open cards of a draft are clickable as listed', () => {
    const c = clicks([{ card: 5, type: 'draft' }, { card: 9, type: 'draft' }], false);
    expect([...c.pool.keys()]).toEqual([5, 9]);
    expect(c.pool.get(9)).toEqual({ card: 9, type: 'draft' });
  });

  it('the digit swap shows only when a swapped play is legal, and then sends the swapped action', () => {
    const legal = [...plays(7, 31, 104), ...swaps(7, 31)];
    const off = clicks(legal, false);
    expect(off.canSwap).toBe(true);
    expect(off.hand.get(31)).toEqual({ card: 31, type: 'play' });
    const on = clicks(legal, true);
    expect(on.hand.get(31)).toEqual({ card: 31, swap: true, type: 'play' });
    // A card the server lists no swapped play for is played as it is.
    expect(on.hand.get(104)).toEqual({ card: 104, type: 'play' });
    // The swap used up this deal: the server lists no swapped play, so there is no toggle.
    expect(clicks(plays(7, 31), false).canSwap).toBe(false);
  });
});
