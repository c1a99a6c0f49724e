import { describe, expect, it } from 'vitest';
import type { ServerMsg, TableInfo } from './protocol';
import { apply, dismissAway, initialState, withHistory, type State } from './store';

const info = (id: number, extra: Partial<TableInfo> = {}): TableInfo => ({
  id,
  game: 'classic',
  options: {},
  table_options: { timer: '0', reconnect: '60' },
  max_seats: 4,
  seats: [{ seat: 0, name: 'Ann', kind: 'human', connected: true }],
  spectators: 0,
  host: 'Ann',
  state: 'open',
  ...extra,
});

const view = (turn: number) => ({ turn, rows: { rows: [[1], [2], [3], [4]], marker: null } });

function run(msgs: ServerMsg[], s: State = initialState()) {
  const effects = [];
  for (const m of msgs) {
    const r = apply(s, m);
    s = r.state;
    effects.push(...r.effects);
  }
  return { s, effects };
}

const welcome: ServerMsg = { type: 'welcome', protocol: 1, player: 'p1', name: 'Ann', token: 'tok', lang: 'en', seated: [] };
const state3 = (version: number, turn = 1): ServerMsg => ({
  type: 'state',
  table: info(3, { state: 'playing' }),
  version,
  you: { role: 'player', seat: 0, host: true },
  view: view(turn),
});
const update = (version: number, turn: number): ServerMsg => ({
  type: 'update',
  table: 3,
  version,
  events: [{ type: 'chosen', seat: 1 }],
  view: view(turn),
});

