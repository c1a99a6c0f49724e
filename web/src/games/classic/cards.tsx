// Classic cards and rows as drawn on the table and in the replay: a card with its number and its
// bull heads, the four rows with their six places (the sixth takes) and the fan card's marker, a
// taken row's points flying to the taker. A card's bull heads come from the server: the view's
// table, handed down by `CardTable` (or a card's own `heads`).

import { createContext } from 'preact';
import { useContext, useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { T } from '../../i18n';
import { factor } from '../../pace';
import type { Frame } from './anim';
import { Bulls } from './bulls';
import { slideFrom } from './slide';
import type { Card, ClassicView, Marker } from './view';

/** The server's tables of the cards: bull heads (and swapped values) of card n at index n − 1. */
export interface CardInfo {
  card_heads: number[];
  swapped?: number[];
}

/** The tables a board last received: what a card drawn outside a board (a deal's summary kept
 * open over the table) shows. Only ever copied from the server's view. */
const lastTables: CardInfo = { card_heads: [] };

/** Remembers the tables of `view` for cards drawn outside the board. */
export function rememberTables(view: CardInfo) {
  lastTables.card_heads = view.card_heads;
  lastTables.swapped = view.swapped;
}

/** The tables for the cards below a board (its view's); elsewhere the last ones received. */
export const CardTable = createContext<CardInfo>(lastTables);

/** Places in a row: the sixth card takes the five before it. */
export const PLACES = 6;

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
  /** Extra classes (leaving, takes, next). */
  class?: string;
  /** Its bull heads, where no `CardTable` gives them. */
  heads?: number;
  /** A hint's word on playing it: the best is marked (★), the hover text tells the estimate;
   * `cost` (the others': how much worse) shows on the card where there is no hover (a phone). */
  hint?: { best: boolean; title: string; cost?: string };
}) {
  const table = useContext(CardTable);
  const h = props.heads ?? table.card_heads[props.card - 1] ?? 0;
  const cls = `card h${h}${props.selected ? ' selected' : ''}${props.small ? ' small' : ''}${props.fresh ? ' fresh' : ''}${props.onClick ? ' playable' : ''}${props.hint?.best ? ' hinted' : ''}${props.class ? ` ${props.class}` : ''}`;
  const body = (
    <>
      {h > 0 && <Bulls n={h} />}
      <span class="num">{props.card}</span>
      {props.note && <span class="note">{props.note}</span>}
      {props.hint?.best && (
        <span class="hintstar" aria-hidden="true">
          ★
        </span>
      )}
      {props.hint && !props.hint.best && props.hint.cost && (
        <span class="hintcost" aria-hidden="true">
          {props.hint.cost}
        </span>
      )}
    </>
  );
  if (props.onClick) {
    return (
      <button
        type="button"
        class={cls}
        data-card={props.card}
        data-testid={props.testid}
        aria-label={props.label ?? (h ? `${props.card} (${h} 🐮)` : `${props.card}`)}
        aria-pressed={props.selected}
        title={props.hint?.title}
        data-hint={props.hint ? (props.hint.best ? 'best' : 'other') : undefined}
        onClick={props.onClick}
      >
        {body}
      </button>
    );
  }
  return (
    <span class={cls} data-card={props.card} data-testid={props.testid} aria-label={h ? `${props.card} (${h} 🐮)` : `${props.card}`} role="img">
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
    const ms = 900 * factor();
    if (!el || !to || typeof el.animate !== 'function' || ms <= 0) return;
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
      { duration: ms, easing: 'ease-in', fill: 'forwards' },
    );
  }, [props.seat]);
  return (
    <span class="flying" data-testid="flying" ref={ref}>
      {props.text}
    </span>
  );
}

/** A card just laid: it slides in from the queue of revealed cards. */
function Laid(props: { card: Card }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => slideFrom(ref.current, props.card, 420 * factor()), [props.card]);
  return (
    <span class="laid" ref={ref}>
      <CardFace card={props.card} small fresh testid="laid" />
    </span>
  );
}

/** One row's six places: its cards, then empty places; the sixth is marked as the one that takes. */
function Places(props: { cards: Card[]; laid?: Card; leaving?: Card[]; marked?: Set<Card> }) {
  const { cards } = props;
  const empty = Math.max(0, PLACES - cards.length);
  return (
    <>
      {cards.map((c, i) =>
        props.laid === c ? (
          <Laid key={c} card={c} />
        ) : (
          <CardFace
            key={c}
            card={c}
            small
            class={`${props.leaving?.includes(c) ? 'leaving' : ''}${i === PLACES - 1 ? ' sixth' : ''}${props.marked?.has(c) ? ' fresh selected' : ''}`.trim() || undefined}
            testid={props.marked?.has(c) ? 'laid' : undefined}
          />
        ),
      )}
      {Array.from({ length: empty }, (_, k) => {
        const place = cards.length + k;
        return <span key={`p${place}`} class={`place${place === PLACES - 1 ? ' takes' : ''}`} aria-hidden="true" />;
      })}
    </>
  );
}

/** The four rows; a row with an action in `take` is a button (the seat takes it for a low card). */
export function RowsView(props: {
  t: T;
  view: ClassicView;
  frame: Frame | null;
  names: string[];
  take?: Map<number, () => void>;
  /** Cards to mark as just laid (a replay step's). */
  marked?: Set<Card>;
  /** By row: a hint's word on taking it (hover text, and whether it is the best). */
  hinted?: Map<number, { best: boolean; title: string }>;
}) {
  const { t, view, frame } = props;
  const take = props.take ?? new Map<number, () => void>();
  const rows = frame ? frame.rows : view.rows.rows;
  const marker = frame ? frame.marker : view.rows.marker;
  const heads = frame ? frame.heads : view.rows.heads;
  return (
    <div class={`rows${take.size ? ' choosing' : ''}`} data-testid="rows">
      {rows.map((cards, r) => {
        const taking = frame?.taking?.row === r ? frame.taking : undefined;
        const sum = heads[r] ?? 0;
        const content = (
          <>
            <span class="rowlabel">
              {t('table.row', { n: r + 1 })}
              <small>{t('table.heads', { n: sum })}</small>
            </span>
            <span class="rowcards" data-cards={cards.join(' ')}>
              <Places cards={cards} laid={frame?.laid?.card} leaving={taking?.cards} marked={props.marked} />
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
        const hint = props.hinted?.get(r);
        const cls = `row${taking ? ' taking' : ''}${cards.length === PLACES - 1 ? ' full' : ''}${hint?.best ? ' hinted' : ''}`;
        const onTake = take.get(r);
        return onTake ? (
          <button
            type="button"
            class={cls}
            data-row={r}
            data-testid={`row-${r}`}
            data-hint={hint ? (hint.best ? 'best' : 'other') : undefined}
            title={hint?.title}
            aria-label={`${t('table.row', { n: r + 1 })}: ${cards.join(', ')} (${sum} 🐮)${hint ? ` · ${hint.title}` : ''}`}
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
