import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import { choicesOf, positivePairs, targetsOf } from './choices';
import type { BoardAction } from './view';

const hand = [3, 19, 27, 40, 52, 66, 71, 88, 95, 101];
// The pro window of the issue: a player holding Plättchentausch, Noch ein Plättchen and Stop!
// with ten tiles behind the screen, three active rows and a luck card (26 legal actions).
const window: BoardAction[] = [
  { type: 'lay' },
  { type: 'lay', luck: 'five_points' },
  ...[0, 1, 3].map((row) => ({ type: 'stop', row }) as BoardAction),
  ...hand.map((tile) => ({ type: 'swap_tile', tile }) as BoardAction),
  ...hand.map((tile) => ({ type: 'extra_tile', tile }) as BoardAction),
  { type: 'skip' },
];

describe('a Brettspiel decision offers a card, then its lit targets', () => {
  it('the pro window of 26 legal actions is six buttons: lay, the luck card, a button per card', () => {
    const cs = choicesOf(window);
    expect(cs.map((c) => (c.kind === 'act' ? c.action.type + (c.action.type === 'lay' && c.action.luck ? '+luck' : '') : `${c.card}…`))).toEqual([
      'lay',
      'lay+luck',
      'stop…',
      'swap_tile…',
      'extra_tile…',
      'skip',
    ]);
  });

  it('a card’s targets are exactly the tiles or rows of its legal actions', () => {
    const cs = choicesOf(window);
    const swap = cs.find((c) => c.kind === 'card' && c.card === 'swap_tile');
    const stop = cs.find((c) => c.kind === 'card' && c.card === 'stop');
    if (swap?.kind !== 'card' || stop?.kind !== 'card') throw new Error('cards missing');
    expect([...targetsOf(swap.actions).tiles.keys()]).toEqual(hand);
    expect(targetsOf(swap.actions).tiles.get(27)).toEqual({ type: 'swap_tile', tile: 27 });
    expect(targetsOf(swap.actions).rows.size).toBe(0);
    expect([...targetsOf(stop.actions).rows.keys()]).toEqual([0, 1, 3]);
  });

  it('every decision of every version stays within eight buttons: at most two ways to lay and six cards', () => {
    const all: BoardAction[] = [
      { type: 'lay' },
      { type: 'lay', luck: 'positive_bulls' },
      ...[0, 1, 2, 3, 4].flatMap((row) => [{ type: 'stop', row }, { type: 'ascending', row }, { type: 'to_start', row }] as BoardAction[]),
      ...hand.flatMap((tile) => [{ type: 'swap_tile', tile }, { type: 'extra_tile', tile }] as BoardAction[]),
      { type: 'skip' },
    ];
    expect(choicesOf(all).length).toBe(8);
  });

  it('tiles to choose and pairs of plus tiles are picked on the tiles, never as buttons', () => {
    const legal: BoardAction[] = [
      { type: 'count_positive', tiles: [12, 30] },
      { type: 'count_positive', tiles: [12, 44] },
      { type: 'count_positive', tiles: [30, 44] },
    ];
    expect(choicesOf(legal)).toEqual([]);
    expect(choicesOf([{ type: 'choose', tiles: [5] }])).toEqual([]);
    const p = positivePairs(legal);
    expect([...p.tiles].sort((a, b) => a - b)).toEqual([12, 30, 44]);
    expect(p.pairs.get('30+44')).toEqual({ type: 'count_positive', tiles: [30, 44] });
  });

  it('the card buttons and the row buttons speak English and German', () => {
    expect(tFor('en')('board.do.card', { card: tFor('en')('board.card.swap_tile') })).toBe('Tile swap…');
    expect(tFor('de')('board.here.stop')).toBe('Hier Stop!');
    expect(tFor('de')('board.pick.swap_tile', { tile: 19 })).toContain('statt 19');
  });
});
