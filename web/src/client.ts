// Glue between the connection, the state and the screen: applies server messages, carries out
// their effects, runs the animations, and tells the screen when to draw.

import { ACCOUNT_KEY } from './account/session';
import { hintOf, type Hint } from './analysis/hint';
import { Connection, NAME_KEY, TOKEN_KEY, socketUrl, type ConnStatus, type StorageLike } from './conn';
import { screenFor } from './games/registry';
import type { Animation, Frame } from './games/screen';
import { pickLang, translate } from './i18n';
import { friendsMessage } from './friends/state';
import { tournamentMessage } from './tournaments/state';
import { factor, onSkip } from './pace';
import type { ClientMsg, Lang, ServerMsg, TableCommand, TableId } from './protocol';
import { apply, dismissAway, initialState, type State } from './store';

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
  anim: Record<TableId, Running> = {};
  /** By table: the last deal's summary (a frame's `summary`), and whether it is open. It opens
   * when the animation reaches the end of the deal (at once at "instant") and stays over the
   * next deal until the player closes it or the next turn is shown (an update that moves
   * something on the table); it can be opened again. */
  summaries: Record<TableId, { summary: unknown; open: boolean }> = {};
  /** By table: the last hint the server gave this player (`/hint`), until the player acts
   * there or is no longer asked. */
  hints: Record<TableId, Hint> = {};
  /** By table: notices held back until the animation running there ends (the game's winner is
   * named once the last deal has been shown). */
  private held: Record<TableId, ServerMsg[]> = {};
  /** Tables whose state just came to this page for the first time: their `recent` shows what
   * just happened (unless an animation kept from before a reload already does). */
  private arriving = new Set<TableId>();
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
        onEnded: () => this.ended(),
      },
      name,
      this.lang,
    );
    this.conn.start();
    onSkip(() => {
      for (const id of Object.keys(this.anim)) this.finish(Number(id));
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
    delete this.hints[table];
    this.send({ type: 'act', table, version: t.version, action });
  }

  /** A table command, sent typed (the buttons'; a chat line that starts with `/` says the same). */
  command(table: TableId, command: TableCommand) {
    this.send({ type: 'command', table, command });
  }

  chat(table: TableId | undefined, text: string) {
    this.send(table === undefined ? { type: 'chat', text } : { type: 'chat', table, text });
  }

  /** The account's name while this browser holds an account's session; null for a guest. */
  get account(): string | null {
    return this.storage.getItem(ACCOUNT_KEY);
  }

  /** From now on this browser is the account of `token` (a sign-up or a login): hello says
   * the session token and resumes that identity with its seats. */
  useSession(token: string, name: string) {
    this.storage.setItem(TOKEN_KEY, token);
    this.storage.setItem(ACCOUNT_KEY, name);
    this.storage.setItem(NAME_KEY, name);
    this.conn.name = name;
    this.conn.reconnect();
    this.changed();
  }

  /** This page is about to end its own session (a logout, a deletion) until then. */
  private endingHere = 0;

  /** This page asks to end its own session: the connection's close (4005) is expected. */
  expectEnd() {
    this.endingHere = Date.now() + 15000;
  }

  /** The server closed the connection because its session ended (4005). Ended on this page:
   * the page goes on as a guest by itself. Ended elsewhere (a logout, a new password, the
   * account deleted, expired): a guest from now on, on the account page with the reason. A
   * banned guest stays offline: the `banned` error says why. */
  private ended() {
    if (Date.now() < this.endingHere || !this.account) return;
    this.endSession();
    const said = { from: null, text: translate(this.lang, 'account.sessionEnded'), error: true };
    // No longer the account (its name is not offered for a sign-up) until the guest's welcome.
    this.state = { ...this.state, me: null, errors: [...this.state.errors, said] };
    window.location.hash = '#/account';
    this.changed();
  }

  /** The session ended (logged out, deleted, or revoked elsewhere): a new guest, under a new
   * name (the account's name is not a guest's to take). */
  endSession(reconnect = true) {
    this.storage.removeItem(TOKEN_KEY);
    this.storage.removeItem(ACCOUNT_KEY);
    const name = randomName();
    this.storage.setItem(NAME_KEY, name);
    this.conn.name = name;
    this.endingHere = 0;
    if (reconnect) this.conn.reconnect();
    this.changed();
  }

  setName(name: string) {
    name = name.trim();
    // An account keeps its name.
    if (!name || name === this.name || this.account) return;
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

  /** Closes the table's deal summary. */
  closeSummary(table: TableId) {
    const s = this.summaries[table];
    if (s) this.summaries[table] = { ...s, open: false };
    this.changed();
  }

  /** Opens the table's last deal summary again. */
  openSummary(table: TableId) {
    const s = this.summaries[table];
    if (s) this.summaries[table] = { ...s, open: true };
    this.changed();
  }

  /** The player closed the summary of what the bot did for them while they were away. */
  closeAway(table: TableId) {
    this.state = dismissAway(this.state, table);
    this.changed();
  }

  private onMessage(msg: ServerMsg) {
    if (friendsMessage(this, msg) || tournamentMessage(this, msg)) {
      this.changed();
      return;
    }
    // The game's end is said in the chat once the animation has shown the last deal.
    if (msg.type === 'notice' && msg.table !== undefined && this.anim[msg.table] && GAME_OVER.includes(msg.key)) {
      (this.held[msg.table] ??= []).push(msg);
      return;
    }
    if (msg.type === 'notice' && msg.key === 'hint' && msg.table !== undefined) {
      const hint = hintOf(msg.params);
      // Drawn at the choices (or above the board): the chat does not repeat it.
      if (hint) {
        this.hints[msg.table] = hint;
        this.changed();
        return;
      }
    }
    const known = msg.type === 'state' && !!this.state.tables[msg.table.id];
    if (msg.type === 'state' && !known) this.arriving.add(msg.table.id);
    if (msg.type === 'update') this.arriving.delete(msg.table);
    if (msg.type === 'recent') this.recent(msg);
    const { state, effects } = apply(this.state, msg);
    if (msg.type === 'state' && !known && this.pendingOpen) {
      this.pendingOpen = false;
      window.location.hash = `#/table/${msg.table.id}`;
      if (this.quick && msg.table.state === 'open') {
        this.quick = false;
        const bots = Array.from({ length: msg.table.max_seats - msg.table.seats.length }, (): TableCommand => ({ name: 'bot_add' }));
        for (const command of [...bots, { name: 'start' } as const]) this.conn.send({ type: 'command', table: msg.table.id, command });
      }
    }
    if (msg.type === 'welcome' && !this.welcomed) {
      this.welcomed = true;
      // Opened afresh while holding a seat: go straight back to that table.
      const h = window.location.hash;
      if (msg.seated.length && (h === '' || h === '#' || h === '#/')) window.location.hash = `#/table/${msg.seated[0]}`;
    }
    this.state = state;
    // A hint holds only while its player is asked.
    for (const id of Object.keys(this.hints)) if (!state.tables[Number(id)]?.legal.length) delete this.hints[Number(id)];
    for (const e of effects) {
      if (e.kind === 'send') this.conn.send(e.msg);
      else if (e.kind === 'token') {
        if (e.token) this.storage.setItem(TOKEN_KEY, e.token);
        else if (this.account) {
          this.endSession(false);
          // Not an unknown token to the player: the account's session ended elsewhere.
          const said = { from: null, text: translate(this.lang, 'account.sessionEnded'), error: true };
          this.state = { ...this.state, errors: [...this.state.errors.filter((l) => l.key !== 'bad_token'), said] };
        }
        else this.storage.removeItem(TOKEN_KEY);
      } else if (e.kind === 'rehello') this.conn.reconnect();
      else if (e.kind === 'rematch') this.follow(e.from, e.to);
      else if (e.kind === 'animate') {
        const screen = screenFor(this.state.tables[e.table]?.info.game ?? '');
        if (screen?.frames) this.animate(e.table, screen.frames(e.from as never, e.events), e.from, !!screen.Summary);
      }
    }
    // A state (a reload, a reconnection) keeps an animation running; after a reload the one
    // that was running goes on where it was.
    if (msg.type === 'state' && !this.anim[msg.table.id] && msg.view) this.resume(msg.table.id, msg.version);
    this.changed();
  }

  /** What just happened at a table this page just arrived at: shown as the updates would have
   * been (from the view a few moves ago), unless an animation already runs there. */
  private recent(msg: Extract<ServerMsg, { type: 'recent' }>) {
    const arriving = this.arriving.delete(msg.table);
    const at = this.state.tables[msg.table];
    const screen = screenFor(at?.info.game ?? '');
    if (!arriving || !at || at.version !== msg.version || this.anim[msg.table] || !screen?.frames) return;
    this.animate(msg.table, screen.frames(msg.view as never, msg.events), msg.view, !!screen.Summary);
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

  /** Shows `frames` one after another, each for its time at the chosen speed (none at "instant").
   * A frame with a deal's `summary` is not shown in passing (`holdsSummaries`: the game's screen
   * shows summaries kept open): the summary opens at that moment and stays until closed. */
  private animate(table: TableId, all: Frame[], from: unknown, holdsSummaries: boolean) {
    const version = this.state.tables[table]?.version ?? 0;
    const frames: Frame[] = [];
    // An update that moves something (the next turn's cards revealed) closes the summary of an
    // earlier deal when the animation reaches it.
    const holds: Hold[] = holdsSummaries && all.length ? [{ at: 0, summary: null }] : [];
    for (const f of all) {
      // (Only for a game whose screen shows a summary kept open; others animate it in passing.)
      const summary = holdsSummaries ? (f as { summary?: unknown }).summary : undefined;
      if (summary) holds.push({ at: frames.length, summary });
      else frames.push(f);
    }
    const cur = this.anim[table];
    if (!frames.length || factor() === 0) {
      if (!cur) {
        for (const h of holds) this.openHeld(table, h.summary);
        return;
      }
      frames.length = 0;
    }
    if (cur) {
      // Still showing the last update: queue these frames behind it.
      for (const h of holds) cur.holds.push({ at: h.at + cur.frames.length, summary: h.summary });
      cur.frames.push(...frames);
      cur.version = version;
      return;
    }
    this.run(table, { frames, i: 0, from, holds, version });
  }

  /** Shows an animation's frames from its current one on, each for its time. */
  private run(table: TableId, a: Running) {
    this.anim[table] = a;
    const step = () => {
      if (this.anim[table] !== a) return;
      a.i += 1;
      this.reached(table, a);
      if (a.i >= a.frames.length) this.finish(table);
      else {
        this.save(table);
        window.setTimeout(step, a.frames[a.i].ms * factor());
      }
      this.changed();
    };
    this.reached(table, a);
    if (a.i >= a.frames.length) this.finish(table);
    else {
      this.save(table);
      window.setTimeout(step, a.frames[a.i].ms * factor());
    }
  }

  /** Opens the summaries the animation has come to. */
  private reached(table: TableId, a: Running) {
    while (a.holds.length && a.holds[0].at <= a.i && a.i < a.frames.length) this.openHeld(table, a.holds.shift()!.summary);
  }

  /** Ends the table's animation: its summaries open, the notices held back are said. */
  private finish(table: TableId) {
    const a = this.anim[table];
    delete this.anim[table];
    sessionStore()?.removeItem(ANIM_KEY + table);
    for (const h of a?.holds ?? []) this.openHeld(table, h.summary);
    const held = this.held[table] ?? [];
    delete this.held[table];
    for (const m of held) this.onMessage(m);
  }

  /** Opens a deal's summary; `null`: closes the one open (it stays to open again). */
  private openHeld(table: TableId, summary: unknown) {
    if (summary === null) {
      const s = this.summaries[table];
      if (s?.open) this.summaries[table] = { ...s, open: false };
    } else this.summaries[table] = { summary, open: true };
  }

  /** Keeps the rest of the running animation for a reload of the page. */
  private save(table: TableId) {
    const a = this.anim[table];
    if (!a) return;
    const rest = { version: a.version, at: Date.now(), frames: a.frames.slice(a.i), holds: a.holds.map((h) => ({ ...h, at: Math.max(0, h.at - a.i) })), from: a.from };
    try {
      sessionStore()?.setItem(ANIM_KEY + table, JSON.stringify(rest));
    } catch {
      // Full or unavailable: a reload then shows the table as it stands.
    }
  }

  /** After a reload: the animation that was running at the table goes on where it was (if it
   * was running within the last minute and is not newer than the table's state). */
  private resume(table: TableId, version: number) {
    const store = sessionStore();
    const text = store?.getItem(ANIM_KEY + table);
    if (!text) return;
    store?.removeItem(ANIM_KEY + table);
    try {
      const rest = JSON.parse(text) as { version: number; at: number; frames: Frame[]; holds: Hold[]; from: unknown };
      if (rest.version > version || Date.now() - rest.at > RESUME_MS || !rest.frames.length || factor() === 0) return;
      this.run(table, { frames: rest.frames, i: 0, from: rest.from, holds: rest.holds, version: rest.version });
    } catch {
      // Not ours to read: forget it.
    }
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

/** The notices that say the game is over. */
const GAME_OVER = ['game_over_notice', 'game_over_no_winner'];

/** Where the running animation is kept for a reload, by table. */
const ANIM_KEY = 'nimmt.anim.';
/** How long after a reload the animation that was running goes on (ms). */
const RESUME_MS = 60_000;

/** A deal's summary, to open when the animation reaches frame `at` (`null`: close the open one). */
interface Hold {
  at: number;
  summary: unknown;
}

interface Running extends Animation {
  holds: Hold[];
  /** The table version of the last update the animation shows. */
  version: number;
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function randomName(): string {
  const animals = ['Ox', 'Bull', 'Cow', 'Calf', 'Yak', 'Bison', 'Gnu', 'Zebu'];
  return `${animals[Math.floor(Math.random() * animals.length)]}${Math.floor(100 + Math.random() * 900)}`;
}
