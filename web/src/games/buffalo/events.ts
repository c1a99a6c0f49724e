// The events of a buffalo table (nimmt_core::games::buffalo::Event, generated: `BuffaloEvent`):
// each carries what is shown after it (the rows, the piles, the points), so the screens copy.

import type { BuffaloEvent } from '../../generated/buffalo';

export type { BuffaloEvent } from '../../generated/buffalo';

/** The events the screens tell, others dropped. */
export function buffaloEvents(events: unknown[]): BuffaloEvent[] {
  return events.filter((e): e is BuffaloEvent => typeof e === 'object' && e !== null && typeof (e as { type?: unknown }).type === 'string');
}
