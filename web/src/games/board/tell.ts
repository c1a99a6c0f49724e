// The Brettspiel's events grouped into what is told together: a tile laid with the points its
// field gave (and a tile or card drawn, a luck card earned), a row taken with its points, a card
// played, a round's end. Each group is one line of the log and one frame of the animation.

import type { BoardEvent } from './view';

/** Events told on their own: each begins a group (or, for a few, none at all). */
const HEADS = new Set([
  'dealt',
  'round_started',
  'revealed',
  'action_card_played',
  'swapped',
  'extra_played',
  'luck_card_played',
  'laid',
  'laid_at_start',
  'stop_placed',
  'stops_removed',
  'row_taken',
  'row_opened',
  'action_cards_reshuffled',
  'round_ended',
]);
/** Events that add to the group before them (what the tile's field gave). */
const FOLLOWERS = new Set(['scored', 'tile_drawn', 'tile_drawn_privately', 'action_card_drawn', 'action_card_drawn_privately', 'luck_card_taken']);
/** Groups a follower joins. */
const JOINABLE = new Set(['laid', 'laid_at_start', 'row_taken', 'row_opened']);

/** The events of one update (or several), in groups told together; events nobody needs told are left out. */
export function groups(events: BoardEvent[]): BoardEvent[][] {
  const out: BoardEvent[][] = [];
  for (const e of events) {
    if (e.type === 'dealt' && e.set < 2) continue;
    if (HEADS.has(e.type)) {
      out.push([e]);
      continue;
    }
    if (!FOLLOWERS.has(e.type)) continue;
    const last = out[out.length - 1];
    const head = last?.[0];
    const joins =
      head &&
      JOINABLE.has(head.type) &&
      'seat' in head &&
      'seat' in e &&
      head.seat === e.seat &&
      !(e.type === 'scored' && last.some((x) => x.type === 'scored'));
    if (joins) last.push(e);
    else out.push([e]);
  }
  return out;
}
