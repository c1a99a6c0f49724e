// The events of a buffalo table (nimmt_core::games::buffalo::Event) as the browser reads them:
// each carries what is shown after it (the rows, the piles, the points), so the screens copy.

import type { BuffaloAction, Owner, Played, Row, Special } from './view';

export type BuffaloEvent =
  | { type: 'turn_started'; turn: number }
  | { type: 'revealed'; plays: Played[]; buffalo_cards_left: number }
  | { type: 'window_opened'; next: Played; asked: number[] }
  | { type: 'row_to_take'; seat: number; card: number }
  | { type: 'passed'; seat: number } // before this card only (`pass_card`)
  | { type: 'passed_turn'; seat: number } // the rest of the turn (`pass`)
  | { type: 'passed_game'; seat: number }
  | { type: 'asked_again'; seat: number }
  | { type: 'used'; seat: number; action: BuffaloAction; rows: Row[]; open: Special[]; used: Special[] }
  | { type: 'order'; plays: Played[] }
  | { type: 'returned_to_hand'; seat: number; card: number }
  | { type: 'shifted'; card: number; row: number; to_row: number; to_at: number; rows: Row[] }
  | { type: 'laid'; owner: Owner; card: number; row: number; at: number; rows: Row[] }
  | { type: 'team_took'; row: number; cards: number[]; heads: number; team_heads: number; team_points: number; rows: Row[] }
  | { type: 'buffalo_took'; row: number; count: number; pile: number; rows: Row[] }
  | { type: 'seven_takes_discarded'; row: number; rows: Row[]; used: Special[] }
  | { type: 'special_turned_up'; special: Special; open: Special[]; stack: number }
  | { type: 'turn_ended'; turn: number }
  | { type: 'game_ended'; team_points: number; buffalo_points: number; buffalo_pile: number[] };

/** The events the screens tell, others dropped. */
export function buffaloEvents(events: unknown[]): BuffaloEvent[] {
  return events.filter((e): e is BuffaloEvent => typeof e === 'object' && e !== null && typeof (e as { type?: unknown }).type === 'string');
}
