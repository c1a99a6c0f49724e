// Classic cards and rows as drawn on the table and in the replay: a card with its bull heads,
// the four rows with the fan card's marker, a taken row's points flying to the taker.

import { useEffect, useRef } from 'preact/hooks';
import type { T } from '../../i18n';
import type { Frame } from './anim';
import { heads, type Card, type ClassicView, type Marker } from './view';

export function CardFace(props: {
  card: Card;
  onClick?: () => void;
  selected?: boolean;
  small?: boolean;
  fresh?: boolean;
  label?: string;
  testid?: string;
  /** A second line under the number (the value after a digit swap). */
  note?: string;
}) {
  const h = heads(props.card);
  const cls = `card h${h}${props.selected ? ' selected' : ''}${props.small ? ' small' : ''}${props.fresh ? ' fresh' : ''}${props.onClick ? ' playable' : ''}`;
  const body = (
    <>
      <span class="num">{props.card}</span>
      {props.note && <span class="note">{props.note}</span>}
      <span class="heads" aria-hidden="true">
        {h > 3 ? `${h}🐮` : '🐮'.repeat(h)}
      </span>
    </>
  );
  if (props.onClick) {
    return (
      <button
        type="button"
        class={cls}
        data-card={props.card}
        data-testid={props.testid}
        aria-label={props.label ?? `${props.card} (${h} 🐮)`}
        aria-pressed={props.selected}
        onClick={props.onClick}
      >
        {body}
      </button>
    );
  }
  return (
    <span class={cls} data-card={props.card} data-testid={props.testid} aria-label={`${props.card} (${h} 🐮)`} role="img">
      {body}
    </span>
  );
}

export function markerText(t: T, m: Marker): string {
  if (m.fan === 'even-odd') return m.even ? t('table.marker.even') : t('table.marker.odd');
  if (m.fan === 'mountain') return `▼ ${t('table.marker.mountain')} ${m.up ? '↑' : '↓'}`;
  return `🐮 ${t('table.marker.cow')}`;
}

/** The points of a taken row, flying from the row to the taker's seat. */
function Flying(props: { seat: number; text: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = ref.current;
    const to = document.querySelector(`[data-testid=seats] [data-seat="${props.seat}"]`);
    if (!el || !to || typeof el.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const a = el.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    // Towards the seat, but never off the screen (on a phone the seat may be scrolled away).
    const inside = (v: number, size: number) => Math.min(Math.max(v, 24), size - 24);
    const dx = inside(b.left + b.width / 2, window.innerWidth) - (a.left + a.width / 2);
    const dy = inside(b.top + b.height / 2, window.innerHeight) - (a.top + a.height / 2);
    el.animate(
      [
        { transform: 'none', opacity: 1 },
        { transform: 'translate(0, -0.6rem) scale(1.2)', opacity: 1, offset: 0.3 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.7)`, opacity: 0.3 },
      ],
      { duration: 1100, easing: 'ease-in', fill: 'forwards' },
    );
  }, [props.seat]);
  return (
    <span class="flying" data-testid="flying" ref={ref}>
      {props.text}
    </span>
  );
}

/** The four rows; a row with an action in `take` is a button (the seat takes it for a low card). */
export function RowsView(props: {
  t: T;
  view: ClassicView;
  frame: Frame | null;
  names: string[];
  take?: Map<number, () => void>;
}) {
  const { t, view, frame } = props;
  const take = props.take ?? new Map<number, () => void>();
  const rows = frame ? frame.rows : view.rows.rows;
  const marker = frame ? frame.marker : view.rows.marker;
  return (
    <div class={`rows${take.size ? ' choosing' : ''}`} data-testid="rows">
      {rows.map((cards, r) => {
        const taking = frame?.taking?.row === r ? frame.taking : undefined;
        const sum = cards.reduce((s, c) => s + heads(c), 0);
        const content = (
          <>
            <span class="rowlabel">
              {t('table.row', { n: r + 1 })}
              <small>{t('table.heads', { n: sum })}</small>
            </span>
            <span class="rowcards">
              {cards.map((c) => (
                <CardFace key={c} card={c} small fresh={frame?.laid?.card === c} />
              ))}
              {marker && marker.row === r && (
                <span class={`marker ${marker.fan}`} data-testid="marker">
                  {markerText(t, marker)}
                </span>
              )}
            </span>
            {taking && (
              <Flying seat={taking.seat} text={t('table.takes', { name: props.names[taking.seat] ?? `#${taking.seat + 1}`, points: taking.points })} />
            )}
          </>
        );
        const cls = `row${taking ? ' taking' : ''}`;
        const onTake = take.get(r);
        return onTake ? (
          <button
            type="button"
            class={cls}
            data-row={r}
            data-testid={`row-${r}`}
            aria-label={`${t('table.row', { n: r + 1 })}: ${cards.join(', ')} (${sum} 🐮)`}
            onClick={onTake}
          >
            {content}
          </button>
        ) : (
          <div class={cls} data-row={r} data-testid={`row-${r}`}>
            {content}
          </div>
        );
      })}
    </div>
  );
}

