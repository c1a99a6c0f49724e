import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Client } from '../client';
import type { ClientMsg, TournamentEntry, TournamentPage, TournamentStanding, TournamentSummary } from '../generated/protocol';
import { tFor } from '../i18n';
import type { GameDescriptor } from '../protocol';
import { optionFields } from './create';
import { tournamentMessage, tournaments } from './state';
import { defaultFields, entryText, formatText, phaseText, pointsRule, pointsText, setupOf, standingStatus, tableLimits, winnerText } from './words';

const en = tFor('en');
const de = tFor('de');
const classic = { name: 'classic', players: [2, 10], options: [] } as unknown as GameDescriptor;
const help = { name: 'help', players: [3, 5], options: [] } as unknown as GameDescriptor;
const NOW = Date.UTC(2026, 10, 29, 15, 0);

function standing(name: string, rank: number, points: number, more: Partial<TournamentStanding> = {}): TournamentStanding {
  return { rank, name, points, opponents: 100, rating: 1500, games: 3, byes: 0, bot_played: 0, withdrawn: false, ...more };
}

function page(phase: 'running' | 'finished', standings: TournamentStanding[]): Pick<TournamentPage, 'summary' | 'standings'> {
  const summary = { id: 1, name: 'Sunday Swiss', game: 'classic', format: { kind: 'swiss', rounds: 3 }, table_size: 4, entrants: 16, start_ms: NOW, rated: true, invitation: false, bots_fill: false, pace: 'realtime', by: 'Ann' } as const;
  return { summary: phase === 'running' ? { ...summary, phase, round: 2 } : { ...summary, phase }, standings };
}

describe('a tournament in words', () => {
  it('says the format in English and German', () => {
    expect(formatText(en, { kind: 'swiss', rounds: 3 })).toBe('Swiss, 3 rounds');
    expect(formatText(de, { kind: 'swiss', rounds: 1 })).toBe('Schweizer System, 1 Runde');
    expect(formatText(en, { kind: 'elimination', advance: 2 })).toBe('Elimination, best 2 of each table go on');
    expect(formatText(de, { kind: 'elimination', advance: 1 })).toBe('K.-o.-System, der Sieger jedes Tisches kommt weiter');
  });

  it('says the phase, with the round while it runs', () => {
    expect(phaseText(en, { phase: 'running', round: 2 })).toBe('round 2 running');
    expect(phaseText(de, { phase: 'registration' })).toBe('Anmeldung offen');
    expect(phaseText(en, { phase: 'cancelled' })).toBe('cancelled');
  });

  it('says the points per place and a bye\'s as the page carries them', () => {
    const page = { summary: { table_size: 4 } as TournamentSummary, place_points: [60, 40, 20, 0], bye_points: 30 };
    expect(pointsRule(en, page)).toBe('Points per place at a table of 4: 60, 40, 20, 0; ties share, a bye is worth 30.');
  });

  it('writes half points in the reader’s language', () => {
    expect(pointsText('en', 52.5)).toBe('52.5');
    expect(pointsText('de', 52.5)).toBe('52,5');
    expect(pointsText('de', 120)).toBe('120');
  });

  it('names the winner once finished, and those sharing the first place', () => {
    const alone = [standing('Bea', 2, 120), standing('Ann', 1, 140)];
    expect(winnerText(en, 'en', page('finished', alone))).toBe('Ann won the tournament with 140 points.');
    expect(winnerText(de, 'de', page('finished', alone))).toBe('Ann hat das Turnier mit 140 Punkten gewonnen.');
    expect(winnerText(en, 'en', page('running', alone))).toBeNull();
    const shared = [standing('Ann', 1, 130), standing('Bea', 2, 130), standing('Cem', 3, 130, { opponents: 90 })];
    expect(winnerText(en, 'en', page('finished', shared))).toBe('Ann, Bea share the first place with 130 points.');
  });

  it('says who withdrew and who went out', () => {
    expect(standingStatus(en, standing('Ann', 1, 0, { withdrawn: true }))).toBe('withdrawn');
    expect(standingStatus(de, standing('Ann', 1, 0, { out_in: 2 }))).toBe('ausgeschieden in Runde 2');
    expect(standingStatus(en, standing('Ann', 1, 0))).toBe('');
  });

  it('says a profile’s entry: the place once finished, else the phase', () => {
    const base = { id: 1, name: 'S', game: 'classic', of: 16, start_ms: NOW };
    expect(entryText(en, { ...base, phase: 'finished', place: 2 } as TournamentEntry)).toBe('Place 2 of 16');
    expect(entryText(de, { ...base, phase: 'running', round: 3 } as TournamentEntry)).toBe('Runde 3 läuft');
    expect(entryText(en, { ...base, phase: 'registration' } as TournamentEntry)).toBe('registered');
  });
});

