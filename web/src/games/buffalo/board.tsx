// The buffalo table: rows, piles, the revealed cards, the open special cards, the window
// (which card it is about, the uses, three ways to pass: this turn, for the game, this card), your hand, and a log of what happened.
// Clickable is exactly what `legal` lists: a use is made on the cards themselves (the revealed
// cards in laying order for Sortieren, a card of a row and then its new place for Verschieben,
// ...), the legal targets lit up at each step. While an update plays, its frames are drawn.

import { useState } from 'preact/hooks';
import type { BoardProps } from '../screen';
import { CardFace, CardTable } from '../classic/cards';
import type { BuffaloFrame } from './anim';
import { buffaloEvents } from './events';
import type { Key } from '../../i18n';
import { specialName } from './labels';
import { logLine, logLines } from './log';
import { Piles, place, Queue, resultLine, Rows, Specials, type Places } from './table';
import { isAction, kindOf, targetOf, type BuffaloAction, type BuffaloView, type Special } from './view';
import './buffalo.css';
import { ownerName } from './labels';

type Kind = Special | 'remove_stop';
type Use<K extends BuffaloAction['type']> = Extract<BuffaloAction, { type: K }>;

/** What has been picked so far for a use made in steps. */
interface Pick {
  kind: Kind;
  /** Insert, Replace: the revealed card chosen. */
  card: number | null;
  /** Shift: the place of the card chosen (`row:at`). */
  from: string | null;
  /** Sort: the cards clicked so far, in laying order. */
  order: number[];
}

const fresh = (kind: Kind): Pick => ({ kind, card: null, from: null, order: [] });

