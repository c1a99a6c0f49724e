// The wire types of the nimmt room (crates/nimmt-protocol) and what a game says about itself
// (nimmt_core::descriptor) are generated from the Rust types into `generated/`
// (`NIMMT_WRITE_TS=1 cargo test -p nimmt-protocol typescript`); this file names them as the client
// uses them. Views, events and actions are each game's own JSON: their types live with the game's
// screen in `games/`. A finished game's replay (`GET /api/games/{id}/replay`) is written by the
// server crate and kept here by hand.

import type { Command } from './generated/protocol';

export { PROTOCOL_VERSION } from './generated/protocol';
export type {
  BotDeclaration,
  BotGame,
  ChatLine,
  ClientMsg,
  Deadline,
  ErrorCode,
  Lang,
  OnlineBot,
  Role,
  SeatInfo,
  SeatRating,
  ServerMsg,
  TableInfo,
  Text,
  You,
  YourMove,
} from './generated/protocol';
export type { GameDescriptor, LangText, OptionSpec as OptionSchema, Outcome, ScoreSense } from './generated/core';

/** A table's number, also the number of the game played at it. */
export type TableId = number;

/** A table command sent typed: the same as its chat line (`{ name: 'bot_add' }` is `/bot add`). */
export type TableCommand = Command;

// ---- a finished game, step by step (GET /api/games/{id}/replay) ----

export type { Replay, ReplayStep } from './generated/protocol';
