// A rating beside a name ("1540?" while provisional), a rating's change ("+24", "−8"), and what a
// finished game did to the viewer's rating, in words.

import './players.css';

import type { T } from '../i18n';
import type { SeatRating } from '../protocol';
import { BotMark } from '../bots/mark';

/** A change with its sign (a real minus sign). */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}

/** A rating as text: the number, "?" while provisional. */
export function ratingText(r: { rating: number; provisional?: boolean }): string {
  return `${r.rating}${r.provisional ? '?' : ''}`;
}

export function RatingTag(props: { t: T; rating?: SeatRating | null; change?: boolean }) {
  const r = props.rating;
  if (!r) return null;
  return (
    <span class="tag rating" title={r.provisional ? props.t('players.provisional') : props.t('players.rating')} data-testid="rating">
      {ratingText(r)}
      {props.change && r.change !== undefined && <span class={`ratingchange ${r.change >= 0 ? 'up' : 'down'}`}> {signed(r.change)}</span>}
    </span>
  );
}

/** Seat names with their ratings, as one line of the lobby's table list. */
export function SeatNames(props: { t: T; seats: { name: string; rating?: SeatRating; bot_account?: boolean }[] }) {
  return (
    <>
      {props.seats.map((x, i) => (
        <span key={i}>
          {i > 0 && ', '}
          {x.name}
          {x.bot_account && (
            <>
              {' '}
              <BotMark t={props.t} />
            </>
          )}
          {x.rating && <span class="muted"> ({ratingText(x.rating)})</span>}
        </span>
      ))}
    </>
  );
}

/** "provisional: N more rated games" (the games still to play before a rating settles). */
export function toSettle(t: T, n: number): string {
  return n === 1 ? t('players.oneMoreGame') : t('players.moreGames', { n });
}

/** Under a finished game's ranking: the viewer's rating before and after the game, with the "?"
 * explained in words while it is provisional. Nothing for a game that moved no rating. */
export function RatingNote(props: { t: T; rating?: SeatRating | null }) {
  const { t } = props;
  const r = props.rating;
  if (!r || r.change === undefined) return null;
  const before = r.rating - r.change;
  return (
    <p class="ratingnote" data-testid="rating-note">
      {t('players.yourRating', { before, after: r.rating, change: signed(r.change) })}
      {r.provisional && r.games_to_settle !== undefined && (
        <>
          {' '}
          <b data-testid="to-settle">{toSettle(t, r.games_to_settle)}</b>. {t('players.questionMark')}
        </>
      )}
    </p>
  );
}
