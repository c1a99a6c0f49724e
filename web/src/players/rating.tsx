// A rating beside a name ("1540?" while provisional) and a rating's change ("+24", "−8").

import './players.css';

import type { T } from '../i18n';
import type { SeatRating } from '../protocol';

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
export function SeatNames(props: { t: T; seats: { name: string; rating?: SeatRating }[] }) {
  return (
    <>
      {props.seats.map((x, i) => (
        <span key={i}>
          {i > 0 && ', '}
          {x.name}
          {x.rating && <span class="muted"> ({ratingText(x.rating)})</span>}
        </span>
      ))}
    </>
  );
}
