import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import { actionLabel, boardActions, choiceSets, fieldEffect, fieldIcon, setKey } from './labels';

const en = tFor('en');
const de = tFor('de');

describe('the Brettspiel’s texts', () => {
  it('each field kind has an icon and an effect in English and German', () => {
    const f = { kind: 'red_bulls', count: 2 } as const;
    expect(fieldIcon(f)).toBe('🐮×2');
    expect(fieldEffect(en, f)).toBe('Red bull heads ×2: minus points, the tile’s bull heads × 2.');
    expect(fieldEffect(de, { kind: 'plus', points: 3 })).toBe('3 Pluspunkte.');
    expect(fieldEffect(en, { kind: 'take_row' })).toMatch(/^Take the row/);
  });

  it('buttons name the legal actions, rows counted from 1', () => {
    const legal = [{ type: 'lay' }, { type: 'lay', luck: 'five_points' }, { type: 'stop', row: 1 }, { type: 'open_row', row: 0 }, { type: 'take_luck', card: 'positive_bulls' }];
    expect(boardActions(legal).map((a) => actionLabel(en, a, 37))).toEqual([
      'Lay 37',
      'Play “5 plus points” and lay 37',
      'Stop! on row 2',
      'Open row 1',
      'Take “Positive bull heads”',
    ]);
    expect(actionLabel(de, { type: 'count_positive', tiles: [23, 83] }, null)).toBe('23 und 83 als Pluspunkte zählen');
  });

  it('a choice of two tiles is found whatever order they were picked in', () => {
    const sets = choiceSets([{ type: 'choose', tiles: [12, 40] }, { type: 'choose', tiles: [12, 55] }]);
    expect(sets.get(setKey([40, 12]))).toEqual({ type: 'choose', tiles: [12, 40] });
    expect(sets.has(setKey([40, 55]))).toBe(false);
  });
});
