import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import type { ReplayStep } from '../../protocol';
import { screenFor } from '../registry';
import { actionLabel } from './labels';
import { resultLine } from './table';
import { kindOf, targetOf, type BuffaloView } from './view';

const en = tFor('en');
const de = tFor('de');
const screen = screenFor('buffalo')!;

describe('Schlagt den Büffel in the browser', () => {
  it('is in the registry', () => expect(screen).not.toBeNull());

  it('names each action, rows and places from 1', () => {
    expect(actionLabel(en, { type: 'stop', row: 1 })).toBe('Stop! on row 2');
    expect(actionLabel(de, { type: 'seven_takes', row: 0 })).toBe('7 nimmt! an Reihe 1');
    expect(actionLabel(en, { type: 'replace', card: 25, with: 15 })).toBe('Replace: 25 back to the hand, 15 instead');
    expect(actionLabel(en, { type: 'first', card: 100 })).toBe('First card: 100');
    expect(actionLabel(en, { type: 'sort', order: [3, 1, 2] })).toBe('Sort: 3 1 2');
  });

  it('chooses targets by row, by revealed card or from a list', () => {
    expect(targetOf(kindOf({ type: 'stop', row: 0 })!)).toBe('row');
    expect(targetOf(kindOf({ type: 'remove_stop', row: 0 })!)).toBe('row');
    expect(targetOf(kindOf({ type: 'last', card: 4 })!)).toBe('card');
    expect(targetOf(kindOf({ type: 'shift', row: 0, at: 1, to_row: 2, to_at: 0 })!)).toBe('list');
    expect(kindOf({ type: 'pass' })).toBeNull();
  });

  it('tells the team against the buffalo; a tie is a loss; one or two players double', () => {
    const view = (team: number, buffalo: number, players: number) =>
      ({ players, result: { team_points: team, buffalo_points: buffalo, buffalo_pile: [], outcome: { scores: [], winners: [] } } }) as unknown as BuffaloView;
    expect(resultLine(en, view(10, 12, 3))).toBe('Team 10 vs buffalo 12 · The team beats the buffalo!');
    expect(resultLine(en, view(12, 12, 3))).toMatch(/buffalo wins/);
    expect(resultLine(de, view(8, 20, 2))).toBe('Team 8 (verdoppelt) gegen Büffel 20 · Das Team schlägt den Büffel!');
    expect(screen.outcome!(view(1, 2, 3) as never)).toEqual({ scores: [], winners: [] });
  });

  it('writes a replay step: who did what', () => {
    const step = { seat: 1, action: { type: 'pass' }, events: [], view: null } as unknown as ReplayStep;
    expect(screen.stepText(en, step, ['Ann', 'Bob'], null)).toBe('Bob: Pass');
  });
});
