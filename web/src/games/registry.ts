// The screens of every game, by the game's name (the descriptor's `name`). Adding a game to the
// browser: one folder beside `classic/` with an entry made by `gameScreen`, and one line here.

import { board } from './board';
import { buffalo } from './buffalo';
import { classic } from './classic';
import { help } from './help';
import type { GameScreen } from './screen';

export const SCREENS: Readonly<Record<string, GameScreen>> = {
  board,
  classic,
  help,
  buffalo,
};

/** The screen of a game, or null when this client cannot draw it. */
export function screenFor(game: string): GameScreen | null {
  return Object.prototype.hasOwnProperty.call(SCREENS, game) ? SCREENS[game] : null;
}