export function BuffaloBoard(props: BoardProps<BuffaloView>) {
  const { t, view, names } = props;
  const me = typeof view.viewer === 'object' ? view.viewer.seat : null;
  const legal = props.legal.filter(isAction);
  const plays = legal.filter((a): a is Use<'play'> => a.type === 'play');
  const takes = legal.filter((a): a is Use<'take_row'> => a.type === 'take_row');
  const pass = legal.find((a) => a.type === 'pass');
  // The window's uses, grouped by card kind, in the server's order.
  const groups = new Map<Kind, BuffaloAction[]>();
  for (const a of legal) {
    const k = kindOf(a);
    if (k) groups.set(k, [...(groups.get(k) ?? []), a]);
  }
  // The kind chosen in the window stays chosen while it can be used (others passing change the
  // version, not the choice); acting clears it.
  const [picked, setPicked] = useState<Pick | null>(null);
  const pick = picked && groups.has(picked.kind) ? picked : null;
  const act = (a: BuffaloAction) => {
    setPicked(null);
    props.act(a);
  };
  const uses = pick ? groups.get(pick.kind)! : [];
  const explain = (k: Kind) => (k === 'remove_stop' ? '' : t(`bf.ex.${k}` as Key));
  const target = pick ? targetOf(pick.kind) : null;

  // What lights up, and what a click does, at the current step of the chosen use.
  let onRow: ((row: number) => void) | undefined;
  let rowTargets: number[] = [];
  let queueTargets: number[] = [];
  let onQueue: ((card: number) => void) | undefined;
  let cardTargets: Places = new Set();
  let onRowCard: ((row: number, at: number) => void) | undefined;
  let gapTargets: Places = new Set();
  let onGap: ((row: number, at: number) => void) | undefined;
  let handTargets: number[] = [];
  let onHand: ((card: number) => void) | undefined;
  let hint = '';
  if (takes.length) {
    rowTargets = takes.map((a) => a.row);
    onRow = (row) => takes.some((a) => a.row === row) && act({ type: 'take_row', row });
  } else if (pick && target === 'row') {
    rowTargets = uses.flatMap((u) => ('row' in u ? [u.row] : []));
    onRow = (row) => {
      const a = uses.find((u) => 'row' in u && u.row === row);
      if (a) act(a);
    };
    hint = t('bf.pickRow');
  } else if (pick && target === 'card') {
    queueTargets = uses.flatMap((u) => ('card' in u ? [u.card] : []));
    onQueue = (card) => {
      const a = uses.find((u) => 'card' in u && u.card === card);
      if (a) act(a);
    };
    hint = t('bf.pickCard');
  } else if (pick && target === 'sort') {
    const orders = (uses as Use<'sort'>[]).map((u) => u.order);
    const prefix = pick.order;
    const fits = orders.filter((o) => prefix.every((c, i) => o[i] === c));
    queueTargets = [...new Set(fits.map((o) => o[prefix.length]).filter((c) => c !== undefined))];
    onQueue = (card) => {
      const order = [...prefix, card];
      const done = (uses as Use<'sort'>[]).find((u) => u.order.length === order.length && u.order.every((c, i) => c === order[i]));
      if (done) act(done);
      else setPicked({ ...pick, order });
    };
    hint = t('bf.pickSort', { n: prefix.length, all: view.queue.length });
  } else if (pick && target === 'shift') {
    const shifts = uses as Use<'shift'>[];
    if (pick.from === null) {
      cardTargets = new Set(shifts.map((u) => place(u.row, u.at)));
      onRowCard = (row, at) => setPicked({ ...pick, from: place(row, at) });
      hint = t('bf.pickShiftFrom');
    } else {
      const from = shifts.filter((u) => place(u.row, u.at) === pick.from);
      gapTargets = new Set(from.map((u) => place(u.to_row, u.to_at)));
      cardTargets = new Set(shifts.map((u) => place(u.row, u.at)));
      onRowCard = (row, at) => setPicked({ ...pick, from: place(row, at) });
      onGap = (row, at) => {
        const a = from.find((u) => u.to_row === row && u.to_at === at);
        if (a) act(a);
      };
      hint = t('bf.pickShiftTo');
    }
  } else if (pick && target === 'insert') {
    const inserts = uses as Use<'insert'>[];
    queueTargets = [...new Set(inserts.map((u) => u.card))];
    onQueue = (card) => setPicked({ ...pick, card });
    if (pick.card === null) hint = t('bf.pickInsertCard');
    else {
      const mine = inserts.filter((u) => u.card === pick.card);
      gapTargets = new Set(mine.map((u) => place(u.row, u.at)));
      onGap = (row, at) => {
        const a = mine.find((u) => u.row === row && u.at === at);
        if (a) act(a);
      };
      hint = t('bf.pickInsertAt');
    }
  } else if (pick && target === 'replace') {
    const replaces = uses as Use<'replace'>[];
    queueTargets = [...new Set(replaces.map((u) => u.card))];
    onQueue = (card) => setPicked({ ...pick, card });
    if (pick.card === null) hint = t('bf.pickReplaceCard');
    else {
      const mine = replaces.filter((u) => u.card === pick.card);
      handTargets = mine.map((u) => u.with);
      onHand = (card) => {
        const a = mine.find((u) => u.with === card);
        if (a) act(a);
      };
      hint = t('bf.pickReplaceWith');
    }
  }

  const p = view.phase;
  const next = p.phase === 'window' ? (view.queue[0] ?? null) : null;
  let status = '';
  if (view.result) status = resultLine(t, view);
  else if (plays.length) status = t('bf.choose');
  else if (takes.length) status = t('bf.takeRowAsk');
  else if (pass && next) status = t('bf.windowFor', { card: next.card, owner: ownerName(t, next.owner, names) });
  else if (pass) status = t('bf.window');
  else if (p.phase === 'choose') status = view.my_choice !== null ? t('bf.chose', { card: view.my_choice }) : t('bf.othersChoose');
  else if (p.phase === 'window') status = t('bf.windowOthers');
  else if (p.phase === 'take_row') status = t('bf.takesRow', { name: names[p.seat] ?? '', card: p.card });

  const frame = props.frame as BuffaloFrame | null;
  const events = buffaloEvents(props.events ?? []);
  const log = logLines(t, events, names).slice(-12);
  const caption = frame ? logLine(t, frame.event, names) : null;
  const taking = frame && (frame.event.type === 'team_took' || frame.event.type === 'buffalo_took') ? frame.event.row : null;

  return (
    <CardTable.Provider value={view}>
      <div class="bfboard" data-testid="buffalo-board">
        <div class="dealline bfhead">
          <span>{t('bf.turn', { turn: view.turn })}</span>
          <Piles t={t} view={view} shown={frame ?? undefined} />
        </div>
        {frame ? (
          <>
            <Queue t={t} view={frame} names={names} />
            <p class="status bfcaption" data-testid="bf-caption" aria-live="polite">
              {caption}
            </p>
            <Rows t={t} view={frame} landing={frame.card} taking={taking} />
          </>
        ) : (
          <>
            <Queue t={t} view={view} names={names} onCard={onQueue} targets={queueTargets} order={pick?.kind === 'sort' ? pick.order : pick?.card != null ? [pick.card] : undefined} next={next?.card ?? null} />
            <Rows
              t={t}
              view={view}
              onRow={onRow}
              targets={rowTargets}
              onCard={onRowCard}
              cardTargets={cardTargets}
              selected={pick?.from ?? null}
              onGap={onGap}
              gapTargets={gapTargets}
            />
          </>
        )}
        {/* In my window the open cards are its buttons (each explained in its title and, once
            picked, in the hint line): the list would push the hand out of view. */}
        {!(pass && !frame) && <Specials t={t} view={view} />}
        <p class={`status${view.asked ? ' asked' : ''}`} data-testid="status" aria-live="polite">
          {status}
        </p>
        {pass && !frame && (
          <section class="helpactions bfwindow" data-testid="bf-window" aria-label={t('bf.window')}>
            <div class="buttons">
              {[...groups.keys()].map((k) => (
                <button
                  key={k}
                  type="button"
                  class={k === pick?.kind ? 'primary' : ''}
                  data-testid="use-kind"
                  data-kind={k}
                  aria-pressed={k === pick?.kind}
                  title={explain(k)}
                  onClick={() => setPicked(k === pick?.kind ? null : fresh(k))}
                >
                  {specialName(t, k)}
                </button>
              ))}
              <button type="button" data-testid="pass" title={t('bf.passTitle')} onClick={() => act({ type: 'pass' })}>
                {t('bf.pass')}
              </button>
              {legal.some((a) => a.type === 'pass_game') && (
                <button type="button" data-testid="pass-game" title={t('bf.passGameTitle')} onClick={() => act({ type: 'pass_game' })}>
                  {t('bf.passGame')}
                </button>
              )}
            </div>
            <div class="bfwinfoot small">
              <p class="muted" data-testid={hint ? 'use-hint' : undefined}>
                {pick && explain(pick.kind)} {hint}{' '}
                {pick && (pick.order.length > 0 || pick.card !== null || pick.from !== null) && (
                  <button type="button" class="linkish" data-testid="use-restart" onClick={() => setPicked(fresh(pick.kind))}>
                    {t('bf.restart')}
                  </button>
                )}
              </p>
              {legal.some((a) => a.type === 'pass_card') && (
                <button type="button" class="linkish" data-testid="pass-card" title={t('bf.passCardTitle')} onClick={() => act({ type: 'pass_card' })}>
                  {t('bf.passCard')}
                </button>
              )}
            </div>
          </section>
        )}
        {me === null ? (
          <p class="muted" data-testid="spectating">
            {t('table.watching')}
          </p>
        ) : (
          <section class="hand" aria-label={t('table.yourHand')} data-testid="hand">
            <h3>{t('table.yourHand')}</h3>
            {legal.some((a) => a.type === 'ask_again') && (
              <p class="muted small">
                {t('bf.passedGame')} ·{' '}
                <button type="button" class="linkish" data-testid="ask-again" onClick={() => act({ type: 'ask_again' })}>
                  {t('bf.askAgain')}
                </button>
              </p>
            )}
            <div class="cards">
              {view.hand.map((c) => (
                <CardFace
                  key={c}
                  card={c}
                  testid="hand-card"
                  selected={view.my_choice === c}
                  onClick={
                    plays.some((a) => a.card === c)
                      ? () => act({ type: 'play', card: c })
                      : onHand && handTargets.includes(c)
                        ? () => onHand!(c)
                        : undefined
                  }
                />
              ))}
            </div>
          </section>
        )}
        {log.length > 0 && (
          <section class="bflog" data-testid="bf-log" aria-label={t('bf.log.title')}>
            <h3>{t('bf.log.title')}</h3>
            <ol>
              {log.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </CardTable.Provider>
  );
}
