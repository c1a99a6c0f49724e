import { describe, expect, it } from 'vitest';
import { serverText, tFor } from '../i18n';
import { decisionAt, higherIsBetter, type Analysis, type Decision } from './data';
import { choiceText, markedList } from './panel';

const analysis: Analysis = {
  game: 'classic',
  measure: 'deal_points',
  thresholds: { inaccuracy: 1, mistake: 2.5, blunder: 5 },
  budget: 4000,
  decisions: [
    { index: 0, seat: 0, deal: 0, chosen: 1, loss: 26, mark: 'blunder', choices: [
      { action: { type: 'take_row', row: 1 }, label: 'take_row 1', estimate: 1 },
      { action: { type: 'take_row', row: 0 }, label: 'take_row 0', estimate: 27 },
    ] },
  ],
  seats: [],
};

describe('the analysis beside the replay', () => {
  it('finds the decision of a replay step: step 0 is the opening, step n the action n − 1', () => {
    expect(decisionAt(analysis, 0)).toBeUndefined();
    expect(decisionAt(analysis, 1)?.mark).toBe('blunder');
    expect(decisionAt(analysis, 2)).toBeUndefined();
  });

  it('names a choice in the player’s words: a card by its number, a row counted from 1', () => {
    expect(choiceText(tFor('en'), 'play 55')).toBe('55');
    expect(choiceText(tFor('en'), 'take_row 0')).toBe('row 1');
    expect(choiceText(tFor('de'), 'take_row 2')).toBe('Reihe 3');
    expect(choiceText(tFor('en'), 'give_back Joker')).toBe('give back Joker');
    expect(choiceText(tFor('en'), 'choose 12 40')).toBe('12 + 40');
    expect(choiceText(tFor('en'), 'lay 7')).toBe('7');
    expect(choiceText(tFor('en'), 'joker 1')).toBe('joker 1');
  });

  it('lists the marked decisions worst first, by player and by the least mark asked for', () => {
    const d = (index: number, seat: number, mark: Decision['mark'], loss: number): Decision => ({ index, seat, deal: 0, chosen: 0, loss, mark, choices: [] });
    const a: Analysis = { ...analysis, decisions: [d(0, 0, 'inaccuracy', 1.5), d(1, 1, 'blunder', 6), d(2, 0, null, 0), d(3, 0, 'blunder', 9), d(4, 1, 'mistake', 3), d(5, 0, 'mistake', 2.6)] };
    expect(markedList(a, null, 'inaccuracy').map((x) => x.index)).toEqual([3, 1, 4, 5, 0]);
    expect(markedList(a, 0, 'inaccuracy').map((x) => x.index)).toEqual([3, 5, 0]);
    expect(markedList(a, null, 'mistake').map((x) => x.index)).toEqual([3, 1, 4, 5]);
    expect(markedList(a, 1, 'blunder').map((x) => x.index)).toEqual([1]);
  });

  it('knows which measures are better high', () => {
    expect(higherIsBetter('win_chance')).toBe(true);
    expect(higherIsBetter('deal_points')).toBe(false);
  });
});

describe('a bot level in the server’s notices', () => {
  it('is named in the reader’s language', () => {
    const line = { key: 'bot_added', params: { name: 'Bot 1', level: 'strong' }, text: 'Bot 1 (strong) sits down.' };
    expect(serverText('de', line)).toBe('Bot 1 (Stark) setzt sich.');
    expect(serverText('en', line)).toBe('Bot 1 (Strong) sits down.');
    expect(serverText('en', { ...line, params: { name: 'Bot 2', level: 'mcts:ms=50' } })).toBe('Bot 2 (mcts:ms=50) sits down.');
  });
});
