// Glue between the connection, the state and the screen: applies server messages, carries out
// their effects, runs the animations, and tells the screen when to draw.

import { Connection, NAME_KEY, TOKEN_KEY, socketUrl, type ConnStatus, type StorageLike } from './conn';
import { screenFor } from './games/registry';
import type { Animation, Frame } from './games/screen';
import { pickLang } from './i18n';
import { factor, onSkip } from './pace';
import type { ClientMsg, Lang, ServerMsg, TableId } from './protocol';
import { apply, initialState, type State } from './store';

export const LANG_KEY = 'nimmt.lang';

export class Client {
  state: State = initialState();
  status: ConnStatus = 'connecting';
  lang: Lang;
  /** A table was asked for: open it when its state arrives. */
  pendingOpen = false;
  private welcomed = false;
  /** "Play against bots now" was pressed: seat bots and start once the table is there. */
  private quick = false;
  anim: Record<TableId, Animation> = {};
  private listeners = new Set<() => void>();
  private conn: Connection;
  private storage: StorageLike;

  constructor() {
    this.storage = window.localStorage;
    this.lang = pickLang(this.storage.getItem(LANG_KEY), navigator.languages ?? [navigator.language]);
    const name = this.storage.getItem(NAME_KEY) ?? randomName();
    this.conn = new Connection(
      {
        url: socketUrl(window.location),
        open: (u) => new WebSocket(u) as unknown as import('./conn').SocketLike,
        storage: this.storage,
        setTimer: (f, ms) => window.setTimeout(f, ms),
        clearTimer: (t) => window.clearTimeout(t as number),
        onMessage: (m) => this.onMessage(m),
        onStatus: (s) => {
          this.status = s;
          this.changed();
        },
      },
      name,
      this.lang,
    );
    this.conn.start();
    onSkip(() => {
      this.anim = {};
      this.changed();
    });
  }

  get name(): string {
    return this.state.me?.name ?? this.conn.name;
  }

  subscribe(f: () => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  private changed() {
    for (const f of this.listeners) f();
  }

  send(msg: ClientMsg): number {
    return this.conn.send(msg);
  }

  act(table: TableId, action: unknown) {
    const t = this.state.tables[table];
    if (!t) return;
    this.send({ type: 'act', table, version: t.version, action });
  }

  chat(table: TableId | undefined, text: string) {
    this.send(table === undefined ? { type: 'chat', text } : { type: 'chat', table, text });
  }

  setName(name: string) {
    name = name.trim();
    if (!name || name === this.name) return;
    this.storage.setItem(NAME_KEY, name);
    this.conn.name = name;
    // A new name is said in a new hello without the token: a new identity. Only while seated
    // nowhere, so no seat is lost.
    if (Object.keys(this.state.tables).length === 0) {
      this.storage.removeItem(TOKEN_KEY);
      this.conn.reconnect();
    }
    this.changed();
  }

  setLang(lang: Lang) {
    this.lang = lang;
    this.conn.lang = lang;
    this.storage.setItem(LANG_KEY, lang);
    document.documentElement.lang = lang;
    this.changed();
  }

  /** Opens a table of the room's first game (6 nimmt!) for four, seats three bots and starts
   * ("play against bots now"). */
  quickPlay() {
    const game = this.state.games[0];
    if (!game) return;
    this.quick = true;
    this.pendingOpen = true;
    this.send({ type: 'create_table', game: game.name, options: {}, seats: Math.min(4, game.players[1]) });
  }

  dismissError() {
    this.state = { ...this.state, errors: this.state.errors.slice(1) };
    this.changed();
  }

  takeOver() {
    this.state = { ...this.state, replaced: false };
    this.conn.start();
  }

  private onMessage(msg: ServerMsg) {
    const known = msg.type === 'state' && !!this.state.tables[msg.table.id];
    const { state, effects } = apply(this.state, msg);
    if (msg.type === 'state' && !known && this.pendingOpen) {
      this.pendingOpen = false;
      window.location.hash = `#/table/${msg.table.id}`;
      if (this.quick && msg.table.state === 'open') {
        this.quick = false;
        const bots = Array.from({ length: msg.table.max_seats - msg.table.seats.length }, () => '/bot add');
        for (const text of [...bots, '/start']) this.conn.send({ type: 'chat', table: msg.table.id, text });
      }
    }
    if (msg.type === 'welcome' && !this.welcomed) {
      this.welcomed = true;
      // Opened afresh while holding a seat: go straight back to that table.
      const h = window.location.hash;
      if (msg.seated.length && (h === '' || h === '#' || h === '#/')) window.location.hash = `#/table/${msg.seated[0]}`;
    }
    this.state = state;
    for (const e of effects) {
      if (e.kind === 'send') this.conn.send(e.msg);
      else if (e.kind === 'token') {
        if (e.token) this.storage.setItem(TOKEN_KEY, e.token);
        else this.storage.removeItem(TOKEN_KEY);
      } else if (e.kind === 'rehello') this.conn.reconnect();
      else if (e.kind === 'rematch') this.follow(e.from, e.to);
      else if (e.kind === 'animate') {
        const screen = screenFor(this.state.tables[e.table]?.info.game ?? '');
        if (screen?.frames) this.animate(e.table, screen.frames(e.from as never, e.events), e.from);
      }
    }
    if (msg.type === 'state') delete this.anim[msg.table.id];
    this.changed();
  }

  /** The finished table `from` plays again as `to`: sit down there (or watch), leave `from`, and
   * show `to` if `from` was on the screen. */
  private follow(from: TableId, to: TableId) {
    const at = this.state.tables[from];
    if (!at || this.state.tables[to]) return;
    if (window.location.hash === `#/table/${from}`) this.pendingOpen = true;
    this.conn.send({ type: 'join', table: to, role: at.you.role === 'player' ? 'player' : 'spectator' });
    this.conn.send({ type: 'leave', table: from });
  }

  /** Shows `frames` one after another, each for its time at the chosen speed (none at "instant"). */
  private animate(table: TableId, frames: Frame[], from: unknown) {
    if (!frames.length || factor() === 0) return;
    const cur = this.anim[table];
    if (cur) {
      // Still showing the last update: queue these frames behind it.
      cur.frames.push(...frames);
      return;
    }
    const a = { frames, i: 0, from };
    this.anim[table] = a;
    const step = () => {
      if (this.anim[table] !== a) return;
      a.i += 1;
      if (a.i >= a.frames.length) delete this.anim[table];
      else window.setTimeout(step, a.frames[a.i].ms * factor());
      this.changed();
    };
    window.setTimeout(step, frames[0].ms * factor());
  }

  /** The animation running at a table, if any. */
  animation(table: TableId): Animation | null {
    return this.anim[table] ?? null;
  }

  /** The frame to draw for a table now, if an animation runs. */
  frame(table: TableId): Frame | null {
    const a = this.anim[table];
    return a ? a.frames[a.i] : null;
  }
}

function randomName(): string {
  const animals = ['Ox', 'Bull', 'Cow', 'Calf', 'Yak', 'Bison', 'Gnu', 'Zebu'];
  return `${animals[Math.floor(Math.random() * animals.length)]}${Math.floor(100 + Math.random() * 900)}`;
}
