import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import { logLines, playerBefore, sinceMine } from './log';
import type { HelpView } from './view';

const en = tFor('en');
const names = ['Ann', 'Bob', 'Cy'];

describe('what happened at a HELP! table between your turns', () => {
  it('tells each play, and which card a helper handed over', () => {
    const events = [
      { type: 'laid', seat: 1, card: { card: 7, value: 7 }, at: 2 },
      { type: 'zapped', seat: 2, removed: { card: 7, value: 7 } },
      { type: 'help_asked', asker: 0, asked: 2, passed_over: [] },
      { type: 'card_passed', from: 2, to: 0, card: 'joker' },
      { type: 'helped', from: 2, to: 0 },
      { type: 'chosen', seat: 1 },
    ];
    expect(logLines(en, events, names, 0)).toEqual(['Bob lays 7 (counts 7)', 'Cy zaps the 7', 'Ann asks Cy for help', 'Cy gives Ann the Joker']);
    // Someone else sees that a card was handed over, not which.
    expect(logLines(en, events.slice(4), names, 1)).toEqual(['Cy hands Ann a card']);
    // Since your last move: Cy's, after Ann asked.
    expect(logLines(en, sinceMine(events, 0), names, 0)).toEqual(['Cy gives Ann the Joker']);
    expect(sinceMine(events, null)).toHaveLength(events.length);
  });

  it('the player before you is the one before in the direction of play, passing over a No!', () => {
    const view = { players: 3, direction: 'clockwise', marks: ['none', 'none', 'none'] } as unknown as HelpView;
    expect(playerBefore(view, 0)).toBe(2);
    expect(playerBefore({ ...view, direction: 'counterclockwise' }, 0)).toBe(1);
    expect(playerBefore({ ...view, marks: ['none', 'none', 'laid'] }, 0)).toBe(1);
  });
});
