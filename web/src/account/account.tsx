// The account page (`#/account`) and its link in the header. A guest signs up (its identity
// becomes the account and keeps its seats) or logs in to an account; an account logs out,
// changes its password, downloads its data or deletes itself. Guests play as before.

import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import type { TableInfo } from '../protocol';
import { AccountApi } from './api';
import { EmailSection, ForgotPassword } from './email';
import './account.css';
import { Notifications } from './push';
import { BotSections } from '../bots/account';

export function accountApi(client: Client): AccountApi {
  return new AccountApi(
    () => client.state.me?.token,
    () => client.lang,
  );
}

/** The header's link: "Log in / sign up" for a guest, the account's name for an account. */
export function AccountLink(props: { client: Client; t: T }) {
  const { client, t } = props;
  return (
    <a href="#/account" class="accountlink" data-testid="account-link">
      {client.account ? t('account.mine', { name: client.account }) : t('account.link')}
    </a>
  );
}

/** A form's state: what it says after the last try (an error, or a done message). */
function useSaid(): [string | null, boolean, (f: () => Promise<string | null>) => Promise<void>] {
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<string | null>) => {
    setBusy(true);
    try {
      setSaid(await f());
    } catch (e) {
      setSaid((e as Error).message);
    }
    setBusy(false);
  };
  return [said, busy, run];
}

function Field(props: { label: string; name: string; type?: string; value: string; set: (v: string) => void; autocomplete?: string; help?: string }) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <input
        name={props.name}
        data-testid={props.name}
        type={props.type ?? 'password'}
        value={props.value}
        autocomplete={props.autocomplete}
        onInput={(e) => props.set((e.target as HTMLInputElement).value)}
      />
      {props.help && <small class="muted">{props.help}</small>}
    </label>
  );
}

function Said(props: { said: string | null; testid: string }) {
  if (props.said === null) return null;
  return (
    <p class="said" role="status" data-testid={props.testid}>
      {props.said}
    </p>
  );
}

function SignUp(props: { client: Client; t: T }) {
  const { client, t } = props;
  const [name, setName] = useState(client.name);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [said, busy, run] = useSaid();
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      if (password !== again) return t('account.mismatch');
      const s = await accountApi(client).signUp(name, password);
      client.useSession(s.token, s.name);
      return null;
    });
  };
  return (
    <form class="accountform" data-testid="signup-form" onSubmit={submit}>
      <h3>{t('account.signup')}</h3>
      <p class="muted">{t('account.signupHelp')}</p>
      <Field label={t('account.name')} name="signup-name" type="text" value={name} set={setName} autocomplete="username" />
      <Field label={t('account.password')} name="signup-password" value={password} set={setPassword} autocomplete="new-password" help={t('account.passwordRule')} />
      <Field label={t('account.passwordAgain')} name="signup-again" value={again} set={setAgain} autocomplete="new-password" />
      <button type="submit" class="primary" data-testid="signup" disabled={busy}>
        {busy ? t('account.working') : t('account.signup')}
      </button>
      <Said said={said} testid="signup-said" />
    </form>
  );
}

function LogIn(props: { client: Client; t: T; onIn: (player: string) => void }) {
  const { client, t } = props;
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [said, busy, run] = useSaid();
  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      const s = await accountApi(client).logIn(name, password);
      client.useSession(s.token, s.name);
      props.onIn(s.player);
      return null;
    });
  };
  return (
    <form class="accountform" data-testid="login-form" onSubmit={submit}>
      <h3>{t('account.login')}</h3>
      <p class="muted">{t('account.loginHelp')}</p>
      <Field label={t('account.name')} name="login-name" type="text" value={name} set={setName} autocomplete="username" />
      <Field label={t('account.password')} name="login-password" value={password} set={setPassword} autocomplete="current-password" />
      <button type="submit" class="primary" data-testid="login" disabled={busy}>
        {busy ? t('account.working') : t('account.login')}
      </button>
      <Said said={said} testid="login-said" />
    </form>
  );
}

