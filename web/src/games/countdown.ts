// Seconds left of a decision, counted down on the screen (any game's board with a timer). The
// table provides the server's deadline for the seat (`DeadlineContext`), so the countdown shows
// the time really left, after a reload too; without one it counts the full time from now.

import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';

/** When the timer decides for this client's seat, on this client's clock (ms); null: unknown. */
export const DeadlineContext = createContext<number | null>(null);

/** Seconds left until `end` (ms), at `now` (ms): never below 0. */
export function secondsLeft(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** Counts `seconds` down (to the table's deadline when it has one); starts again when `key`
 * changes; null without a timer. */
export function useCountdown(seconds: number, key: string): number | null {
  const deadline = useContext(DeadlineContext);
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!seconds) {
      setLeft(null);
      return;
    }
    const end = deadline ?? Date.now() + seconds * 1000;
    setLeft(secondsLeft(end, Date.now()));
    const h = window.setInterval(() => setLeft(secondsLeft(end, Date.now())), 250);
    return () => window.clearInterval(h);
  }, [seconds, key, deadline]);
  return left;
}
