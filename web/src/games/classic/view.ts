// Classic 6 nimmt!'s view, event and action JSON (nimmt_core::games::classic), generated from the
// Rust types (`generated/classic.ts`). The server says everything a card or a row shows: each
// card's bull heads and, with the digit swap, its swapped value (tables in the view), each row's
// bull heads (`Rows.heads`), and every event carries the rows and points as they stand after it.

import type { Card } from '../../generated/core';
import type { ClassicView } from '../../generated/classic';

export type { Card } from '../../generated/core';
export type {
  ClassicAction as Action,
  ClassicDecision as Decision,
  ClassicEvent as GameEvent,
  ClassicOptions,
  ClassicPhase as PhaseView,
  ClassicView,
  Marker,
  Play,
  Rows,
} from '../../generated/classic';

export function viewerSeat(v: ClassicView): number | null {
  return typeof v.viewer === 'object' && v.viewer !== null && 'seat' in v.viewer ? v.viewer.seat : null;
}

/** The value `card` counts as when played with the digit swap, as the view's table says. */
export function swappedValue(v: { swapped?: number[] }, card: Card): number | undefined {
  return v.swapped?.[card - 1];
}
