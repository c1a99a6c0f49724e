import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import type { ReplayStep } from '../../protocol';
import { screenFor } from '../registry';
import { actionLabel } from './labels';
import { headline, resultLine } from './table';
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

  it('makes each use on the table: a row, a revealed card, or in steps', () => {
    expect(targetOf(kindOf({ type: 'stop', row: 0 })!)).toBe('row');
    expect(targetOf(kindOf({ type: 'remove_stop', row: 0 })!)).toBe('row');
    expect(targetOf(kindOf({ type: 'last', card: 4 })!)).toBe('card');
    expect(targetOf(kindOf({ type: 'shift', row: 0, at: 1, to_row: 2, to_at: 0 })!)).toBe('shift');
    expect(targetOf(kindOf({ type: 'sort', order: [1, 2] })!)).toBe('sort');
    expect(kindOf({ type: 'pass' })).toBeNull();
  });

  it("says who won and by how much, from the server's winners; one or two players double", () => {
    // The server's outcome names the winners: the team (all members) or nobody (the buffalo).
    const view = (team: number, buffalo: number, players: number, won: boolean) =>
      ({
        players,
        doubled: players <= 2,
        team_heads: players <= 2 ? team / 2 : team,
        team_points: team,
        result: { team_points: team, buffalo_points: buffalo, buffalo_pile: [1, 2, 3], outcome: { scores: [], winners: won ? [0] : [] } },
      }) as unknown as BuffaloView;
    // The winner's score first, each score named by its party (issue 54: "60 to 6" read as the
    // buffalo's 60).
    expect(headline(en, view(15, 40, 3, true))).toBe('The team beat the buffalo: 15 bull heads for the team, 40 for the buffalo');
    expect(headline(en, view(60, 6, 3, false))).toBe('The buffalo wins: 6 bull heads for the buffalo, 60 for the team');
    expect(headline(de, view(15, 40, 3, true))).toBe('Das Team hat den Büffel geschlagen: 15 Hornochsen für das Team, 40 für den Büffel');
    expect(headline(de, view(12, 12, 3, false))).toBe('Der Büffel gewinnt: 12 Hornochsen für den Büffel, 12 für das Team');
    expect(resultLine(en, view(10, 12, 3, true))).toBe(
      'The team beat the buffalo: 10 bull heads for the team, 12 for the buffalo · The team: 10 🐮 · Buffalo: 12 🐮 in 3 cards',
    );
    expect(resultLine(de, view(8, 20, 2, true))).toBe(
      'Das Team hat den Büffel geschlagen: 8 Hornochsen für das Team, 20 für den Büffel · Das Team: 4 🐮 × 2 = 8 (ein oder zwei Spieler zählen doppelt) · Büffel: 20 🐮 in 3 Karten',
    );
    const parties = screen.result(en, view(40, 15, 3, false) as never).parties!;
    expect(parties.map((p) => [p.name, p.points, p.won])).toEqual([
      ['The team', '40 🐮', false],
      ['Buffalo', '15 🐮 in 3 cards', true],
    ]);
    expect(screen.outcome!(view(1, 2, 3, false) as never)).toEqual({ scores: [], winners: [] });
  });

  it("gives a member no points of its own: the team's points show once", () => {
    const view = {
      players: 3,
      hand_sizes: [9, 9, 9],
      team_heads: 7,
      team_points: 7,
      phase: { phase: 'choose', chosen: [false, false, false] },
      waiting_for: [],
      turn_passed: [false, false, false],
      game_passed: [false, false, true],
    } as unknown as BuffaloView;
    const line = screen.seat({ t: en, view: view as never, anim: null }, 2);
    expect(line.points).toBeUndefined();
    expect(line.status).toBe('team decides');
  });

  it('writes a replay step: who did what', () => {
    const step = { seat: 1, action: { type: 'pass' }, events: [], view: null } as unknown as ReplayStep;
    expect(screen.stepText(en, step, ['Ann', 'Bob'], null)).toBe('Bob: Pass this turn');
  });
});
