import { describe, expect, it } from 'vitest';
import { NOTIFY_KEY, SOUND_KEY, readSettings, saveSetting } from './alerts';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
    key: () => null,
    length: 0,
  };
}

describe('the alert switches', () => {
  it('are off until turned on, and remembered in this browser', () => {
    const s = memory();
    expect(readSettings(s)).toEqual({ sound: false, notify: false });
    saveSetting(s, SOUND_KEY, true);
    expect(readSettings(s)).toEqual({ sound: true, notify: false });
    saveSetting(s, NOTIFY_KEY, true);
    saveSetting(s, SOUND_KEY, false);
    expect(readSettings(s)).toEqual({ sound: false, notify: true });
  });
});
