// E-mail in the browser: the account page's section (the address, whether it is confirmed, the
// "your move" mails), "Forgot password?" under the log-in form, and the page a reset mail's
// link opens (`/reset?token=…`), which sets the new password.

import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import { MailApi, type MailSettings, type YourMove } from './mailapi';

/** Runs `f`, showing what it says (a done message or the refusal's text) and whether it runs;
 * what it said goes when the page's language changes. */
function useRun(lang: string): [string | null, boolean, (f: () => Promise<string | null>) => void] {
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSaid(null), [lang]);
  const run = (f: () => Promise<string | null>) => {
    setBusy(true);
    f()
      .then((s) => setSaid(s))
      .catch((e: Error) => setSaid(e.message))
      .finally(() => setBusy(false));
  };
  return [said, busy, run];
}

/** What the last try said, if anything. */
const saidLine = (text: string | null, testid: string) =>
  text === null ? null : (
    <p class="said" role="status" data-testid={testid}>
      {text}
    </p>
  );

/** The account page's e-mail section (accounts only). */
export function EmailSection(props: { client: Client; t: T }) {
  const { client, t } = props;
  const api = new MailApi(client.lang, client.state.me?.token);
  const [settings, setSettings] = useState<MailSettings | null>(null);
  const [address, setAddress] = useState('');
  const [said, busy, run] = useRun(client.lang);
  const [saidMode, , runMode] = useRun(client.lang);
  useEffect(() => {
    api
      .settings()
      .then((s) => {
        setSettings(s);
        setAddress(s.address ?? '');
      })
      .catch(() => setSettings(null));
  }, [client.state.me?.token]);
  if (!settings) return null;
  if (!settings.offered)
    return (
      <section class="accountform" data-testid="mail">
        <h3>{t('mail.title')}</h3>
        <p class="muted" data-testid="mail-not-offered">
          {t('mail.notOffered')}
        </p>
      </section>
    );
  // The confirmed address as it stands: nothing to send.
  const unchanged = settings.verified && address.trim().toLowerCase() === (settings.address ?? '').toLowerCase();
  const save = (e: Event) => {
    e.preventDefault();
    run(async () => {
      const s = await api.setAddress(address);
      setSettings(s);
      return s.verified ? t('mail.verified', { address: s.address ?? '' }) : t('mail.sent', { address: s.address ?? '' });
    });
  };
  const remove = () =>
    run(async () => {
      setSettings(await api.remove());
      setAddress('');
      return t('mail.removed');
    });
  const choose = (mode: YourMove) =>
    runMode(async () => {
      setSettings(await api.setYourMove(mode));
      return t('mail.saved');
    });
  const state = settings.address ? t(settings.verified ? 'mail.verified' : 'mail.unverified', { address: settings.address }) : null;
  return (
    <form class="accountform" data-testid="mail" onSubmit={save}>
      <h3>{t('mail.title')}</h3>
      <p class="muted">{t('mail.help')}</p>
      {state && (
        <p data-testid="mail-state" class={settings.verified ? 'mailok' : 'mailwait'}>
          {settings.verified ? '✓ ' : '✉ '}
          {state}
        </p>
      )}
      <label class="field">
        <span>{t('mail.address')}</span>
        <input
          name="mail-address"
          data-testid="mail-address"
          type="email"
          autocomplete="email"
          maxLength={254}
          value={address}
          onInput={(e) => setAddress((e.target as HTMLInputElement).value)}
        />
      </label>
      <div class="accountbuttons">
        <button type="submit" class="primary" data-testid="mail-save" disabled={busy || !address.trim() || unchanged}>
          {t('mail.save')}
        </button>
        {settings.address && (
          <button type="button" data-testid="mail-remove" disabled={busy} onClick={remove}>
            {t('mail.remove')}
          </button>
        )}
      </div>
      {saidLine(said, 'mail-said')}
      {settings.address && (
        <fieldset class="field" data-testid="mail-your-move">
          <legend>{t('mail.yourMove')}</legend>
          {(['off', 'each', 'digest'] as const).map((mode) => (
            <label key={mode}>
              <input type="radio" name="your-move" data-testid={`mail-${mode}`} checked={settings.your_move === mode} onChange={() => choose(mode)} />{' '}
              {t(`mail.${mode}`)}
            </label>
          ))}
        </fieldset>
      )}
      {saidLine(saidMode, 'mail-mode-said')}
    </form>
  );
}

