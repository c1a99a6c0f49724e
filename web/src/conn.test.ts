import { describe, expect, it } from 'vitest';
import { backoff, Connection, TOKEN_KEY, type SocketLike } from './conn';
import type { ServerMsg } from './protocol';

class FakeSocket implements SocketLike {
  readyState = 0;
  url = '';
  sent: unknown[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(d: string) {
    this.sent.push(JSON.parse(d));
  }
  close() {
    this.drop();
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(m: ServerMsg) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

function setup(token: string | null = null) {
  const store = new Map<string, string>();
  if (token) store.set(TOKEN_KEY, token);
  const sockets: FakeSocket[] = [];
  const timers: { f: () => void; ms: number; live: boolean }[] = [];
  const got: ServerMsg[] = [];
  const statuses: string[] = [];
  const ended: number[] = [];
  const conn = new Connection(
    {
      url: 'ws://x/ws',
      open: (url) => {
        const s = new FakeSocket();
        s.url = url;
        sockets.push(s);
        return s;
      },
      storage: {
        getItem: (k) => store.get(k) ?? null,
        setItem: (k, v) => void store.set(k, v),
        removeItem: (k) => void store.delete(k),
      },
      setTimer: (f, ms) => {
        const t = { f, ms, live: true };
        timers.push(t);
        return t;
      },
      clearTimer: (t) => {
        (t as { live: boolean }).live = false;
      },
      onMessage: (m) => got.push(m),
      onStatus: (s) => statuses.push(s),
      onEnded: () => ended.push(1),
    },
    'Ann',
    'de',
  );
  const fire = (ms: number) => {
    const t = timers.find((t) => t.live && t.ms === ms);
    if (!t) throw new Error(`no timer of ${ms} ms`);
    t.live = false;
    t.f();
  };
  return { conn, store, sockets, timers, got, statuses, fire, ended };
}

const welcome = (token: string): ServerMsg => ({ type: 'welcome', protocol: 1, player: 'p', name: 'Ann', token, lang: 'de', seated: [] });

describe('the connection', () => {
  it('says hello with name and language, and keeps the token of the welcome', () => {
    const { conn, sockets, store, got } = setup();
    conn.start();
    sockets[0].open();
    expect(sockets[0].sent).toEqual([{ type: 'hello', protocol: 1, name: 'Ann', lang: 'de' }]);
    sockets[0].receive(welcome('T1'));
    expect(store.get(TOKEN_KEY)).toBe('T1');
    expect(got[0].type).toBe('welcome');
    expect(conn.status).toBe('online');
  });

  it('after a reload the saved token resumes the identity', () => {
    const { conn, sockets } = setup('T1');
    conn.start();
    sockets[0].open();
    expect(sockets[0].sent[0]).toMatchObject({ type: 'hello', token: 'T1' });
  });

  it('a dropped connection reconnects after a growing pause and says hello with the token', () => {
    const { conn, sockets, timers, fire, statuses } = setup();
    conn.start();
    sockets[0].open();
    sockets[0].receive(welcome('T1'));
    sockets[0].drop();
    expect(statuses.at(-1)).toBe('offline');
    expect(timers.filter((t) => t.live).map((t) => t.ms)).toContain(500);
    fire(500);
    expect(sockets).toHaveLength(2);
    // The server is still down: the next pause is longer.
    sockets[1].drop();
    fire(1000);
    sockets[2].open();
    expect(sockets[2].sent[0]).toMatchObject({ type: 'hello', token: 'T1' });
    sockets[2].receive(welcome('T1'));
    // Back online: the pause starts small again.
    sockets[2].drop();
    fire(500);
    expect(sockets).toHaveLength(4);
  });

  it('a new line asked for (a login) opens at once, saying "connecting", never "offline"', () => {
    const { conn, sockets, statuses, timers } = setup();
    conn.start();
    sockets[0].open();
    sockets[0].receive(welcome('T1'));
    statuses.length = 0;
    conn.reconnect();
    expect(statuses).toEqual(['connecting']);
    expect(sockets).toHaveLength(2);
    expect(timers.filter((t) => t.live && t.ms === 500)).toHaveLength(0);
    sockets[1].open();
    sockets[1].receive(welcome('T2'));
    expect(conn.status).toBe('online');
    // A line that drops by itself afterwards still says so.
    sockets[1].drop();
    expect(statuses.at(-1)).toBe('offline');
  });

  it('in a room on several servers, the attempts go round the other nodes', () => {
    const { conn, sockets, fire } = setup();
    conn.start();
    sockets[0].open();
    sockets[0].receive({ ...welcome('T1'), nodes: ['ws://b/ws', 'ws://c/ws'] } as ServerMsg);
    // The node goes away: the attempts go to the other nodes in turn, then round again.
    sockets[0].drop();
    fire(500);
    sockets[1].drop();
    fire(1000);
    sockets[2].drop();
    fire(2000);
    expect(sockets.map((s) => s.url)).toEqual(['ws://x/ws', 'ws://b/ws', 'ws://c/ws', 'ws://x/ws']);
    sockets[3].drop();
    fire(4000);
    // Node b answers with the token: the seat resumes there.
    sockets[4].open();
    expect(sockets[4].url).toBe('ws://b/ws');
    expect(sockets[4].sent[0]).toMatchObject({ type: 'hello', token: 'T1' });
  });

  it('messages sent while offline wait for the next welcome; moves do not', () => {
    const { conn, sockets } = setup();
    conn.start();
    conn.send({ type: 'chat', text: 'hi' });
    conn.send({ type: 'act', table: 1, version: 3, action: { type: 'play', card: 5 } });
    sockets[0].open();
    expect(sockets[0].sent).toHaveLength(1); // only the hello
    sockets[0].receive(welcome('T'));
    expect(sockets[0].sent.slice(1)).toEqual([expect.objectContaining({ type: 'chat', text: 'hi' })]);
  });

  it('requests carry increasing ids', () => {
    const { conn, sockets } = setup();
    conn.start();
    sockets[0].open();
    sockets[0].receive(welcome('T'));
    const a = conn.send({ type: 'list_tables', subscribe: true });
    const b = conn.send({ type: 'join', table: 2, role: 'player' });
    expect(b).toBeGreaterThan(a);
    expect(sockets[0].sent.slice(1)).toEqual([
      { id: a, type: 'list_tables', subscribe: true },
      { id: b, type: 'join', table: 2, role: 'player' },
    ]);
  });

  it('when another tab takes over, it stops and does not reconnect', () => {
    const { conn, sockets, timers, got } = setup();
    conn.start();
    sockets[0].open();
    sockets[0].receive(welcome('T'));
    sockets[0].receive({ type: 'replaced' });
    expect(got.at(-1)?.type).toBe('replaced');
    expect(timers.filter((t) => t.live && t.ms < 25000)).toHaveLength(0);
    expect(sockets).toHaveLength(1);
  });

  it('when its session ended (close 4005) it does not come back with that token, until asked', () => {
    const { conn, sockets, timers, statuses, ended, store } = setup('s.old');
    conn.start();
    sockets[0].open();
    sockets[0].receive(welcome('s.old'));
    sockets[0].readyState = 3;
    sockets[0].onclose?.({ code: 4005 });
    expect(ended).toHaveLength(1);
    expect(statuses.at(-1)).toBe('ended');
    expect(timers.filter((t) => t.live && t.ms < 25000)).toHaveLength(0);
    expect(sockets).toHaveLength(1);
    // The page goes on as a guest: a new line, without the dead token.
    store.delete(TOKEN_KEY);
    conn.reconnect();
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent[0]).toEqual({ type: 'hello', protocol: 1, name: 'Ann', lang: 'de' });
  });

  it('pauses grow to at most 8 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoff)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});
