// The revealed cards not laid yet, lowest first, each with its owner: what a player reads to
// follow the turn and to choose a row for a low card. The next card to go is marked.

import { useContext, useLayoutEffect, useRef } from 'preact/hooks';
import type { T } from '../../i18n';
import { CardFace, CardTable } from './cards';
import { rememberQueue } from './slide';
import { swappedValue, type Card, type Play } from './view';

export function Queue(props: { t: T; queue: Play[]; names: string[]; choosing?: Card; taking?: Card }) {
  const { t, queue, names } = props;
  const table = useContext(CardTable);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => rememberQueue(ref.current));
  return (
    <div class="queue" ref={ref} aria-live="polite" data-testid="revealed">
      {queue.length > 0 && <span class="muted small">{t('classic.queue')}:</span>}
      {queue.map((p, i) => {
        const busy = p.card === props.choosing || p.card === props.taking;
        return (
          <span key={p.card} class={`play${i === 0 ? ' next' : ''}${busy ? ' busy' : ''}`} data-queue-card={p.card} data-seat={p.seat} data-testid="queued">
            <CardFace card={p.card} small note={p.swap ? `↔ ${swappedValue(table, p.card)}` : undefined} />
            <small class="owner">{names[p.seat] ?? `#${p.seat + 1}`}</small>
            {i === 0 && <small class="tag">{t('classic.next')}</small>}
          </span>
        );
      })}
    </div>
  );
}
