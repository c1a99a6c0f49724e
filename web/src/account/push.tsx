// The account page's notifications: the page's own alerts (sound, notifications while the tab is
// in the background; any player) and Web Push for this browser (an account): subscribing asks
// the browser's permission, subscribes with the room's public key (`GET /api/push/key`) and
// hands the subscription to the room (`POST /api/push/subscribe`); unsubscribing undoes both.

import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import { AlertToggles } from '../yourmove/toggles';
import { AccountError } from './api';

/** The room's answer to a push route; a refusal throws its text in the page's language. */
async function call<R>(client: Client, method: string, path: string, body?: unknown): Promise<R | null> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = client.state.me?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${path}?lang=${client.lang}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const e = (data ?? {}) as { code?: string; error?: string };
    throw new AccountError(e.code ?? 'error', e.error ?? `HTTP ${res.status}`, res.status);
  }
  return data as R;
}

/** base64url (the room's public key) as the bytes `applicationServerKey` takes. */
export function keyBytes(b64url: string): Uint8Array {
  const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64url.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

type PushState = 'loading' | 'unsupported' | 'room-off' | 'on' | 'off';

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('/sw.js'));
}

function PushSwitch(props: { client: Client; t: T }) {
  const { client, t } = props;
  const [state, setState] = useState<PushState>('loading');
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    void (async () => {
      const reg = await registration().catch(() => null);
      if (!reg) return setState('unsupported');
      try {
        const k = await call<{ public_key: string }>(client, 'GET', '/api/push/key');
        setKey(k?.public_key ?? null);
      } catch {
        return setState('room-off');
      }
      setState((await reg.pushManager.getSubscription()) ? 'on' : 'off');
    })();
  }, []);
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    setSaid(null);
    try {
      await f();
    } catch (e) {
      setSaid((e as Error).message);
    }
    setBusy(false);
  };
  const subscribe = () =>
    run(async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') throw new Error(t('push.denied'));
      const reg = await registration();
      if (!reg || !key) throw new Error(t('push.unsupported'));
      // The browser's own push service may refuse or not answer (its error is not worded for
      // people, nor in the page's language).
      const sub = await reg.pushManager
        .subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) as BufferSource })
        .catch(() => {
          throw new Error(t('push.failed'));
        });
      try {
        await call(client, 'POST', '/api/push/subscribe', sub.toJSON());
      } catch (e) {
        await sub.unsubscribe();
        throw e;
      }
      setState('on');
    });
  const unsubscribe = () =>
    run(async () => {
      const reg = await registration();
      const sub = await reg?.pushManager.getSubscription();
      if (sub) {
        await call(client, 'POST', '/api/push/unsubscribe', { endpoint: sub.endpoint });
        await sub.unsubscribe();
      }
      setState('off');
    });
  if (state === 'loading') return null;
  return (
    <div class="pushswitch" data-testid="push" data-state={state}>
      <p class="muted">{t('push.help')}</p>
      {state === 'unsupported' && <p>{t('push.unsupported')}</p>}
      {state === 'room-off' && <p>{t('push.roomOff')}</p>}
      {(state === 'on' || state === 'off') && (
        <p>
          {t(state === 'on' ? 'push.on' : 'push.off')}{' '}
          <button type="button" data-testid={state === 'on' ? 'push-unsubscribe' : 'push-subscribe'} disabled={busy} onClick={state === 'on' ? unsubscribe : subscribe}>
            {t(state === 'on' ? 'push.unsubscribe' : 'push.subscribe')}
          </button>
        </p>
      )}
      {said && (
        <p class="error" role="alert" data-testid="push-error">
          {said}
        </p>
      )}
    </div>
  );
}

/** The account page's section "Notifications". */
export function Notifications(props: { client: Client; t: T }) {
  const { client, t } = props;
  return (
    <section class="notifications" data-testid="notifications">
      <h3>{t('alerts.title')}</h3>
      <AlertToggles t={t} />
      <h3>{t('push.title')}</h3>
      {client.account ? <PushSwitch client={client} t={t} /> : <p class="muted">{t('push.accountOnly')}</p>}
    </section>
  );
}