/** "Forgot password?" under the log-in form: asks for a reset mail. */
export function ForgotPassword(props: { client: Client; t: T }) {
  const { client, t } = props;
  const [open, setOpen] = useState(false);
  const [who, setWho] = useState('');
  const [said, busy, run] = useRun(client.lang);
  if (!open)
    return (
      <a
        href="#/account"
        class="forgot"
        data-testid="forgot"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        {t('mail.forgot')}
      </a>
    );
  const send = (e: Event) => {
    e.preventDefault();
    run(async () => {
      await new MailApi(client.lang).forgot(who);
      return t('mail.forgotSent');
    });
  };
  return (
    <form class="accountform" data-testid="forgot-form" onSubmit={send}>
      <h3>{t('mail.forgot')}</h3>
      <p class="muted">{t('mail.forgotHelp')}</p>
      <label class="field">
        <span>{t('mail.who')}</span>
        <input name="forgot-who" data-testid="forgot-who" type="text" autocomplete="username" value={who} onInput={(e) => setWho((e.target as HTMLInputElement).value)} />
      </label>
      <button type="submit" class="primary" data-testid="forgot-send" disabled={busy || !who.trim()}>
        {t('mail.forgotSend')}
      </button>
      {saidLine(said, 'forgot-said')}
    </form>
  );
}

/** The page a reset mail's link opens: `/reset?token=…`. */
export function ResetPage(props: { client: Client; t: T }) {
  const { client, t } = props;
  const query = new URLSearchParams(window.location.search);
  const token = query.get('token') ?? '';
  // The page speaks the language the mail was written in.
  useEffect(() => {
    const lang = query.get('lang');
    if ((lang === 'en' || lang === 'de') && lang !== client.lang) client.setLang(lang);
  }, []);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState(false);
  const [said, busy, run] = useRun(client.lang);
  const submit = (e: Event) => {
    e.preventDefault();
    run(async () => {
      if (password !== again) return t('account.mismatch');
      await new MailApi(client.lang).reset(token, password);
      setDone(true);
      return t('mail.resetDone');
    });
  };
  const toLogin = (
    <p>
      <a href="/#/account" data-testid="to-login">
        {t('mail.toLogin')}
      </a>
    </p>
  );
  return (
    <main class="account" data-testid="reset">
      <h2>{t('mail.resetTitle')}</h2>
      {!token ? (
        <p class="said" role="status" data-testid="reset-said">
          {t('mail.resetNoToken')}
        </p>
      ) : (
        <form class="accountform" data-testid="reset-form" onSubmit={submit}>
          <p class="muted">{t('mail.resetHelp')}</p>
          {(
            [
              ['reset-password', t('account.newPassword'), password, setPassword],
              ['reset-again', t('account.passwordAgain'), again, setAgain],
            ] as const
          ).map(([name, label, value, set]) => (
            <label class="field" key={name}>
              <span>{label}</span>
              <input name={name} data-testid={name} type="password" autocomplete="new-password" value={value} disabled={done} onInput={(e) => set((e.target as HTMLInputElement).value)} />
            </label>
          ))}
          <small class="muted">{t('account.passwordRule')}</small>
          <button type="submit" class="primary" data-testid="reset-set" disabled={busy || done || !password}>
            {t('mail.resetSet')}
          </button>
          {saidLine(said, 'reset-said')}
        </form>
      )}
      {toLogin}
    </main>
  );
}