describe('applying server messages', () => {
  it('welcome keeps the token and subscribes to the lobby', () => {
    const { s, effects } = run([welcome]);
    expect(s.me).toEqual({ player: 'p1', name: 'Ann', token: 'tok' });
    expect(effects).toContainEqual({ kind: 'token', token: 'tok' });
    expect(effects).toContainEqual({ kind: 'send', msg: { type: 'list_tables', subscribe: true } });
  });

  it('the lobby list follows tables and table_changed, closed ones leave it', () => {
    let { s } = run([welcome, { type: 'tables', tables: [info(2), info(1)] }]);
    expect(s.lobby.map((t) => t.id)).toEqual([1, 2]);
    s = run([{ type: 'table_changed', table: info(2, { state: 'playing' }) }], s).s;
    expect(s.lobby.find((t) => t.id === 2)?.state).toBe('playing');
    s = run([{ type: 'table_changed', table: info(5) }], s).s;
    expect(s.lobby.map((t) => t.id)).toEqual([1, 2, 5]);
    s = run([{ type: 'table_changed', table: info(1), closed: true }], s).s;
    expect(s.lobby.map((t) => t.id)).toEqual([2, 5]);
  });

  it('updates in order advance the version and the view and animate the events', () => {
    const { s, effects } = run([welcome, state3(7), update(8, 1), update(9, 2)]);
    expect(s.tables[3].version).toBe(9);
    expect((s.tables[3].view as unknown as { turn: number }).turn).toBe(2);
    const anims = effects.filter((e) => e.kind === 'animate');
    expect(anims).toHaveLength(2);
    expect(anims[0]).toMatchObject({ table: 3, events: [{ type: 'chosen', seat: 1 }] });
  });

  it('the seat’s legal actions follow the last state or update; an update without them clears them', () => {
    const play = [{ card: 12, type: 'play' }];
    let { s } = run([welcome, { ...state3(7), legal: play } as ServerMsg]);
    expect(s.tables[3].legal).toEqual(play);
    s = run([{ ...update(8, 1), legal: [{ row: 0, type: 'take_row' }] } as ServerMsg], s).s;
    expect(s.tables[3].legal).toEqual([{ row: 0, type: 'take_row' }]);
    s = run([update(9, 2)], s).s;
    expect(s.tables[3].legal).toEqual([]);
  });

  it('the welcome’s game descriptors are kept for the lobby form', () => {
    const games = [{ name: 'classic', title: { en: '6 nimmt!', de: '6 nimmt!' }, players: [2, 10], sense: 'lower', team: false, automata: [], options: [] }];
    const { s } = run([{ ...welcome, games } as ServerMsg]);
    expect(s.games).toEqual(games);
    // A welcome without them (an older server) keeps what was known.
    expect(run([welcome], s).s.games).toEqual(games);
  });

  it('a version gap asks for a resync and ignores updates until the state arrives', () => {
    let { s, effects } = run([welcome, state3(7), update(9, 3)]);
    expect(effects).toContainEqual({ kind: 'send', msg: { type: 'resync', table: 3 } });
    expect(s.tables[3].version).toBe(7);
    expect(s.tables[3].resyncing).toBe(true);
    // Later updates before the full state change nothing and ask no second time.
    const r = run([update(10, 4)], s);
    expect(r.s.tables[3].version).toBe(7);
    expect(r.effects.filter((e) => e.kind === 'send')).toHaveLength(0);
    s = run([state3(10, 4)], r.s).s;
    expect(s.tables[3]).toMatchObject({ version: 10, resyncing: false });
    // And then updates apply again.
    s = run([update(11, 5)], s).s;
    expect(s.tables[3].version).toBe(11);
  });

  it('a repeated or old update is ignored', () => {
    const { s, effects } = run([welcome, state3(7), update(8, 1), update(8, 9), update(5, 9)]);
    expect(s.tables[3].version).toBe(8);
    expect((s.tables[3].view as unknown as { turn: number }).turn).toBe(1);
    expect(effects.filter((e) => e.kind === 'send' && e.msg.type === 'resync')).toHaveLength(0);
  });

  it('an update for an unknown table asks for its state', () => {
    const { effects } = run([welcome, update(4, 1)]);
    expect(effects).toContainEqual({ kind: 'send', msg: { type: 'resync', table: 3 } });
  });

  it('a stale move asks for the current state', () => {
    const { effects } = run([
      welcome,
      state3(7),
      { type: 'error', id: 4, table: 3, code: 'stale', key: 'stale', text: 'old', params: { version: '6', current: '7' } },
    ]);
    expect(effects).toContainEqual({ kind: 'send', msg: { type: 'resync', table: 3 } });
  });

  it('a move overtaken by a quicker teammate is told quietly, not as an error', () => {
    const { s } = run([
      welcome,
      state3(7),
      { type: 'error', id: 4, table: 3, code: 'stale', key: 'stale', text: 'old', params: { version: '6', current: '7' } },
      { type: 'error', id: 5, table: 3, code: 'not_asked', key: 'not_asked', text: 'not now' },
    ]);
    expect(s.tables[3].chat.map((l) => [l.key, !!l.error])).toEqual([
      ['stale', false],
      ['not_asked', true],
    ]);
  });

  it('chat and notices go to their table or to the lobby', () => {
    const { s } = run([
      welcome,
      state3(1),
      { type: 'chat', table: 3, from: 'Bob', text: 'hi' },
      { type: 'chat', from: 'Cy', text: 'lobby!' },
      { type: 'notice', table: 3, key: 'joined', params: { name: 'Bob', seat: '2' }, text: 'Bob sits down (seat 2).' },
      { type: 'error', code: 'no_such_table', key: 'no_such_table', text: 'There is no table 9.' },
    ]);
    expect(s.tables[3].chat.map((l) => l.text)).toEqual(['hi', 'Bob sits down (seat 2).']);
    expect(s.tables[3].chat[1]).toMatchObject({ from: null, key: 'joined' });
    expect(s.lobbyChat).toEqual([{ from: 'Cy', text: 'lobby!' }]);
    expect(s.errors[0]).toMatchObject({ key: 'no_such_table', error: true });
  });

  it('the notice of one\'s own joining, sent before the table\'s state, opens its chat', () => {
    const { s } = run([
      welcome,
      { type: 'notice', table: 3, key: 'joined', params: { name: 'Ann', seat: '1' }, text: 'Ann sits down (seat 1).' },
      state3(1),
    ]);
    expect(s.tables[3].chat.map((l) => l.key)).toEqual(['joined']);
    expect(s.early).toEqual({});
  });

  it('an unknown token is forgotten and a fresh hello follows', () => {
    const { effects } = run([{ type: 'error', code: 'bad_token', key: 'bad_token', text: 'unknown' }]);
    expect(effects).toEqual([{ kind: 'token', token: null }, { kind: 'rehello' }]);
  });

  it('after a reconnection the seats resume and watched tables are watched again', () => {
    const watch: ServerMsg = {
      type: 'state',
      table: info(4, { state: 'playing' }),
      version: 2,
      you: { role: 'spectator', host: false },
      view: view(1),
    };
    let { s } = run([welcome, state3(7), watch, { type: 'state', table: info(6), version: 0, you: { role: 'player', seat: 1, host: false } }]);
    // Table 6 was left while offline: the new welcome lists only table 3.
    const r = run([{ ...welcome, seated: [3] } as ServerMsg], s);
    s = r.s;
    expect(Object.keys(s.tables).sort()).toEqual(['3', '4']);
    expect(s.tables[3].resyncing).toBe(true);
    expect(r.effects).toContainEqual({ kind: 'send', msg: { type: 'join', table: 4, role: 'spectator' } });
    s = run([state3(12)], s).s;
    expect(s.tables[3]).toMatchObject({ version: 12, resyncing: false });
  });

  it('left forgets the table; replaced is remembered', () => {
    const { s } = run([welcome, state3(1), { type: 'left', table: 3 }, { type: 'replaced' }]);
    expect(s.tables[3]).toBeUndefined();
    expect(s.replaced).toBe(true);
  });

  it('keeps at most the last 200 chat lines', () => {
    const msgs: ServerMsg[] = Array.from({ length: 250 }, (_, i) => ({ type: 'chat', from: 'A', text: String(i) }));
    const { s } = run(msgs);
    expect(s.lobbyChat).toHaveLength(200);
    expect(s.lobbyChat[199].text).toBe('249');
  });

  it('the deadline is kept on this client’s clock, from the time left the server says', () => {
    const asked: ServerMsg = { ...(state3(5) as Extract<ServerMsg, { type: 'state' }>), deadline: { at: 9_999_999, left_ms: 12_000 } };
    let s = apply(run([welcome]).s, asked, 1_000).state;
    expect(s.tables[3].deadline).toBe(13_000);
    // An update without a deadline: the seat is not asked any more.
    s = apply(s, update(6, 1), 2_000).state;
    expect(s.tables[3].deadline).toBeNull();
    s = apply(s, { ...(update(7, 2) as Extract<ServerMsg, { type: 'update' }>), deadline: { at: 1, left_ms: 30_000 } }, 3_000).state;
    expect(s.tables[3].deadline).toBe(33_000);
  });

  it('the chat history opens a fresh table’s chat and adds only what was missed after a reconnection', () => {
    let { s } = run([welcome, { type: 'notice', table: 3, key: 'joined', params: { name: 'Ann', seat: '0' }, text: 'Ann sits down (seat 0).' }, state3(1)]);
    s = run([{ type: 'chat_history', table: 3, lines: [{ from: 'Bob', text: 'hi' }, { from: 'Ann', text: 'hello' }] }], s).s;
    expect(s.tables[3].chat.map((l) => l.text)).toEqual(['hi', 'hello', 'Ann sits down (seat 0).']);
    const again = withHistory(s.tables[3].chat, [{ from: 'Ann', text: 'hello' }, { from: 'Bob', text: 'missed' }]);
    expect(again.map((l) => l.text)).toEqual(['hi', 'hello', 'Ann sits down (seat 0).', 'missed']);
  });

  it('notices come back with the history after a reload, in the reader’s language, and are not repeated', () => {
    const back = { type: 'notice', table: 3, key: 'back', params: { name: 'Ann' }, text: 'Ann ist zurück.' } as const;
    let { s } = run([welcome, back, state3(1)]);
    const lines = [
      { from: 'Bob', text: 'hi' },
      { from: '', text: 'Cara verlässt den Tisch.', key: 'left_table', params: { name: 'Cara' } },
      { from: '', text: 'Ein Bot spielt ab jetzt für Cara.', key: 'bot_took_seat', params: { name: 'Cara' } },
      { from: '', text: 'Ann ist zurück.', key: 'back', params: { name: 'Ann' } },
    ];
    s = run([{ type: 'chat_history', table: 3, lines }], s).s;
    const chat = s.tables[3].chat;
    expect(chat.map((l) => l.text)).toEqual(['hi', 'Cara verlässt den Tisch.', 'Ein Bot spielt ab jetzt für Cara.', 'Ann ist zurück.']);
    expect(chat[2]).toMatchObject({ from: null, key: 'bot_took_seat', params: { name: 'Cara' } });
    // A reconnection: what was said while the connection was down comes in, once.
    s = run([{ ...welcome, seated: [3] }, back, state3(2), { type: 'chat_history', table: 3, lines: [...lines, { from: 'Bob', text: 'wb' }, lines[3]] }], s).s;
    expect(s.tables[3].chat.map((l) => l.text)).toEqual([...chat.map((l) => l.text), 'wb', 'Ann ist zurück.']);
  });

  it('a summary of what the bot did while one was away is kept until it is closed', () => {
    const params = { moves: '2', actions: '[{"type":"play","card":34}]', events: '[{"type":"revealed"}]' };
    let { s } = run([welcome, state3(1), { type: 'notice', table: 3, key: 'away_summary', params, text: 'While you were away…' }]);
    expect(s.tables[3].away).toEqual({ moves: 2, actions: [{ type: 'play', card: 34 }], events: [{ type: 'revealed' }] });
    s = run([state3(2)], s).s;
    expect(s.tables[3].away?.moves).toBe(2);
    s = dismissAway(s, 3);
    expect(s.tables[3].away).toBeNull();
  });

  it('a rematch notice asks to follow the finished table to the next game', () => {
    const { effects } = run([welcome, state3(1), { type: 'notice', table: 3, key: 'rematch', params: { table: '8' }, text: 'The next game starts at table 8.' }]);
    expect(effects).toContainEqual({ kind: 'rematch', from: 3, to: 8 });
  });
});
