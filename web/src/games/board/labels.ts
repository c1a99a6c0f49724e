// Names and texts of the Brettspiel: fields (icon and effect), cards, and the actions the server
// lists, for buttons and replay lines.

import type { Key, T } from '../../i18n';
import type { ActionCard, BoardAction, Field, LuckCard } from './view';

/** A field's icon: short enough for a small square. */
export function fieldIcon(f: Field): string {
  switch (f.kind) {
    case 'empty':
      return '';
    case 'take_row':
      return '🐮🐮';
    case 'take_row_to_screen':
      return '🐮▸▢';
    case 'green_bulls':
      return `🐮×${f.count}`;
    case 'red_bulls':
      return `🐮×${f.count}`;
    case 'plus':
      return `+${f.points}`;
    case 'minus':
      return `−${f.points}`;
    case 'draw_tile':
      return '+▣';
    case 'draw_action_card':
      return '+★';
    case 'double_tile':
      return '2×';
  }
}

/** What a tile landing on the field does, in the UI language. */
export function fieldEffect(t: T, f: Field): string {
  const n = 'count' in f ? f.count : 'points' in f ? f.points : 0;
  return t(`board.field.${f.kind}` as Key, { n });
}

export const luckName = (t: T, c: LuckCard) => t(`board.luck.${c}` as Key);
export const cardName = (t: T, c: ActionCard) => t(`board.card.${c}` as Key);
/** What a luck card does, in the UI language. */
export const luckHelp = (t: T, c: LuckCard) => t(`board.help.${c}` as Key);
/** What an action card does, in the UI language. */
export const cardHelp = (t: T, c: ActionCard) => t(`board.help.${c}` as Key);
export const LUCK_CARDS: LuckCard[] = ['five_points', 'positive_bulls'];
export const ACTION_CARDS: ActionCard[] = ['stop', 'swap_tile', 'skip', 'to_start', 'ascending', 'extra_tile'];

/** A button's text for one legal action; `tile` is the tile about to be laid, if one is. */
export function actionLabel(t: T, a: BoardAction, tile: number | null): string {
  const tl = tile ?? '?';
  switch (a.type) {
    case 'choose':
      return t('board.do.choose', { tiles: a.tiles.join(' + ') });
    case 'lay':
      return a.luck ? t('board.do.layLuck', { tile: tl, card: luckName(t, a.luck) }) : t('board.do.lay', { tile: tl });
    case 'stop':
      return t('board.do.stop', { row: a.row + 1 });
    case 'swap_tile':
      return t('board.do.swap_tile', { tile: a.tile });
    case 'skip':
      return t('board.do.skip');
    case 'to_start':
      return t('board.do.to_start', { row: a.row + 1 });
    case 'ascending':
      return t('board.do.ascending', { row: a.row + 1 });
    case 'extra_tile':
      return t('board.do.extra_tile', { tile: a.tile });
    case 'count_positive':
      return t('board.do.count_positive', { a: a.tiles[0], b: a.tiles[1] });
    case 'open_row':
      return t('board.do.open_row', { row: a.row + 1 });
    case 'take_luck':
      return t('board.do.take_luck', { card: luckName(t, a.card) });
  }
}

/** The legal actions as the server lists them (objects with a `type`). */
export function boardActions(legal: unknown[]): BoardAction[] {
  return legal.filter((a): a is BoardAction => typeof a === 'object' && a !== null && typeof (a as { type?: unknown }).type === 'string');
}

/** The tile sets a `choose` may pick, by their sorted numbers joined with `+`. */
export function choiceSets(legal: unknown[]): Map<string, BoardAction> {
  const m = new Map<string, BoardAction>();
  for (const a of boardActions(legal)) if (a.type === 'choose') m.set(setKey(a.tiles), a);
  return m;
}
export const setKey = (tiles: number[]) => [...tiles].sort((x, y) => x - y).join('+');
