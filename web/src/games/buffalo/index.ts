// Schlagt den Büffel in the browser: the screen entry of the registry.

import { gameScreen, type SeatContext, type SeatLine } from '../screen';
import { BuffaloBoard } from './board';
import { BuffaloReplayBoard, stepText } from './replay';
import { resultLine } from './table';
import type { BuffaloView } from './view';

function seat(ctx: SeatContext<BuffaloView>, i: number): SeatLine {
  const { t, view } = ctx;
  const n = view.hand_sizes[i] ?? 0;
  const p = view.phase;
  const done = (p.phase === 'choose' && p.chosen[i]) || (p.phase === 'window' && p.passed[i]);
  const passing = view.game_passed?.[i] ? t('bf.passedGame') : view.turn_passed?.[i] ? t('bf.passedTurn') : '';
  return {
    points: view.team_heads,
    detail: `${n === 1 ? t('table.oneCard') : t('table.cards', { n })} · ${t('bf.team')}`,
    status: view.waiting_for.includes(i) ? `… ${t('table.thinking')}` : done ? (p.phase === 'window' ? t('bf.passed') : t('bf.hasChosen')) : passing,
    done: !!done,
  };
}

export const buffalo = gameScreen<BuffaloView>({
  Board: BuffaloBoard,
  seat,
  result: (t, view) => ({ history: [], rule: resultLine(t, view) }),
  rules: (t) => ({ lines: t('rules.buffalo').split('\n'), notes: [] }),
  stepText,
  ReplayBoard: BuffaloReplayBoard,
  outcome: (view) => view.result?.outcome ?? view.outcome ?? null,
  headline: (t, view) => (view.result && view.result.team_points < view.result.buffalo_points ? t('bf.teamWins') : t('bf.buffaloWins')),
});
