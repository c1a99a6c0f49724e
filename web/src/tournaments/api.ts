// The tournament routes of the server: the lobby's list (`GET /api/tournaments`), a tournament's
// page (`GET /api/tournaments/{id}`) and a new one (`POST /api/tournaments`). Requests carry the
// session's token (`Authorization: Bearer`), so `you` and `may_create` answer for this player,
// and the page's language, so a refusal's text is in it.

import { TOKEN_KEY } from '../conn';
import type { TournamentList, TournamentPage, TournamentSetup } from '../generated/protocol';
import type { Lang } from '../protocol';

/** What a fetch came to: the answer, "no such tournament", or a failure. */
export type Answer<T> = { ok: T } | { missing: true } | { failed: true };

function headers(): Record<string, string> {
  const h: Record<string, string> = { 'Content-Type': 'application/json' };
  let token: string | null = null;
  try {
    token = localStorage.getItem(TOKEN_KEY);
  } catch {
    // No storage: asked as a visitor.
  }
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

async function getJson<T>(path: string, lang: Lang): Promise<Answer<T>> {
  try {
    const r = await fetch(`${path}?lang=${lang}`, { headers: headers() });
    if (r.status === 404) return { missing: true };
    if (!r.ok) return { failed: true };
    return { ok: (await r.json()) as T };
  } catch {
    return { failed: true };
  }
}

export const fetchTournaments = (lang: Lang) => getJson<TournamentList>('/api/tournaments', lang);

export const fetchTournament = (id: number, lang: Lang) => getJson<TournamentPage>(`/api/tournaments/${id}`, lang);

/** A tournament's page in the client (`/tournament/ID`; the invitation's code after `?code=`). */
export const tournamentPath = (id: number, code?: string) => `/tournament/${id}${code ? `?code=${encodeURIComponent(code)}` : ''}`;

/** The client's own route of a tournament's page. */
export const tournamentHash = (id: number) => `#/tournament/${id}`;

/** A new tournament: its number and invitation code, or the server's refusal in words. */
export type Created = { id: number; code?: string } | { error: string };

export async function createTournament(setup: TournamentSetup, lang: Lang, failed: string): Promise<Created> {
  try {
    const r = await fetch(`/api/tournaments?lang=${lang}`, { method: 'POST', headers: headers(), body: JSON.stringify(setup) });
    const body = (await r.json().catch(() => null)) as Record<string, unknown> | null;
    if (!r.ok) return { error: typeof body?.error === 'string' ? body.error : failed };
    const summary = body?.summary as { id?: number } | undefined;
    const id = Number(summary?.id ?? body?.id);
    if (!Number.isInteger(id)) return { error: failed };
    const code = body?.invitation_code;
    return typeof code === 'string' ? { id, code } : { id };
  } catch {
    return { error: failed };
  }
}
