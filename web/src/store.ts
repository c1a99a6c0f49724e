// The client's state and how each server message changes it. Pure: `apply` returns the new state
// and the effects (messages to send, animations, token changes) for the caller to carry out.

import type { ChatLine, ClientMsg, Deadline, GameDescriptor, OnlineBot, ServerMsg, TableId, TableInfo, Text, You, YourMove } from './protocol';
import { ordered } from './yourmove/words';

export interface Line {
  /** `null` for a server notice. */
  from: string | null;
  text: string;
  key?: string;
  params?: Record<string, string>;
  error?: boolean;
  /** A table's chat line: its number and who said it (to report or mute them). */
  line?: number;
  player?: string;
  /** The speaker is a bot account (shown with the bot mark). */
  bot?: boolean;
}

export interface AtTable {
  info: TableInfo;
  version: number;
  you: You;
  /** The game's view for this client (its own JSON; the game's screen reads it). */
  view: unknown;
  /** What this client's seat may do now: the `legal` of the last state or update. */
  legal: unknown[];
  chat: Line[];
  /** A version gap was seen; updates are ignored until the full state arrives. */
  resyncing: boolean;
  /** When the timer decides for this client's seat, on this client's clock (ms); null: no
   * timer running for it. */
  deadline: number | null;
  /** The events of the last updates, oldest first (at most `EVENTS_KEEP`; none after a state). */
  recent: unknown[];
  /** How many lines of `chat` this client had before the chat history now due was asked for
   * (a join or a reconnection): the history is merged after them. */
  historyMark: number;
  /** What a bot did for this client's seat while it was away (the server's `away_summary`
   * notice), until the player closes it. */
  away: Away | null;
}

/** The server's `away_summary`: the moves a bot made for the seat, and what the seat saw. */
export interface Away {
  moves: number;
  actions: unknown[];
  events: unknown[];
}

/** Reads an `away_summary` notice's parameters (JSON arrays; malformed ones read as empty). */
export function awayOf(params: Record<string, string> | undefined): Away {
  const list = (s: string | undefined): unknown[] => {
    try {
      const v: unknown = JSON.parse(s ?? '[]');
      return Array.isArray(v) ? v : [];
    } catch {
      return [];
    }
  };
  return { moves: Number(params?.moves ?? 0) || 0, actions: list(params?.actions), events: list(params?.events) };
}

export const EVENTS_KEEP = 40;

export interface Me {
  player: string;
  name: string;
  token: string;
}

export interface State {
  me: Me | null;
  /** Every game the room plays, as the welcome describes them. */
  games: GameDescriptor[];
  lobby: TableInfo[];
  lobbyChat: Line[];
  tables: Record<TableId, AtTable>;
  /** Errors not about a table (shown as a toast). */
  errors: Line[];
  replaced: boolean;
  /** Lines for a table whose state has not arrived yet (the notice of one's own joining comes
   * first); they open its chat. */
  early: Record<TableId, Line[]>;
  /** The turn-based tables waiting for this player's move, soonest deadline first (`your_move`). */
  yourMove: YourMove[];
  /** The online bot accounts (`bots`: the whole list each time it changes). */
  bots: OnlineBot[];
}

export type Effect =
  | { kind: 'send'; msg: ClientMsg }
  | { kind: 'token'; token: string | null }
  | { kind: 'animate'; table: TableId; from: unknown; events: unknown[] }
  | { kind: 'rehello' }
  /** The finished table `from` plays again as table `to` (notice `rematch`). */
  | { kind: 'rematch'; from: TableId; to: TableId };

export const CHAT_KEEP = 200;

export function initialState(): State {
  return { me: null, games: [], lobby: [], lobbyChat: [], tables: {}, errors: [], replaced: false, early: {}, yourMove: [], bots: [] };
}

function push(lines: Line[], line: Line): Line[] {
  const out = lines.length >= CHAT_KEEP ? lines.slice(lines.length - CHAT_KEEP + 1) : lines.slice();
  out.push(line);
  return out;
}

function textLine(t: Text, error = false): Line {
  return { from: null, text: t.text, key: t.key, params: t.params, error };
}

/** Adds a line to a table's chat, or keeps it until the table's state arrives. */
function tableLine(s: State, id: TableId, line: Line): State {
  if (s.tables[id]) return withTable(s, id, (t) => ({ ...t, chat: push(t.chat, line) }));
  const early = (s.early[id] ?? []).slice(-19);
  return { ...s, early: { ...s.early, [id]: [...early, line] } };
}

