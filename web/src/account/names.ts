// How a player's name is shown: the name the server keeps for a deleted account ("deleted
// player") in the page's language; every other name as it is.

import type { T } from '../i18n';

/** The name the server gives every deleted account's identity. */
export const DELETED_PLAYER = 'deleted player';

export function shownName(name: string, t: T): string {
  return name === DELETED_PLAYER ? t('account.deletedPlayer') : name;
}
