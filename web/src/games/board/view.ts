// The Brettspiel's view and action JSON (nimmt_core::games::board), generated from the Rust types
// (`generated/board.ts`).

import type { BoardView, RowState } from '../../generated/board';

export type {
  ActionCard,
  BoardAction,
  BoardDecision as Decision,
  BoardEvent,
  BoardSide,
  BoardStage as StageView,
  BoardView,
  Field,
  LuckCard,
  RowSpec,
  RowState,
  ScoreReason,
  Version,
} from '../../generated/board';

/** Whether a row is active: a tile lies in it. */
export const isActive = (r: RowState) => r.cells.some((c) => c !== null);
/** The viewer's seat, or null for a spectator. */
export const mySeat = (v: BoardView) => (typeof v.viewer === 'object' ? v.viewer.seat : null);
/** Whether this table plays with luck cards. */
export const withLuck = (v: BoardView) => v.version.endsWith('-luck');
