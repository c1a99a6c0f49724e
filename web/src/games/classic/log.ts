// What happened at a classic table: one line per reveal (every card with its owner), one per row
// taken (who, which row, with which card, for how many bull heads, and why: the sixth card or a
// low card), one per deal's end; from the events of the last updates, each line telling what the
// server's event says. While an update is being shown, the lines of the turn on the screen wait
// until the animation has shown it.

import type { Key, T } from '../../i18n';
import type { Card, GameEvent } from './view';

/** The moment an animation shows: the lines of this turn and later ones wait. */
export interface Upto {
  deal: number;
  turn: number;
}

/** One line per event worth telling, oldest first (`me`: this client's seat, told as "you"). */
export function logLines(t: T, events: unknown[], names: string[], me: number | null, upto: Upto | null = null): string[] {
  const who = (s: number) => names[s] ?? `#${s + 1}`;
  const by = (key: string, s: number): Key => (s === me ? `${key}.you` : key) as Key;
  const lines: string[] = [];
  // Where the events stand: the deal (0 until an event names it: earlier than any shown) and turn.
  let deal = 0;
  let turn = 0;
  let laid: { seat: number; card: Card; low: boolean } | null = null;
  const waits = () => upto !== null && (deal > upto.deal || (deal === upto.deal && turn >= upto.turn));
  for (const raw of events as GameEvent[]) {
    switch (raw.type) {
      case 'deal_started':
        deal = raw.deal;
        turn = 0;
        break;
      case 'turn_started':
        deal = raw.deal;
        turn = raw.turn;
        break;
      case 'revealed':
        turn = raw.turn;
        if (!waits()) {
          const plays = raw.plays.map((p) => `${who(p.seat)} ${p.card}`).join(' · ');
          lines.push(t('classic.log.revealed', { turn: raw.turn, plays }));
        }
        break;
      case 'placed':
        laid = { seat: raw.seat, card: raw.card, low: raw.low };
        break;
      case 'row_taken': {
        if (waits()) break;
        const card = laid && laid.seat === raw.seat ? laid.card : '?';
        const params = { name: who(raw.seat), row: raw.taken.row + 1, card, n: raw.taken.cards.length, points: raw.points };
        lines.push(t(by(laid?.low ? 'classic.log.low' : 'classic.log.sixth', raw.seat), params));
        break;
      }
      case 'deal_ended':
        if (!waits()) lines.push(t('classic.log.dealOver', { deal: raw.deal, points: raw.points.map((p, i) => `${who(i)} ${p}`).join(' · ') }));
        break;
    }
  }
  return lines;
}
