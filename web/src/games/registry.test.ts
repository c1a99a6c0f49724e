import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameDescriptor } from '../protocol';
import { SCREENS, screenFor } from './registry';

const games = JSON.parse(readFileSync(join(__dirname, '../../fixtures/games.json'), 'utf8')) as GameDescriptor[];

describe('the registry of game screens', () => {
  it('has a screen for every game the server describes, found by its name', () => {
    for (const g of games) {
      const s = screenFor(g.name);
      expect(s, g.name).not.toBeNull();
      expect(s).toBe(SCREENS[g.name]);
    }
  });

  it('each screen provides a board, seat lines, a result, rules, replay step text and board', () => {
    for (const [name, s] of Object.entries(SCREENS)) {
      for (const part of ['Board', 'seat', 'result', 'rules', 'stepText', 'ReplayBoard'] as const) {
        expect(typeof s[part], `${name}.${part}`).toBe('function');
      }
    }
  });

  it('an unknown game has no screen (the table says so instead of failing)', () => {
    expect(screenFor('chess')).toBeNull();
    expect(screenFor('constructor')).toBeNull();
    expect(screenFor('__proto__')).toBeNull();
  });

  it('the screens around the games name no game: no classic or HELP! conditionals', () => {
    const src = join(__dirname, '..');
    const files = readdirSync(src).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
    expect(files).toContain('table.tsx');
    for (const f of files) {
      const text = readFileSync(join(src, f), 'utf8');
      expect(text, f).not.toMatch(/['"`](classic|help)['"`]/);
    }
  });
});
