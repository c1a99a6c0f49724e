// The account routes of the server (`/api/account/…`): sign up, log in, log out, change the
// password, delete the account, download one's data, become a bot account, its API tokens. A refusal throws `AccountError` with the
// server's code and its text in the page's language.

import type { Lang } from '../protocol';

export class AccountError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A session the server handed out: the identity, its name, and the token for `hello`. */
export interface Session {
  player: string;
  name: string;
  token: string;
}

/** Who a token is. */
export interface Me {
  player: string;
  name: string;
  account: boolean;
  /** A bot account (played by a program through an API token). */
  bot?: boolean;
}

/** An API token as its owner sees it listed (never its secret). */
export interface TokenInfo {
  id: string;
  name: string;
  created_ms: number;
  last_used_ms?: number | null;
}

/** A token just made: the only time its secret is seen. */
export interface NewToken {
  id: string;
  name: string;
  token: string;
}

export class AccountApi {
  constructor(
    private readonly token: () => string | undefined,
    private readonly lang: () => Lang,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown, auth = true): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const token = this.token();
    if (auth && token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(`${path}?lang=${this.lang()}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
    if (!res.ok) {
      const e = (data ?? {}) as { code?: string; error?: string };
      throw new AccountError(e.code ?? 'error', e.error ?? `HTTP ${res.status}`, res.status);
    }
    return data as T;
  }

  me() {
    return this.call<Me>('GET', '/api/account');
  }
  /** Turns this browser's guest identity into the account `name` (it keeps its seats). */
  signUp(name: string, password: string) {
    return this.call<Session>('POST', '/api/account/signup', { name, password });
  }
  logIn(name: string, password: string) {
    return this.call<Session>('POST', '/api/account/login', { name, password }, false);
  }
  logOut() {
    return this.call<null>('POST', '/api/account/logout', {});
  }
  changePassword(password: string, newPassword: string) {
    return this.call<null>('POST', '/api/account/password', { password, new_password: newPassword });
  }
  deleteAccount(password: string) {
    return this.call<null>('POST', '/api/account/delete', { password });
  }
  myData() {
    return this.call<unknown>('GET', '/api/account/data');
  }
  /** Makes this account a bot account (irreversible; refused after a rated game). */
  becomeBot() {
    return this.call<unknown>('POST', '/api/account/bot', { confirm: true });
  }
  async tokens(): Promise<TokenInfo[]> {
    const r = await this.call<TokenInfo[] | { tokens: TokenInfo[] }>('GET', '/api/account/tokens');
    return Array.isArray(r) ? r : (r?.tokens ?? []);
  }
  createToken(name: string) {
    return this.call<NewToken>('POST', '/api/account/tokens', { name });
  }
  revokeToken(id: string) {
    return this.call<null>('DELETE', `/api/account/tokens/${encodeURIComponent(id)}`);
  }
}
