// Classic 6 nimmt! in the browser: the screen entry of the registry.

import type { Key } from '../../i18n';
import { gameScreen, type SeatContext, type SeatLine } from '../screen';
import { framesFor, type Frame } from './anim';
import { awayLines } from './away';
import { ClassicBoard } from './board';
import { ClassicReplayBoard, stepText } from './replay';
import { HeldSummary } from './summary';
import type { ClassicView, GameEvent } from './view';

const FANS = ['even-odd', 'mountain', 'cow', 'digit-swap'] as const;

function seat(ctx: SeatContext<ClassicView>, i: number): SeatLine {
  const { t, view } = ctx;
  // While an update is animated, the seat shows what the animation has reached.
  const frame = ctx.anim ? (ctx.anim.frames[ctx.anim.i] as Frame) : null;
  const dealPoints = frame ? frame.dealPoints[i] : view.deal_points[i];
  const n = frame?.handSizes?.[i] ?? view.hand_sizes[i];
  const line: SeatLine = {
    points: frame ? frame.totals[i] + frame.dealPoints[i] : view.totals[i] + (view.outcome ? 0 : view.deal_points[i]),
    detail: `(${t('table.thisDeal')}: ${dealPoints}) · ${n === 1 ? t('table.oneCard') : t('table.cards', { n })}`,
    status: '',
  };
  if (!frame) {
    const waiting = view.waiting_for.includes(i);
    const p = view.phase;
    if (p.phase === 'choose') {
      line.done = p.chosen[i];
      line.status = p.chosen[i] ? `✓ ${t('table.chosen')}` : `… ${t('table.thinking')}`;
    } else if (p.phase === 'draft' && waiting) line.status = `… ${t('table.picking')}`;
    else if (p.phase === 'place' && waiting) line.status = `… ${t('table.taking')}`;
  } else if (frame.choosing?.seat === i) line.status = `… ${t('table.taking')}`;
  if (frame?.taking?.seat === i) line.gain = `+${frame.taking.points} 🐮`;
  return line;
}

export const classic = gameScreen<ClassicView>({
  Board: ClassicBoard,
  seat,
  result: (t, view) => ({ history: view.history, rule: t('result.fewest') }),
  rules: (t, options) => ({
    lines: t('rules.classic').split('\n'),
    notes: FANS.map((f) => ({ text: t(`rules.fan.${f}` as Key), current: options.fan === f })),
  }),
  frames: (from, events) => framesFor(from, events as GameEvent[]),
  stepText,
  ReplayBoard: ClassicReplayBoard,
  Summary: HeldSummary,
  hints: true,
  away: awayLines,
});