function Signed(props: { client: Client; t: T; name: string; bye: (text: string) => void }) {
  const { client, t } = props;
  const api = accountApi(client);
  const [current, setCurrent] = useState('');
  const [fresh, setFresh] = useState('');
  const [again, setAgain] = useState('');
  const [confirm, setConfirm] = useState('');
  const [said, busy, run] = useSaid();
  const [saidDelete, busyDelete, runDelete] = useSaid();
  const [saidData, , runData] = useSaid();
  const change = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      if (fresh !== again) return t('account.mismatch');
      await api.changePassword(current, fresh);
      setCurrent('');
      setFresh('');
      setAgain('');
      return t('account.changed');
    });
  };
  const download = () =>
    void runData(async () => {
      const data = await api.myData();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'nimmt-my-data.json';
      a.click();
      URL.revokeObjectURL(url);
      return null;
    });
  const logOut = () =>
    void run(async () => {
      client.expectEnd();
      await api.logOut();
      client.endSession();
      props.bye(t('account.loggedOut'));
      return null;
    });
  const remove = (e: Event) => {
    e.preventDefault();
    void runDelete(async () => {
      client.expectEnd();
      await api.deleteAccount(confirm);
      client.endSession();
      props.bye(t('account.deleted'));
      return null;
    });
  };
  return (
    <>
      <section class="accountform">
        <p data-testid="signed-in">{t('account.signedIn', { name: props.name })}</p>
        <div class="accountbuttons">
          <button type="button" data-testid="logout" onClick={logOut}>
            {t('account.logout')}
          </button>
          <button type="button" data-testid="download" onClick={download}>
            {t('account.data')}
          </button>
        </div>
        <small class="muted">{t('account.dataHelp')}</small>
        <Said said={saidData} testid="data-said" />
      </section>
      <form class="accountform" data-testid="password-form" onSubmit={change}>
        <h3>{t('account.changePassword')}</h3>
        <Field label={t('account.currentPassword')} name="current-password" value={current} set={setCurrent} autocomplete="current-password" />
        <Field label={t('account.newPassword')} name="new-password" value={fresh} set={setFresh} autocomplete="new-password" help={t('account.passwordRule')} />
        <Field label={t('account.passwordAgain')} name="new-again" value={again} set={setAgain} autocomplete="new-password" />
        <button type="submit" data-testid="change-password" disabled={busy}>
          {t('account.changePassword')}
        </button>
        <Said said={said} testid="password-said" />
      </form>
      <EmailSection client={client} t={t} />
      <BotSections api={api} t={t} lang={client.lang} name={props.name} />
      <form class="accountform danger" data-testid="delete-form" onSubmit={remove}>
        <h3>{t('account.delete')}</h3>
        <p class="muted">{t('account.deleteHelp')}</p>
        <Field label={t('account.password')} name="delete-password" value={confirm} set={setConfirm} autocomplete="current-password" />
        <button type="submit" class="dangerous" data-testid="delete" disabled={busyDelete || !confirm}>
          {t('account.deleteConfirm')}
        </button>
        <Said said={saidDelete} testid="delete-said" />
      </form>
    </>
  );
}

/** The tables where this browser's identity holds a seat, running games first. */
export function seatsOf(client: Client): TableInfo[] {
  const order = (i: TableInfo) => (i.state === 'playing' ? 0 : 1);
  return Object.values(client.state.tables)
    .filter((at) => at.you.role === 'player' && at.info.state !== 'finished')
    .map((at) => at.info)
    .sort((a, b) => order(a) - order(b) || a.id - b.id);
}

/** "Your game at table 7 is running — Continue": the way back to each seat. */
function YourGames(props: { client: Client; t: T }) {
  const { t } = props;
  const seats = seatsOf(props.client);
  if (!seats.length) return null;
  return (
    <section class="yourgames" data-testid="your-games">
      {seats.map((i) => (
        <p key={i.id}>
          <span>{t(i.state === 'playing' ? 'account.gameRunning' : 'account.gameWaiting', { id: i.id })}</span>{' '}
          <button type="button" class="primary" data-testid={`continue-${i.id}`} onClick={() => (window.location.hash = `#/table/${i.id}`)}>
            {t('account.continue')}
          </button>
        </p>
      ))}
    </section>
  );
}

export function AccountPage(props: { client: Client; t: T }) {
  const { client, t } = props;
  const [bye, setBye] = useState<string | null>(null);
  // Who just logged in here: once the room welcomes that identity back at a seat, the page takes
  // the player there.
  const [cameIn, setCameIn] = useState<string | null>(null);
  const account = client.account;
  const token = client.state.me?.token;
  useEffect(() => {
    if (account) setBye(null);
  }, [account, token]);
  const seat = cameIn !== null && client.state.me?.player === cameIn ? seatsOf(client)[0] : undefined;
  useEffect(() => {
    if (!seat) return;
    setCameIn(null);
    window.location.hash = `#/table/${seat.id}`;
  }, [seat?.id]);
  return (
    <main class="account" data-testid="account">
      <h2>{t('account.title')}</h2>
      <YourGames client={client} t={t} />
      {bye && (
        <p class="said" role="status" data-testid="account-bye">
          {bye}
        </p>
      )}
      {account ? (
        <Signed client={client} t={t} name={account} bye={setBye} />
      ) : (
        <>
          <p class="muted" data-testid="guest">
            {t('account.guest', { name: client.name })}
          </p>
          <div class="accountforms">
            <SignUp client={client} t={t} />
            <LogIn client={client} t={t} onIn={setCameIn} />
          </div>
          <ForgotPassword client={client} t={t} />
        </>
      )}
      <Notifications client={client} t={t} />
      <p>
        <a href="#/">{t('account.back')}</a>
      </p>
    </main>
  );
}
