import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from './i18n';
import { isReplay, loadReplay } from './replaydata';

const fixture = readFileSync(join(__dirname, '../fixtures/replay-classic.json'), 'utf8');

/** A fetch answering `status` with `body` (JSON unless said otherwise). */
const answer =
  (status: number, body: string, type = 'application/json') =>
  async (url: string) => {
    expect(url).toBe('/api/games/7/replay');
    return { ok: status < 300, status, headers: { get: (h: string) => (h === 'content-type' ? type : null) }, text: async () => body };
  };

describe('loading a replay from the server', () => {
  it('a finished game comes back with every step', async () => {
    const r = await loadReplay(7, answer(200, fixture));
    expect(r.kind).toBe('ready');
    if (r.kind === 'ready') {
      expect(r.replay.game).toBe('classic');
      expect(r.replay.steps).toHaveLength(JSON.parse(fixture).steps.length);
    }
  });

  it('a running game is a case of its own, with a polite line in English and German', async () => {
    expect(await loadReplay(7, answer(409, '{"code":"game_running","error":"the game is still running"}'))).toEqual({ kind: 'running' });
    expect(translate('en', 'replay.running')).toMatch(/still being played/);
    expect(translate('de', 'replay.running')).toMatch(/läuft noch/);
  });

  it('an unknown game, a server error and an answer that is no replay are told apart', async () => {
    expect(await loadReplay(7, answer(404, '{"code":"no_such_game","error":"no game 7"}'))).toEqual({ kind: 'missing' });
    expect(await loadReplay(7, answer(500, 'database down', 'text/plain'))).toEqual({ kind: 'failed', reason: 'HTTP 500 database down' });
    // A server without the endpoint answers the page itself.
    expect(await loadReplay(7, answer(200, '<!doctype html>', 'text/html'))).toEqual({ kind: 'failed', reason: 'not a replay' });
    expect(await loadReplay(7, answer(200, '{"game":"classic","names":[],"steps":[]}'))).toEqual({ kind: 'failed', reason: 'not a replay' });
    const offline = async () => {
      throw new Error('network down');
    };
    expect(await loadReplay(7, offline)).toEqual({ kind: 'failed', reason: 'network down' });
  });

  it('tells a replay by its shape', () => {
    expect(isReplay(JSON.parse(fixture))).toBe(true);
    expect(isReplay({ game: 'classic', names: [], steps: [{ view: {} }] })).toBe(false);
    expect(isReplay(null)).toBe(false);
  });
});
