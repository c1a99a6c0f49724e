// What happened at a HELP! table between your turns: one short line per play, from the events of
// the last updates, each telling what the server's event says.

import type { Key, T } from '../../i18n';
import { dealEndLine } from './dealend';
import { cardName } from './labels';
import type { DealResult, HelpCard, RowCard } from './view';

type HelpEvent =
  | { type: 'laid'; seat: number; card: RowCard }
  | { type: 'switched'; seat: number; taken: RowCard; given: RowCard }
  | { type: 'zapped'; seat: number; removed: RowCard }
  | { type: 'no_laid'; seat: number }
  | { type: 'row_cleared'; seat: number }
  | { type: 'skipped'; seat: number }
  | { type: 'no_discarded'; seat: number }
  | { type: 'help_asked'; asker: number; asked: number; passed_over: number[] }
  | { type: 'helped'; from: number; to: number }
  | { type: 'card_passed'; from: number; to: number; card: HelpCard }
  | { type: 'gave_back'; from: number; to: number }
  | { type: 'card_returned'; from: number; to: number; card: HelpCard }
  | { type: 'deal_ended'; result: DealResult; totals: number[] }
  | { type: string };

/** The events after this client's own last move (all of them for a spectator). A move is a card
 * played (not the opening card a deal's starter lays by itself) or handed over to help; asking for help and giving a card back are part of the turn
 * they belong to, so your own request stays in view until you play. */
export function sinceMine(events: unknown[], me: number | null): unknown[] {
  if (me === null) return events;
  type E = { type: string; seat?: number; from?: number };
  const list = events as E[];
  // The starter's opening card (right after the calls) is laid by the rules, not by the player.
  const mine = (e: E, i: number) =>
    (['laid', 'switched', 'zapped', 'no_laid'].includes(e.type) && e.seat === me && list[i - 1]?.type !== 'called') || (e.type === 'helped' && e.from === me);
  const last = list.map(mine).lastIndexOf(true);
  return events.slice(last + 1);
}

/** One line per event worth telling (`me`: this client's seat, for "you"). */
export function logLines(t: T, events: unknown[], names: string[], me: number | null): string[] {
  const who = (s: number) => names[s] ?? `#${s + 1}`;
  // Your own plays are told as yours ("You lay 7"), with the key's `you` form.
  const by = (key: string, s: number): Key => (s === me ? `${key}.you` : key) as Key;
  const lines: string[] = [];
  for (const raw of events as HelpEvent[]) {
    const seat = (raw as { seat: number }).seat;
    switch (raw.type) {
      case 'laid': {
        const l = raw as Extract<HelpEvent, { type: 'laid' }>;
        lines.push(t(by('help.log.laid', seat), { name: who(seat), card: cardName(t, l.card.card), value: l.card.value }));
        break;
      }
      case 'switched': {
        const s = raw as Extract<HelpEvent, { type: 'switched' }>;
        lines.push(t(by('help.log.switched', s.seat), { name: who(s.seat), given: cardName(t, s.given.card), taken: cardName(t, s.taken.card) }));
        break;
      }
      case 'zapped': {
        const z = raw as Extract<HelpEvent, { type: 'zapped' }>;
        lines.push(t(by('help.log.zapped', z.seat), { name: who(z.seat), card: cardName(t, z.removed.card) }));
        break;
      }
      case 'no_laid':
        lines.push(t(by('help.log.noLaid', seat), { name: who(seat) }));
        break;
      case 'row_cleared':
        lines.push(t(by('help.log.cleared', seat), { name: who(seat) }));
        break;
      case 'skipped':
        lines.push(t(by('help.log.skipped', seat), { name: who(seat) }));
        break;
      case 'help_asked': {
        const h = raw as Extract<HelpEvent, { type: 'help_asked' }>;
        if (h.asker === me) lines.push(t('help.log.youAsk', { helper: who(h.asked) }));
        else if (h.asked === me) lines.push(t('help.log.asksYou', { name: who(h.asker) }));
        else lines.push(t('help.log.asked', { name: who(h.asker), helper: who(h.asked) }));
        break;
      }
      case 'card_passed':
      case 'card_returned': {
        const c = raw as Extract<HelpEvent, { type: 'card_passed' }>;
        const key = raw.type === 'card_passed' ? 'help.log.gave' : 'help.log.gaveBack';
        const full = c.from === me ? `${key}.you` : c.to === me ? `${key}.toYou` : key;
        lines.push(t(full as Key, { name: who(c.from), to: who(c.to), card: cardName(t, c.card) }));
        break;
      }
      case 'helped':
      case 'gave_back': {
        // Told with the card to the two concerned (`card_passed`); the others see only this.
        const h = raw as Extract<HelpEvent, { type: 'helped' }>;
        if (h.from !== me && h.to !== me) lines.push(t(raw.type === 'helped' ? 'help.log.helped' : 'help.log.handedBack', { name: who(h.from), to: who(h.to) }));
        break;
      }
      case 'deal_ended':
        lines.push(dealEndLine(t, (raw as Extract<HelpEvent, { type: 'deal_ended' }>).result, names, me));
        break;
      case 'called': {
        const c = raw as unknown as { starter: number; by_lot: boolean };
        lines.push(t(c.by_lot ? 'help.log.calledByLot' : 'help.log.called', { name: who(c.starter) }));
        break;
      }
      case 'deal_started':
        lines.push(t('help.log.dealStarted', { deal: (raw as unknown as { deal: number }).deal }));
        break;
    }
  }
  return lines;
}
