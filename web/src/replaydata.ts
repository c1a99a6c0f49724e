// Loading a finished game's replay from the server (`GET /api/games/{id}/replay`): every step
// with the seat, its action, the public events and the spectator's view after it. A game still
// running, an unknown game and a broken answer each come back as a case of their own.

import type { Replay } from './protocol';

export type Loaded =
  | { kind: 'ready'; replay: Replay }
  /** The game is still being played (HTTP 409 `game_running`). */
  | { kind: 'running' }
  /** No game of that number (HTTP 404). */
  | { kind: 'missing' }
  | { kind: 'failed'; reason: string };

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; headers: { get(name: string): string | null }; text(): Promise<string> }>;

/** Whether `x` has the shape of a replay. */
export function isReplay(x: unknown): x is Replay {
  const r = x as Replay;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.game === 'string' &&
    Array.isArray(r.names) &&
    Array.isArray(r.steps) &&
    r.steps.length > 0 &&
    r.steps.every((s) => typeof s === 'object' && s !== null && 'view' in s && Array.isArray(s.events))
  );
}

export async function loadReplay(id: number, get: Fetch = fetch): Promise<Loaded> {
  let r;
  try {
    r = await get(`/api/games/${id}/replay`);
  } catch (e) {
    return { kind: 'failed', reason: (e as Error).message };
  }
  const text = await r.text().catch(() => '');
  let body: unknown = null;
  try {
    body = (r.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const code = (body as { code?: string } | null)?.code;
  if (r.status === 409 || code === 'game_running') return { kind: 'running' };
  if (r.status === 404 || code === 'no_such_game') return { kind: 'missing' };
  if (!r.ok) return { kind: 'failed', reason: `HTTP ${r.status} ${text.slice(0, 200)}`.trim() };
  if (!isReplay(body)) return { kind: 'failed', reason: 'not a replay' };
  return { kind: 'ready', replay: body };
}
