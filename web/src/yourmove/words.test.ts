import { describe, expect, it } from 'vitest';
import { tFor } from '../i18n';
import type { YourMove } from '../protocol';
import { apply, initialState } from '../store';
import { fresh, ordered, pageTitle, timeLeft, urgent } from './words';

const H = 3_600_000;
const now = 1_800_000_000_000;
const wait = (table: number, inMs: number, w: string[] = ['Bea']): YourMove => ({ table, game: 'classic', deadline_ms: now + inMs, with: w });

describe('the Your-move list', () => {
  it('puts the soonest deadline first', () => {
    const list = ordered([wait(3, 30 * H), wait(9, 2 * H), wait(4, 70 * H), wait(1, 2 * H)]);
    expect(list.map((m) => m.table)).toEqual([1, 9, 3, 4]);
  });

  it('says how long is left in words, in English and German', () => {
    const en = tFor('en');
    const de = tFor('de');
    expect(timeLeft(en, now + 3 * 24 * H + 5 * H, now)).toBe('3 days left');
    expect(timeLeft(de, now + 3 * 24 * H, now)).toBe('noch 3 Tage');
    expect(timeLeft(en, now + 47 * H, now)).toBe('47 hours left');
    expect(timeLeft(de, now + 5 * H + 59 * 60_000, now)).toBe('noch 5 Stunden');
    expect(timeLeft(en, now + 90 * 60_000, now)).toBe('90 minutes left');
    expect(timeLeft(en, now + 30_000, now)).toBe('less than a minute left');
    expect(timeLeft(en, now + 61_000, now)).toBe('2 minutes left');
    expect(timeLeft(de, now - 1, now)).toBe('Frist abgelaufen');
    expect(urgent(now + H, now)).toBe(true);
    expect(urgent(now + 3 * H, now)).toBe(false);
  });

  it('shows the count in the page title', () => {
    expect(pageTitle('nimmt', 0)).toBe('nimmt');
    expect(pageTitle('nimmt', 2)).toBe('(2) nimmt');
  });

  it('keeps the server list in the store, soonest first, and alerts only for new waits', () => {
    const first = [wait(5, 10 * H), wait(2, H)];
    let s = apply(initialState(), { type: 'your_move', tables: first }, now).state;
    expect(s.yourMove.map((m) => m.table)).toEqual([2, 5]);
    const next = [wait(5, 10 * H), wait(7, 3 * H)];
    const before = s.yourMove;
    s = apply(s, { type: 'your_move', tables: next }, now).state;
    expect(s.yourMove.map((m) => m.table)).toEqual([7, 5]);
    expect(fresh(before, s.yourMove).map((m) => m.table)).toEqual([7]);
    // The same table waiting again for a later move is a new wait.
    expect(fresh([wait(5, H)], [wait(5, 25 * H)]).length).toBe(1);
    s = apply(s, { type: 'your_move', tables: [] }, now).state;
    expect(s.yourMove).toEqual([]);
  });
});
