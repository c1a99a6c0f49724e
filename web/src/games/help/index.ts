// HELP! in the browser: the screen entry of the registry.

import { gameScreen, type SeatContext, type SeatLine } from '../screen';
import { HelpBoard } from './board';
import { dealEndLine } from './dealend';
import { HelpReplayBoard, stepText } from './replay';
import type { HelpView } from './view';

function seat(ctx: SeatContext<HelpView>, i: number): SeatLine {
  const { t, view } = ctx;
  const n = view.hand_sizes[i];
  return {
    points: view.totals[i],
    detail: (n === 1 ? t('table.oneCard') : t('table.cards', { n })) + (view.marks[i] && view.marks[i] !== 'none' ? ` · ${t('help.noMark')}` : ''),
    status: view.waiting_for.includes(i) ? `… ${t('table.thinking')}` : '',
  };
}

export const help = gameScreen<HelpView>({
  Board: HelpBoard,
  seat,
  result: (t, view, names) => {
    // How the last deal (the one that ended the game) ended, then what wins.
    const last = view.history[view.history.length - 1];
    const me = typeof view.viewer === 'object' ? view.viewer.seat : null;
    const ending = last && names ? `${t('help.lastDeal', { deal: last.deal, line: dealEndLine(t, last, names, me) })} ` : '';
    return { history: view.history.map((h) => h.points), rule: ending + t('result.reach', { n: view.options.end_at }) };
  },
  rules: (t, options) => ({ lines: t('rules.help', { n: options.end_at ?? '3' }).split('\n'), notes: [] }),
  stepText,
  ReplayBoard: HelpReplayBoard,
});
