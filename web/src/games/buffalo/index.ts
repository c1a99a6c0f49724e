// Schlagt den Büffel in the browser: the screen entry of the registry.

import { gameScreen, type SeatContext, type SeatLine } from '../screen';
import { framesFor } from './anim';
import { BuffaloBoard } from './board';
import { BuffaloReplayBoard, stepText } from './replay';
import { headline, teamPoints } from './table';
import type { BuffaloView } from './view';

function seat(ctx: SeatContext<BuffaloView>, i: number): SeatLine {
  const { t, view } = ctx;
  const n = view.hand_sizes[i] ?? 0;
  const p = view.phase;
  const done = (p.phase === 'choose' && p.chosen[i]) || (p.phase === 'window' && p.passed[i]);
  const passing = view.game_passed?.[i] ? t('bf.passedGame') : view.turn_passed?.[i] ? t('bf.passedTurn') : '';
  return {
    detail: `${n === 1 ? t('table.oneCard') : t('table.cards', { n })} · ${t('bf.team')}`,
    status: view.waiting_for.includes(i) ? `… ${t('table.thinking')}` : done ? (p.phase === 'window' ? t('bf.passed') : t('bf.hasChosen')) : passing,
    done: !!done,
  };
}

export const buffalo = gameScreen<BuffaloView>({
  Board: BuffaloBoard,
  frames: (from, events) => framesFor(from, events),
  seat,
  result: (t, view) => {
    const r = view.result;
    const won = !!r?.outcome.winners.length;
    return {
      history: [],
      rule: t(view.doubled ? 'bf.ruleDoubled' : 'bf.rule'),
      parties: r
        ? [
            { name: t('bf.partyTeam'), points: teamPoints(t, view), won },
            { name: t('bf.buffalo'), points: t('bf.buffaloPoints', { points: r.buffalo_points, n: r.buffalo_pile.length }), won: !won },
          ]
        : undefined,
    };
  },
  rules: (t) => ({ lines: t('rules.buffalo').split('\n'), notes: [] }),
  stepText,
  ReplayBoard: BuffaloReplayBoard,
  outcome: (view) => view.result?.outcome ?? null,
  headline,
});
