// On the account page: making the account a bot account (explained, confirmed: it cannot be
// undone; the server's refusal shown as it says it) and its API tokens (made with a name, the
// secret shown once with a copy button; listed with when made and last used; revoked).

import { useEffect, useState } from 'preact/hooks';
import type { AccountApi, NewToken, TokenInfo } from '../account/api';
import type { Key, T } from '../i18n';
import type { Lang } from '../protocol';
import { Confirm } from '../parts';
import { BotMark } from './mark';
import './bots.css';

/** What a form says after a try: done, in a text of this page (drawn in the page's language), or
 * the server's refusal in its own words. */
type Said = { ok: true; key: Key; params: Record<string, string> } | { ok: false; text: string };

function SaidLine(props: { t: T; said: Said | null; testid: string }) {
  const s = props.said;
  if (!s) return null;
  return (
    <p class={`said${s.ok ? '' : ' error'}`} role={s.ok ? 'status' : 'alert'} data-testid={props.testid}>
      {s.ok ? props.t(s.key, s.params) : s.text}
    </p>
  );
}

const when = (lang: Lang, ms: number) => new Date(ms).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The bot account section and, for a bot account, its tokens (only a bot account has them). */
export function BotSections(props: { api: AccountApi; t: T; lang: Lang; name: string }) {
  const { api } = props;
  // Unknown until the server says; a person's account may become one.
  const [bot, setBot] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    api.me().then(
      (m) => live && setBot(!!m.bot),
      () => live && setBot(false),
    );
    return () => {
      live = false;
    };
  }, [props.name]);
  if (bot === null) return null;
  return (
    <>
      <BotAccount {...props} bot={bot} became={() => setBot(true)} />
      {bot && <Tokens {...props} />}
    </>
  );
}

function BotAccount(props: { api: AccountApi; t: T; name: string; bot: boolean; became: () => void }) {
  const { api, t, name } = props;
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const become = () => {
    setAsking(false);
    api.becomeBot().then(
      () => {
        setSaid({ ok: true, key: 'bots.became', params: { name } });
        props.became();
      },
      (e: Error) => setSaid({ ok: false, text: e.message }),
    );
  };
  return (
    <section class="accountform" data-testid="bot-account">
      <h3>
        {t('bots.accountTitle')} {props.bot && <BotMark t={t} />}
      </h3>
      {props.bot ? <p data-testid="is-bot">{t('bots.isBot')}</p> : <p class="muted">{t('bots.accountHelp')}</p>}
      {!props.bot && (
        <div class="accountbuttons">
          <button type="button" data-testid="become-bot" onClick={() => setAsking(true)}>
            {t('bots.become')}
          </button>
        </div>
      )}
      <SaidLine t={t} said={said} testid="bot-said" />
      {asking && (
        <Confirm
          t={t}
          title={t('bots.confirmTitle', { name })}
          text={t('bots.confirmText', { name })}
          yes={t('bots.confirmYes')}
          no={t('bots.confirmNo')}
          onYes={become}
          onNo={() => setAsking(false)}
        />
      )}
    </section>
  );
}

function Tokens(props: { api: AccountApi; t: T; lang: Lang }) {
  const { api, t, lang } = props;
  const [list, setList] = useState<TokenInfo[] | null>(null);
  const [name, setName] = useState('');
  const [made, setMade] = useState<NewToken | null>(null);
  const [copied, setCopied] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const reload = () =>
    api.tokens().then(setList, (e: Error) => {
      setList([]);
      setSaid({ ok: false, text: e.message });
    });
  useEffect(() => {
    void reload();
  }, []);
  const create = (e: Event) => {
    e.preventDefault();
    setSaid(null);
    api.createToken(name.trim()).then(
      (tok) => {
        setMade(tok);
        setCopied(false);
        setName('');
        void reload();
      },
      (err: Error) => setSaid({ ok: false, text: err.message }),
    );
  };
  const revoke = (tok: TokenInfo) =>
    api.revokeToken(tok.id).then(
      () => {
        if (made?.id === tok.id) setMade(null);
        setSaid({ ok: true, key: 'bots.revoked', params: { name: tok.name } });
        void reload();
      },
      (err: Error) => setSaid({ ok: false, text: err.message }),
    );
  const copy = () => {
    if (!made) return;
    void navigator.clipboard?.writeText(made.token).then(
      () => setCopied(true),
      () => setCopied(false),
    );
    // Selected as well, for a browser without clipboard access.
    const el = document.querySelector('[data-testid=new-token]');
    if (el) window.getSelection()?.selectAllChildren(el);
  };
  return (
    <section class="accountform" data-testid="tokens">
      <h3>{t('bots.tokens')}</h3>
      <p class="muted small">{t('bots.tokensHelp')}</p>
      {made && (
        <div class="tokenshown">
          <p class="tokenwarn" role="status">
            {t('bots.once')}
          </p>
          <code data-testid="new-token">{made.token}</code>
          <button type="button" data-testid="copy-token" onClick={copy}>
            {t('bots.copy')}
          </button>
          {copied && <span class="muted small">{t('bots.copied')}</span>}
        </div>
      )}
      {list && list.length === 0 && <p class="muted small">{t('bots.noTokens')}</p>}
      {list && list.length > 0 && (
        <ul class="tokenlist" data-testid="token-list">
          {list.map((tok) => (
            <li key={tok.id} data-testid={`token-${tok.name}`}>
              <b>{tok.name}</b>
              <span class="muted small">
                {t('bots.created', { date: when(lang, tok.created_ms) })} · {tok.last_used_ms ? t('bots.lastUsed', { date: when(lang, tok.last_used_ms) }) : t('bots.neverUsed')}
              </span>
              <span class="spacer" />
              <button type="button" data-testid={`revoke-${tok.name}`} onClick={() => void revoke(tok)}>
                {t('bots.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="field" onSubmit={create}>
        <span>{t('bots.tokenName')}</span>
        <input name="token-name" data-testid="token-name" maxLength={40} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        <small class="muted">{t('bots.tokenNameHelp')}</small>
        <button type="submit" data-testid="create-token" disabled={!name.trim()}>
          {t('bots.create')}
        </button>
      </form>
      <SaidLine t={t} said={said} testid="tokens-said" />
    </section>
  );
}
