// How a HELP! deal ended, in words: who could not help whom (or who was left helpless), and who
// scores how many points. Everything comes from the server's `deal_ended` event (or the view's
// `history`); nothing here decides who scores.

import type { T } from '../../i18n';
import type { DealEnd, DealResult } from './view';

/** `Ann`, `Ann and Bob`, `Ann, Bob and Cara` (in the client's language). */
export function nameList(t: T, names: string[]): string {
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${t('help.and')} ${names[names.length - 1]}`;
}

/** `1 point`, `2 points`. */
export function pointsText(t: T, n: number): string {
  return n === 1 ? t('help.onePoint') : t('help.points', { n });
}

/** Why the deal ended (`me`: this client's seat, told as "you"). */
export function whyOver(t: T, end: DealEnd, names: string[], me: number | null): string {
  const who = (s: number) => names[s] ?? `#${s + 1}`;
  if (end.type === 'no_help') {
    if (end.asked === me) return t('help.end.youCouldNotHelp', { asker: who(end.asker) });
    if (end.asker === me) return t('help.end.couldNotHelpYou', { name: who(end.asked) });
    return t('help.end.noHelp', { name: who(end.asked), asker: who(end.asker) });
  }
  return end.asker === me ? t('help.end.youHelpless') : t('help.end.helpless', { name: who(end.asker) });
}

/** Who scores this deal: `Ann, Bob and Cara score 1 point each`. */
export function whoScores(t: T, points: number[], names: string[], me: number | null): string {
  const scorers = points.map((p, s) => (p > 0 ? s : -1)).filter((s) => s >= 0);
  if (scorers.length === 0) return '';
  const pts = pointsText(t, points[scorers[0]]);
  if (scorers.length === 1) {
    const s = scorers[0];
    return s === me ? t('help.end.youScore', { points: pts }) : t('help.end.scores', { name: names[s] ?? `#${s + 1}`, points: pts });
  }
  return t('help.end.scoreEach', { names: nameList(t, scorers.map((s) => (s === me ? t('help.you') : (names[s] ?? `#${s + 1}`)))), points: pts });
}

/** The whole line: `Bob could not help Cara: the deal is over — Ann and Dan score 1 point each.` */
export function dealEndLine(t: T, result: DealResult, names: string[], me: number | null): string {
  const scores = whoScores(t, result.points, names, me);
  const why = whyOver(t, result.end, names, me);
  return scores ? `${why} — ${scores}` : why;
}
