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
      events: [
        { type: 'luck_card_played', seat: 0, card: 'five_points' },
        { type: 'laid', seat: 0, tile: 37, row: 1, field: 2, effect: { kind: 'red_bulls', count: 1 } },
        { type: 'scored', seat: 0, delta: 5, score: 5, reason: 'five_points' },
      ],
      view: {},
    };
    expect(screen.stepText(en, lay, names, laying)).toBe(
      'Ann: Play “5 plus points” and lay 37 · Ann plays the luck card “5 plus points” · Ann’s 37 lands on red bull heads ×1 (row 2, field 3): Ann +5 with “5 plus points” instead → 5',
    );
    const take = { seat: 2, action: { type: 'take_luck', card: 'positive_bulls' }, events: [{ type: 'luck_card_taken', seat: 2, card: 'positive_bulls' }], view: {} };
    expect(screen.stepText(de, take, names, null)).toBe('Cy: „Positive Hornochsen“ nehmen · Cy ist über ein Kleeblatt gezogen und nimmt „Positive Hornochsen“');
  });

  it('the result: the score track round by round, most points wins', () => {
    const history = [
      [0, -7, 2],
      [3, -9, 2],
      [3, -2, 3],
    ];
    const view = { scores: [3, -2, 3], history, outcome: { scores: [3, -2, 3], winners: [0, 2], sense: 'higher' } } as unknown as BoardView;
    const r = screen.result(en, view as never);
    // The chart adds up each round's points: its line ends at the final scores.
    expect(r.history).toEqual([
      [0, -7, 2],
      [3, -2, 0],
      [0, 7, 1],
    ]);
    expect(r.rule).toBe('Most points wins; ties share the win.');
    expect(r.chart?.caption).toBe('Score track, round by round');
    expect(r.chart?.stepName(2)).toBe('Round 2');
    // One round only: no chart with a single point.
    expect(screen.result(de, { ...view, history: [[3, -2, 3]] } as never).history).toEqual([]);
  });
});
