import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import type { Replay } from '../../protocol';
import { isReplay } from '../../replaydata';
import { screenFor } from '../registry';
import type { ClassicView } from './view';

// A classic game as the server's replay endpoint tells it (web/fixtures/README.md): draft picks,
// digit swaps and low cards taking rows, to its end.
const replay = JSON.parse(readFileSync(join(__dirname, '../../../fixtures/replay-classic.json'), 'utf8')) as Replay;
const screen = screenFor('classic')!;
const en = tFor('en');
const line = (i: number, t = en) => screen.stepText(t, replay.steps[i], replay.names, i > 0 ? replay.steps[i - 1] : null);

describe('the classic replay from the server’s steps', () => {
  it('is a replay: the opening, then one step per action', () => {
    expect(isReplay(replay)).toBe(true);
    expect(replay.steps[0].action).toBeNull();
    expect(replay.steps.slice(1).every((s) => s.action !== null && s.seat !== null)).toBe(true);
  });

  it('every step after the opening says who did it', () => {
    for (let i = 1; i < replay.steps.length; i++) {
      expect(line(i), `step ${i}`).toContain(replay.names[replay.steps[i].seat!]);
    }
    expect(line(0)).toBe('');
  });

  it('tells picks, swapped cards and taken rows with their points', () => {
    expect(line(1)).toBe('Ann picks 12');
    expect(line(11)).toBe('Cy plays 8 swapped (80)');
    expect(line(10)).toBe('Ann plays 12');
    // Bob's low card takes the first row: the row's bull heads go to him.
    // The reveal stops at a low card; its row taken, the rest of the turn is laid.
    expect(line(15)).toBe('Cy plays 3 · Bob chooses a row for 2');
    expect(line(16)).toBe('Bob takes row 1 (1 bull head) · Cy’s 3 goes to row 1 · Ann’s 13 goes to row 4');
    expect(line(16, tFor('de'))).toBe('Bob nimmt Reihe 1 (1 Hornochse) · 3 von Cy kommt in Reihe 1 · 13 von Ann kommt in Reihe 4');
    // The last play ends the deal and the game, and names the winners.
    expect(line(replay.steps.length - 1)).toMatch(/ · Deal 1 is over · Shared win: Ann, Cy with 0 points!$/);
    expect(line(replay.steps.length - 1, tFor('de'))).toMatch(/ · Runde 1 ist vorbei · Geteilter Sieg: Ann, Cy mit 0 Punkten!$/);
  });

  it('reaches the recorded outcome: the last view is over, with the server’s winners and points per deal', () => {
    const end = replay.steps[replay.steps.length - 1].view as ClassicView;
    expect(end.phase.phase).toBe('over');
    expect(end.outcome).toMatchObject({ scores: [0, 6, 0], winners: [0, 2] });
    const result = screen.result(en, end);
    expect(result.history).toEqual([[0, 6, 0]]);
    expect(result.rule).toBe('Fewest points wins.');
    // The points taken in the replay's lines add up to the final scores.
    const taken = replay.steps.flatMap((s) => (s.events as { type: string; seat: number; points: number }[]).filter((e) => e.type === 'row_taken'));
    const sums = [0, 0, 0];
    for (const e of taken) sums[e.seat] += e.points;
    expect(sums).toEqual(end.outcome!.scores);
  });
});
