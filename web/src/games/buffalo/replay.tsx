// A buffalo replay step: who did what, and the table as a spectator saw it.

import type { T } from '../../i18n';
import type { ReplayStep } from '../../protocol';
import type { ReplayBoardProps } from '../screen';
import { CardTable } from '../classic/cards';
import { actionLabel } from './labels';
import { Piles, Queue, resultLine, Rows, Specials } from './table';
import type { BuffaloAction, BuffaloView } from './view';

/** `Ann: 7 nimmt! on row 2`; a hidden choice shows as "chooses a card". */
export function stepText(t: T, step: ReplayStep, names: string[]): string {
  const parts: string[] = [];
  const a = step.action as BuffaloAction | null;
  if (a && step.seat !== null) {
    const who = names[step.seat] ?? `#${step.seat + 1}`;
    parts.push(`${who}: ${a.type === 'play' && typeof a.card !== 'number' ? t('bf.chooses') : actionLabel(t, a)}`);
  }
  for (const e of step.events as { type: string; team_points?: number; buffalo_points?: number; outcome?: { winners: number[] } }[]) {
    if (e.type === 'game_ended') {
      const score = { team: e.team_points ?? 0, buffalo: e.buffalo_points ?? 0 };
      parts.push(e.outcome?.winners.length ? t('bf.teamBeat', score) : t('bf.buffaloBeat', score));
    }
  }
  return parts.join(' · ');
}

export function BuffaloReplayBoard(props: ReplayBoardProps<BuffaloView>) {
  const { t, view: v, names } = props;
  return (
    <CardTable.Provider value={v}>
      <p class="status">
        {t('bf.turn', { turn: v.turn })}
        {v.result ? ` · ${resultLine(t, v)}` : ''}
      </p>
      <Piles t={t} view={v} />
      <Queue t={t} view={v} names={names} />
      <Rows t={t} view={v} />
      <Specials t={t} view={v} />
      <section class="allhands">
        {names.map((nm, s) => (
          <div key={s} class={`seat${v.waiting_for.includes(s) ? ' hit' : ''}`} data-testid={`replay-seat-${s}`}>
            <div class="seatname">{nm}</div>
            <div class="muted small">{v.hand_sizes[s] === 1 ? t('table.oneCard') : t('table.cards', { n: v.hand_sizes[s] ?? 0 })}</div>
          </div>
        ))}
      </section>
    </CardTable.Provider>
  );
}
