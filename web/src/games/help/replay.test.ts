import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import type { Replay } from '../../protocol';
import { isReplay } from '../../replaydata';
import { screenFor } from '../registry';
import { actionLabel, helpActions } from './labels';
import type { HelpView } from './view';

// A HELP! game as the server's replay endpoint tells it (web/fixtures/README.md).
const replay = JSON.parse(readFileSync(join(__dirname, '../../../fixtures/replay-help.json'), 'utf8')) as Replay;
const screen = screenFor('help')!;
const en = tFor('en');
const line = (i: number) => screen.stepText(en, replay.steps[i], replay.names, i > 0 ? replay.steps[i - 1] : null);

describe('the HELP! replay from the server’s steps', () => {
  it('each step is told as its button said it, on the row as it lay before', () => {
    expect(isReplay(replay)).toBe(true);
    for (let i = 1; i < replay.steps.length; i++) expect(line(i)).toMatch(new RegExp(`^${replay.names[replay.steps[i].seat!]}: `));
    expect(line(1)).toBe('Ann: Lay 6');
    // The Joker goes to place 4 after the 7: it counts 8, as the row after the step shows.
    expect(line(4)).toBe('Ann: Joker at place 4 (counts 8)');
    expect((replay.steps[4].view as HelpView).row[3]).toEqual({ card: 'joker', value: 8 });
    expect(line(7)).toBe('Ann: Switch: your 2 for the 1 at place 1');
    expect(line(18)).toBe('Bob: Ask for help');
    expect(line(19)).toBe('Ann: Hand over Joker');
  });

  it('the last step names who scored, and the game ends with the server’s winner', () => {
    const last = replay.steps.length - 1;
    expect(line(last)).toBe('Ann: Ask for help · Cy could not help Ann: the deal is over — Bob scores 1 point.');
    const end = replay.steps[last].view as HelpView;
    expect(end.outcome).toMatchObject({ scores: [0, 1, 0], winners: [1] });
    expect(screen.result(en, end)).toEqual({ history: [[0, 1, 0]], rule: 'Whoever reaches 1 points wins.' });
    // With the names, the result says how the last deal ended.
    expect(screen.result(en, end, replay.names).rule).toBe('Deal 1: Cy could not help Ann: the deal is over — Bob scores 1 point. Whoever reaches 1 points wins.');
  });
});

describe('the HELP! buttons: the server’s legal actions, as listed', () => {
  it('offers exactly the legal actions in the server’s order, and nothing when there are none', () => {
    const legal = [{ card: 9, type: 'lay' }, { at: 0, type: 'joker' }, { type: 'zap' }];
    expect(helpActions(legal)).toEqual(legal);
    expect(helpActions([])).toEqual([]);
    const view = { row: [{ card: 4, value: 4 }, { card: 8, value: 8 }], joker_values: [1, 5, null] };
    expect(helpActions(legal).map((a) => actionLabel(en, view, a))).toEqual(['Lay 9', 'Joker at place 1 (counts 1)', 'Zap: remove the 8 at the end of the row']);
    // The Joker's value is the server's, not worked out here.
    expect(actionLabel(en, { ...view, joker_values: [1, 5, null] }, { type: 'joker', at: 1 })).toBe('Joker at place 2 (counts 5)');
  });
});
