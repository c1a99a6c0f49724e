// The Your-move list's order and words: soonest deadline first, the time left in the largest
// unit that reads well, and the page title with the count.

import type { Key, T } from '../i18n';
import type { YourMove } from '../protocol';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The tables, soonest deadline first (by table number when two are due at once). */
export function ordered(tables: YourMove[]): YourMove[] {
  return tables.slice().sort((a, b) => a.deadline_ms - b.deadline_ms || a.table - b.table);
}

/** How long is left until `deadlineMs` at `now`: whole days from two days on, whole hours from
 * two hours on, else minutes begun (never "1 minutes"); under a minute, and past the deadline, in
 * words of their own. */
export function timeLeft(t: T, deadlineMs: number, now: number): string {
  const left = deadlineMs - now;
  let key: Key;
  let n = 0;
  if (left <= 0) key = 'yourmove.passed';
  else if (left >= 2 * DAY) [key, n] = ['yourmove.days', Math.floor(left / DAY)];
  else if (left >= 2 * HOUR) [key, n] = ['yourmove.hours', Math.floor(left / HOUR)];
  else if (left >= MINUTE) [key, n] = ['yourmove.minutes', Math.ceil(left / MINUTE)];
  else key = 'yourmove.moment';
  return t(key, { n });
}

/** Whether little time is left (the list marks it): under two hours. */
export function urgent(deadlineMs: number, now: number): boolean {
  return deadlineMs - now < 2 * HOUR;
}

/** The page title: `(N) nimmt` while N tables wait for the player's move. */
export function pageTitle(base: string, count: number): string {
  return count > 0 ? `(${count}) ${base}` : base;
}

/** The tables of `now` that were not in `before` (a new wait worth an alert). */
export function fresh(before: YourMove[], now: YourMove[]): YourMove[] {
  const seen = new Set(before.map((m) => `${m.table}@${m.deadline_ms}`));
  return now.filter((m) => !seen.has(`${m.table}@${m.deadline_ms}`));
}
