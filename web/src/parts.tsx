// Small pieces of the screen shared by the lobby, the table, the result and the replay.

import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { RuleText } from './games/screen';
import { fill, serverText, type T } from './i18n';
import type { Lang } from './protocol';
import type { Line } from './store';
import { BotMark } from './bots/mark';

export function ChatBox(props: {
  t: T;
  lang: Lang;
  lines: Line[];
  onSend: (text: string) => void;
  title: string;
  testid: string;
  /** What can be done about a line (report it, mute its speaker), shown after it. */
  lineActions?: (line: Line) => ComponentChildren;
}) {
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
          <div key={l.line ?? `i${i}`} class={l.from === null ? (l.error ? 'line error' : 'line notice') : 'line'}>
            {l.from !== null && (
              <b>
                {l.from}
                {l.bot && (
                  <>
                    {' '}
                    <BotMark t={props.t} />
                  </>
                )}
                :{' '}
              </b>
            )}
            <span style="white-space: pre-wrap">{l.from === null ? serverText(props.lang, l) : l.text}</span>
            {l.from !== null && props.lineActions?.(l)}
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

/** The rules in short of the table's game (from its screen); Escape closes them. */
export function Rules(props: { t: T; text: RuleText; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // Layout effect: the Escape key works from the moment the dialog shows.
  useLayoutEffect(() => {
    ref.current?.querySelector('button')?.focus();
    const key = (e: KeyboardEvent) => e.key === 'Escape' && props.onClose();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);
  const { t, text } = props;
  return (
    <div class="modal" role="dialog" aria-modal="true" aria-label={t('rules.title')} data-testid="rules" ref={ref}>
      <div class="panel">
        <h2>{t('rules.title')}</h2>
        <ol>
          {text.lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ol>
        {text.notes.map((n) => (
          <p key={n.text} class={n.current ? 'current' : 'muted'}>
            {n.text}
          </p>
        ))}
        <button type="button" onClick={props.onClose}>
          {t('rules.close')}
        </button>
      </div>
    </div>
  );
}

/** A question with two answers in a dialog (leave a running game?); Escape says no. */
export function Confirm(props: { t: T; title: string; text: string; yes: string; no: string; onYes: () => void; onNo: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('button.no')?.focus();
    const key = (e: KeyboardEvent) => e.key === 'Escape' && props.onNo();
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);
  return (
    <div class="modal" role="alertdialog" aria-modal="true" aria-label={props.title} data-testid="confirm" ref={ref}>
      <div class="panel">
        <h2>{props.title}</h2>
        <p>{props.text}</p>
        <div class="buttons">
          <button type="button" class="primary" data-testid="confirm-yes" onClick={props.onYes}>
            {props.yes}
          </button>
          <button type="button" class="no" data-testid="confirm-no" onClick={props.onNo}>
            {props.no}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Points per deal, one line per player, as a small SVG chart of the running totals. Lines that
 * run together stay apart (each a little offset, every other one dashed); `me` (this client's
 * seat) is drawn last, thicker and named in the legend; `endAt` draws the score that ends the game. */
export function DealChart(props: {
  t: T;
  history: number[][];
  names: string[];
  me?: number;
  endAt?: number;
  /** The chart's title (default: points per deal). */
  caption?: string;
  /** A step's name (default: "Deal n"). */
  stepName?: (n: number) => string;
  /** The legend shows each step's points (default) or the total alone. */
  totalOnly?: boolean;
}) {
  const { history, names, me } = props;
  const W = 320;
  const H = 160;
  const pad = 28;
  const running: number[][] = names.map(() => [0]);
  for (const deal of history) running.forEach((r, i) => r.push(r[r.length - 1] + (deal[i] ?? 0)));
  const endAt = props.endAt && props.endAt > 0 ? props.endAt : null;
  const max = Math.max(1, ...running.flat(), endAt ?? 0);
  // Negative points stay inside the frame: the axis runs from the lowest value (or 0) up.
  const min = Math.min(0, ...running.flat());
  const steps = Math.max(1, history.length);
  const x = (k: number) => pad + ((W - 2 * pad) * k) / steps;
  const y = (v: number) => H - pad - ((H - 2 * pad) * (v - min)) / (max - min);
  const caption = props.caption ?? props.t('result.perDeal');
  const stepName = props.stepName ?? ((n: number) => props.t('result.deal', { n }));
  const colors = ['#d33', '#27c', '#2a2', '#e90', '#a3c', '#0aa', '#963', '#e5a', '#777', '#58f'];
  // Seat i's line sits (i - middle) × 1.5 px off its place, so equal totals do not hide each other.
  const shift = (i: number) => (i - (names.length - 1) / 2) * 1.5;
  const order = names.map((_, i) => i).sort((a, b) => Number(a === me) - Number(b === me));
  return (
    <figure class="chart" data-testid="chart">
      <figcaption>{caption}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={caption}>
        <line x1={pad} y1={H - pad} x2={W - pad} y2={H - pad} stroke="currentColor" stroke-opacity="0.4" />
        <line x1={pad} y1={pad} x2={pad} y2={H - pad} stroke="currentColor" stroke-opacity="0.4" />
        <text x={4} y={pad} font-size="10" fill="currentColor">{max}</text>
        {min < 0 && (
          <g data-testid="chart-zero">
            <line x1={pad} y1={y(0)} x2={W - pad} y2={y(0)} stroke="currentColor" stroke-opacity="0.3" stroke-dasharray="3 3" />
            <text x={4} y={y(0) + 3} font-size="10" fill="currentColor">0</text>
            <text x={4} y={H - pad} font-size="10" fill="currentColor">{min}</text>
          </g>
        )}
        {endAt !== null && (
          <g data-testid="chart-end">
            <line x1={pad} y1={y(endAt)} x2={W - pad} y2={y(endAt)} stroke="currentColor" stroke-opacity="0.6" stroke-dasharray="2 3" />
            <text x={W - pad} y={y(endAt) - 3} font-size="9" fill="currentColor" text-anchor="end">
              {props.t('result.endLine', { n: endAt })}
            </text>
          </g>
        )}
        {history.map((_, k) => (
          <text key={k} x={x(k + 1) - 4} y={H - pad + 14} font-size="10" fill="currentColor">
            {k + 1}
          </text>
        ))}
        {order.map((i) => (
          <g key={i} class={i === me ? 'mine' : undefined} data-testid={i === me ? 'chart-me' : undefined}>
            <polyline
              fill="none"
              stroke={colors[i % colors.length]}
              stroke-width={i === me ? 4 : 2}
              stroke-dasharray={i !== me && i % 2 === 1 ? '6 3' : undefined}
              points={running[i].map((v, k) => `${x(k)},${y(v) + shift(i)}`).join(' ')}
            />
            {running[i].slice(1).map((v, k) => (
              <circle key={k} cx={x(k + 1)} cy={y(v) + shift(i)} r={i === me ? 4 : 3} fill={colors[i % colors.length]}>
                <title>{`${names[i]}: ${fill(stepName(k + 1))} ${history[k][i] < 0 ? '' : '+'}${history[k][i]} = ${v}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <ul class="legend">
        {names.map((nm, i) => (
          <li key={i} class={i === me ? 'mine' : undefined}>
            <span class="swatch" style={`background:${colors[i % colors.length]}`} /> {nm}
            {i === me ? ` (${props.t('table.you')})` : ''}:{' '}
            {props.totalOnly ? running[i][running[i].length - 1] : history.map((d) => d[i]).join(' + ') || '0'}
            {!props.totalOnly && history.length > 1 ? ` = ${running[i][running[i].length - 1]}` : ''}
          </li>
        ))}
      </ul>
    </figure>
  );
}
