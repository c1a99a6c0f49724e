// Classic 6 nimmt!'s view, event and action JSON (nimmt_core::games::classic). The server says
// everything a card or a row shows: each card's bull heads and, with the digit swap, its swapped
// value (tables in the view), each row's bull heads (`Rows.heads`), and every event carries the
// rows and points as they stand after it.

import type { Outcome } from '../../protocol';


export type Card = number;
export type Marker =
  | { fan: 'even-odd'; row: number; even: boolean }
  | { fan: 'mountain'; row: number; up: boolean }
  | { fan: 'cow'; row: number };

export interface Rows {
  rows: Card[][];
  marker: Marker | null;
  /** Each row's bull heads, top to bottom. */
  heads: number[];
}

export interface Play {
  seat: number;
  card: Card;
  swap?: boolean;
}

export type Decision = { type: 'play_card' } | { type: 'take_row' } | { type: 'draft_pick' };

export type Action =
  | { type: 'play'; card: Card; swap?: boolean }
  | { type: 'take_row'; row: number }
  | { type: 'draft'; card: Card };

export type PhaseView =
  | { phase: 'draft'; pool: Card[]; next: number }
  | { phase: 'choose'; chosen: boolean[]; mine: Play | null }
  | { phase: 'place'; queue: Play[] }
  | { phase: 'over' };

export interface ClassicOptions {
  deck: 'full' | 'tactic';
  deal: 'random' | 'draft';
  placement: 'right' | 'both-ends';
  end: { at_points: number } | { deals: number };
  hand_size: number;
  fan: 'even-odd' | 'mountain' | 'cow' | 'digit-swap' | null;
}

export interface ClassicView {
  viewer: { seat: number } | 'spectator';
  players: number;
  options: ClassicOptions;
  /** Bull heads of card n at index n − 1. */
  card_heads: number[];
  /** With the digit swap: the value card n counts as when swapped, at index n − 1. */
  swapped?: number[];
  deal: number;
  turn: number;
  rows: Rows;
  hand: Card[];
  hand_sizes: number[];
  swap_left: boolean[];
  drafted: Card[][];
  phase: PhaseView;
  taken: Card[][];
  /** Plays each seat revealed this deal, in turn order (public). */
  played?: Play[][];
  deal_points: number[];
  totals: number[];
  history: number[][];
  asked: Decision | null;
  waiting_for: number[];
  outcome: Outcome | null;
}

export type GameEvent =
  | { type: 'deal_started'; deal: number; rows: Rows | null; pool: Card[] | null; first_pick: number | null; swap_left: boolean[] }
  | { type: 'hand_dealt'; seat: number; hand: Card[] }
  | { type: 'drafted'; seat: number; card: Card; next: number | null }
  | { type: 'rows_laid'; rows: Rows }
  | { type: 'turn_started'; deal: number; turn: number }
  | { type: 'chosen'; seat: number; hand_size: number }
  | { type: 'revealed'; turn: number; plays: Play[]; swap_left: boolean[] }
  /** The row with the card laid (`row_cards`, `row_heads`): a sixth card on its row's sixth place, a low card starting the row it took. */
  | { type: 'placed'; seat: number; card: Card; row: number; end: 'right' | 'left'; low: boolean; row_cards: Card[]; row_heads: number }
  | { type: 'row_choice'; seat: number; card: Card }
  /** The row after the take (`row_cards`, `row_heads`); the seat's points this deal and in all. */
  | {
      type: 'row_taken';
      seat: number;
      taken: { row: number; cards: Card[] };
      points: number;
      row_cards: Card[];
      row_heads: number;
      deal_points: number;
      total: number;
    }
  | { type: 'marker_moved'; marker: Marker }
  | { type: 'turn_ended'; deal: number; turn: number; rows: Rows }
  | { type: 'deal_ended'; deal: number; points: number[]; totals: number[] }
  | { type: 'game_ended'; outcome: Outcome };

export function viewerSeat(v: ClassicView): number | null {
  return typeof v.viewer === 'object' && v.viewer !== null && 'seat' in v.viewer ? v.viewer.seat : null;
}

/** The value `card` counts as when played with the digit swap, as the view's table says. */
export function swappedValue(v: { swapped?: number[] }, card: Card): number | undefined {
  return v.swapped?.[card - 1];
}
