// HELP! as the browser needs it: the view JSON (nimmt_core::games::help) and the plays a hand
// allows on the row (as cards.rs and mod.rs: numbers at the end, Joker spots, Switch, Zap, No!).

import type { Outcome } from './protocol';

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
  hand: HelpCard[];
  hand_sizes: number[];
  marks: ('none' | 'laid' | 'skipped')[];
  draw_size: number;
  discard: HelpCard[];
  calls: { seat: number; lowest: number | null }[];
  starter: number;
  phase: HelpPhase;
  totals: number[];
  history: { deal: number; end: unknown; points: number[] }[];
  asked: HelpDecision | null;
  waiting_for: number[];
  outcome: Outcome | null;
}

export const MAX_NUMBER = 11;
export const ROW_CAPACITY = 6;

const isNumber = (c: HelpCard): c is number => typeof c === 'number';

function neighbours(row: RowCard[], at: number, replace: boolean): [number, number] {
  const before = at === 0 ? 0 : row[at - 1].value;
  const afterIndex = replace ? at + 1 : at;
  const after = afterIndex < row.length ? row[afterIndex].value : MAX_NUMBER + 1;
  return [before, after];
}

export function fitsEnd(row: RowCard[], n: number): boolean {
  return row.length < ROW_CAPACITY && (row.length === 0 || n > row[row.length - 1].value);
}

export function jokerValue(row: RowCard[], at: number): number | null {
  if (at > row.length || row.length >= ROW_CAPACITY) return null;
  const [before, after] = neighbours(row, at, false);
  const v = before + 1;
  return v <= MAX_NUMBER && v < after ? v : null;
}

export function switchFits(row: RowCard[], take: number, n: number): boolean {
  if (take >= row.length) return false;
  const [before, after] = neighbours(row, take, true);
  return before < n && n < after;
}

function distinct(hand: HelpCard[]): HelpCard[] {
  return hand.filter((c, i) => hand.indexOf(c) === i);
}

/** Every play the hand allows on the row (not asking for help), each once. */
export function playActions(hand: HelpCard[], row: RowCard[]): HelpAction[] {
  const out: HelpAction[] = [];
  for (const c of distinct(hand)) {
    if (isNumber(c)) {
      if (fitsEnd(row, c)) out.push({ type: 'lay', card: c });
    } else if (c === 'joker') {
      for (let at = 0; at <= row.length; at++) if (jokerValue(row, at) !== null) out.push({ type: 'joker', at });
    } else if (c === 'switch') {
      for (const give of distinct(hand).filter(isNumber)) {
        for (let take = 0; take < row.length; take++) if (switchFits(row, take, give)) out.push({ type: 'switch', take, give });
      }
    } else if (c === 'zap') {
      if (row.length) out.push({ type: 'zap' });
    } else out.push({ type: 'no' });
  }
  return out;
}

function cardPlayable(card: HelpCard, hand: HelpCard[], row: RowCard[]): boolean {
  if (isNumber(card)) return fitsEnd(row, card);
  if (card === 'joker') return Array.from({ length: row.length + 1 }, (_, at) => jokerValue(row, at)).some((v) => v !== null);
  if (card === 'switch') return hand.some((c) => isNumber(c) && row.some((_, take) => switchFits(row, take, c)));
  if (card === 'zap') return row.length > 0;
  return true;
}

export function handPlayable(hand: HelpCard[], row: RowCard[]): boolean {
  return hand.some((c) => cardPlayable(c, hand, row));
}

/** What the viewer may do now (as nimmt_core's View::legal_actions). */
export function legalActions(v: HelpView): HelpAction[] {
  const a = v.asked;
  if (!a) return [];
  if (a.type === 'play' && v.phase.phase === 'turn') {
    const out = playActions(v.hand, v.row);
    if (!out.length && !v.phase.helped) out.push({ type: 'ask_help' });
    return out;
  }
  if (a.type === 'give_help' && v.phase.phase === 'give_help' && v.phase.switch_helps !== null) {
    const sw = v.phase.switch_helps;
    return distinct(v.hand)
      .filter((c) => (c === 'switch' ? sw : cardPlayable(c, [], v.row)))
      .map((card) => ({ type: 'give_help', card }) as HelpAction);
  }
  if (a.type === 'give_back') {
    return distinct(v.hand)
      .filter((c) => {
        const rest = v.hand.slice();
        rest.splice(rest.indexOf(c), 1);
        return handPlayable(rest, v.row);
      })
      .map((card) => ({ type: 'give_back', card }) as HelpAction);
  }
  return [];
}
