// A classic replay step: one line for who did what (the last one names the winner), and the board
// as a spectator saw it after the step (while the replay plays by itself, the frames of the step's
// animation, as at the table). The cards a step laid are marked in the rows, not shown again as
// waiting.

import type { T } from '../../i18n';
import { DealChart } from '../../parts';
import type { ReplayStep } from '../../protocol';
import type { ReplayBoardProps } from '../screen';
import type { Frame } from './anim';
import { CardFace, CardTable, RowsView } from './cards';
import { narrate, takesRow } from './narrate';
import { Queue } from './queue';
import { DealSummary } from './summary';
import { swappedValue, type Action, type Card, type ClassicView, type GameEvent } from './view';

/** Who did what in a step: the card played or picked, where each revealed card went, the rows
 * taken (with their bull heads), a deal's end, the winners. */
export function stepText(t: T, step: ReplayStep, names: string[]): string {
  const parts: string[] = [];
  const a = step.action as Action | null;
  const events = step.events as GameEvent[];
  const who = (s: number) => names[s] ?? `#${s + 1}`;
  if (a && step.seat !== null) {
    const name = who(step.seat);
    if (a.type === 'play')
      parts.push(
        a.swap
          ? t('replay.swapped', { name, card: a.card, value: swappedValue(step.view as ClassicView, a.card) ?? '' })
          : t('replay.played', { name, card: a.card }),
      );
    else if (a.type === 'draft') parts.push(t('replay.drafted', { name, card: a.card }));
    else if (a.type === 'take_row' && !events.some((e) => e.type === 'row_taken' && e.seat === step.seat && e.taken.row === a.row))
      parts.push(t('replay.tookRow', { name, row: a.row + 1 }));
  }
  for (const e of events) {
    // A card laid on a row (a low card's line is its row taken).
    if (e.type === 'placed' && !e.low) parts.push(t('classic.goes', { name: who(e.seat), card: e.card, row: e.row + 1 }));
    else if (e.type === 'row_taken') parts.push(takesRow(t, who(e.seat), e.taken.row, e.points));
    else if (e.type === 'row_choice') parts.push(t('classic.choosing', { name: who(e.seat), card: e.card }));
    else if (e.type === 'deal_ended') parts.push(t('classic.dealOver', { deal: e.deal }));
    else if (e.type === 'game_ended') {
      const best = e.outcome.winners;
      const points = e.outcome.scores[best[0]] ?? 0;
      const pts = points === 1 ? t('result.onePoint') : t('result.nPoints', { n: points });
      parts.push(
        best.length === 1 ? t('result.wins', { name: who(best[0]), points: pts }) : t('result.tie', { names: best.map(who).join(', '), points: pts }),
      );
    }
  }
  return parts.join(' · ');
}

export function ClassicReplayBoard(props: ReplayBoardProps<ClassicView>) {
  const { t, view: v, names } = props;
  const frame = (props.frame ?? null) as Frame | null;
  // Without a frame the board is the view after the step: the cards still waiting stay in the
  // queue; those the step laid lie in the rows, marked.
  const queue = frame ? frame.queue : v.phase.phase === 'place' ? v.phase.queue : [];
  // A step that revealed a turn's cards is that turn's, though the view has moved on to the next.
  const revealed = (props.events as GameEvent[]).find((e) => e.type === 'revealed' || e.type === 'turn_ended');
  const playedTurn = revealed && (revealed.type === 'revealed' || revealed.type === 'turn_ended') ? revealed.turn : undefined;
  const laid = new Set<Card>(frame ? [] : (props.events as GameEvent[]).flatMap((e) => (e.type === 'placed' ? [e.card] : [])));
  const points = (s: number) => (frame ? frame.totals[s] + frame.dealPoints[s] : v.totals[s] + (v.outcome ? 0 : v.deal_points[s]));
  return (
    <CardTable.Provider value={v}>
      <div class="classic" data-anim={frame ? frame.kind : 'idle'}>
        <p class="status" data-testid="heading">
          {t('table.deal', { deal: frame?.deal ?? v.deal, turn: frame?.turn ?? playedTurn ?? v.turn })}
          {frame && <span data-testid="replay-frame"> · {narrate(t, frame, names)}</span>}
        </p>
        {frame?.summary && <DealSummary t={t} summary={frame.summary} names={names} />}
        {v.phase.phase === 'draft' && !frame ? (
          <div class="pool cards">
            {v.phase.pool.map((c) => (
              <CardFace key={c} card={c} small />
            ))}
          </div>
        ) : (
          <RowsView t={t} view={v} frame={frame} names={names} marked={laid} />
        )}
        <Queue t={t} queue={queue} names={names} choosing={frame?.choosing?.card} taking={frame?.taking?.by} />
        <section class="allhands">
          {names.map((nm, s) => (
            <div key={s} class={`seat${!frame && v.waiting_for.includes(s) ? ' hit' : ''}`} data-testid={`replay-seat-${s}`} data-seat={s}>
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
        {v.outcome && !frame && <DealChart t={t} history={v.history} names={names} />}
      </div>
    </CardTable.Provider>
  );
}
