// HELP!'s view and action JSON (nimmt_core::games::help), as the browser draws them.

import type { Outcome } from '../../protocol';

export type HelpCard = number | 'joker' | 'switch' | 'zap' | 'no';
export interface RowCard {
  card: HelpCard;
  value: number;
}
export type HelpDecision = { type: 'play' } | { type: 'give_help'; to: number } | { type: 'give_back'; to: number };
export type HelpAction =
  | { type: 'lay'; card: number }
  | { type: 'joker'; at: number }
  | { type: 'switch'; take: number; give: number }
  | { type: 'zap' }
  | { type: 'no' }
  | { type: 'ask_help' }
  | { type: 'give_help'; card: HelpCard }
  | { type: 'give_back'; card: HelpCard };

/** How a deal ended: `asked` could not help `asker`, or everybody else had a No! in front. */
export type DealEnd = { type: 'no_help'; asker: number; asked: number } | { type: 'helpless'; asker: number };
/** A finished deal: how it ended and the points of this deal per seat. */
export interface DealResult {
  deal: number;
  end: DealEnd;
  points: number[];
}

export type HelpPhase =
  | { phase: 'turn'; seat: number; helped: boolean }
  | { phase: 'give_help'; asker: number; helper: number; switch_helps: boolean | null }
  | { phase: 'give_back'; asker: number; helper: number; card: HelpCard | null }
  | { phase: 'over' };

export interface HelpView {
  viewer: { seat: number } | 'spectator';
  players: number;
  options: { end_at: number };
  deal: number;
  turn: number;
  direction: 'clockwise' | 'counterclockwise';
  row: RowCard[];
  /** For each place of the row (0 = before the first card), what a Joker laid there counts for. */
  joker_values: (number | null)[];
  hand: HelpCard[];
  hand_sizes: number[];
  marks: ('none' | 'laid' | 'skipped')[];
  draw_size: number;
  discard: HelpCard[];
  calls: { seat: number; lowest: number | null }[];
  starter: number;
  phase: HelpPhase;
  totals: number[];
  history: DealResult[];
  /** Whom this seat would ask for help now (the player before, passing over a No!). */
  would_ask: number | null;
  asked: HelpDecision | null;
  waiting_for: number[];
  outcome: Outcome | null;
}
