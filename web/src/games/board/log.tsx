// The log of the round: one line per group of events (a tile and what its field gave, a row
// taken, a card played), from the start of the round before this one, newest last. While an
// update is being shown, its lines not shown yet are held back.

import type { T } from '../../i18n';
import { narrateGroup } from './narrate';
import { groups } from './tell';
import type { BoardEvent } from './view';

/**
 * The lines of `events` since the start of the last round but one. While an animation shows the
 * group that begins with `upto` (the same event object), the lines after it wait; without it,
 * the last `hold` wait.
 */
export function logLines(t: T, events: BoardEvent[], names: string[], me: number | null, hold = 0, upto: BoardEvent | null = null): string[] {
  const all = groups(events);
  const at = upto ? all.findIndex((g) => g[0] === upto) : -1;
  const shown = at >= 0 ? all.slice(0, at + 1) : hold > 0 ? all.slice(0, Math.max(0, all.length - hold)) : all;
  const starts = shown.map((g, i) => (g[0].type === 'round_started' ? i : -1)).filter((i) => i >= 0);
  const from = starts.length >= 2 ? starts[starts.length - 2] : 0;
  return shown
    .slice(from)
    .map((g) => narrateGroup(t, g, names, me))
    .filter(Boolean);
}

export function RoundLog(props: { t: T; events: BoardEvent[]; names: string[]; me: number | null; hold: number; upto: BoardEvent | null }) {
  const { t } = props;
  const lines = logLines(t, props.events, props.names, props.me, props.hold, props.upto);
  return (
    <section class="blog" aria-label={t('board.log.title')} data-testid="board-log">
      <h3>{t('board.log.title')}</h3>
      {lines.length === 0 ? (
        <p class="muted small">{t('board.log.none')}</p>
      ) : (
        <ol>
          {lines
            .slice()
            .reverse()
            .map((l, i) => (
              <li key={lines.length - i} data-testid="log-line" class={l.includes('→') ? 'scored' : undefined}>
                {l}
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}
