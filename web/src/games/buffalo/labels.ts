// Names of the buffalo's special cards and of the actions, for buttons and replay lines.

import type { Key, T } from '../../i18n';
import type { BuffaloAction, Owner, Special } from './view';

export function specialName(t: T, s: Special | 'remove_stop'): string {
  return t(`bf.sp.${s}` as Key);
}

export function ownerName(t: T, o: Owner, names: string[]): string {
  return o === 'buffalo' ? t('bf.buffalo') : (names[o.seat] ?? `#${o.seat + 1}`);
}

/** A line for one action (rows and places count from 1). */
export function actionLabel(t: T, a: BuffaloAction): string {
  switch (a.type) {
    case 'play':
      return t('bf.play', { card: a.card });
    case 'take_row':
      return t('bf.takeRow', { row: a.row + 1 });
    case 'pass':
      return t('bf.pass');
    case 'pass_card':
      return t('bf.passCard');
    case 'pass_game':
      return t('bf.passGame');
    case 'ask_again':
      return t('bf.askAgain');
    case 'seven_takes':
    case 'stop':
    case 'remove_stop':
      return t('bf.onRow', { what: specialName(t, a.type), row: a.row + 1 });
    case 'first':
    case 'last':
      return t('bf.onCard', { what: specialName(t, a.type), card: a.card });
    case 'replace':
      return t('bf.replace', { card: a.card, with: a.with });
    case 'insert':
      return t('bf.insert', { card: a.card, row: a.row + 1, at: a.at + 1 });
    case 'shift':
      return t('bf.shift', { row: a.row + 1, at: a.at + 1, to_row: a.to_row + 1, to_at: a.to_at + 1 });
    case 'sort':
      return t('bf.sort', { order: a.order.join(' ') });
  }
}
