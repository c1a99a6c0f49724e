// What happened at a Brettspiel table, in words: one line per group of events (`tell.ts`), all
// taken from the events (where a tile went, what its field did, the score after it, a row's
// count and bull heads, a round's points). Used by the animation's status line and the log.

import type { Key, T } from '../../i18n';
import { actionLabel, cardName, luckName } from './labels';
import type { BoardEvent, Field } from './view';

/** `+3`, `−7`, `0`. */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
/** A score as the track shows it: `5`, `−7`. */
export const score = (n: number) => (n < 0 ? `−${-n}` : `${n}`);

/** A field's effect, short: `−7`, `red bull heads ×2`, `take the row`. */
export function fieldShort(t: T, f: Field): string {
  const n = 'count' in f ? f.count : 'points' in f ? f.points : 0;
  return t(`board.fx.${f.kind}` as Key, { n });
}

type Named = (seat: number) => string;

function scoreText(t: T, e: Extract<BoardEvent, { type: 'scored' }>, name: Named): string {
  const key = e.reason === 'five_points' ? 'board.log.scoreFive' : e.reason === 'final' ? 'board.log.scoreFinal' : 'board.log.score';
  let s = t(key, { name: name(e.seat), delta: signed(e.delta), score: score(e.score) });
  if (e.wanted !== undefined) s += ` ${t('board.log.cut', { wanted: signed(e.wanted) })}`;
  return s;
}

function one(t: T, e: BoardEvent, name: Named, me: number | null): string | null {
  switch (e.type) {
    case 'dealt':
      return t('board.log.dealt2');
    case 'round_started':
      return t(e.count > 1 ? 'board.log.round2' : 'board.log.round', { round: e.round });
    case 'revealed':
      return t('board.log.revealed', { list: e.tiles.map(([n, s]) => `${name(s)} ${n}`).join(', ') });
    case 'action_card_played':
      return t('board.log.card', { name: name(e.seat), what: actionLabel(t, e.action, null) });
    case 'swapped':
      return t('board.log.swapped', { name: name(e.seat), back: e.back, tile: e.tile });
    case 'extra_played':
      return t('board.log.extra', { name: name(e.seat), tiles: e.tiles.join(', ') });
    case 'luck_card_played':
      return t('board.log.luckPlayed', { name: name(e.seat), card: luckName(t, e.card) });
    case 'laid':
      return t('board.log.laid', { name: name(e.seat), tile: e.tile, fx: fieldShort(t, e.effect), row: e.row + 1, field: e.field + 1 });
    case 'laid_at_start':
      return t('board.log.atStart', { name: name(e.seat), tile: e.tile, row: e.row + 1, pushed: e.pushed, fx: fieldShort(t, e.effect), field: e.field + 1 });
    case 'stop_placed':
      return t('board.log.stop', { name: name(e.seat), row: e.row + 1 });
    case 'stops_removed':
      return t('board.log.stopsBack');
    case 'row_taken': {
      const key = e.to_screen ? 'board.log.takenScreen' : 'board.log.taken';
      let s = t(key, { name: name(e.seat), row: e.row + 1, n: e.tiles.length, minus: e.minus });
      if (e.positive.length) s += ` ${t('board.log.positive', { tiles: e.positive.join(', '), plus: e.plus })}`;
      return s;
    }
    case 'row_opened':
      return e.effect.kind === 'empty'
        ? t('board.log.opened', { name: name(e.seat), tile: e.tile, row: e.row + 1 })
        : t('board.log.openedOn', { name: name(e.seat), tile: e.tile, row: e.row + 1, fx: fieldShort(t, e.effect) });
    case 'scored':
      return scoreText(t, e, name);
    case 'tile_drawn':
      return e.none ? t('board.log.noTile', { name: name(e.seat) }) : t('board.log.tile', { name: name(e.seat), n: e.supply });
    case 'tile_drawn_privately':
      return e.seat === me ? t('board.log.yourTile', { tile: e.tile }) : null;
    case 'action_card_drawn':
      return e.none ? t('board.log.noCard', { name: name(e.seat) }) : t('board.log.drawCard', { name: name(e.seat) });
    case 'action_card_drawn_privately':
      return e.seat === me ? t('board.log.yourCard', { card: cardName(t, e.card) }) : null;
    case 'action_cards_reshuffled':
      return t('board.log.reshuffled', { n: e.cards });
    case 'luck_card_taken':
      return t('board.log.luckTaken', { name: name(e.seat), card: luckName(t, e.card) });
    case 'round_ended':
      return t('board.log.roundEnd', {
        round: e.round,
        list: e.points.map((p, s) => `${name(s)} ${signed(p)} = ${score(e.scores[s])}`).join(' · '),
      });
    case 'game_ended':
    // The seat's own tiles and cards show in its hand; a choice shows at its seat.
    case 'tiles_dealt':
    case 'action_cards_dealt':
    case 'chose':
      return null;
  }
}

/** One group's line: its head, then what followed it, joined by `: ` and `; `. */
export function narrateGroup(t: T, group: BoardEvent[], names: string[], me: number | null): string {
  const name: Named = (s) => names[s] ?? `#${s + 1}`;
  const parts = group.map((e) => one(t, e, name, me)).filter((x): x is string => !!x);
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts[0]}: ${parts.slice(1).join('; ')}`;
}
