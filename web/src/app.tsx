import { useEffect, useState } from 'preact/hooks';
import { AccountLink, AccountPage } from './account/account';
import { AdminLink, AdminPage } from './admin/admin';
import type { Client } from './client';
import { serverText, tFor } from './i18n';
import { Lobby } from './lobby';
import type { Lang } from './protocol';
import { ReplayScreen } from './replay';
import { TableScreen } from './table';
import { playersPage } from './players/pages';
import { useYourMoveAlerts } from './yourmove/alerts';
import { ResetPage } from './account/email';
import { takeInvite, useInviteJoin } from './invite';
import { TournamentScreen } from './tournaments/page';
import { SeatedNotice } from './tournaments/notice';

function useHash(): string {
  const [hash, setHash] = useState(window.location.hash || '#/');
  useEffect(() => {
    const f = () => setHash(window.location.hash || '#/');
    window.addEventListener('hashchange', f);
    return () => window.removeEventListener('hashchange', f);
  }, []);
  return hash;
}

/** A link to `/t/ID` (as mails carry) opens table ID: the page's own route is `#/table/ID`. An
 * invitation link (`/t/ID?invite=CODE`) joins the table with its code once online. */
function tableFromPath() {
  const m = window.location.pathname.match(/^\/t\/(\d+)\/?$/);
  if (m) {
    takeInvite(Number(m[1]), new URLSearchParams(window.location.search).get('invite'));
    window.history.replaceState(null, '', `/#/table/${m[1]}`);
  }
}

/** A tournament's address (`/tournament/ID`, `?code=` for an invitation) opens its page: the
 * page's own route is `#/tournament/ID`, the code kept after it. */
function tournamentFromPath() {
  const m = window.location.pathname.match(/^\/tournament\/(\d+)\/?$/);
  if (m) window.history.replaceState(null, '', `/#/tournament/${m[1]}${window.location.search}`);
}

export function App(props: { client: Client }) {
  tableFromPath();
  tournamentFromPath();
  const { client } = props;
  const [, tick] = useState(0);
  useEffect(() => client.subscribe(() => tick((x) => x + 1)), []);
  const hash = useHash();
  const t = tFor(client.lang);
  useYourMoveAlerts(client, t('app.title'));
  useInviteJoin(client);
  const go = (h: string) => {
    window.location.hash = h;
  };
  const [name, setName] = useState(client.name);
  useEffect(() => setName(client.name), [client.state.me?.name]);
  const s = client.state;
  let screen;
  const page = playersPage(window.location.pathname, client, t);
  let m: RegExpMatchArray | null;
  if (page) screen = page;
  else if (window.location.pathname === '/reset') screen = <ResetPage client={client} t={t} />;
  else if ((m = hash.match(/^#\/table\/(\d+)/))) screen = <TableScreen client={client} t={t} id={Number(m[1])} go={go} />;
  else if ((m = hash.match(/^#\/tournament\/(\d+)(?:\?(.*))?/)))
    screen = <TournamentScreen client={client} t={t} id={Number(m[1])} code={new URLSearchParams(m[2] ?? '').get('code') ?? undefined} go={go} />;
  else if (hash.startsWith('#/admin')) screen = <AdminPage client={client} t={t} />;
  else if (hash.startsWith('#/account')) screen = <AccountPage client={client} t={t} />;
  else if ((m = hash.match(/^#\/replay\/(\d+)/)))
    screen = <ReplayScreen t={t} id={Number(m[1])} go={go} />;
  else screen = <Lobby client={client} t={t} go={go} />;
  return (
    <div class="app">
      <header class="top">
        <a href="#/" class="logo">
          🐮 {t('app.title')}
        </a>
        <span class={`status ${client.status}`} data-testid="conn" data-status={client.status}>
          {t(client.status === 'online' ? 'app.online' : client.status === 'connecting' ? 'app.connecting' : client.status === 'ended' ? 'app.ended' : 'app.offline')}
        </span>
        <span class="spacer" />
        <AdminLink client={client} t={t} />
        <AccountLink client={client} t={t} />
        <form
          class="name"
          onSubmit={(e) => {
            e.preventDefault();
            client.setName(name);
          }}
        >
          <input
            aria-label={t('app.name')}
            data-testid="name"
            value={name}
            readOnly={!!client.account}
            maxLength={24}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
          <button type="submit" data-testid="rename" disabled={Object.keys(s.tables).length > 0 || !!client.account}>
            {t('app.rename')}
          </button>
        </form>
        <select
          aria-label={t('app.language')}
          data-testid="lang"
          value={client.lang}
          onChange={(e) => client.setLang((e.target as HTMLSelectElement).value as Lang)}
        >
          <option value="en">English</option>
          <option value="de">Deutsch</option>
        </select>
      </header>
      {s.replaced && (
        <div class="banner">
          {t('app.replaced')}{' '}
          <button type="button" onClick={() => client.takeOver()}>
            {t('app.reload')}
          </button>
        </div>
      )}
      {s.errors.length > 0 && (
        <div class="toast" role="alert" data-testid="error">
          {serverText(client.lang, s.errors[0])}{' '}
          <button type="button" onClick={() => client.dismissError()}>
            {t('app.dismiss')}
          </button>
        </div>
      )}
      <SeatedNotice client={client} t={t} onDismiss={() => tick((x) => x + 1)} />
      {screen}
    </div>
  );
}
