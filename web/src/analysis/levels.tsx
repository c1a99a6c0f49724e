// The bot levels a seated player adds bots by (`/bot add LEVEL`), named in the player's language.

import { useState } from 'preact/hooks';
import type { T } from '../i18n';

/** The levels the room offers, weakest first (the server's `LEVELS`). */
export const LEVELS = ['beginner', 'casual', 'strong', 'master'] as const;
export type Level = (typeof LEVELS)[number];

/** A level's name in the player's language; a bot spec stays as it is. */
export function levelName(t: T, level: string): string {
  return (LEVELS as readonly string[]).includes(level) ? t(`level.${level as Level}`) : level;
}

/** A level to choose and the button that seats a bot of it. */
export function AddBot(props: { t: T; label: string; add: (level: Level) => void }) {
  const { t } = props;
  const [level, setLevel] = useState<Level>('beginner');
  return (
    <span class="addbot">
      <select
        aria-label={t('level.label')}
        data-testid="bot-level"
        value={level}
        onChange={(e) => setLevel((e.target as HTMLSelectElement).value as Level)}
      >
        {LEVELS.map((l) => (
          <option key={l} value={l}>
            {t(`level.${l}`)}
          </option>
        ))}
      </select>
      <button type="button" data-testid="add-bot" onClick={() => props.add(level)}>
        {props.label}
      </button>
    </span>
  );
}
