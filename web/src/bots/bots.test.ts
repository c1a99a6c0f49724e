import { describe, expect, it } from 'vitest';
import { tFor } from '../i18n';
import type { OnlineBot, ServerMsg } from '../protocol';
import { whoFrom } from '../players/leaderboard';
import { apply, initialState, type Line } from '../store';
import { botRefusal, commandOf } from './addbot';
import { botsFor, challengeGame, gamesOf, whatItTakes } from './list';

const bot = (name: string, games: string[], extra: Partial<OnlineBot> = {}): OnlineBot => ({
  player: `p-${name}`,
  name,
  declaration: { games: games.map((game) => ({ game })), rated: true, casual: true, most_games: 4, ladder: false },
  playing: 0,
  ...extra,
});

describe('the online bot accounts', () => {
  it('the bot list is the last `bots` the server sent, asked for once welcomed', () => {
    const welcome: ServerMsg = { type: 'welcome', protocol: 1, player: 'p1', name: 'Ann', token: 'tok', lang: 'en', seated: [] };
    let r = apply(initialState(), welcome);
    expect(r.effects).toContainEqual({ kind: 'send', msg: { type: 'list_bots' } });
    r = apply(r.state, { type: 'bots', bots: [bot('Robo', ['classic']), bot('Zed', ['help'])] });
    r = apply(r.state, { type: 'bots', bots: [bot('Zed', ['help'])] });
    expect(r.state.bots.map((b) => b.name)).toEqual(['Zed']);
  });

  it('a bot account’s chat line keeps its mark, a person’s has none', () => {
    let s = apply(initialState(), { type: 'chat', from: 'Robo', text: 'gg', bot: true }).state;
    s = apply(s, { type: 'chat', from: 'Ann', text: 'hi' }).state;
    expect(s.lobbyChat.map((l) => [l.from, !!l.bot])).toEqual([
      ['Robo', true],
      ['Ann', false],
    ]);
  });

  it('a table’s Add bot list offers the bots that declare its game, by name', () => {
    const bots = [bot('Zed', ['classic']), bot('Abe', ['help', 'classic']), bot('Hal', ['board'])];
    expect(botsFor(bots, 'classic').map((b) => b.name)).toEqual(['Abe', 'Zed']);
    expect(botsFor(bots, 'buffalo')).toEqual([]);
  });

  it('the list says each game with its rating once it has one, and what the bot takes', () => {
    const b = bot('Robo', ['classic', 'help'], { ratings: { classic: { rating: 1540, provisional: true } }, playing: 2 });
    expect(gamesOf(b)).toEqual([{ game: 'classic', rating: '1540?' }, { game: 'help' }]);
    const t = tFor('en');
    expect(whatItTakes(t, b)).toEqual(['at 2 of 4 tables', 'not on the ladder']);
    const rated = { ...b, declaration: { ...b.declaration, casual: false, ladder: true } };
    expect(whatItTakes(tFor('de'), rated)).toEqual(['an 2 von 4 Tischen', 'nur gewertete Partien', 'in der Bot-Liga']);
    const idle = { ...b, declaration: { ...b.declaration, games: [] } };
    expect(whatItTakes(t, idle)[0]).toBe('takes no games right now');
  });

  it('a challenge to a bot is for the first of its games two can play', () => {
    expect(challengeGame(bot('Robo', ['buffalo', 'help']), ['classic', 'help'])).toBe('help');
    expect(challengeGame(bot('Robo', ['buffalo']), ['classic'])).toBeUndefined();
  });
});

describe('adding a bot at a table', () => {
  it('a level and a bot account are sent as the server’s bot_add', () => {
    expect(commandOf('strong')).toEqual({ name: 'bot_add', level: 'strong' });
    expect(commandOf('@Robo')).toEqual({ name: 'bot_add', account: 'Robo' });
  });

  it('the last refusal of a bot is shown until a bot sits down', () => {
    const refused: Line = { from: null, error: true, key: 'bot_declines_size', params: { name: 'Robo', players: '5' }, text: '…' };
    const other: Line = { from: null, error: true, key: 'not_host', text: '…' };
    expect(botRefusal([refused, other])).toBe(refused);
    expect(botRefusal([refused, { from: null, key: 'bot_added', params: { name: 'Robo', level: 'Robo' }, text: '…' }])).toBeNull();
    expect(botRefusal([other])).toBeNull();
  });
});

describe('the leaderboard’s filter', () => {
  it('people unless the address asks for bots or all', () => {
    expect(whoFrom('')).toBe('people');
    expect(whoFrom('?who=bots')).toBe('bots');
    expect(whoFrom('?who=all')).toBe('all');
    expect(whoFrom('?who=robots')).toBe('people');
  });
});
