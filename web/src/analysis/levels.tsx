// The bot levels a seated player adds bots by (`/bot add LEVEL`, the table's Add bot list in
// `bots/addbot.tsx`), named in the player's language.

import type { T } from '../i18n';

/** The levels the room offers, weakest first (the server's `LEVELS`). */
export const LEVELS = ['beginner', 'casual', 'strong', 'master'] as const;
export type Level = (typeof LEVELS)[number];

/** A level's name in the player's language; a bot spec stays as it is. */
export function levelName(t: T, level: string): string {
  return (LEVELS as readonly string[]).includes(level) ? t(`level.${level as Level}`) : level;
}
