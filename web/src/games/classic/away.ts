// What a bot did for a classic seat while its player was away, in a few words, from the server's
// `away_summary`: the bot's own moves (cards played, rows chosen, cards picked) and the rows the
// seat took meanwhile, with their bull heads.

import type { T } from '../../i18n';
import type { Away } from '../../store';
import type { Action, GameEvent } from './view';

export function awayLines(t: T, away: Away, seat: number): string[] {
  const played: string[] = [];
  const picked: string[] = [];
  const rows: number[] = [];
  for (const a of away.actions as Action[]) {
    if (a?.type === 'play') played.push(a.swap ? `${a.card} ↔` : String(a.card));
    else if (a?.type === 'draft') picked.push(String(a.card));
    else if (a?.type === 'take_row') rows.push(a.row + 1);
  }
  const lines: string[] = [];
  if (played.length) lines.push(t('away.played', { cards: played.join(', ') }));
  if (picked.length) lines.push(t('away.picked', { cards: picked.join(', ') }));
  if (rows.length) lines.push(t('away.choseRow', { rows: rows.join(', ') }));
  for (const e of away.events as GameEvent[]) {
    if (e?.type === 'row_taken' && e.seat === seat) {
      lines.push(t(e.points === 1 ? 'away.took1' : 'away.took', { row: e.taken.row + 1, points: e.points }));
    }
  }
  return lines;
}
