// Names of HELP! cards and of the actions the server lists, for buttons and replay lines.

import type { Key, T } from '../../i18n';
import type { HelpAction, HelpCard, HelpView } from './view';

export function cardName(t: T, c: HelpCard): string {
  return typeof c === 'number' ? String(c) : t(`help.card.${c}` as Key);
}

/** A button's text for one legal action, on the view's row as it lies (place numbers count from
 * 1); a Joker's value is the server's (`joker_values`). */
export function actionLabel(t: T, view: Pick<HelpView, 'row' | 'joker_values'>, a: HelpAction): string {
  const row = view.row;
  switch (a.type) {
    case 'lay':
      return t('help.lay', { card: a.card });
    case 'joker':
      return t('help.joker', { at: a.at + 1, value: view.joker_values?.[a.at] ?? '?' });
    case 'switch':
      return t('help.switch', { give: a.give, value: row[a.take]?.value ?? '?', at: a.take + 1 });
    case 'zap': {
      // A Zap removes the last card of the row.
      const last = row[row.length - 1];
      return t('help.zap', { card: last ? cardName(t, last.card) : '–' });
    }
    case 'no':
      return t('help.no');
    case 'ask_help':
      return t('help.ask');
    case 'give_help':
      return t('help.give', { card: cardName(t, a.card) });
    case 'give_back':
      return t('help.back', { card: cardName(t, a.card) });
  }
}

/** The legal actions the HELP! board offers as buttons, in the server's order. */
export function helpActions(legal: unknown[]): HelpAction[] {
  return legal.filter((a): a is HelpAction => typeof a === 'object' && a !== null && typeof (a as { type?: unknown }).type === 'string');
}
