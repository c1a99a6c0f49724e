import { describe, expect, it } from 'vitest';
import type { SeatInfo } from '../protocol';
import type { AtTable } from '../store';
import { goneOpponent } from './again';

const seat = (seat: number, name: string, connected: boolean, kind: 'human' | 'bot' = 'human'): SeatInfo => ({ seat, name, kind, connected });
const finished = (seats: SeatInfo[]) => ({ info: { seats } }) as unknown as AtTable;

describe('play again with these players', () => {
  it('challenges the one other player once they have left', () => {
    expect(goneOpponent(finished([seat(0, 'Ann', true), seat(1, 'Cem', false)]), 'Ann')).toBe('Cem');
  });

  it('leaves it to the rematch while they are there, or when there are more of them', () => {
    expect(goneOpponent(finished([seat(0, 'Ann', true), seat(1, 'Cem', true)]), 'Ann')).toBe(null);
    expect(goneOpponent(finished([seat(0, 'Ann', true), seat(1, 'Cem', false), seat(2, 'Bea', false)]), 'Ann')).toBe(null);
  });

  it('does not count bots', () => {
    expect(goneOpponent(finished([seat(0, 'Ann', true), seat(1, 'Bot 1', true, 'bot'), seat(2, 'Cem', false)]), 'Ann')).toBe('Cem');
  });
});
