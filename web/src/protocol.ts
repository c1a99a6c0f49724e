// Wire types of the nimmt room (crates/nimmt-protocol): one JSON object per WebSocket frame,
// tagged by `type`.

export const PROTOCOL_VERSION = 1;
export type Lang = 'en' | 'de';
export type TableId = number;
export type Role = 'player' | 'spectator';

export interface SeatInfo {
  seat: number;
  name: string;
  kind: 'human' | 'bot';
  level?: string;
  connected: boolean;
  bot_standing_in?: boolean;
}

export interface TableInfo {
  id: TableId;
  game: string;
  options: Record<string, string>;
  table_options: Record<string, string>;
  max_seats: number;
  seats: SeatInfo[];
  spectators: number;
  host: string | null;
  state: 'open' | 'playing' | 'finished';
}

export interface You {
  role: Role;
  seat?: number;
  host: boolean;
}

export interface Text {
  key: string;
  params?: Record<string, string>;
  text: string;
}

export type ServerMsg =
  | { type: 'welcome'; protocol: number; player: string; name: string; token: string; lang: Lang; seated: TableId[] }
  | { type: 'tables'; tables: TableInfo[] }
  | { type: 'table_changed'; table: TableInfo; closed?: boolean }
  | { type: 'state'; table: TableInfo; version: number; you: You; view?: unknown }
  | { type: 'update'; table: TableId; version: number; events: unknown[]; view: unknown; ack?: number }
  | { type: 'chat'; table?: TableId; from: string; text: string }
  | ({ type: 'notice'; table?: TableId } & Text)
  | { type: 'ack'; id: number }
  | ({ type: 'error'; id?: number; table?: TableId; code: string } & Text)
  | { type: 'left'; table: TableId }
  | { type: 'replaced' }
  | { type: 'pong' };

export type ClientMsg =
  | { type: 'hello'; protocol: number; name: string; token?: string; lang: Lang }
  | { type: 'list_tables'; subscribe: boolean }
  | { type: 'create_table'; game: string; options: Record<string, string>; seats?: number }
  | { type: 'join'; table: TableId; role: Role }
  | { type: 'leave'; table: TableId }
  | { type: 'chat'; table?: TableId; text: string }
  | { type: 'act'; table: TableId; version: number; action: Action }
  | { type: 'resync'; table: TableId }
  | { type: 'ping' };

// ---- classic 6 nimmt! (nimmt_core::games::classic) ----

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

export interface Outcome {
  scores: number[];
  winners: number[];
}

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

export interface GameRecord {
  format: number;
  game: string;
  players: number;
  options: Record<string, string>;
  seed: number;
  deals: { hands: Card[][]; rows: Card[]; pool?: Card[] }[];
  actions: { seat: number; action: Action }[];
  outcome?: Outcome;
}

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
