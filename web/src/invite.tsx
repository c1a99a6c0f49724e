// Invitation links of private tables in the browser: a link `/t/ID?invite=CODE` opened here joins
// table ID with the code once the connection said hello (`takeInvite`, `useInviteJoin`); at the
// table, whoever is seated sees the link with a copy button, and the host a button that renews it.

import { useEffect, useState } from 'preact/hooks';
import type { Client } from './client';
import type { T } from './i18n';
import { Confirm } from './parts';
import type { AtTable } from './store';

const KEY = 'nimmt.invite';

type Pending = { table: number; code: string };

/** Keeps the code of a link to `table` (kept over a reload) until the connection can join. */
export function takeInvite(table: number, code: string | null) {
  if (!code) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ table, code }));
  } catch {
    // Without storage the join below still happens in this page.
  }
  waiting = { table, code };
}

let waiting: Pending | null = null;

function pending(): Pending | null {
  if (waiting) return waiting;
  try {
    const p = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Pending | null;
    return p && typeof p.table === 'number' && typeof p.code === 'string' ? p : null;
  } catch {
    return null;
  }
}

function forget() {
  waiting = null;
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** Once online, joins the table of an invitation link that was opened, with its code (once). */
export function useInviteJoin(client: Client) {
  const online = client.status === 'online';
  useEffect(() => {
    const p = online ? pending() : null;
    if (!p) return;
    forget();
    if (client.state.tables[p.table]?.you.role === 'player') return;
    client.send({ type: 'join', table: p.table, role: 'player', invite: p.code });
  }, [online]);
}

/** The invitation link of `table` with `code`, on this page's own address. */
export function inviteLink(table: number, code: string): string {
  return `${window.location.origin}/t/${table}?invite=${encodeURIComponent(code)}`;
}

/** Copies `text`: the clipboard where the page may use it, else the selected field. */
async function copy(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/** The private table's link for whoever is seated: a copy button, and for the host a renewal. */
export function InviteBox(props: { client: Client; t: T; at: AtTable }) {
  const { client, t, at } = props;
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  const code = at.you.invite;
  useEffect(() => setCopied(false), [code]);
  if (!code) return null;
  const id = at.info.id;
  const link = inviteLink(id, code);
  let field: HTMLInputElement | null = null;
  const renew = () => {
    setAsking(false);
    client.command(id, { name: 'invite', renew: true });
  };
  return (
    <section class="invite" data-testid="invite" aria-label={t('invite.title')}>
      <h3>{t('invite.title')}</h3>
      <p class="muted small">{t('invite.explain')}</p>
      <input
        readOnly
        value={link}
        data-testid="invite-link"
        aria-label={t('invite.title')}
        ref={(el) => {
          field = el;
        }}
        onFocus={(e) => (e.target as HTMLInputElement).select()}
      />
      <div class="buttons">
        <button type="button" data-testid="invite-copy" onClick={() => copy(link, field).then(setCopied)}>
          {copied ? t('invite.copied') : t('invite.copy')}
        </button>
        {at.you.host && (
          <button type="button" data-testid="invite-renew" onClick={() => setAsking(true)}>
            {t('invite.renew')}
          </button>
        )}
      </div>
      {asking && (
        <Confirm
          t={t}
          title={t('invite.renewTitle')}
          text={t('invite.renewText')}
          yes={t('invite.renewYes')}
          no={t('invite.renewNo')}
          onYes={renew}
          onNo={() => setAsking(false)}
        />
      )}
    </section>
  );
}
