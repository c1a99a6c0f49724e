// The e-mail routes of the server (`/api/account/mail…`, `/api/mail/…`). A refusal throws
// `AccountError` with the server's code and its text in the page's language.

import type { Lang } from '../protocol';
import { AccountError } from './api';

export type YourMove = 'off' | 'each' | 'digest';

/** An account's mail settings. */
export interface MailSettings {
  offered: boolean;
  address: string | null;
  verified: boolean;
  your_move: YourMove;
}

async function call<T>(lang: Lang, token: string | undefined, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${path}?lang=${lang}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const e = (data ?? {}) as { code?: string; error?: string };
    throw new AccountError(e.code ?? 'error', e.error ?? `HTTP ${res.status}`, res.status);
  }
  return data as T;
}

export class MailApi {
  constructor(
    private readonly lang: Lang,
    private readonly token?: string,
  ) {}
  settings() {
    return call<MailSettings>(this.lang, this.token, 'GET', '/api/account/mail');
  }
  setAddress(address: string) {
    return call<MailSettings>(this.lang, this.token, 'POST', '/api/account/mail', { address });
  }
  remove() {
    return call<MailSettings>(this.lang, this.token, 'POST', '/api/account/mail/remove', {});
  }
  setYourMove(your_move: YourMove) {
    return call<MailSettings>(this.lang, this.token, 'POST', '/api/account/mail/your_move', { your_move });
  }
  forgot(who: string) {
    return call<null>(this.lang, undefined, 'POST', '/api/mail/forgot', { who });
  }
  reset(token: string, password: string) {
    return call<null>(this.lang, undefined, 'POST', '/api/mail/reset', { token, password });
  }
}
