// A classic replay step: one line for who did what, and the board as a spectator saw it.

import type { T } from '../../i18n';
import { DealChart } from '../../parts';
import type { ReplayStep } from '../../protocol';
import type { ReplayBoardProps } from '../screen';
import { CardFace, RowsView } from './cards';
import { swappedDigits, type Action, type ClassicView, type GameEvent } from './view';

/** Who did what in a step, and the rows taken by it. */
export function stepText(t: T, step: ReplayStep, names: string[]): string {
  const parts: string[] = [];
  const a = step.action as Action | null;
  if (a && step.seat !== null) {
    const name = names[step.seat] ?? `#${step.seat + 1}`;
    if (a.type === 'play')
      parts.push(a.swap ? t('replay.swapped', { name, card: a.card, value: swappedDigits(a.card) }) : t('replay.played', { name, card: a.card }));
    else if (a.type === 'draft') parts.push(t('replay.drafted', { name, card: a.card }));
    else if (a.type === 'take_row') parts.push(t('replay.tookRow', { name, row: a.row + 1 }));
  }
  for (const e of step.events as GameEvent[]) {
    if (e.type === 'row_taken') parts.push(t('table.takes', { name: names[e.seat] ?? `#${e.seat + 1}`, points: e.points }));
  }
  return parts.join(' · ');
}

export function ClassicReplayBoard(props: ReplayBoardProps<ClassicView>) {
  const { t, view: v, names } = props;
  const revealed = (props.events as GameEvent[]).find((e) => e.type === 'revealed');
  const points = (s: number) => v.totals[s] + (v.outcome ? 0 : v.deal_points[s]);
  return (
    <>
      <p class="status">{t('table.deal', { deal: v.deal, turn: v.turn })}</p>
      {revealed && revealed.type === 'revealed' && (
        <div class="revealed">
          <span class="muted">{t('table.revealed')}:</span>
          {revealed.plays.map((p) => (
            <span key={p.card} class="play">
              <CardFace card={p.card} small note={p.swap ? `↔ ${swappedDigits(p.card)}` : undefined} />
              <small>{names[p.seat]}</small>
            </span>
          ))}
        </div>
      )}
      {v.phase.phase === 'draft' ? (
        <div class="pool cards">
          {v.phase.pool.map((c) => (
            <CardFace key={c} card={c} small />
          ))}
        </div>
      ) : (
        <RowsView t={t} view={v} frame={null} names={names} />
      )}
      <section class="allhands">
        {names.map((nm, s) => (
          <div key={s} class={`seat${v.waiting_for.includes(s) ? ' hit' : ''}`} data-testid={`replay-seat-${s}`}>
            <div class="seatname">
              {nm} · <b>{points(s)}</b> {t(points(s) === 1 ? 'table.point' : 'table.points')}
            </div>
            <div class="muted small">
              {v.hand_sizes[s] === 1 ? t('table.oneCard') : t('table.cards', { n: v.hand_sizes[s] })}
              {v.taken[s].length > 0 && ` · ${t('replay.taken')}: ${v.taken[s].join(', ')}`}
            </div>
          </div>
        ))}
      </section>
      {v.outcome && <DealChart t={t} history={v.history} names={names} />}
    </>
  );
}
