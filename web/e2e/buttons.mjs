// How many buttons a decision lists (issue 54: no screen of any game lists more than 8 buttons
// for one decision). Used from each game's e2e script wherever a decision is on screen.
//
// "The buttons of one decision" are the enabled, visible <button>s of the table's board column
// that choose among the alternatives of the decision now on screen: a window's or panel's
// buttons ("Lay 37", "Tile swap…", "Pass", "Open row 2", a HELP! action). Not counted:
// - the cards or tiles of your own hand (`[data-testid=hand]`): a separate click target, you pick
//   a card there, not a button of the window;
// - places on the drawn table, lit as targets of a step already chosen (a row and its button, a
//   gap, a card or tile in a row or in the queue of revealed cards): they are where a thing goes,
//   drawn where it lies, not a list of buttons;
// - controls that answer no decision: the speed and skip control (`.pace`), a summary's or a
//   note's close button, starting a half-made pick again (`use-restart`).
// A decision is on screen when the status line is marked as asking (`.status.asked`) or when a
// button counted above shows.

import { check } from './lib.mjs';

export const MAX_BUTTONS = 8;

const PLACES = ['[data-testid=hand]', '[data-testid=board-rows]', '[data-testid=rows]', '[data-testid=bf-rows]', '[data-testid=bf-queue]'];
const NOT_A_CHOICE = ['.pace', '[data-testid=deal-summary]', '[data-testid=round-summary]', '.heldsummary', '[data-testid=away-summary]', '[data-testid=use-restart]'];

/** The buttons of the decision on `page` now: their number and labels, and whether one is asked. */
export function decisionButtons(page) {
  return page.evaluate(
    ({ skip }) => {
      const board = document.querySelector('[data-testid=table] .board');
      if (!board) return { asked: false, n: 0, labels: [] };
      const shown = [...board.querySelectorAll('button')].filter((b) => !b.disabled && b.getClientRects().length > 0 && !b.closest(skip));
      return { asked: !!board.querySelector('.status.asked'), n: shown.length, labels: shown.map((b) => b.innerText.replace(/\s+/g, ' ').trim()) };
    },
    { skip: [...PLACES, ...NOT_A_CHOICE].join(', ') },
  );
}

const tally = new Map();

/**
 * Counts the buttons of the decision on screen under `tag` (a game and version); a decision of
 * more than 8 fails a check (once per tag, with its labels). Returns the count. Call it wherever
 * a decision may be on screen; `buttonsChecked(tag)` then checks the tag's decisions at the end.
 */
export async function countButtons(page, tag) {
  const d = await decisionButtons(page).catch(() => null);
  if (!d || (!d.asked && d.n === 0)) return 0;
  const t = tally.get(tag) ?? { decisions: 0, max: 0, worst: [], failed: false };
  tally.set(tag, t);
  t.decisions++;
  if (d.n > t.max) {
    t.max = d.n;
    t.worst = d.labels;
  }
  if (d.n > MAX_BUTTONS && !t.failed) {
    t.failed = true;
    check(`${tag}: a decision lists at most ${MAX_BUTTONS} buttons`, false, `${d.n}: ${d.labels.join(' | ')}`);
  }
  return d.n;
}

/** The check of a tag's decisions at the end: some were counted, none listed more than 8 buttons. */
export function buttonsChecked(tag) {
  const t = tally.get(tag) ?? { decisions: 0, max: 0, worst: [] };
  check(`${tag}: every decision lists at most ${MAX_BUTTONS} buttons (most: ${t.max} of ${t.decisions} decisions counted)`, t.decisions > 0 && t.max <= MAX_BUTTONS, t.worst.join(' | '));
  return t;
}

// Every script that counts says what it found, whether or not it checks at the end.
process.on('exit', () => {
  if (tally.size)
    console.log(`# buttons per decision: ${[...tally].map(([tag, t]) => `${tag} max ${t.max} over ${t.decisions} decisions${t.max ? ` (${t.worst.join(' | ')})` : ''}`).join('; ')}`);
});