describe('the create form', () => {
  const good = { ...defaultFields('classic'), name: 'Sunday Swiss', startIn: '10', options: { deals: '1', pace: 'realtime' } };

  it('sends the setup the server reads: format, seats, start from now, flags and options', () => {
    const made = setupOf(en, good, classic, NOW);
    expect(made).toEqual({
      setup: { name: 'Sunday Swiss', game: 'classic', options: { deals: '1', pace: 'realtime' }, format: { kind: 'swiss', rounds: 3 }, table_size: 4, start_ms: NOW + 600_000, rated: true, invitation: false, bots_fill: false },
    });
    const elim = setupOf(en, { ...good, kind: 'elimination', advance: '1', invitation: true }, classic, NOW);
    expect('setup' in elim && elim.setup.format).toEqual({ kind: 'elimination', advance: 1 });
    expect('setup' in elim && elim.setup.invitation).toBe(true);
  });

  it('says each mistake beside its field, in words, and sends nothing', () => {
    const made = setupOf(de, { ...good, name: ' ', rounds: '0', tableSize: '7', startIn: '0' }, classic, NOW);
    expect(made).toEqual({
      errors: {
        name: 'Gib dem Turnier einen Namen (höchstens 60 Zeichen).',
        rounds: 'Ein Schweizer Turnier hat 1 bis 20 Runden.',
        tableSize: 'Ein Tisch hat 3 bis 6 Plätze.',
        startIn: 'Wähle einen Beginn, der mindestens eine Minute entfernt ist.',
      },
    });
    expect(setupOf(en, { ...good, kind: 'elimination', advance: '3' }, classic, NOW)).toEqual({ errors: { advance: 'At least one player goes on from each table, and at least two do not.' } });
    expect(setupOf(en, { ...good, game: 'buffalo' }, classic, NOW)).toEqual({ errors: { game: 'Tournaments are played in 6 nimmt!, HELP! and the Brettspiel.' } });
  });

  it('keeps the table within 3 to 6 seats and the game’s own sizes', () => {
    expect(tableLimits(classic)).toEqual([3, 6]);
    expect(tableLimits(help)).toEqual([3, 5]);
    expect('errors' in setupOf(en, { ...good, game: 'help', tableSize: '6' }, help, NOW)).toBe(true);
  });

  it('offers the game’s own options with the pace and the timer, not the other table options', () => {
    const games = JSON.parse(readFileSync(join(__dirname, '../../fixtures/games.json'), 'utf8')) as GameDescriptor[];
    const real = games.find((g) => g.name === 'classic')!;
    const keys = optionFields(real).map((o) => o.key);
    expect(keys).toEqual([...real.options.map((o) => o.key), 'timer', 'pace']);
    expect(keys).toContain('hand_size');
    for (const k of ['rated', 'private', 'hints', 'watchers', 'vacation']) expect(keys).not.toContain(k);
  });

  it('takes a start time instead of minutes', () => {
    const made = setupOf(en, { ...good, startIn: '', startAt: '2030-01-01T18:00' }, classic, NOW);
    expect('setup' in made && made.setup.start_ms).toBe(new Date('2030-01-01T18:00').getTime());
  });
});

describe('tournament messages', () => {
  function fakeClient() {
    const sent: ClientMsg[] = [];
    const client = { pendingOpen: false, state: { tables: {} }, send: (m: ClientMsg) => sent.push(m) };
    return { client: client as unknown as Client, sent };
  }

  it('counts a change, so the pages showing the tournament fetch it again', () => {
    const { client, sent } = fakeClient();
    const before = tournaments.changes[7] ?? 0;
    expect(tournamentMessage(client, { type: 'tournament_changed', tournament: 7 })).toBe(true);
    expect(tournaments.changes[7]).toBe(before + 1);
    expect(sent).toEqual([]);
  });

  it('takes the player to the table a tournament seated them at, and says where', () => {
    const { client, sent } = fakeClient();
    const msg = { type: 'tournament_table', tournament: 7, name: 'Sunday Swiss', round: 2, table: 41, game: 'classic' } as const;
    expect(tournamentMessage(client, msg)).toBe(true);
    expect(sent).toEqual([{ type: 'join', table: 41, role: 'player' }]);
    expect(client.pendingOpen).toBe(true);
    expect(tournaments.seated).toEqual(msg);
    expect(en('tour.seated', { name: msg.name, round: msg.round })).toBe('Sunday Swiss, round 2: your table is open and you are seated at it.');
  });

  it('leaves every other message to the rest of the client', () => {
    const { client } = fakeClient();
    expect(tournamentMessage(client, { type: 'pong' })).toBe(false);
  });
});
