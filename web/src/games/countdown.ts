// Seconds left of a decision, counted down on the screen (any game's board with a timer).

import { useEffect, useState } from 'preact/hooks';

/** Counts `seconds` down from now; starts again when `key` changes; null without a timer. */
export function useCountdown(seconds: number, key: string): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!seconds) {
      setLeft(null);
      return;
    }
    const end = Date.now() + seconds * 1000;
    setLeft(seconds);
    const h = window.setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 250);
    return () => window.clearInterval(h);
  }, [seconds, key]);
  return left;
}
