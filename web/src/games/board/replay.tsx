// A Brettspiel replay step: who did what, and the board, track and screens as a spectator saw them.

import type { T } from '../../i18n';
import type { ReplayStep } from '../../protocol';
import type { ReplayBoardProps } from '../screen';
import { layingTile, Pending } from './board';
import { actionLabel, luckName } from './labels';
import { Rows, Screens, Stacks, Track } from './parts';
import type { BoardAction, BoardEvent, BoardView } from './view';

/** `Ann: Lay 37 · Ann scores 3`: the action on the board as it lay before, then the points. */
export function stepText(t: T, step: ReplayStep, names: string[], before: ReplayStep | null): string {
  const nm = (s: number) => names[s] ?? `#${s + 1}`;
  const parts: string[] = [];
  const a = step.action as BoardAction | null;
  if (a && step.seat !== null) {
    const prev = before?.view as BoardView | undefined;
    // Chosen tiles stay hidden until they are revealed.
    const what = a.type === 'choose' ? t('board.chose') : actionLabel(t, a, prev ? layingTile(prev) : null);
    parts.push(`${nm(step.seat)}: ${what}`);
  }
  for (const e of step.events as BoardEvent[]) {
    if (e.type === 'scored' && 'delta' in e && e.delta) parts.push(t('replay.scores', { name: nm(e.seat), points: e.delta > 0 ? `+${e.delta}` : e.delta }));
    else if (e.type === 'row_taken' && 'row' in e && 'tiles' in e) parts.push(t('board.ev.taken', { name: nm(e.seat), row: e.row + 1 }));
    else if (e.type === 'luck_card_taken' && 'card' in e) parts.push(t('board.ev.luck', { name: nm(e.seat), card: luckName(t, e.card) }));
  }
  return parts.join(' · ');
}

export function BoardReplayBoard(props: ReplayBoardProps<BoardView>) {
  const { t, view, names } = props;
  return (
    <div class="boardgame" data-testid="board-replay">
      <p class="status">{t('board.round', { round: view.round })}</p>
      <Rows t={t} view={view} />
      <Pending view={view} names={names} />
      <Track t={t} view={view} names={names} />
      <Stacks t={t} view={view} />
      <Screens t={t} view={view} names={names} />
      {view.outcome && (
        <p class="winner" data-testid="replay-winner">
          {view.outcome.winners.map((s) => names[s] ?? `#${s + 1}`).join(', ')} · {view.outcome.scores[view.outcome.winners[0]]} · {t('board.rule')}
        </p>
      )}
    </div>
  );
}
