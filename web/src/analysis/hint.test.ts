import { describe, expect, it } from 'vitest';
import { tFor } from '../i18n';
import { hintFor, hintLine, hintOf, hintTitle } from './hint';

describe('a hint at the choices', () => {
  const hint = hintOf({ best: 'play 55', choices: 'play 55 3.2 · play 12 4.5 · take_row 0 -1.0', unit: 'bull heads expected in the deal, fewer is better' })!;

  it('reads every choice of the server’s notice, best first', () => {
    expect(hint.choices).toEqual([
      { label: 'play 55', estimate: 3.2 },
      { label: 'play 12', estimate: 4.5 },
      { label: 'take_row 0', estimate: -1 },
    ]);
    expect(hintOf({ choices: '' })).toBeNull();
    expect(hintOf(undefined)).toBeNull();
  });

  it('marks the best and tells each other choice what it costs against the best', () => {
    expect(hintFor(hint, 'play 55')).toMatchObject({ best: true, cost: 0 });
    expect(hintFor(hint, 'play 12')?.cost).toBeCloseTo(1.3);
    expect(hintFor(hint, 'play 99')).toBeNull();
    expect(hintTitle(tFor('en'), hintFor(hint, 'play 12')!)).toBe('Hint: 1.3 worse than the best: 4.5 (bull heads expected in the deal, fewer is better)');
    expect(hintTitle(tFor('de'), hintFor(hint, 'play 55')!)).toMatch(/^Tipp: die beste Wahl: 3.2/);
  });

  it('reads in one line, in the player’s words, where the board does not draw it', () => {
    expect(hintLine(tFor('en'), hint)).toBe('Hint: ★ 55 is the best choice. The others, how much worse (bull heads expected in the deal, fewer is better): 12 +1.3 · row 1 +4.2');
    expect(hintLine(tFor('de'), { choices: [{ label: 'lay 7', estimate: 1 }], unit: '' })).toBe('Tipp: ★ 7 ist die einzige Wahl.');
  });
});
