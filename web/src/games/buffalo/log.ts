// What happened at a buffalo table, one line per event, each telling what the server's event
// says (the points and pile sizes come in the events).

import type { T } from '../../i18n';
import type { BuffaloEvent } from './events';
import { actionLabel, ownerName, specialName } from './labels';

/** One line for an event worth telling, or null. */
export function logLine(t: T, e: BuffaloEvent, names: string[]): string | null {
  const who = (s: number) => names[s] ?? `#${s + 1}`;
  switch (e.type) {
    case 'turn_started':
      return t('bf.log.turn', { turn: e.turn });
    case 'revealed':
      return t('bf.log.revealed', { plays: e.plays.map((p) => `${p.card} (${ownerName(t, p.owner, names)})`).join(', ') });
    case 'window_opened':
      return t('bf.log.window', { card: e.next.card, owner: ownerName(t, e.next.owner, names), names: e.asked.map(who).join(', ') });
    case 'row_to_take':
      return t('bf.log.rowToTake', { name: who(e.seat), card: e.card });
    case 'passed_turn':
      return t('bf.log.passedTurn', { name: who(e.seat) });
    case 'passed_game':
      return t('bf.log.passedGame', { name: who(e.seat) });
    case 'asked_again':
      return t('bf.log.askedAgain', { name: who(e.seat) });
    case 'used':
      return t('bf.log.used', { name: who(e.seat), what: actionLabel(t, e.action) });
    case 'returned_to_hand':
      return t('bf.log.back', { name: who(e.seat), card: e.card });
    case 'shifted':
      return t('bf.log.shifted', { card: e.card, row: e.row + 1, to_row: e.to_row + 1 });
    case 'laid':
      return t('bf.log.laid', { name: ownerName(t, e.owner, names), card: e.card, row: e.row + 1 });
    case 'team_took':
      return t('bf.log.teamTook', { n: e.cards.length, row: e.row + 1, heads: e.heads, points: e.team_points });
    case 'buffalo_took':
      return t('bf.log.buffaloTook', { n: e.count, row: e.row + 1, pile: e.pile });
    case 'seven_takes_discarded':
      return t('bf.log.sevenGone', { row: e.row + 1, what: specialName(t, 'seven_takes') });
    case 'special_turned_up':
      return t('bf.log.turnedUp', { what: specialName(t, e.special) });
    case 'game_ended':
      return t('bf.log.over', { team: e.team_points, buffalo: e.buffalo_points });
    default:
      return null;
  }
}

/** Whether the window at `i` closed with everybody passing: the next event but passes lays its
 *  card (a window in which nothing happened is not told). A window still open is told. */
function quietWindow(events: BuffaloEvent[], i: number): boolean {
  const w = events[i];
  if (w.type !== 'window_opened') return false;
  const next = events.slice(i + 1).find((e) => !e.type.startsWith('passed'));
  return !!next && ((next.type === 'laid' && next.card === w.next.card) || (next.type === 'row_to_take' && next.card === w.next.card));
}

/** The lines of a list of events, oldest first. */
export function logLines(t: T, events: BuffaloEvent[], names: string[]): string[] {
  return events
    .filter((_, i) => !quietWindow(events, i))
    .map((e) => logLine(t, e, names))
    .filter((l): l is string => l !== null);
}
