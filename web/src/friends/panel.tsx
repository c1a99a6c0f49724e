// The lobby's friends panel: the answer to one of this account's challenges, the challenges to
// answer and those waiting, the followed players (online, and at which table where they allow
// it), a challenge by name, and who may challenge this account.

import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../client';
import type { Key, T } from '../i18n';
import { gameTitle } from '../options';
import type { Challenge, ChallengePolicy } from '../generated/protocol';
import { ChallengeDialog } from './dialog';
import { dismissAnswered, friends, request, split, terms } from './state';
import './friends.css';

/** How often the list asks again where the followed players are. */
const REFRESH_MS = 15000;

export function FriendsPanel(props: { client: Client; t: T; go: (hash: string) => void }) {
  const { client, t } = props;
  const [dialog, setDialog] = useState<string | null>(null);
  const me = client.account;
  useEffect(() => {
    if (!me) return;
    request(client, { type: 'friends' });
    const timer = window.setInterval(() => request(client, { type: 'friends' }), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [client, me]);
  if (!me) {
    return (
      <section class="friends panel" aria-label={t('friends.title')} data-testid="friends">
        <h2>{t('friends.title')}</h2>
        <p class="muted small">{t('friends.accountOnly')}</p>
      </section>
    );
  }
  const { incoming, outgoing } = split(friends.challenges, client.name);
  const watch = (table: number) => {
    if (!client.state.tables[table]) client.send({ type: 'join', table, role: 'spectator' });
    props.go(`#/table/${table}`);
  };
  return (
    <section class="friends panel" aria-label={t('friends.title')} data-testid="friends">
      <Answered client={client} t={t} />
      {incoming.map((c) => (
        <div class="challenge incoming" role="status" key={c.id} data-testid={`incoming-${c.from}`}>
          <p>{describe(client, t, 'friends.incoming', c)}</p>
          <p class="muted small">{t('friends.expires', { time: when(client, c.expires_ms) })}</p>
          <div class="buttons">
            <button type="button" class="primary" data-testid="accept" onClick={() => request(client, { type: 'answer_challenge', challenge: c.id, accept: true })}>
              {t('friends.accept')}
            </button>
            <button type="button" data-testid="decline" onClick={() => request(client, { type: 'answer_challenge', challenge: c.id, accept: false })}>
              {t('friends.decline')}
            </button>
          </div>
        </div>
      ))}
      <h2>{t('friends.title')}</h2>
      {friends.following.length === 0 ? (
        <p class="muted small">{t('friends.none')}</p>
      ) : (
        <ul class="following" data-testid="following">
          {friends.following.map((f) => (
            <li key={f.name} data-testid={`following-${f.name}`}>
              <span class={f.online ? 'dot on' : 'dot'} aria-hidden="true" />
              <a href={`/players/${encodeURIComponent(f.name)}`}>{f.name}</a>{' '}
              <span class="muted small">{f.online ? t('friends.online') : t('friends.offline')}</span>
              {f.tables.map((tb) => (
                <button type="button" class="link" key={tb.table} data-testid={`at-${f.name}-${tb.table}`} title={t('friends.watch', { table: tb.table })} onClick={() => watch(tb.table)}>
                  {gameTitle(client.state.games, tb.game, client.lang)} · {t('friends.atTable', { table: tb.table })}
                </button>
              ))}
              <button type="button" class="small" data-testid={`challenge-${f.name}`} onClick={() => setDialog(f.name)}>
                {t('friends.challenge')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {outgoing.map((c) => (
        <p class="muted small" key={c.id} data-testid={`outgoing-${c.to}`}>
          {describe(client, t, 'friends.outgoing', c)}
        </p>
      ))}
      <form
        class="challengename"
        onSubmit={(e) => {
          e.preventDefault();
          const name = String(new FormData(e.target as HTMLFormElement).get('name') ?? '').trim();
          if (name) setDialog(name);
        }}
      >
        <label>
          {t('friends.challengeName')} <input name="name" data-testid="challenge-name" maxLength={24} placeholder={t('friends.name')} />
        </label>{' '}
        <button type="submit">{t('friends.challenge')}</button>
      </form>
      <Settings client={client} t={t} />
      {dialog && <ChallengeDialog client={client} t={t} name={dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}

/** The answer to a challenge, until dismissed. */
export function Answered(props: { client: Client; t: T }) {
  const { client, t } = props;
  const a = friends.answered;
  if (!a) return null;
  const game = gameTitle(client.state.games, a.challenge.game, client.lang);
  const text =
    a.outcome === 'accepted'
      ? t('friends.accepted', { to: a.challenge.to, table: a.table ?? '' })
      : t('friends.declined', { to: a.challenge.to, game });
  return (
    <div class="challenge answered" role="status" data-testid="challenge-answered">
      <p>{text}</p>
      <button
        type="button"
        data-testid="answered-ok"
        onClick={() => {
          dismissAnswered();
          refresh(client);
        }}
      >
        {t('friends.dismiss')}
      </button>
    </div>
  );
}

function Settings(props: { client: Client; t: T }) {
  const { client, t } = props;
  const s = friends.settings;
  if (!s) return null;
  const set = (change: Partial<typeof s>) => request(client, { type: 'friend_settings', settings: { ...s, ...change } });
  return (
    <details class="friendsettings">
      <summary>{t('friends.settings')}</summary>
      <label class="opt">
        <span class="optname">{t('friends.policy')}</span>
        <select data-testid="challenge-policy" value={s.challenges} onChange={(e) => set({ challenges: (e.target as HTMLSelectElement).value as ChallengePolicy })}>
          {(['everyone', 'followed', 'nobody'] as const).map((p) => (
            <option key={p} value={p}>
              {t(`friends.policy.${p}` as Key)}
            </option>
          ))}
        </select>
      </label>
      <label class="opt check">
        <input type="checkbox" data-testid="show-tables" checked={s.show_tables} onChange={(e) => set({ show_tables: (e.target as HTMLInputElement).checked })} />{' '}
        {t('friends.showTables')}
      </label>
    </details>
  );
}

/** A challenge's line: who, which game, pace and whether rated. */
function describe(client: Client, t: T, key: 'friends.incoming' | 'friends.outgoing', c: Challenge): string {
  const { pace, rated } = terms(c);
  return t(key, {
    from: c.from,
    to: c.to,
    game: gameTitle(client.state.games, c.game, client.lang),
    pace: t(`opt.pace.${pace}` as Key),
    rated: rated ? t('friends.rated.yes') : t('friends.rated.no'),
  });
}

function when(client: Client, ms: number): string {
  return new Date(ms).toLocaleString(client.lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Asks for the list again (after a dismissal, so the panel draws anew). */
function refresh(client: Client) {
  request(client, { type: 'friends' });
}
