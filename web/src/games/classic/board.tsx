// The classic table while a game runs: the rows (or the open cards of a draft), the revealed
// cards waiting to be laid, what the seat is asked, and its hand. Cards and rows are clickable as
// `legal` says. While an update is animated, everything drawn comes from the animation's frame
// (heading, rows, queue, the hand of a deal not shown yet), and the hand is greyed out.

import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { useCountdown } from '../countdown';
import type { BoardProps } from '../screen';
import { PaceControl } from '../../pacecontrol';
import type { Frame } from './anim';
import { CardFace, CardTable, RowsView, rememberTables } from './cards';
import { clicks } from './clicks';
import { narrate } from './narrate';
import { Queue } from './queue';
import { DealSummary } from './summary';
import { swappedValue, viewerSeat, type ClassicView } from './view';
import { hintFor, hintTitle } from '../../analysis/hint';
import { choiceText } from '../../analysis/panel';
import { logLines } from './log';
import './classic.css';

export function ClassicBoard(props: BoardProps<ClassicView>) {
  const { t, view, names, act } = props;
  const frame = props.frame as Frame | null;
  const me = viewerSeat(view);
  const [swap, setSwap] = useState(false);
  // The version an action was sent at: nothing more is sent until the answer comes (a second
  // click would be stale by then and cost the animation a full resync).
  const [sent, setSent] = useState<number | null>(null);
  // A refused action changes no version: the hand comes back after a moment.
  useEffect(() => {
    if (sent === null) return;
    const id = window.setTimeout(() => setSent(null), 2500);
    return () => window.clearTimeout(id);
  }, [sent]);
  // Nothing is clickable while an update is being shown, or while an action is on its way.
  const can = clicks(frame || sent === props.version ? [] : props.legal, swap);
  const asked = frame ? null : (view.asked?.type ?? null);
  // Counted from when the question arrived (the server does not send its deadline), not from the
  // end of the animation.
  const left = useCountdown(view.asked ? props.timer : 0, `${view.deal}-${view.turn}-${view.asked?.type}-${view.phase.phase}`);
  const phase = view.phase;
  let status = '';
  if (frame) status = narrate(t, frame, names);
  else if (asked === 'play_card') status = t('table.playCard');
  else if (asked === 'take_row' && phase.phase === 'place') status = t('table.takeRow', { card: phase.queue[0]?.card ?? '' });
  else if (asked === 'draft_pick') status = t('table.draftPick');
  else if (phase.phase === 'choose' && phase.mine) status = t('table.youChose', { card: phase.mine.card });
  else if (phase.phase === 'place' && phase.queue[0]) status = t('table.waitRow', { name: names[phase.queue[0].seat], card: phase.queue[0].card });
  else if (phase.phase === 'draft') status = t('table.draftWait', { name: names[phase.next] });
  const send = (a: unknown) => {
    setSent(props.version);
    act(a);
    setSwap(false);
  };
  const handCards = view.hand.filter((c) => can.hand.has(c));
  const poolCards = phase.phase === 'draft' ? phase.pool.filter((c) => can.pool.has(c)) : [];
  const rowList = [...can.rows.keys()].sort((a, b) => a - b);
  // Keyboard: when asked, the first choice gets the focus (unless someone is typing), and the
  // keys 1–9 pick the n-th playable card of the hand (or of the open cards), 1–4 a row to take.
  useLayoutEffect(() => {
    if (!handCards.length && !poolCards.length && !rowList.length) return;
    const typing = () => {
      const a = document.activeElement;
      return !!a && (a.tagName === 'INPUT' || a.tagName === 'SELECT' || a.tagName === 'TEXTAREA');
    };
    if (!typing() && !document.querySelector('.modal')) {
      document.querySelector<HTMLElement>('.rows.choosing .row, .hand button.card, .pool button.card')?.focus();
    }
    const key = (e: KeyboardEvent) => {
      if (typing() || e.ctrlKey || e.metaKey || e.altKey || !/^[1-9]$/.test(e.key)) return;
      const n = Number(e.key) - 1;
      const action = rowList.length
        ? can.rows.get(rowList[n])
        : poolCards.length
          ? can.pool.get(poolCards[n])
          : can.hand.get(handCards[n]);
      if (!action) return;
      e.preventDefault();
      send(action);
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [props.version, props.legal, frame, swap]);
  const queue = frame ? frame.queue : phase.phase === 'place' ? phase.queue : [];
  const choosing = frame ? frame.choosing?.card : phase.phase === 'place' ? phase.queue[0]?.card : undefined;
  // The hand of a deal the animation has not reached yet stays hidden.
  const hand = frame && frame.deal !== view.deal ? [] : view.hand;
  const idle = handCards.length === 0;
  const takes = new Map([...can.rows].map(([r, a]) => [r, () => send(a)] as const));
  // The hint asked for (while this seat is asked): the best choice marked, the others' costs on hover.
  const hint = frame ? null : props.hint;
  const mark = (label: string) => {
    const h = hintFor(hint, label);
    return h ? { best: h.best, title: hintTitle(t, h), cost: `+${h.cost.toFixed(1)}` } : undefined;
  };
  const hintedRows = new Map(rowList.flatMap((r) => { const h = mark(`take_row ${r}`); return h ? [[r, h] as const] : []; }));
  const best = hint?.choices[0];
  // What happened, newest first; the turn an animation still shows waits.
  const log = logLines(t, props.events ?? [], names, me, frame ? { deal: frame.deal, turn: frame.turn } : null).slice(-12).reverse();
  rememberTables(view);
  return (
    <CardTable.Provider value={view}>
      <div class="classic" data-anim={frame ? frame.kind : 'idle'}>
        <div class="dealline">
          <span data-testid="heading">{t('table.deal', { deal: frame?.deal ?? view.deal, turn: frame?.turn ?? view.turn })}</span>
          <PaceControl t={t} skipping={!!frame} />
          {left !== null && (
            <span class={`timer${left <= 5 ? ' urgent' : ''}`} data-testid="timer" role="timer">
              ⏱ {t('table.timeLeft', { s: left })}
            </span>
          )}
        </div>
        {phase.phase === 'draft' && !frame ? (
          <section class="pool" aria-label={t('table.draftPool')}>
            <h3>{t('table.draftPool')}</h3>
            <div class="cards">
              {phase.pool.map((c) => {
                const a = can.pool.get(c);
                return <CardFace key={c} card={c} small hint={a ? mark(`draft ${c}`) : undefined} onClick={a ? () => send(a) : undefined} />;
              })}
            </div>
          </section>
        ) : (
          <RowsView t={t} view={view} frame={frame} names={names} take={takes} hinted={hintedRows} />
        )}
        {frame?.summary && <DealSummary t={t} summary={frame.summary} names={names} />}
        {!frame?.summary && <Queue t={t} queue={queue} names={names} choosing={choosing} taking={frame?.taking?.by} />}
        <p class={`status${asked ? ' asked' : ''}`} data-testid="status" aria-live="polite">
          {status}
        </p>
        {best && (
          <p class="hintline" data-testid="hint-line">
            <span class="onhover">{t('hint.line', { best: choiceText(t, best.label) })}</span>
            <span class="ontouch">{t('hint.lineTouch', { best: choiceText(t, best.label) })}</span>
          </p>
        )}
        {me === null ? (
          <p class="muted" data-testid="spectating">
            {t('table.watching')}
          </p>
        ) : (
          <section class={`hand${idle ? ' idle' : ''}`} aria-label={t('table.yourHand')} data-testid="hand" aria-disabled={idle}>
            <h3>
              {t('table.yourHand')}
              {idle && hand.length > 0 && <small class="muted">({t('classic.handIdle')})</small>}
              {can.canSwap && (
                <label class="swap" title={t('table.swapHelp')}>
                  <input type="checkbox" checked={swap} onChange={(e) => setSwap((e.target as HTMLInputElement).checked)} /> {t('table.swap')}
                </label>
              )}
            </h3>
            <div class="cards">
              {hand.map((c) => {
                const a = can.hand.get(c);
                const swapped = a?.type === 'play' && a.swap;
                return (
                  <CardFace
                    key={c}
                    card={c}
                    testid="hand-card"
                    note={swapped ? `↔ ${swappedValue(view, c)}` : undefined}
                    hint={a && !swapped ? mark(`play ${c}`) : undefined}
                    onClick={a ? () => send(a) : undefined}
                  />
                );
              })}
              {!frame && phase.phase === 'choose' && phase.mine && <CardFace card={phase.mine.card} selected label={t('table.youChose', { card: phase.mine.card })} />}
            </div>
          </section>
        )}
        {log.length > 0 && (
          <section class="classiclog" aria-label={t('classic.log.title')} data-testid="classic-log">
            <h3>{t('classic.log.title')}</h3>
            <ol>
              {log.map((l, i) => (
                <li key={log.length - i} data-testid="log-line">
                  {l}
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </CardTable.Provider>
  );
}