/** A deadline as a moment on this client's clock (its `left_ms` counted from `now`). */
function localDeadline(d: Deadline | undefined, now: number): number | null {
  return d ? now + d.left_ms : null;
}

/** A line of the server's chat history as the chat keeps it (a notice without a sender). */
function historyLine(l: ChatLine): Line {
  return l.key ? { from: null, text: l.text, key: l.key, params: l.params ?? {} } : { from: l.from, text: l.text, line: l.line, player: l.player, ...(l.bot ? { bot: true } : {}) };
}

/** Whether two lines are the same thing said (a notice: the same key and parameters). */
function sameLine(a: Line, b: Line): boolean {
  if (a.error || b.error || a.from !== b.from) return false;
  if (a.key || b.key) return a.key === b.key && JSON.stringify(a.params ?? {}) === JSON.stringify(b.params ?? {});
  return a.text === b.text;
}

/** The table's chat with its history. `mark` lines of the chat were there before the history
 * was asked for: the history goes on after the last of them it holds (all of it on a fresh
 * load), and the lines that came since (the notice of one's own return) are not repeated. */
export function withHistory(chat: Line[], lines: ChatLine[], mark = chat.length): Line[] {
  const history = lines.map(historyLine);
  const before = chat.slice(0, mark);
  const since = chat.slice(mark);
  // Where the history meets the lines this client has: the place where the most of their last
  // lines match, line by line (a notice such as "Ann is back" may be in the history twice).
  // (Lines the history never holds, such as errors and answers to oneself, are left out.)
  const told = before.filter((l) => history.some((h) => sameLine(h, l)));
  let from = 0;
  let best = 0;
  for (let j = 0; j < history.length; j++) {
    let k = 0;
    while (k < told.length && k <= j && sameLine(told[told.length - 1 - k], history[j - k])) k++;
    if (k > 0 && k >= best) {
      best = k;
      from = j + 1;
    }
  }
  const missed = history.slice(from);
  const fresh = since.filter((l) => !missed.some((h) => sameLine(h, l)));
  return [...before, ...missed, ...fresh].slice(-CHAT_KEEP);
}

function withTable(s: State, id: TableId, f: (t: AtTable) => AtTable): State {
  const t = s.tables[id];
  if (!t) return s;
  return { ...s, tables: { ...s.tables, [id]: f(t) } };
}

