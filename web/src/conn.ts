// The WebSocket connection: says hello (with the saved token, so a reload or a dropped line
// resumes the seat), reconnects with a growing pause, and hands every server message on. A room
// on several servers names its other nodes in the welcome: when the line drops, the attempts
// go round the page's server and those nodes.

import { PROTOCOL_VERSION, type ClientMsg, type Lang, type ServerMsg } from './protocol';

export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface ConnOptions {
  url: string;
  open: (url: string) => SocketLike;
  storage: StorageLike;
  setTimer: (f: () => void, ms: number) => unknown;
  clearTimer: (t: unknown) => void;
  onMessage: (msg: ServerMsg) => void;
  onStatus: (status: ConnStatus) => void;
  /** The server closed with 4005: the session this line said hello with ended (a logout, a new
   * password, the account deleted, expired) or the identity was banned. The line does not come
   * back by itself with that token. */
  onEnded?: () => void;
}

/** `ended`: the session ended (4005); no new attempt until asked. */
export type ConnStatus = 'connecting' | 'online' | 'offline' | 'ended';

export const TOKEN_KEY = 'nimmt.token';
export const NAME_KEY = 'nimmt.name';
/** The close code of a connection whose session ended. */
export const SESSION_ENDED = 4005;
const OPEN = 1;

/** Pause before the n-th reconnection attempt (0-based): 0.5 s doubling up to 8 s. */
export function backoff(attempt: number): number {
  return Math.min(8000, 500 * 2 ** Math.min(attempt, 4));
}

export class Connection {
  private sock: SocketLike | null = null;
  private attempts = 0;
  private timer: unknown = null;
  private ping: unknown = null;
  private stopped = false;
  private nextId = 1;
  private queue: ClientMsg[] = [];
  private helloDone = false;
  /** The line is being closed on purpose, to open a new one at once (`reconnect`). */
  private renewing = false;
  /** The server closed with 4005 (session ended): stopped until asked to reconnect. */
  private ended = false;
  /** The other nodes of the room, from the last welcome. */
  private nodes: string[] = [];
  status: ConnStatus = 'connecting';

  constructor(
    private o: ConnOptions,
    public name: string,
    public lang: Lang,
  ) {}

  start(): void {
    this.stopped = false;
    this.ended = false;
    this.connect();
  }

  /** Closes for good (no reconnection), e.g. when another tab took over. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.o.clearTimer(this.timer);
    if (this.ping !== null) this.o.clearTimer(this.ping);
    this.sock?.close();
  }

  /** Sends now, or after the next hello when offline. Returns the request id. */
  send(msg: ClientMsg): number {
    const id = this.nextId++;
    if (this.sock && this.sock.readyState === OPEN && this.helloDone) {
      this.sock.send(JSON.stringify({ id, ...msg }));
    } else if (msg.type !== 'resync' && msg.type !== 'act') {
      // Moves and resyncs made offline are stale by the time we are back; the state we get
      // on resuming replaces them.
      this.queue.push(msg);
    }
    return id;
  }

  /** Drops the connection and opens a new one at once (e.g. with a new name, or a login): the
   * status says "connecting", never "offline", since nothing went wrong. */
  reconnect(): void {
    if (!this.sock) {
      // After the session ended, a new line is opened only on request (as a guest, a login).
      if (this.ended) this.start();
      return;
    }
    this.renewing = true;
    this.sock.close();
  }

  /** Says hello again on the same connection's successor, without a token. */
  forgetToken(): void {
    this.o.storage.removeItem(TOKEN_KEY);
  }

  /** Where the n-th attempt since the last welcome goes: the page's server first, then the
   * other nodes in turn. */
  urlFor(attempt: number): string {
    const urls = [this.o.url, ...this.nodes.filter((u) => u !== this.o.url)];
    return urls[attempt % urls.length];
  }

  private setStatus(s: ConnStatus) {
    this.status = s;
    this.o.onStatus(s);
  }

  private connect() {
    this.timer = null;
    this.helloDone = false;
    this.setStatus('connecting');
    const sock = this.o.open(this.urlFor(this.attempts));
    this.sock = sock;
    sock.onopen = () => {
      const token = this.o.storage.getItem(TOKEN_KEY) ?? undefined;
      const hello: ClientMsg = { type: 'hello', protocol: PROTOCOL_VERSION, name: this.name, lang: this.lang };
      if (token) hello.token = token;
      sock.send(JSON.stringify(hello));
    };
    sock.onmessage = (ev) => {
      let msg: ServerMsg;
      try {
        msg = JSON.parse(String(ev.data)) as ServerMsg;
      } catch {
        return;
      }
      if (msg.type === 'welcome') {
        this.attempts = 0;
        this.helloDone = true;
        this.nodes = msg.nodes ?? [];
        this.o.storage.setItem(TOKEN_KEY, msg.token);
        this.setStatus('online');
        this.o.onMessage(msg);
        const q = this.queue;
        this.queue = [];
        for (const m of q) this.send(m);
        this.keepAlive();
        return;
      }
      if (msg.type === 'replaced') {
        this.o.onMessage(msg);
        this.stop();
        this.setStatus('offline');
        return;
      }
      this.o.onMessage(msg);
    };
    sock.onerror = () => {};
    sock.onclose = (ev) => {
      if (this.sock !== sock) return;
      this.sock = null;
      this.helloDone = false;
      if (this.ping !== null) this.o.clearTimer(this.ping);
      this.ping = null;
      if (this.stopped) return;
      if (this.renewing) {
        this.renewing = false;
        this.connect();
        return;
      }
      if ((ev as { code?: number } | undefined)?.code === SESSION_ENDED) {
        this.stopped = true;
        this.ended = true;
        this.setStatus('ended');
        this.o.onEnded?.();
        return;
      }
      this.setStatus('offline');
      const wait = backoff(this.attempts++);
      this.timer = this.o.setTimer(() => this.connect(), wait);
    };
  }

  private keepAlive() {
    if (this.ping !== null) this.o.clearTimer(this.ping);
    this.ping = this.o.setTimer(() => {
      this.ping = null;
      if (this.sock && this.helloDone) {
        this.sock.send(JSON.stringify({ type: 'ping' }));
        this.keepAlive();
      }
    }, 25000);
  }
}

/** The WebSocket address of the server that served the page. */
export function socketUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}
