import { describe, expect, it } from 'vitest';
import type { ReplayStep } from './protocol';
import { nextStart, positionOf, prevStart } from './replaynav';

const step = (deal: number, turn: number): ReplayStep => ({ seat: 0, action: null, events: [], view: { deal, turn } });
// The opening, two plays of turn 1, two of turn 2, then deal 2.
const steps = [step(1, 1), step(1, 1), step(1, 2), step(1, 2), step(1, 3), step(2, 1), step(2, 1)];

describe('stepping a replay by turn and by deal', () => {
  it('goes to the first step of the next turn or deal', () => {
    expect(nextStart(steps, 0, 'turn')).toBe(2);
    expect(nextStart(steps, 2, 'turn')).toBe(4);
    expect(nextStart(steps, 0, 'deal')).toBe(5);
    expect(nextStart(steps, 5, 'deal')).toBe(6);
  });

  it('goes back to the start of this turn, or of the one before from its start', () => {
    expect(prevStart(steps, 3, 'turn')).toBe(2);
    expect(prevStart(steps, 2, 'turn')).toBe(0);
    expect(prevStart(steps, 6, 'deal')).toBe(5);
    expect(prevStart(steps, 5, 'deal')).toBe(0);
    expect(prevStart(steps, 0, 'deal')).toBe(0);
  });

  it('knows no position for views without deal and turn', () => {
    expect(positionOf({ seat: null, action: null, events: [], view: { round: 2 } })).toBeNull();
  });
});