/** Applies one server message (`now`: this client's clock, for deadlines). */
export function apply(s: State, msg: ServerMsg, now: number = Date.now()): { state: State; effects: Effect[] } {
  const effects: Effect[] = [];
  switch (msg.type) {
    case 'welcome': {
      effects.push({ kind: 'token', token: msg.token });
      effects.push({ kind: 'send', msg: { type: 'list_tables', subscribe: true } });
      // The bot list comes once asked; a subscribed lobby hears of each change.
      effects.push({ kind: 'send', msg: { type: 'list_bots' } });
      // Tables where we no longer sit are forgotten; each seated one sends a `state` next.
      const tables: Record<TableId, AtTable> = {};
      for (const id of msg.seated) if (s.tables[id]) tables[id] = { ...s.tables[id], resyncing: true, historyMark: s.tables[id].chat.length };
      // Watching is not a seat: watch again what we watched before the connection dropped.
      for (const t of Object.values(s.tables)) {
        if (t.you.role === 'spectator' && !msg.seated.includes(t.info.id)) {
          tables[t.info.id] = { ...t, resyncing: true, historyMark: t.chat.length };
          effects.push({ kind: 'send', msg: { type: 'join', table: t.info.id, role: 'spectator' } });
        }
      }
      s = { ...s, me: { player: msg.player, name: msg.name, token: msg.token }, games: msg.games ?? s.games, tables, replaced: false };
      break;
    }
    case 'tables':
      s = { ...s, lobby: msg.tables.slice().sort((a, b) => a.id - b.id) };
      break;
    case 'your_move':
      s = { ...s, yourMove: ordered(msg.tables) };
      break;
    case 'table_changed': {
      const rest = s.lobby.filter((t) => t.id !== msg.table.id);
      const lobby = msg.closed ? rest : [...rest, msg.table].sort((a, b) => a.id - b.id);
      s = { ...s, lobby };
      s = withTable(s, msg.table.id, (t) => ({ ...t, info: msg.table }));
      break;
    }
    case 'state': {
      const id = msg.table.id;
      const old = s.tables[id];
      const early = { ...s.early };
      const first = early[id] ?? [];
      delete early[id];
      const chat = [...(old?.chat ?? []), ...first];
      s = {
        ...s,
        early,
        tables: {
          ...s.tables,
          [id]: {
            info: msg.table,
            version: msg.version,
            you: msg.you,
            view: msg.view ?? null,
            legal: msg.legal ?? [],
            chat,
            resyncing: false,
            deadline: localDeadline(msg.deadline, now),
            recent: [],
            // A reconnection merges the history after the lines it had before; a fresh table
            // has none; another state (a join again) after all it has.
            historyMark: !old ? 0 : old.resyncing ? old.historyMark : chat.length,
            away: old?.away ?? null,
          },
        },
      };
      break;
    }
    case 'update': {
      const t = s.tables[msg.table];
      if (!t) {
        // An update for a table we do not know: ask for all of it.
        effects.push({ kind: 'send', msg: { type: 'resync', table: msg.table } });
        break;
      }
      if (t.resyncing || msg.version <= t.version) break; // old news, or a full state is coming
      if (msg.version !== t.version + 1) {
        effects.push({ kind: 'send', msg: { type: 'resync', table: msg.table } });
        s = withTable(s, msg.table, (t) => ({ ...t, resyncing: true }));
        break;
      }
      effects.push({ kind: 'animate', table: msg.table, from: t.view, events: msg.events });
      s = withTable(s, msg.table, (t) => ({
        ...t,
        version: msg.version,
        view: msg.view,
        legal: msg.legal ?? [],
        deadline: localDeadline(msg.deadline, now),
        recent: [...t.recent, ...msg.events].slice(-EVENTS_KEEP),
      }));
      break;
    }
    case 'chat_history':
      s = withTable(s, msg.table, (t) => ({ ...t, chat: withHistory(t.chat, msg.lines, t.historyMark), historyMark: t.chat.length }));
      break;
    case 'chat': {
      const line: Line = { from: msg.from, text: msg.text, line: msg.line, player: msg.player, ...(msg.bot ? { bot: true } : {}) };
      if (msg.table === undefined) s = { ...s, lobbyChat: push(s.lobbyChat, line) };
      else s = tableLine(s, msg.table, line);
      break;
    }
    case 'bots':
      s = { ...s, bots: msg.bots };
      break;
    case 'chat_removed':
      s = withTable(s, msg.table, (t) => ({ ...t, chat: t.chat.filter((l) => l.line !== msg.line) }));
      break;
    case 'notice': {
      const line = textLine(msg);
      const next = Number(msg.params?.table);
      if (msg.key === 'rematch' && msg.table !== undefined && next > 0) effects.push({ kind: 'rematch', from: msg.table, to: next });
      if (msg.table === undefined) s = { ...s, lobbyChat: push(s.lobbyChat, line) };
      else s = tableLine(s, msg.table, line);
      if (msg.key === 'away_summary' && msg.table !== undefined) {
        const away = awayOf(msg.params);
        s = withTable(s, msg.table, (t) => ({ ...t, away }));
      }
      break;
    }
    case 'error': {
      // A move that answers a state the table has already left (a teammate was quicker) is no
      // error of the player's: a quiet line, and the current state is asked for below.
      const line = textLine(msg, !(msg.code === 'stale' && msg.key === 'stale'));
      if (msg.code === 'bad_token') {
        // The server forgot us (a new database): start afresh.
        effects.push({ kind: 'token', token: null }, { kind: 'rehello' });
      }
      if (msg.code === 'stale' && msg.table !== undefined) {
        effects.push({ kind: 'send', msg: { type: 'resync', table: msg.table } });
      }
      if (msg.table !== undefined && s.tables[msg.table]) {
        s = withTable(s, msg.table, (t) => ({ ...t, chat: push(t.chat, line) }));
      } else {
        s = { ...s, errors: push(s.errors, line) };
      }
      break;
    }
    case 'left': {
      const tables = { ...s.tables };
      delete tables[msg.table];
      s = { ...s, tables };
      break;
    }
    case 'replaced':
      s = { ...s, replaced: true };
      break;
    case 'ack':
    case 'pong':
    case 'recent': // shown by the client (an animation), no state
      break;
  }
  return { state: s, effects };
}

/** The player closed the summary of what the bot did for them. */
export function dismissAway(s: State, id: TableId): State {
  return withTable(s, id, (t) => ({ ...t, away: null }));
}

/** Removes the oldest error (after it was shown). */
export function dismissError(s: State): State {
  return { ...s, errors: s.errors.slice(1) };
}
