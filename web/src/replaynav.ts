// Where a replay step lies in its game (deal and turn, for games whose views carry them), and the
// steps a player jumps to by turn and by deal.

import type { ReplayStep } from './protocol';

export interface Position {
  deal: number;
  turn: number;
}

/** The deal and turn of a step's view; null for a game whose views have none. */
export function positionOf(step: ReplayStep): Position | null {
  const v = step.view as { deal?: unknown; turn?: unknown } | null;
  return v && typeof v.deal === 'number' && typeof v.turn === 'number' ? { deal: v.deal, turn: v.turn } : null;
}

type Unit = 'turn' | 'deal';

const keyOf = (step: ReplayStep, unit: Unit) => {
  const p = positionOf(step);
  return p ? (unit === 'deal' ? `${p.deal}` : `${p.deal}.${p.turn}`) : null;
};

/** The first step of the next turn (or deal) after step `i`; the last step if there is none. */
export function nextStart(steps: ReplayStep[], i: number, unit: Unit): number {
  const k = keyOf(steps[i], unit);
  for (let j = i + 1; j < steps.length; j++) if (keyOf(steps[j], unit) !== k) return j;
  return steps.length - 1;
}

/** The first step of the turn (or deal) of step `i`, or of the one before if `i` is that step. */
export function prevStart(steps: ReplayStep[], i: number, unit: Unit): number {
  const start = (j: number) => {
    const k = keyOf(steps[j], unit);
    while (j > 0 && keyOf(steps[j - 1], unit) === k) j--;
    return j;
  };
  const s = start(i);
  return s < i || s === 0 ? s : start(s - 1);
}
