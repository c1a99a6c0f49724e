// A Brettspiel replay step: who did what, and the board, track and screens as a spectator saw them.

import type { T } from '../../i18n';
import type { ReplayStep } from '../../protocol';
import type { ReplayBoardProps } from '../screen';
import { layingTile, Pending } from './board';
import { actionLabel } from './labels';
import { narrateGroup } from './narrate';
import { Rows, Screens, Stacks, Track } from './parts';
import { groups } from './tell';
import type { BoardAction, BoardEvent, BoardView } from './view';

/** `Ann: Lay 37 · Ann’s 37 lands on +3 (row 2, field 3): Ann +3 → 3`: the action on the board as
 * it lay before, then what followed. */
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
  // What followed, as the table tells it (the revealed tiles and each tile's field and points).
  for (const g of groups(step.events as BoardEvent[])) {
    const line = narrateGroup(t, g, names, null);
    if (line) parts.push(line);
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
