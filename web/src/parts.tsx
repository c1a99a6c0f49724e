// Small pieces of the screen shared by the table and the replay.

import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Frame } from './anim';
import { fill, serverText, translate, type Key } from './i18n';
import { heads, type Card, type ClassicView, type Lang, type Marker } from './protocol';
import type { Line } from './store';

export type T = (key: Key, params?: Record<string, string | number>) => string;
export const tFor = (lang: Lang): T => (k, p) => translate(lang, k, p);

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
    const dx = b.left + b.width / 2 - (a.left + a.width / 2);
    const dy = b.top + b.height / 2 - (a.top + a.height / 2);
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

/** The four rows; clickable when `onTake` is given (a low card). */
export function RowsView(props: {
  t: T;
  view: ClassicView;
  frame: Frame | null;
  names: string[];
  onTake?: (row: number) => void;
}) {
  const { t, view, frame } = props;
  const rows = frame ? frame.rows : view.rows.rows;
  const marker = frame ? frame.marker : view.rows.marker;
  return (
    <div class={`rows${props.onTake ? ' choosing' : ''}`} data-testid="rows">
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
        return props.onTake ? (
          <button
            type="button"
            class={cls}
            data-row={r}
            data-testid={`row-${r}`}
            aria-label={`${t('table.row', { n: r + 1 })}: ${cards.join(', ')} (${sum} 🐮)`}
            onClick={() => props.onTake?.(r)}
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

export function ChatBox(props: { t: T; lang: Lang; lines: Line[]; onSend: (text: string) => void; title: string; testid: string }) {
  const [text, setText] = useState('');
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [props.lines.length]);
  return (
    <section class="chat" data-testid={props.testid} aria-label={props.title}>
      <h3>{props.title}</h3>
      <div class="lines" ref={list} aria-live="polite">
        {props.lines.map((l, i) => (
          <div key={i} class={l.from === null ? (l.error ? 'line error' : 'line notice') : 'line'}>
            {l.from !== null && <b>{l.from}: </b>}
            <span style="white-space: pre-wrap">{l.from === null ? serverText(props.lang, l) : l.text}</span>
          </div>
        ))}
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) props.onSend(text.trim());
          setText('');
        }}
      >
        <input
          value={text}
          maxLength={500}
          aria-label={props.t('chat.placeholder')}
          placeholder={props.t('chat.placeholder')}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
        />
        <button type="submit">{props.t('chat.send')}</button>
      </form>
    </section>
  );
}

export function Rules(props: { t: T; game?: string; fan: string | null; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // Layout effect: the Escape key works from the moment the dialog shows.
  useLayoutEffect(() => {
    ref.current?.querySelector('button')?.focus();
    const key = (e: KeyboardEvent) => e.key === 'Escape' && props.onClose();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);
  const { t } = props;
  return (
    <div class="modal" role="dialog" aria-modal="true" aria-label={t('rules.title')} data-testid="rules" ref={ref}>
      <div class="panel">
        <h2>{t('rules.title')}</h2>
        <ol>
          {t(props.game === 'help' ? 'rules.help' : 'rules.classic')
            .split('\n')
            .map((l) => (
              <li key={l}>{l}</li>
            ))}
        </ol>
        {props.game !== 'help' && (['even-odd', 'mountain', 'cow', 'digit-swap'] as const).map((f) => (
          <p key={f} class={props.fan === f ? 'current' : 'muted'}>
            {t(`rules.fan.${f}` as Key)}
          </p>
        ))}
        <button type="button" onClick={props.onClose}>
          {t('rules.close')}
        </button>
      </div>
    </div>
  );
}

/** Points per deal, one line per player, as a small SVG chart of the running totals. */
export function DealChart(props: { t: T; history: number[][]; names: string[] }) {
  const { history, names } = props;
  const n = names.length;
  const W = 320;
  const H = 160;
  const pad = 28;
  const running: number[][] = names.map(() => [0]);
  for (const deal of history) running.forEach((r, i) => r.push(r[r.length - 1] + (deal[i] ?? 0)));
  const max = Math.max(1, ...running.flat());
  const steps = Math.max(1, history.length);
  const x = (k: number) => pad + ((W - 2 * pad) * k) / steps;
  const y = (v: number) => H - pad - ((H - 2 * pad) * v) / max;
  const colors = ['#d33', '#27c', '#2a2', '#e90', '#a3c', '#0aa', '#963', '#e5a', '#777', '#58f'];
  return (
    <figure class="chart" data-testid="chart">
      <figcaption>{props.t('result.perDeal')}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.t('result.perDeal')}>
        <line x1={pad} y1={H - pad} x2={W - pad} y2={H - pad} stroke="currentColor" stroke-opacity="0.4" />
        <line x1={pad} y1={pad} x2={pad} y2={H - pad} stroke="currentColor" stroke-opacity="0.4" />
        <text x={4} y={pad} font-size="10" fill="currentColor">{max}</text>
        {history.map((_, k) => (
          <text key={k} x={x(k + 1) - 4} y={H - pad + 14} font-size="10" fill="currentColor">
            {k + 1}
          </text>
        ))}
        {running.map((r, i) => (
          <g key={i}>
            <polyline
              fill="none"
              stroke={colors[i % colors.length]}
              stroke-width="2.5"
              points={r.map((v, k) => `${x(k)},${y(v)}`).join(' ')}
            />
            {r.slice(1).map((v, k) => (
              <circle key={k} cx={x(k + 1)} cy={y(v)} r="3" fill={colors[i % colors.length]}>
                <title>{`${names[i]}: ${fill(props.t('result.deal', { n: k + 1 }))} +${history[k][i]} = ${v}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <ul class="legend">
        {names.map((nm, i) => (
          <li key={i}>
            <span class="swatch" style={`background:${colors[i % colors.length]}`} /> {nm}:{' '}
            {history.map((d) => d[i]).join(' + ') || '0'}
          </li>
        ))}
      </ul>
      {n === 0 && null}
    </figure>
  );
}
