// The players this client's player muted during this visit: lines they said before the mute are
// hidden at once (the server sends none after it, and leaves them out of the chat history).

import type { Line } from '../store';

const muted = new Set<string>();

export function markMuted(player: string) {
  muted.add(player);
}

/** The lines without those of muted players. */
export function withoutMuted(lines: Line[]): Line[] {
  return muted.size === 0 ? lines : lines.filter((l) => !l.player || !muted.has(l.player));
}

export function unmarkMuted(player: string) {
  muted.delete(player);
}
