// The moderation routes of the server (`/api/admin/…`, `/api/reports`, `/api/mutes`), called
// with the identity's token as `Authorization: Bearer`. A refusal throws `ApiError` with the
// server's code and its text in the caller's language.

import type { Lang, TableId } from '../protocol';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface PlayerRef {
  id: string;
  name: string;
}

export interface Report {
  id: string;
  at_ms: number;
  reporter: string;
  reporter_name: string;
  player: string;
  player_name: string;
  table?: TableId;
  line?: number;
  text?: string;
  reason: string;
  status: 'open' | 'resolved' | 'dismissed';
  handled_by?: string;
}

export interface Sanction {
  id: string;
  player: string;
  name: string;
  kind: 'mute' | 'ban';
  reason: string;
  created_at_ms: number;
  until_ms?: number | null;
  address?: string;
  address_until_ms?: number;
  by: string;
  by_name: string;
}

export interface AuditEntry {
  id: string;
  at_ms: number;
  operator: string;
  operator_name: string;
  action: string;
  target: string;
  /** The targeted player's name, when the target is a player. */
  target_name?: string;
  reason: string;
  detail: Record<string, unknown>;
}

export class ModerationApi {
  constructor(
    private readonly token: () => string | undefined,
    private readonly lang: () => Lang,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const sep = path.includes('?') ? '&' : '?';
    const res = await fetch(`${path}${sep}lang=${this.lang()}`, {
      method,
      headers: { Authorization: `Bearer ${this.token() ?? ''}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const e = (data ?? {}) as { code?: string; error?: string };
      throw new ApiError(e.code ?? 'error', e.error ?? `HTTP ${res.status}`, res.status);
    }
    return data as T;
  }

  /** Whether the caller is an operator (the admin page's link shows only then): who-am-I
   * (`GET /api/account`) says so for any identity, so a player who is none is never refused
   * by `/api/admin` (no 403 in the console). */
  async isOperator(): Promise<boolean> {
    try {
      const me = await this.call<{ operator?: boolean }>('GET', '/api/account');
      return me?.operator === true;
    } catch {
      return false;
    }
  }

  reports(status: 'open' | 'resolved' | 'dismissed' = 'open') {
    return this.call<Report[]>('GET', `/api/admin/reports?status=${status}`);
  }
  handleReport(id: string, resolved: boolean, reason: string) {
    return this.call('POST', `/api/admin/reports/${encodeURIComponent(id)}`, { resolved, reason });
  }
  sanctions() {
    return this.call<Sanction[]>('GET', '/api/admin/sanctions');
  }
  impose(player: string, kind: 'mute' | 'ban', reason: string, minutes?: number) {
    return this.call<Sanction>('POST', '/api/admin/sanctions', { player, kind, reason, minutes });
  }
  lift(id: string, reason: string) {
    return this.call('POST', `/api/admin/sanctions/${encodeURIComponent(id)}/lift`, { reason });
  }
  audit() {
    return this.call<AuditEntry[]>('GET', '/api/admin/audit?limit=100');
  }
  closeTable(table: TableId, reason: string) {
    return this.call('POST', `/api/admin/tables/${table}/close`, { reason });
  }
  removeLine(table: TableId, line: number, reason: string) {
    return this.call('POST', `/api/admin/tables/${table}/lines/${line}/remove`, { reason });
  }
  reportLine(table: TableId, line: number, reason: string) {
    return this.call<{ id: string }>('POST', '/api/reports', { table, line, reason });
  }
  reportSeat(table: TableId, seat: number, reason: string) {
    return this.call<{ id: string }>('POST', '/api/reports', { table, seat, reason });
  }
  reportPlayer(player: string, reason: string) {
    return this.call<{ id: string }>('POST', '/api/reports', { player, reason });
  }
  mutes() {
    return this.call<PlayerRef[]>('GET', '/api/mutes');
  }
  mute(player: string) {
    return this.call<PlayerRef>('PUT', `/api/mutes/${encodeURIComponent(player)}`);
  }
  unmute(player: string) {
    return this.call<PlayerRef>('DELETE', `/api/mutes/${encodeURIComponent(player)}`);
  }
}
