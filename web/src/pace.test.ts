import { describe, expect, it } from 'vitest';
import { FACTOR, SPEED_KEY, readSpeed, setSpeed, speed } from './pace';

const store = (init: Record<string, string> = {}) => {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('the animation speed', () => {
  it('is normal until one is chosen, and an unknown saved value counts as none', () => {
    expect(readSpeed(store())).toBe('normal');
    expect(readSpeed(store({ [SPEED_KEY]: 'warp' }))).toBe('normal');
    expect(readSpeed(store({ [SPEED_KEY]: 'fast' }))).toBe('fast');
  });

  it('is remembered when chosen', () => {
    const s = store();
    setSpeed('slow', s);
    expect(speed()).toBe('slow');
    expect(readSpeed(s)).toBe('slow');
  });

  it('fast takes at most half the time of normal, instant none', () => {
    expect(FACTOR.fast).toBeLessThanOrEqual(FACTOR.normal / 2);
    expect(FACTOR.instant).toBe(0);
    expect(FACTOR.slow).toBeGreaterThan(FACTOR.normal);
  });
});
