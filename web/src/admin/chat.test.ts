import { describe, expect, it } from 'vitest';
import type { ServerMsg } from '../protocol';
import { apply, initialState, type State } from '../store';
import { markMuted, withoutMuted } from './muted';

function run(msgs: ServerMsg[], s: State = initialState()): State {
  for (const m of msgs) s = apply(s, m).state;
  return s;
}

const state: ServerMsg = {
  type: 'state',
  table: {
    id: 5,
    game: 'classic',
    options: {},
    table_options: {},
    max_seats: 4,
    seats: [],
    spectators: 0,
    host: 'Ann',
    state: 'open',
  },
  version: 1,
  you: { role: 'player', seat: 0, host: true },
};

describe('chat lines and moderation', () => {
  it('a table line keeps its number and speaker, and an operator removal takes it out', () => {
    let s = run([
      state,
      { type: 'chat', table: 5, from: 'Bob', text: 'rude', line: 11, player: 'pb' },
      { type: 'chat', table: 5, from: 'Cara', text: 'hi', line: 12, player: 'pc' },
    ]);
    expect(s.tables[5].chat.map((l) => [l.text, l.line, l.player])).toEqual([
      ['rude', 11, 'pb'],
      ['hi', 12, 'pc'],
    ]);
    s = run([{ type: 'chat_removed', table: 5, line: 11 }], s);
    expect(s.tables[5].chat.map((l) => l.text)).toEqual(['hi']);
  });

  it('the history keeps line numbers and speakers too', () => {
    const s = run([state, { type: 'chat_history', table: 5, lines: [{ from: 'Bob', text: 'gg', line: 3, player: 'pb' }] }]);
    expect(s.tables[5].chat[0]).toMatchObject({ from: 'Bob', text: 'gg', line: 3, player: 'pb' });
  });

  it('a player muted for oneself has their lines hidden at once', () => {
    const lines = [
      { from: 'Bob', text: 'spam', line: 1, player: 'pb' },
      { from: null, text: 'Bob sits down' },
      { from: 'Cara', text: 'hi', line: 2, player: 'pc' },
    ];
    expect(withoutMuted(lines)).toHaveLength(3);
    markMuted('pb');
    expect(withoutMuted(lines).map((l) => l.text)).toEqual(['Bob sits down', 'hi']);
  });
});
