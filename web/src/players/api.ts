// The room's profile, history and leaderboard routes (`docs/protocol.md`, "Ratings, profiles and
// histories"): their answers' shapes and how to fetch them.

import type { TournamentEntry } from '../generated/protocol';

export interface TablePlayer {
  seat: number;
  name: string;
  profile: string;
  bot: boolean;
  score: number;
  place: number;
}

export interface GameEntry {
  table: number;
  seq: number;
  game: string;
  finished_at: number;
  rated: boolean;
  /** A turn-based game's deadline per move (`1d`); absent for one played in real time. */
  pace?: string;
  seat: number;
  score: number;
  place: number;
  won: boolean;
  rating_change?: number;
  rating?: number;
  players: TablePlayer[];
  replay: string;
}

export interface GamesPage {
  games: GameEntry[];
  next?: number;
}

export interface ChartPoint {
  seq: number;
  at: number;
  rating: number;
}

export interface GameStanding {
  game: string;
  games: number;
  won: number;
  mean_score: number;
  rated_games: number;
  rating?: number;
  provisional?: boolean;
  /** While provisional: the rated games still to play before the rating settles. */
  games_to_settle?: number;
  about_level?: string;
  history: ChartPoint[];
  /** The rating before the first rated game, when `history` reaches back to it. */
  start?: number;
}

export interface Profile {
  profile: string;
  name: string;
  kind: 'account' | 'guest' | 'bot';
  level?: string;
  /** A bot account (played by a program). */
  bot?: boolean;
  member_since?: number;
  games: GameStanding[];
  teams?: { team_size: number; games: number; won: number }[];
  recent: GameEntry[];
  /** The tournaments the player took part in, the latest first. */
  tournaments?: TournamentEntry[];
}

export interface Place {
  place: number;
  profile: string;
  name: string;
  /** A bot: a built-in level or a bot account. */
  bot: boolean;
  /** A bot account (played by a program), marked as such. */
  bot_account?: boolean;
  rating: number;
  rated_games: number;
  games: number;
  won: number;
}

export interface Leaderboard {
  game: string;
  min_games: number;
  players: Place[];
}

/** What a fetch came to: the answer, "nobody of that name", or a failure. */
export type Answer<T> = { ok: T } | { missing: true } | { failed: true };

async function getJson<T>(path: string): Promise<Answer<T>> {
  try {
    const r = await fetch(path);
    if (r.status === 404) return { missing: true };
    if (!r.ok) return { failed: true };
    return { ok: (await r.json()) as T };
  } catch {
    return { failed: true };
  }
}

/** A profile's page address for a profile key (an account name, `bot:LEVEL` or `id:PLAYER`). */
export const profilePath = (profile: string) => `/players/${encodeURIComponent(profile)}`;

export const fetchProfile = (profile: string) => getJson<Profile>(`/api${profilePath(profile)}`);

export function fetchGames(profile: string, game?: string, before?: number): Promise<Answer<GamesPage>> {
  const q = new URLSearchParams();
  if (game) q.set('game', game);
  if (before !== undefined) q.set('before', String(before));
  const qs = q.toString();
  return getJson<GamesPage>(`/api${profilePath(profile)}/games${qs ? `?${qs}` : ''}`);
}

/** Whose places a leaderboard shows: people (the default), bots (built-in and bot accounts), all. */
export type Who = 'people' | 'bots' | 'all';

export const fetchLeaderboard = (game: string, who: Who = 'people') =>
  getJson<Leaderboard>(`/api/leaderboard/${encodeURIComponent(game)}?who=${who}`);

/** A built-in bot's profile key (`bot:LEVEL`); a bot account's is its name. */
export const builtIn = (profile: string) => profile.startsWith('bot:');

/** A bot on a game's ladder. */
export interface LadderBot {
  name: string;
  /** Its profile key (its name when absent). */
  profile?: string;
  rating: number;
  games: number;
  provisional?: boolean;
}

/** A finished game of the ladder. */
export interface LadderGame {
  table: number;
  ended_ms: number;
  seats: { name: string; place: number; points: number }[];
  /** The replay's address (`/#/replay/TABLE` when absent). */
  replay?: string;
}

export interface Ladder {
  bots: LadderBot[];
  recent: LadderGame[];
}

export const fetchLadder = (game: string) => getJson<Ladder>(`/api/ladder/${encodeURIComponent(game)}`);
