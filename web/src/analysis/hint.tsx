// The hint at a table with hints: the button asks the server (`/hint`), whose answer (the
// search's choice and every choice's estimate) comes to this player alone as a notice (`hint`,
// a line of the table's chat for the terminal client). The browser reads the notice's choices
// (`hintOf`) and the game's board draws them where the choice is made (classic: the suggested
// card marked in the hand, the others' costs on hover); for a board that does not, the table shows
// them in one line above the board (`HintBox`). The chat does not repeat them.

import type { T } from '../i18n';
import { choiceText } from './panel';

/** One choice of a hint: its label as the server writes it (`play 55`) and its estimate. */
export interface HintChoice {
  label: string;
  estimate: number;
}

/** A hint: every choice, best first, and what the estimates measure (in the player's words). */
export interface Hint {
  choices: HintChoice[];
  unit: string;
}

/** Reads a `hint` notice's parameters (`choices`: "play 55 3.2 · play 12 4.1", best first);
 * null when there is nothing to read. */
export function hintOf(params: Record<string, string> | undefined): Hint | null {
  const choices: HintChoice[] = [];
  for (const part of (params?.choices ?? '').split(' · ')) {
    const words = part.trim().split(' ');
    const estimate = Number(words.pop());
    if (words.length === 0 || !Number.isFinite(estimate)) continue;
    choices.push({ label: words.join(' '), estimate });
  }
  return choices.length ? { choices, unit: params?.unit ?? '' } : null;
}

/** What a hint says of the choice labelled `label`: whether it is the best, and how much worse
 * than the best its estimate is (0 for the best); null when the hint does not name it. */
export function hintFor(hint: Hint | null | undefined, label: string): HintMark | null {
  if (!hint) return null;
  const k = hint.choices.findIndex((c) => c.label === label);
  if (k < 0) return null;
  const c = hint.choices[k];
  return { best: k === 0, cost: Math.abs(c.estimate - hint.choices[0].estimate), estimate: c.estimate, unit: hint.unit };
}

export interface HintMark {
  best: boolean;
  cost: number;
  estimate: number;
  unit: string;
}

/** The hover text of a choice the hint names. */
export function hintTitle(t: T, h: HintMark): string {
  const p = { cost: h.cost.toFixed(1), estimate: h.estimate.toFixed(1), unit: h.unit };
  return t(h.best ? 'hint.bestTitle' : 'hint.costTitle', p);
}

/** A hint in one line, in the player's words, for a board that does not draw it at the choices:
 * the best choice, then each other with how much worse it is. */
export function hintLine(t: T, hint: Hint): string {
  const [best, ...others] = hint.choices;
  const rest = others.map((c) => `${choiceText(t, c.label)} +${Math.abs(c.estimate - best.estimate).toFixed(1)}`).join(' · ');
  return t(rest ? 'hint.box' : 'hint.boxOne', { best: choiceText(t, best.label), others: rest, unit: hint.unit });
}

/** The hint beside the board, where the game's board does not draw it at the choices. */
export function HintBox(props: { t: T; hint: Hint }) {
  return (
    <p class="hintbox" data-testid="hint-box" role="status">
      {hintLine(props.t, props.hint)}
    </p>
  );
}

export function HintButton(props: { t: T; ask: () => void }) {
  const { t } = props;
  return (
    <button type="button" class="hint" data-testid="hint" title={t('hint.title')} onClick={props.ask}>
      {t('hint.ask')}
    </button>
  );
}
