import { describe, expect, it } from 'vitest';
import { tFor } from '../i18n';
import { shownName } from './names';

describe('shown names', () => {
  it('a deleted account reads in the page’s language, other names as they are', () => {
    expect(shownName('deleted player', tFor('de'))).toBe('gelöschter Spieler');
    expect(shownName('deleted player', tFor('en'))).toBe('deleted player');
    expect(shownName('Ann', tFor('de'))).toBe('Ann');
  });
});
