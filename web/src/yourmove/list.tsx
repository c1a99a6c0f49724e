// The lobby's Your-move list: every turn-based table waiting for this player's move, soonest
// deadline first, with the game, who else sits there and how long is left; one click opens the
// table. Hidden while nothing waits.

import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import { gameTitle } from '../options';
import type { YourMove } from '../protocol';
import { AlertToggles } from './toggles';
import { timeLeft, urgent } from './words';
import './yourmove.css';

/** Re-renders every `ms` (the time left counts down while the page is open). */
export function useNow(ms: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/** Opens the table `id` where this player sits (joining it again if this page has not yet). */
export function openTable(client: Client, go: (h: string) => void, id: number) {
  if (!client.state.tables[id]) client.send({ type: 'join', table: id, role: 'player' });
  go(`#/table/${id}`);
}

export function YourMoveList(props: { client: Client; t: T; go: (h: string) => void }) {
  const { client, t } = props;
  const now = useNow(30_000);
  const list = client.state.yourMove;
  if (list.length === 0) return null;
  return (
    <section class="yourmove" aria-label={t('yourmove.title')} data-testid="your-move">
      <div class="yourmovehead">
        <h2>
          {t('yourmove.title')} <span class="yourmovecount" data-testid="your-move-count">{list.length}</span>
        </h2>
        <span class="muted small">{list.length === 1 ? t('yourmove.countOne') : t('yourmove.count', { n: list.length })}</span>
      </div>
      <ul>
        {list.map((m) => (
          <Row key={m.table} m={m} now={now} {...props} />
        ))}
      </ul>
      <AlertToggles t={t} compact />
    </section>
  );
}

function Row(props: { client: Client; t: T; go: (h: string) => void; m: YourMove; now: number }) {
  const { client, t, m, now } = props;
  const time = new Date(m.deadline_ms).toLocaleString(client.lang === 'de' ? 'de-DE' : 'en-GB', {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <li data-testid={`your-move-${m.table}`}>
      <button type="button" class="yourmoverow" onClick={() => openTable(client, props.go, m.table)}>
        <span class="ymgame">
          <strong>{gameTitle(client.state.games, m.game, client.lang)}</strong>{' '}
          <span class="muted">{t('yourmove.table', { id: m.table })}</span>
        </span>
        <span class="ymwith muted small">{m.with.length > 0 ? t('yourmove.with', { names: m.with.join(', ') }) : t('yourmove.alone')}</span>
        <span class={`ymleft${urgent(m.deadline_ms, now) ? ' urgent' : ''}`} title={t('yourmove.until', { time })}>
          {timeLeft(t, m.deadline_ms, now)}
        </span>
        <span class="ymplay">{t('yourmove.play')} →</span>
      </button>
    </li>
  );
}
