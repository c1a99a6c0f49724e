// The Brettspiel's view and action JSON (nimmt_core::games::board), as the browser draws them.

import type { Outcome } from '../../protocol';

export type Field =
  | { kind: 'empty' }
  | { kind: 'take_row' }
  | { kind: 'take_row_to_screen' }
  | { kind: 'green_bulls'; count: number }
  | { kind: 'red_bulls'; count: number }
  | { kind: 'plus'; points: number }
  | { kind: 'minus'; points: number }
  | { kind: 'draw_tile' }
  | { kind: 'draw_action_card' }
  | { kind: 'double_tile' };

export interface RowSpec {
  two_tiles?: boolean;
  fields: Field[];
}

export interface BoardSide {
  about: string;
  side: 'base' | 'pro';
  rows: RowSpec[];
  track: { about: string; limit: number; clovers: number[] };
}

export interface RowState {
  cells: (number | null)[];
  stop?: boolean;
}

export type LuckCard = 'five_points' | 'positive_bulls';
export type ActionCard = 'stop' | 'swap_tile' | 'skip' | 'to_start' | 'ascending' | 'extra_tile';
export type Version = 'base' | 'base-luck' | 'pro' | 'pro-luck';

export type Decision =
  | { type: 'choose'; count: number }
  | { type: 'before_laying'; tile: number }
  | { type: 'count_positive'; row: number }
  | { type: 'open_row'; from: number }
  | { type: 'take_luck'; owed: number };

export type BoardAction =
  | { type: 'choose'; tiles: number[] }
  | { type: 'lay'; luck?: LuckCard }
  | { type: 'stop'; row: number }
  | { type: 'swap_tile'; tile: number }
  | { type: 'skip' }
  | { type: 'to_start'; row: number }
  | { type: 'ascending'; row: number }
  | { type: 'extra_tile'; tile: number }
  | { type: 'count_positive'; tiles: [number, number] }
  | { type: 'open_row'; row: number }
  | { type: 'take_luck'; card: LuckCard };

export type StageView =
  | { stage: 'choosing'; counts: number[]; chosen: boolean[] }
  | { stage: 'before_laying'; seat: number; tile: number; plan: unknown }
  | { stage: 'count_positive'; seat: number; tile: number; row: number }
  | { stage: 'open_row'; seat: number; tile: number; from: number }
  | { stage: 'take_luck'; seat: number; owed: number }
  | { stage: 'over' };

export interface BoardView {
  viewer: { seat: number } | 'spectator';
  players: number;
  version: Version;
  side: BoardSide;
  /** Bull heads of tile k + 1. */
  bulls: number[];
  rows: RowState[];
  round: number;
  set: number;
  hand: number[];
  hand_sizes: number[];
  chosen: number[];
  queue: [number, number][];
  now: number[];
  scores: number[];
  /** The scores at the end of each round so far. */
  history?: number[][];
  luck_owed: number;
  luck_stacks: { five_points: number; positive_bulls: number };
  luck_hands: LuckCard[][];
  action_cards: ActionCard[];
  action_card_counts: number[];
  action_stack_size: number;
  action_discard: ActionCard[];
  supply_size: number;
  boxed: number[];
  stage: StageView;
  asked: Decision | null;
  waiting_for: number[];
  outcome: Outcome | null;
}

export type ScoreReason = 'field' | 'five_points' | 'take_row' | 'final';

/** The events of nimmt_core::games::board::Event the browser shows; each says what it changed. */
export type BoardEvent =
  | { type: 'dealt'; set: number; rows: [number, number][]; supply: number }
  | { type: 'round_started'; round: number; count: number }
  | { type: 'revealed'; tiles: [number, number][] }
  | { type: 'action_card_played'; seat: number; action: BoardAction }
  | { type: 'swapped'; seat: number; back: number; tile: number }
  | { type: 'extra_played'; seat: number; tile: number; tiles: number[] }
  | { type: 'luck_card_played'; seat: number; card: LuckCard }
  | { type: 'laid'; seat: number; tile: number; row: number; field: number; effect: Field }
  | { type: 'laid_at_start'; seat: number; tile: number; row: number; pushed: number; field: number; effect: Field; cells: (number | null)[] }
  | { type: 'stop_placed'; seat: number; row: number }
  | { type: 'stops_removed' }
  | { type: 'row_taken'; seat: number; row: number; tiles: number[]; to_screen: boolean; positive: number[]; minus: number; plus: number }
  | { type: 'row_opened'; seat: number; tile: number; row: number; effect: Field }
  | { type: 'scored'; seat: number; delta: number; score: number; reason: ScoreReason; wanted?: number }
  | { type: 'tile_drawn'; seat: number; none: boolean; supply: number }
  | { type: 'tile_drawn_privately'; seat: number; tile: number }
  | { type: 'action_card_drawn'; seat: number; none: boolean; stack: number }
  | { type: 'action_card_drawn_privately'; seat: number; card: ActionCard }
  | { type: 'action_cards_reshuffled'; cards: number }
  | { type: 'luck_card_taken'; seat: number; card: LuckCard }
  | { type: 'round_ended'; round: number; points: number[]; scores: number[] }
  | { type: 'game_ended'; outcome: Outcome };

/** Whether a row is active: a tile lies in it. */
export const isActive = (r: RowState) => r.cells.some((c) => c !== null);
/** The viewer's seat, or null for a spectator. */
export const mySeat = (v: BoardView) => (typeof v.viewer === 'object' ? v.viewer.seat : null);
/** Whether this table plays with luck cards. */
export const withLuck = (v: BoardView) => v.version.endsWith('-luck');
