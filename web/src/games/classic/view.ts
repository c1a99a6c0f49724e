// Classic 6 nimmt!'s view, event and action JSON (nimmt_core::games::classic), and what drawing a
// card needs: its bull heads and, for the digit swap, the value it shows swapped.

import type { Outcome } from '../../protocol';


export type Card = number;
export type Marker =
  | { fan: 'even-odd'; row: number; even: boolean }
  | { fan: 'mountain'; row: number; up: boolean }
  | { fan: 'cow'; row: number };

export interface Rows {
  rows: Card[][];
  marker: Marker | null;
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
  | { type: 'deal_started'; deal: number; rows: Rows | null; pool: Card[] | null; first_pick: number | null }
  | { type: 'hand_dealt'; seat: number; hand: Card[] }
  | { type: 'drafted'; seat: number; card: Card }
  | { type: 'rows_laid'; rows: Rows }
  | { type: 'chosen'; seat: number }
  | { type: 'revealed'; turn: number; plays: Play[] }
  | { type: 'placed'; seat: number; card: Card; row: number; end: 'right' | 'left'; low: boolean }
  | { type: 'row_choice'; seat: number; card: Card }
  | { type: 'row_taken'; seat: number; taken: { row: number; cards: Card[] }; points: number }
  | { type: 'marker_moved'; marker: Marker }
  | { type: 'turn_ended'; deal: number; turn: number; rows: Rows }
  | { type: 'deal_ended'; deal: number; points: number[]; totals: number[] }
  | { type: 'game_ended'; outcome: Outcome };

/** Bull heads of a card (55 → 7; 11, 22, … → 5; tens → 3; other fives → 2; else 1). */
export function heads(card: Card): number {
  if (card === 55) return 7;
  if (card % 11 === 0) return 5;
  if (card % 10 === 0) return 3;
  if (card % 5 === 0) return 2;
  return 1;
}

export function viewerSeat(v: ClassicView): number | null {
  return typeof v.viewer === 'object' && v.viewer !== null && 'seat' in v.viewer ? v.viewer.seat : null;
}

/** The value a card shows when played with its digits swapped (31 → 13, 7 → 70). */
export function swappedDigits(n: number): number {
  if (n <= 9) return n * 10;
  if (n <= 99) return (n % 10) * 10 + Math.floor(n / 10);
  return n;
}
