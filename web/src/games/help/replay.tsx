// A HELP! replay step: who did what, and the row and seats as a spectator saw them.

import type { T } from '../../i18n';
import { DealChart } from '../../parts';
import type { ReplayStep } from '../../protocol';
import type { ReplayBoardProps } from '../screen';
import { HelpRow } from './cards';
import { dealEndLine } from './dealend';
import { actionLabel } from './labels';
import type { DealResult, HelpAction, HelpView } from './view';

type DealEnded = { type: 'deal_ended'; result: DealResult };

/** `Ann: Lay 7`, on the row as it lay before the step; then how a deal ended and who scored. */
export function stepText(t: T, step: ReplayStep, names: string[], before: ReplayStep | null): string {
  const parts: string[] = [];
  const a = step.action as HelpAction | null;
  if (a && step.seat !== null) {
    const view = (before?.view as HelpView | undefined) ?? { row: [], joker_values: [] };
    parts.push(`${names[step.seat] ?? `#${step.seat + 1}`}: ${actionLabel(t, view, a)}`);
  }
  for (const e of step.events as { type: string }[]) {
    if (e.type !== 'deal_ended') continue;
    parts.push(dealEndLine(t, (e as DealEnded).result, names, null));
  }
  return parts.join(' · ');
}

export function HelpReplayBoard(props: ReplayBoardProps<HelpView>) {
  const { t, view: v, names } = props;
  return (
    <>
      <p class="status">
        {t('table.deal', { deal: v.deal, turn: v.turn })} · {t(v.direction === 'clockwise' ? 'help.clockwise' : 'help.counterclockwise')}
      </p>
      <HelpRow t={t} row={v.row} />
      <section class="allhands">
        {names.map((nm, s) => (
          <div key={s} class={`seat${v.waiting_for.includes(s) ? ' hit' : ''}`} data-testid={`replay-seat-${s}`}>
            <div class="seatname">
              {nm} · <b>{v.totals[s]}</b> {t(v.totals[s] === 1 ? 'table.point' : 'table.points')}
            </div>
            <div class="muted small">
              {v.hand_sizes[s] === 1 ? t('table.oneCard') : t('table.cards', { n: v.hand_sizes[s] })}
              {v.marks[s] && v.marks[s] !== 'none' ? ` · ${t('help.noMark')}` : ''}
            </div>
          </div>
        ))}
      </section>
      {v.outcome && <DealChart t={t} history={v.history.map((h) => h.points)} names={names} />}
    </>
  );
}
