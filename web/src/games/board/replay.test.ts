import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import type { ReplayStep } from '../../protocol';
import { screenFor } from '../registry';
import type { BoardView } from './view';

const screen = screenFor('board')!;
const en = tFor('en');
const de = tFor('de');
const names = ['Ann', 'Bob', 'Cy'];
const laying = { view: { stage: { stage: 'before_laying', seat: 0, tile: 37, plan: {} } } } as unknown as ReplayStep;

describe('the Brettspiel replay lines', () => {
  it('a choice keeps its tiles hidden; a lay names the tile and the points it brought', () => {
    const choose = { seat: 1, action: { type: 'choose', tiles: [12] }, events: [], view: {} };
    expect(screen.stepText(en, choose, names, null)).toBe('Bob: chooses');
    const lay = {
      seat: 0,
      action: { type: 'lay', luck: 'five_points' },
      events: [{ type: 'laid', seat: 0, tile: 37, row: 1, field: 2 }, { type: 'scored', seat: 0, delta: 5, score: 5, reason: 'five_points' }],
      view: {},
    };
    expect(screen.stepText(en, lay, names, laying)).toBe('Ann: Play “5 plus points” and lay 37 · Ann scores +5');
    const take = { seat: 2, action: { type: 'take_luck', card: 'positive_bulls' }, events: [{ type: 'luck_card_taken', seat: 2, card: 'positive_bulls' }], view: {} };
    expect(screen.stepText(de, take, names, null)).toBe('Cy: „Positive Hornochsen“ nehmen · Cy nimmt „Positive Hornochsen“');
  });

  it('the result: the final scores, most points wins', () => {
    const view = { scores: [3, -2, 3], outcome: { scores: [3, -2, 3], winners: [0, 2], sense: 'higher' } } as unknown as BoardView;
    expect(screen.result(en, view as never)).toEqual({ history: [[3, -2, 3]], rule: 'Most points wins; ties share the win.' });
  });
});
