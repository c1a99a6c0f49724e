// The 6 nimmt! Brettspiel in the browser: the screen entry of the registry.

import type { Key } from '../../i18n';
import { gameScreen, type SeatContext, type SeatLine } from '../screen';
import { framesFor, type Frame } from './anim';
import { BoardBoard } from './board';
import { ACTION_CARDS, cardHelp, LUCK_CARDS, luckHelp } from './labels';
import { signed } from './narrate';
import { BoardReplayBoard, stepText } from './replay';
import type { BoardEvent, BoardView } from './view';

function seat(ctx: SeatContext<BoardView>, i: number): SeatLine {
  const { t, view } = ctx;
  // While an update is shown, the seat's points are the animation's.
  const frame = ctx.anim ? (ctx.anim.frames[ctx.anim.i] as Frame) : null;
  const st = view.stage;
  const line: SeatLine = { points: frame?.scores[i] ?? view.scores[i], detail: t('board.tilesN', { n: view.hand_sizes[i] }), status: '' };
  if (frame) {
    if (frame.gain?.seat === i && frame.gain.delta) line.gain = signed(frame.gain.delta);
  } else if (st.stage === 'choosing' && st.counts[i] > 0) {
    line.done = st.chosen[i];
    line.status = st.chosen[i] ? `✓ ${t('table.chosen')}` : `… ${t('table.thinking')}`;
  } else if (view.waiting_for.includes(i)) line.status = `… ${t('table.thinking')}`;
  return line;
}

/** Each round's points, from the scores after each round (the result's chart adds them up). */
export function roundPoints(history: number[][]): number[][] {
  return history.map((s, k) => s.map((v, i) => v - (k > 0 ? history[k - 1][i] : 0)));
}

export const board = gameScreen<BoardView>({
  Board: BoardBoard,
  seat,
  // The score track round by round (a game of one round has no chart).
  result: (t, view) => {
    const history = view.history ?? [];
    return {
      history: history.length > 1 ? roundPoints(history) : [],
      rule: t('board.rule'),
      chart: { caption: t('board.perRound'), stepName: (n: number) => t('board.roundN', { n }), totalOnly: true },
    };
  },
  rules: (t, options) => {
    const v = options.version ?? 'base';
    const luck = v.includes('luck');
    const pro = v.includes('pro');
    const notes = [
      ...(['luck', 'pro'] as const).map((k) => ({ text: t(`rules.board.${k}` as Key), current: v.includes(k) })),
      ...LUCK_CARDS.map((c) => ({ text: `☘ ${luckHelp(t, c)}`, current: luck })),
      ...ACTION_CARDS.map((c) => ({ text: `★ ${cardHelp(t, c)}`, current: pro })),
    ];
    return { lines: t('rules.board').split('\n'), notes };
  },
  frames: (from, events) => framesFor(from, events as BoardEvent[]),
  stepText,
  ReplayBoard: BoardReplayBoard,
});
