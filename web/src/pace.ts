// How fast the table's animations and a replay's autoplay run (slow, normal, fast, instant),
// remembered in localStorage, and "skip": finish the animation showing now at once.

export const SPEEDS = ['slow', 'normal', 'fast', 'instant'] as const;
export type Speed = (typeof SPEEDS)[number];
export const SPEED_KEY = 'nimmt.speed';

/** Each speed's factor on the normal durations (0: nothing is animated). */
export const FACTOR: Record<Speed, number> = { slow: 1.6, normal: 1, fast: 0.4, instant: 0 };

interface Store {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
}

const storage = (): Store | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function isSpeed(s: string | null | undefined): s is Speed {
  return !!s && (SPEEDS as readonly string[]).includes(s);
}

let current: Speed = readSpeed(storage());

/** The saved speed, normal if none (or an unknown one) is saved. */
export function readSpeed(store: Store | null): Speed {
  const s = store?.getItem(SPEED_KEY);
  return isSpeed(s) ? s : 'normal';
}

export function speed(): Speed {
  return current;
}

export function factor(): number {
  return FACTOR[current];
}

const listeners = new Set<() => void>();
const skippers = new Set<() => void>();

export function setSpeed(s: Speed, store: Store | null = storage()) {
  current = s;
  store?.setItem(SPEED_KEY, s);
  for (const f of listeners) f();
}

/** Called whenever the speed changes; returns the unsubscribe. */
export function onSpeed(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Finish every running animation now. */
export function skip() {
  for (const f of skippers) f();
}

/** Called on `skip()`; returns the unsubscribe. */
export function onSkip(f: () => void): () => void {
  skippers.add(f);
  return () => skippers.delete(f);
}
