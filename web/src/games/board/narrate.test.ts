import { describe, expect, it } from 'vitest';
import { tFor } from '../../i18n';
import { framesFor } from './anim';
import { logLines } from './log';
import { narrateGroup } from './narrate';
import { groups } from './tell';
import type { BoardEvent, BoardView } from './view';

const en = tFor('en');
const de = tFor('de');
const names = ['Ann', 'Jo', 'Cy'];

// Jo's 57 on the −7 field (000, "Überspringen" without the card), then Cy takes row 1
// (000, "Reihe nehmen": 15, 18, 19 for 8 minus points) and opens row 5.
const turn: BoardEvent[] = [
  { type: 'revealed', tiles: [[41, 2], [57, 1]] },
  { type: 'laid', seat: 2, tile: 41, row: 0, field: 3, effect: { kind: 'take_row' } },
  { type: 'row_taken', seat: 2, row: 0, tiles: [15, 18, 19], to_screen: false, positive: [], minus: 8, plus: 0 },
  { type: 'scored', seat: 2, delta: -8, score: -8, reason: 'take_row' },
  { type: 'row_opened', seat: 2, tile: 41, row: 4, effect: { kind: 'empty' } },
  { type: 'laid', seat: 1, tile: 57, row: 1, field: 3, effect: { kind: 'minus', points: 7 } },
  { type: 'scored', seat: 1, delta: -7, score: -7, reason: 'field' },
  { type: 'round_ended', round: 1, points: [0, -7, -8], scores: [0, -7, -8] },
];

describe('the Brettspiel tells every tile', () => {
  it('a tile names its field’s effect and the score after it, in one line', () => {
    const lines = groups(turn).map((g) => narrateGroup(en, g, names, 0));
    expect(lines).toEqual([
      'Revealed: Cy 41, Jo 57',
      'Cy’s 41 lands on take the row (row 1, field 4)',
      'Cy takes row 1: 3 tiles, 8 bull heads: Cy −8 → −8',
      'Cy’s 41 opens row 5',
      'Jo’s 57 lands on −7 (row 2, field 4): Jo −7 → −7',
      'End of round 1: Ann 0 = 0 · Jo −7 = −7 · Cy −8 = −8',
    ]);
    expect(narrateGroup(de, groups(turn)[4], names, 0)).toBe('Jo: 57 landet auf −7 (Reihe 2, Feld 4): Jo: −7 → −7');
  });

  it('a luck card, a cut at the track’s end and a tile drawn are told', () => {
    const five: BoardEvent[] = [
      { type: 'luck_card_played', seat: 0, card: 'five_points' },
      { type: 'laid', seat: 0, tile: 23, row: 2, field: 1, effect: { kind: 'red_bulls', count: 2 } },
      { type: 'scored', seat: 0, delta: 5, score: 5, reason: 'five_points' },
      { type: 'laid', seat: 1, tile: 60, row: 3, field: 2, effect: { kind: 'draw_tile' } },
      { type: 'tile_drawn', seat: 1, none: false, supply: 30 },
      { type: 'scored', seat: 2, delta: -4, score: -44, reason: 'take_row', wanted: -8 },
    ];
    expect(groups(five).map((g) => narrateGroup(en, g, names, 0))).toEqual([
      'Ann plays the luck card “5 plus points”',
      'Ann’s 23 lands on red bull heads ×2 (row 3, field 2): Ann +5 with “5 plus points” instead → 5',
      'Jo’s 60 lands on draw a tile (row 4, field 3): Jo draws a tile (30 left in the supply)',
      'Cy −4 → −44 (of −8: the track ends there)',
    ]);
  });

  it('the animation lays each tile on its field, takes the row, then opens the new one', () => {
    const from = { round: 1, rows: [{ cells: [15, 18, 19, null] }, { cells: [40, 45, 50, null, null] }, { cells: [] }, { cells: [] }, { cells: [null] }], scores: [0, 0, 0], queue: [], now: [], stage: { stage: 'choosing' } } as unknown as BoardView;
    const frames = framesFor(from, turn);
    expect(frames.map((f) => f.kind)).toEqual(['reveal', 'lay', 'take', 'open', 'lay', 'summary']);
    const take = frames[2];
    expect(take.rows[0].cells).toEqual([15, 18, 19, 41]);
    expect(take.gain).toEqual({ seat: 2, delta: -8, score: -8 });
    expect(frames[3].rows[0].cells).toEqual([null, null, null, null]);
    expect(frames[3].rows[4].cells[0]).toBe(41);
    expect(frames[4].at).toEqual({ row: 1, field: 3 });
    expect(frames[4].scores).toEqual([0, -7, -8]);
    expect(frames[4].queue).toEqual([]);
    expect(frames[1].queue).toEqual([[57, 1]]);
  });

  it('the log holds back what the animation has not shown yet, and speaks German', () => {
    const all = logLines(de, turn, names, 0);
    expect(all).toHaveLength(6);
    expect(logLines(de, turn, names, 0, 2)).toEqual(all.slice(0, 4));
    // A later update's lines wait too while an earlier one is shown: the log stops at the frame's group.
    const later: BoardEvent[] = [{ type: 'round_started', round: 2, count: 1 }];
    expect(logLines(de, [...turn, ...later], names, 0, 0, turn[5])).toEqual(all.slice(0, 5));
    expect(all[2]).toBe('Cy nimmt Reihe 1: 3 Plättchen, 8 Hornochsen: Cy: −8 → −8');
  });
});
