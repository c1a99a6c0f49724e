// What a frame of the classic animation shows, in one line: which card goes where, who takes
// which row for how many bull heads, who chooses a row.

import type { T } from '../../i18n';
import type { Frame } from './anim';

const who = (names: string[], seat: number) => names[seat] ?? `#${seat + 1}`;

/** "Bot 2 takes row 4 (5 bull heads)". */
export function takesRow(t: T, name: string, row: number, points: number): string {
  return t(points === 1 ? 'classic.takesRow1' : 'classic.takesRow', { name, row: row + 1, points });
}

export function narrate(t: T, f: Frame, names: string[]): string {
  switch (f.kind) {
    case 'reveal':
      return t('classic.revealing', { turn: f.turn });
    case 'lay': {
      const l = f.laid!;
      const row = f.rows[l.row] ?? [];
      const key = row.length === 1 ? 'classic.starts' : 'classic.goes';
      return t(key, { name: who(names, l.seat), card: l.card, row: l.row + 1 });
    }
    case 'take': {
      const k = f.taking!;
      return takesRow(t, who(names, k.seat), k.row, k.points);
    }
    case 'choose':
      return t('classic.choosing', { name: who(names, f.choosing!.seat), card: f.choosing!.card });
    case 'end':
      return t('classic.turnDone', { turn: f.turn });
    case 'summary':
      return t('classic.dealOver', { deal: f.summary!.deal });
  }
}
