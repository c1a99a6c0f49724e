import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverText, tFor } from './i18n';
import { applies, createMessage, defaultsOf, descriptorOf, fieldsOf, gameTitle, helpOf, optionError, optionSummary, refusalWorded, seatLimits } from './options';
import type { GameDescriptor } from './protocol';

// The games as the server's welcome describes them (web/fixtures/README.md).
const games = JSON.parse(readFileSync(join(__dirname, '../fixtures/games.json'), 'utf8')) as GameDescriptor[];
const classic = descriptorOf(games, 'classic')!;
const help = descriptorOf(games, 'help')!;
const en = tFor('en');

describe('the table form from the games’ descriptors', () => {
  it('takes limits and defaults from the schema: hand size up to 50, as the rules allow', () => {
    const hand = fieldsOf(classic).find((o) => o.key === 'hand_size')!;
    expect(hand).toMatchObject({ type: 'number', min: 1, max: 50, default: '10' });
    expect(fieldsOf(classic).find((o) => o.key === 'end_at')).toMatchObject({ min: 1, max: 10000, default: '66' });
    expect(fieldsOf(help).find((o) => o.key === 'end_at')).toMatchObject({ min: 1, max: 20, default: '3' });
    // The fields follow the schema, then the room's timer.
    expect(fieldsOf(classic).map((o) => o.key)).toEqual([...classic.options.map((o) => o.key), 'timer', 'pace', 'rated', 'hints', 'private', 'watchers', 'vacation']);
    expect(defaultsOf(classic)).toMatchObject({ deck: 'full', fan: 'none', end_at: '66', deals: '', hand_size: '10', timer: '0' });
  });

  it('a game the server adds shows its own fields, limits and help without a change here', () => {
    const cows: GameDescriptor = {
      name: 'cows',
      title: { en: 'Cows', de: 'Kühe' },
      players: [3, 7],
      sense: 'higher',
      team: false,
      automata: [],
      options: [{ key: 'herd', type: 'choice', values: ['small', 'big'], default: 'small', help: { en: 'how many cows', de: 'wie viele Kühe' } }],
    };
    expect(seatLimits(cows)).toEqual([3, 7]);
    expect(gameTitle([cows], 'cows', 'de')).toBe('Kühe');
    expect(defaultsOf(cows)).toEqual({ herd: 'small', timer: '0', pace: 'realtime', rated: 'yes', hints: 'no', private: 'no', watchers: 'yes', vacation: 'no' });
    expect(helpOf(cows.options[0], 'de')).toBe('wie viele Kühe');
    // No name for `herd` here: the key and the values are shown as they are.
    expect(optionSummary(en, cows, { herd: 'big' })).toBe('herd: big');
  });

  it('explains each option in the UI language, and titles games in it', () => {
    const deck = classic.options.find((o) => o.key === 'deck')!;
    expect(helpOf(deck, 'en')).toBe(deck.help.en);
    expect(helpOf(deck, 'de')).toBe(deck.help.de);
    expect(helpOf(deck, 'de')).not.toBe(helpOf(deck, 'en'));
    expect(gameTitle(games, 'help', 'en')).toBe('HELP!');
    expect(gameTitle(games, 'unheard', 'en')).toBe('unheard');
  });

  it('seat limits come from the descriptor: 2–10 for classic, 3–5 for HELP!', () => {
    expect(seatLimits(classic)).toEqual([2, 10]);
    expect(seatLimits(help)).toEqual([3, 5]);
  });

  it('opening a table sends only what differs from the defaults', () => {
    const values = { ...defaultsOf(classic), deals: '1', hand_size: '30', timer: '30' };
    expect(createMessage(classic, values, '3')).toEqual({
      type: 'create_table',
      game: 'classic',
      options: { deals: '1', hand_size: '30', timer: '30' },
      seats: 3,
    });
    expect(createMessage(help, defaultsOf(help), '')).toEqual({ type: 'create_table', game: 'help', options: {}, seats: undefined });
  });

  it('a table’s options read as one line without the defaults', () => {
    expect(optionSummary(en, classic, { deals: '1', hand_size: '3', fan: 'none', deck: 'full' }, { timer: '0', reconnect: '60', rated: 'yes' })).toBe('Deals: 1, Hand size: 3');
    expect(optionSummary(en, classic, { placement: 'both-ends' }, {})).toBe('Placement: both ends');
    expect(optionSummary(tFor('de'), classic, {}, { timer: '0' })).toBe('Standardregeln');
    expect(optionSummary(en, classic, {}, { rated: 'no' })).toBe('Rated: casual');
  });
});

describe('the fields that apply', () => {
  it('hides the timer at a turn-based table and shows vacations only there', () => {
    expect(applies('timer', { pace: 'realtime' })).toBe(true);
    expect(applies('vacation', { pace: 'realtime' })).toBe(false);
    expect(applies('timer', { pace: '1d' })).toBe(false);
    expect(applies('vacation', { pace: '1d' })).toBe(true);
    expect(applies('watchers', { private: 'no' })).toBe(false);
    expect(applies('watchers', { private: 'yes' })).toBe(true);
    expect(applies('hand_size', {})).toBe(true);
  });
});

describe('a refused option', () => {
  it('is worded with the option’s name and what it takes in the player’s language', () => {
    const fields = [{ key: 'hand_size', type: 'number' as const, min: 1, max: 50, default: '10', help: { en: '', de: '' } }];
    const line = { from: null, text: '99 is no value…', error: true, key: 'options_bad_value', params: { key: 'hand_size', value: '99', expected: 'a whole number from 1 to 50' } };
    const worded = refusalWorded(tFor('de'), fields, line);
    expect(serverText('de', worded)).toBe('99 ist kein Wert für die Option Handkarten: erwartet eine ganze Zahl von 1 bis 50.');
    expect(refusalWorded(tFor('de'), fields, { ...line, key: 'options_conflict' })).toEqual({ ...line, key: 'options_conflict' });
  });

  it('stays beside the form until an option is set', () => {
    const refused = { from: null, text: '…', error: true, key: 'options_bad_value', params: {} };
    const set = { from: null, text: 'Option deck = tactic.', key: 'option_set', params: { key: 'deck', value: 'tactic' } };
    const said = { from: 'Bob', text: 'hi' };
    expect(optionError([set, refused, said])).toBe(refused);
    expect(optionError([refused, set])).toBeNull();
    expect(optionError([said, { ...refused, key: 'not_host' }])).toBeNull();
  });
});
