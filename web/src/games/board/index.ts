// The 6 nimmt! Brettspiel in the browser: the screen entry of the registry.

import type { Key } from '../../i18n';
import { gameScreen, type SeatContext, type SeatLine } from '../screen';
import { BoardBoard } from './board';
import { BoardReplayBoard, stepText } from './replay';
import type { BoardView } from './view';

function seat(ctx: SeatContext<BoardView>, i: number): SeatLine {
  const { t, view } = ctx;
  const st = view.stage;
  const line: SeatLine = { points: view.scores[i], detail: t('board.tilesN', { n: view.hand_sizes[i] }), status: '' };
  if (st.stage === 'choosing' && st.counts[i] > 0) {
    line.done = st.chosen[i];
    line.status = st.chosen[i] ? `✓ ${t('table.chosen')}` : `… ${t('table.thinking')}`;
  } else if (view.waiting_for.includes(i)) line.status = `… ${t('table.thinking')}`;
  return line;
}

export const board = gameScreen<BoardView>({
  Board: BoardBoard,
  seat,
  // One line of final scores: most points wins, ties share.
  result: (t, view) => ({ history: [view.outcome?.scores ?? view.scores], rule: t('board.rule') }),
  rules: (t, options) => {
    const v = options.version ?? 'base';
    const notes = (['luck', 'pro'] as const).map((k) => ({ text: t(`rules.board.${k}` as Key), current: v.includes(k) }));
    return { lines: t('rules.board').split('\n'), notes };
  },
  stepText,
  ReplayBoard: BoardReplayBoard,
});
