import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DICTS, pickLang, serverText, translate } from './i18n';
import { fieldsOf } from './options';
import type { GameDescriptor, LangText } from './protocol';

// The games as the server's welcome describes them (web/fixtures/README.md).
const games = JSON.parse(readFileSync(join(__dirname, '../fixtures/games.json'), 'utf8')) as GameDescriptor[];
// Every server text by key, in English and German (nimmt-protocol's TEXTS).
const serverTexts = JSON.parse(readFileSync(join(__dirname, '../fixtures/server-texts.json'), 'utf8')) as Record<string, LangText>;

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('texts in English and German', () => {
  it('both languages have every key, none empty, with the same placeholders', () => {
    const en = Object.keys(DICTS.en).sort();
    const de = Object.keys(DICTS.de).sort();
    expect(de).toEqual(en);
    for (const k of en) {
      const a = DICTS.en[k as keyof typeof DICTS.en];
      const b = DICTS.de[k as keyof typeof DICTS.de];
      expect(a.trim(), k).not.toBe('');
      expect(b.trim(), k).not.toBe('');
      expect(placeholders(b), k).toEqual(placeholders(a));
    }
  });

  it('the German texts are translated, not copied', () => {
    const same = Object.keys(DICTS.en).filter(
      (k) => DICTS.en[k as keyof typeof DICTS.en] === DICTS.de[k as keyof typeof DICTS.de] && !/^\W*\{\w+\}\W*$/.test(DICTS.en[k as keyof typeof DICTS.en]),
    );
    // Only names and formulas that read the same in both.
    expect(same.sort()).toEqual(['app.title', 'bf.onCard', 'bf.sp.seven_takes', 'board.card.stop', 'bots.bots', 'bots.mark', 'help.card.joker', 'help.card.no', 'help.card.switch', 'help.card.zap', 'opt.version', 'srv.option_set', 'table.chat', 'table.lobby']);
  });

  it('fills placeholders', () => {
    expect(translate('de', 'result.wins', { name: 'Ann', points: translate('de', 'result.nPoints', { n: 12 }) })).toBe('Ann gewinnt mit 12 Punkten!');
    expect(translate('en', 'result.wins', { name: 'Ann', points: translate('en', 'result.nPoints', { n: 12 }) })).toBe('Ann wins with 12 points!');
  });

  it('server notices are translated by key, unknown keys shown as sent', () => {
    expect(serverText('de', { key: 'joined', params: { name: 'Bob', seat: '2' }, text: 'Bob sits down (seat 2).' })).toBe('Bob setzt sich (Platz 2).');
    expect(serverText('de', { key: 'help', text: 'Commands: …' })).toBe('Commands: …');
  });

  it('a refused option reads in the player’s language', () => {
    expect(serverText('de', { key: 'options_players', params: { game: 'classic', min: '2', max: '10', got: '1' }, text: 'classic is for 2 to 10 players, not 1.' })).toBe(
      'classic ist für 2 bis 10 Spieler, nicht für 1.',
    );
  });

  it('a refused move says why in the player’s language when the rule is known', () => {
    const line = { key: 'illegal_action', params: { reason: 'card 42 is not in the hand of seat 0', rule: 'not_in_hand' }, text: 'Not allowed: card 42 is not in the hand of seat 0' };
    expect(serverText('de', line)).toBe('Nicht erlaubt: diese Karte ist nicht in deiner Hand.');
    expect(serverText('de', { ...line, params: { ...line.params, rule: 'illegal' } })).toBe('Nicht erlaubt: card 42 is not in the hand of seat 0');
  });

  it('starts in the browser language unless one was chosen', () => {
    expect(pickLang(null, ['de-AT', 'en'])).toBe('de');
    expect(pickLang(null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(pickLang(null, ['fr'])).toBe('en');
    expect(pickLang('en', ['de-DE'])).toBe('en');
  });
});


describe('texts the screens look up by name', () => {
  it('every option of every game has a name, a one-line explanation and names for its values', () => {
    expect(games.map((g) => g.name)).toEqual(['classic', 'help', 'buffalo', 'board']);
    for (const g of games) {
      // The explanation is the server's, in both languages; the names are this client's.
      for (const o of fieldsOf(g)) {
        expect(o.help.en.trim(), `${g.name}: ${o.key}`).not.toBe('');
        expect(o.help.de.trim(), `${g.name}: ${o.key}`).not.toBe('');
        const keys = [`opt.${o.key}`, ...(o.type === 'choice' ? o.values.map((c) => `opt.${o.key}.${c}`) : [])];
        for (const k of keys) {
          expect(k in DICTS.en, `${g.name}: ${k}`).toBe(true);
          expect(k in DICTS.de, `${g.name}: ${k}`).toBe(true);
        }
      }
    }
  });

  // The server's own table of texts (nimmt-protocol's TEXTS, web/fixtures/README.md): the notices
  // this client translates itself must take the same parameters.
  const server = new Map(Object.entries(serverTexts).map(([k, t]) => [k, t.en]));
  it('server notices translated here match the server texts', () => {
    for (const k of Object.keys(DICTS.en).filter((k) => k.startsWith('srv.'))) {
      const key = k.slice(4);
      expect(server.has(key), key).toBe(true);
      expect(placeholders(DICTS.en[k as keyof typeof DICTS.en])).toEqual(placeholders(server.get(key)!));
    }
  });

  // Errors and notices switch language with the client, old lines too: every server text is
  // translated here by its key, except the answers the server writes out in full.
  it('every error and notice of the server has its text here', () => {
    const shownAsSent = [
      'help', 'help_options', 'who', 'nobody', 'no_such_game', 'game_running', 'game_abandoned',
      // HTTP answers: shown as the server wrote them, in the language the request asked for.
      'not_found', 'no_cluster', 'bad_record', 'no_such_address', 'not_rated', 'origin_not_allowed', 'too_many_connections', 'not_a_websocket',
    ];
    const keys = [...server.keys()].filter((k) => !shownAsSent.includes(k));
    expect(keys.length).toBeGreaterThan(40);
    for (const k of keys) expect(`srv.${k}` in DICTS.de, k).toBe(true);
    expect(serverText('de', { key: 'not_host', text: 'Only the table’s host may do that.' })).toBe('Das darf nur der Gastgeber des Tisches.');
  });
});
