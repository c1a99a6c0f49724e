// Tournaments in words: the format, the phase, the points rule, who won, a profile entry's place;
// and the setup the create form sends, checked here first so a mistake is said beside its field.
// Pure: the screens call these with the server's data (`generated/protocol.ts`).

import type { T } from '../i18n';
import type { TournamentEntry, TournamentFormat, TournamentPage, TournamentSetup, TournamentStanding, TournamentSummary } from '../generated/protocol';
import type { GameDescriptor } from '../protocol';

/** The games tournaments are played in (the buffalo is cooperative). */
export const TOURNAMENT_GAMES = ['classic', 'help', 'board'];
export const MAX_NAME_CHARS = 60;
export const MIN_TABLE = 3;
export const MAX_TABLE = 6;

export type Phase = TournamentSummary['phase'];

/** "Swiss, 3 rounds" or "Elimination, best 2 of each table go on". */
export function formatText(t: T, f: TournamentFormat): string {
  if (f.kind === 'swiss') return f.rounds === 1 ? t('tour.swiss1') : t('tour.swiss', { rounds: f.rounds });
  return f.advance === 1 ? t('tour.elimination1') : t('tour.elimination', { advance: f.advance });
}

/** "registration open", "round 2 running", "finished", "cancelled". */
export function phaseText(t: T, s: { phase: Phase; round?: number }): string {
  if (s.phase === 'running') return t('tour.phase.running', { round: s.round ?? 1 });
  return t(`tour.phase.${s.phase}`);
}

export function entrantsText(t: T, n: number): string {
  return n === 1 ? t('tour.entrant1') : t('tour.entrants', { n });
}

/** A moment in the reader's language: "29 Nov 2026, 15:30". */
export function when(lang: string, ms: number): string {
  return new Date(ms).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Points as the standings show them: whole, or with a half (`52.5`; `52,5` in German). */
export function pointsText(lang: string, p: number): string {
  return Number.isInteger(p) ? String(p) : p.toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 1 });
}

/** The points rule in one line: the points per place at a full table and a bye's, as the room
 *  counts them (the page carries them). */
export function pointsRule(t: T, page: Pick<TournamentPage, 'summary' | 'place_points' | 'bye_points'>): string {
  return t('tour.pointsRule', { n: page.summary.table_size, points: page.place_points.join(', '), bye: page.bye_points });
}

export function winnerText(t: T, lang: string, page: Pick<TournamentPage, 'summary' | 'standings'>): string | null {
  if (page.summary.phase !== 'finished' || !page.standings.length) return null;
  const first = [...page.standings].sort((a, b) => a.rank - b.rank)[0];
  const sharing = page.standings.filter((s) => s.points === first.points && s.opponents === first.opponents && s.rating === first.rating);
  const points = pointsText(lang, first.points);
  if (sharing.length > 1) return t('tour.winners', { names: sharing.map((s) => s.name).join(', '), points });
  return t('tour.winner', { name: first.name, points });
}

/** The standing's status: withdrawn, out in round N (elimination), or nothing. */
export function standingStatus(t: T, s: TournamentStanding): string {
  if (s.withdrawn) return t('tour.statusWithdrawn');
  if (s.out_in !== undefined) return t('tour.statusOut', { round: s.out_in });
  return '';
}

/** A profile entry in words: "Place 2 of 16", "round 2 running", "registered", "cancelled". */
export function entryText(t: T, e: TournamentEntry): string {
  if (e.place !== undefined) return t('tour.myPlace', { place: e.place, of: e.of });
  if (e.phase === 'running') return t('tour.myRunning', { round: e.round });
  if (e.phase === 'cancelled') return t('tour.myCancelled');
  if (e.phase === 'finished') return t('tour.phase.finished');
  return t('tour.myRegistered');
}

/** The create form's fields, as typed. */
export interface SetupFields {
  name: string;
  game: string;
  kind: 'swiss' | 'elimination';
  rounds: string;
  advance: string;
  tableSize: string;
  /** Minutes from now, or empty when `startAt` is given. */
  startIn: string;
  /** A local date and time (`2026-11-29T18:00`), or empty. */
  startAt: string;
  rated: boolean;
  invitation: boolean;
  botsFill: boolean;
  /** The game's options and `pace`, `timer`; empty or default values are left out. */
  options: Record<string, string>;
}

export function defaultFields(game: string): SetupFields {
  return { name: '', game, kind: 'swiss', rounds: '3', advance: '2', tableSize: '4', startIn: '10', startAt: '', rated: true, invitation: false, botsFill: false, options: {} };
}

/** What is wrong with a field, said in words, keyed by the field. */
export type SetupErrors = Partial<Record<keyof SetupFields, string>>;

const whole = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : NaN);

/** The seats a tournament table of `game` may have: 3–6 and within the game's sizes. */
export function tableLimits(game: GameDescriptor | undefined): [number, number] {
  const [lo, hi] = game?.players ?? [MIN_TABLE, MAX_TABLE];
  return [Math.max(MIN_TABLE, lo), Math.min(MAX_TABLE, hi)];
}

/** The setup to send, or what is wrong (`now`: this client's clock, ms). */
export function setupOf(t: T, f: SetupFields, game: GameDescriptor | undefined, now: number): { setup: TournamentSetup } | { errors: SetupErrors } {
  const errors: SetupErrors = {};
  const name = f.name.trim();
  if (!name || [...name].length > MAX_NAME_CHARS) errors.name = t('tour.err.name', { max: MAX_NAME_CHARS });
  if (!TOURNAMENT_GAMES.includes(f.game)) errors.game = t('tour.err.game');
  const [lo, hi] = tableLimits(game);
  const size = whole(f.tableSize);
  if (!(size >= lo && size <= hi)) errors.tableSize = t('tour.err.tableSize', { min: lo, max: hi });
  let format: TournamentFormat;
  if (f.kind === 'swiss') {
    const rounds = whole(f.rounds);
    if (!(rounds >= 1 && rounds <= 20)) errors.rounds = t('tour.err.rounds');
    format = { kind: 'swiss', rounds };
  } else {
    const advance = whole(f.advance);
    if (!(advance >= 1 && (Number.isNaN(size) || advance <= size - 2))) errors.advance = t('tour.err.advance');
    format = { kind: 'elimination', advance };
  }
  let start = NaN;
  if (f.startAt.trim()) start = new Date(f.startAt).getTime();
  else {
    const minutes = Number(f.startIn);
    if (f.startIn.trim() !== '' && Number.isFinite(minutes)) start = now + Math.round(minutes * 60_000);
  }
  if (!(start >= now + 60_000)) errors.startIn = t('tour.err.start');
  if (Object.keys(errors).length) return { errors };
  const options: Record<string, string> = {};
  for (const [k, v] of Object.entries(f.options)) if (v.trim() !== '') options[k] = v.trim();
  return {
    setup: { name, game: f.game, options, format, table_size: size, start_ms: start, rated: f.rated, invitation: f.invitation, bots_fill: f.botsFill },
  };
}
