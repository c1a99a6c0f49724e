// The players this player muted for themselves, each with a way to read them again (shown in the
// lobby while there is any).

import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import type { PlayerRef } from './api';
import { moderationApi } from './lineactions';
import { unmarkMuted } from './muted';

export function MutedList(props: { client: Client; t: T }) {
  const { client, t } = props;
  const [muted, setMuted] = useState<PlayerRef[]>([]);
  const token = client.state.me?.token;
  const api = moderationApi(client);
  useEffect(() => {
    if (token) void api.mutes().then(setMuted, () => setMuted([]));
  }, [token]);
  if (muted.length === 0) return null;
  return (
    <section class="panel mutedlist" data-testid="muted-list">
      <h3>{t('mod.mutedTitle')}</h3>
      {muted.map((p) => (
        <div key={p.id} class="muted-player" data-testid="muted-player">
          {p.name}{' '}
          <button
            type="button"
            data-testid="unmute"
            onClick={async () => {
              await api.unmute(p.id);
              unmarkMuted(p.id);
              setMuted(muted.filter((m) => m.id !== p.id));
            }}
          >
            {t('mod.unmute', { name: p.name })}
          </button>
        </div>
      ))}
    </section>
  );
}
