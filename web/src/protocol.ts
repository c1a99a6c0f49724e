// Wire types of the nimmt room (crates/nimmt-protocol): one JSON object per WebSocket frame,
// tagged by `type`; what a game says about itself (nimmt_core::descriptor); a finished game's
// replay (`GET /api/games/{id}/replay`). Views, events and actions are each game's own JSON:
// their types live with the game's screen in `games/`.

export const PROTOCOL_VERSION = 1;
export type Lang = 'en' | 'de';
export type TableId = number;
export type Role = 'player' | 'spectator';

export interface SeatInfo {
  seat: number;
  name: string;
  kind: 'human' | 'bot';
  level?: string;
  connected: boolean;
  bot_standing_in?: boolean;
  /** The seat's rating in this game, once it has a rated game of it. */
  rating?: SeatRating;
}

/** A rating as players see it (new players have 1500); `change`: what the finished game moved. */
export interface SeatRating {
  rating: number;
  provisional?: boolean;
  /** While provisional: the rated games still to play before the rating settles. */
  games_to_settle?: number;
  change?: number;
}

export interface TableInfo {
  id: TableId;
  game: string;
  options: Record<string, string>;
  table_options: Record<string, string>;
  max_seats: number;
  seats: SeatInfo[];
  spectators: number;
  host: string | null;
  state: 'open' | 'playing' | 'finished';
}

export interface You {
  role: Role;
  seat?: number;
  host: boolean;
}

/** When the table's timer decides for this client's seat: `at` on the server's clock (epoch ms),
 * `left_ms` the milliseconds left when the server wrote it. */
export interface Deadline {
  at: number;
  left_ms: number;
}

/** One line of a table's chat history. */
export interface ChatLine {
  /** Empty for a notice. */
  from: string;
  text: string;
  /** A notice's text key and parameters (the whole table heard it). */
  key?: string;
  params?: Record<string, string>;
  /** A chat line's number at its table and who said it (to report or mute them). */
  line?: number;
  player?: string;
}

export interface Text {
  key: string;
  params?: Record<string, string>;
  text: string;
}

export type ServerMsg =
  | { type: 'welcome'; protocol: number; player: string; name: string; token: string; lang: Lang; seated: TableId[]; games?: GameDescriptor[]; nodes?: string[] }
  | { type: 'tables'; tables: TableInfo[] }
  | { type: 'table_changed'; table: TableInfo; closed?: boolean }
  | { type: 'state'; table: TableInfo; version: number; you: You; view?: unknown; legal?: unknown[]; deadline?: Deadline }
  | { type: 'update'; table: TableId; version: number; events: unknown[]; view: unknown; legal?: unknown[]; deadline?: Deadline; ack?: number }
  | { type: 'chat_history'; table: TableId; lines: ChatLine[] }
  /** What just happened, for a client that joins or comes back: the view a few moves ago and the
   * events since (shown as if the updates had come one by one). */
  | { type: 'recent'; table: TableId; version: number; view: unknown; events: unknown[] }
  | { type: 'chat'; table?: TableId; from: string; text: string; line?: number; player?: string }
  /** An operator removed chat line `line` of `table`. */
  | { type: 'chat_removed'; table: TableId; line: number }
  | ({ type: 'notice'; table?: TableId } & Text)
  | { type: 'ack'; id: number }
  | ({ type: 'error'; id?: number; table?: TableId; code: string } & Text)
  | { type: 'left'; table: TableId }
  | { type: 'replaced' }
  | { type: 'pong' };

/** A table command sent typed: the same as its chat line (`{ name: 'bot_add' }` is `/bot add`).
 * The protocol's command that explains the commands is left out: people type /help in the chat. */
export type TableCommand =
  | { name: 'join' | 'leave' | 'start' | 'bot_remove' | 'rematch' | 'who' | 'hint' }
  | { name: 'option'; key: string; value: string }
  | { name: 'bot_add'; level?: string }
  | { name: 'kick'; player: string };

export type ClientMsg =
  | { type: 'hello'; protocol: number; name: string; token?: string; lang: Lang }
  | { type: 'list_tables'; subscribe: boolean }
  | { type: 'create_table'; game: string; options: Record<string, string>; seats?: number }
  | { type: 'join'; table: TableId; role: Role }
  | { type: 'leave'; table: TableId }
  | { type: 'chat'; table?: TableId; text: string }
  | { type: 'command'; table: TableId; command: TableCommand }
  | { type: 'act'; table: TableId; version: number; action: unknown }
  | { type: 'resync'; table: TableId }
  | { type: 'ping' };

// ---- what a game says about itself (nimmt_core::descriptor) ----

/** A line for people, in both languages of the room. */
export interface LangText {
  en: string;
  de: string;
}

export type OptionSchema =
  | { key: string; type: 'number'; min: number; max: number; default: string | null; help: LangText }
  | { key: string; type: 'choice'; values: string[]; default: string | null; help: LangText };

export interface GameDescriptor {
  name: string;
  title: LangText;
  /** The fewest and most seats. */
  players: [number, number];
  /** Whether fewer (`lower`) or more points win. */
  sense: 'lower' | 'higher';
  team: boolean;
  automata: string[];
  options: OptionSchema[];
}

export interface Outcome {
  scores: number[];
  winners: number[];
  sense?: 'lower' | 'higher';
}

// ---- a finished game, step by step (GET /api/games/{id}/replay) ----

export interface ReplayStep {
  /** Who acted (null for the opening, step 0). */
  seat: number | null;
  action: unknown;
  /** The public events of the step. */
  events: unknown[];
  /** The table as a spectator saw it after the step. */
  view: unknown;
}

export interface Replay {
  game: string;
  players: number;
  names: string[];
  steps: ReplayStep[];
}
