import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import { awayLines } from './away';

describe('what the bot did while one was away', () => {
  const away = {
    moves: 3,
    actions: [{ type: 'play', card: 34 }, { type: 'take_row', row: 0 }, { type: 'play', card: 51, swap: true }],
    events: [
      { type: 'revealed', turn: 2, plays: [] },
      { type: 'row_taken', seat: 1, taken: { row: 0, cards: [12, 15] }, points: 2 },
      { type: 'row_taken', seat: 0, taken: { row: 3, cards: [55] }, points: 7 },
    ],
  };

  it('names the cards played, the rows chosen and the rows taken with their bull heads', () => {
    expect(awayLines(tFor('en'), away, 1)).toEqual(['It played 34, 51 ↔.', 'It chose row 1 to take.', 'You took row 1 (2 bull heads).']);
    expect(awayLines(tFor('de'), away, 1)).toEqual(['Er hat 34, 51 ↔ gespielt.', 'Er hat Reihe 1 zum Nehmen gewählt.', 'Du hast Reihe 1 genommen (2 Hornochsen).']);
  });

  it('says nothing of other seats’ rows, and nothing when nothing was done', () => {
    expect(awayLines(tFor('en'), { moves: 0, actions: [], events: away.events }, 2)).toEqual([]);
  });
});
