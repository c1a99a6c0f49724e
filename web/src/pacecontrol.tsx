// The speed setting (slow, normal, fast, instant) and, while something is animated, the skip
// button: used by the game tables and the replay.

import { useEffect, useState } from 'preact/hooks';
import type { T } from './i18n';
import { SPEEDS, onSpeed, setSpeed, skip, speed, type Speed } from './pace';

/** The chosen speed, redrawing the caller when it changes. */
export function useSpeed(): Speed {
  const [s, set] = useState(speed());
  useEffect(() => onSpeed(() => set(speed())), []);
  return s;
}

export function PaceControl(props: { t: T; skipping?: boolean; onSkip?: () => void }) {
  const { t } = props;
  const s = useSpeed();
  return (
    <span class="pace">
      <label>
        {t('pace.speed')}{' '}
        <select data-testid="speed" value={s} onChange={(e) => setSpeed((e.target as HTMLSelectElement).value as Speed)}>
          {SPEEDS.map((k) => (
            <option key={k} value={k}>
              {t(`pace.${k}`)}
            </option>
          ))}
        </select>
      </label>
      {props.skipping && (
        <button type="button" data-testid="skip" title={t('pace.skipHelp')} onClick={props.onSkip ?? skip}>
          {t('pace.skip')} »
        </button>
      )}
    </span>
  );
}
