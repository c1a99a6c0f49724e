// What every viewer of a buffalo table sees: the four rows with their places, stop signs and
// 7 nimmt! markers; the buffalo's stack and pile; the team's pile; the revealed cards of the
// turn in laying order; the open special cards with what each does.

import type { Key, T } from '../../i18n';
import { CardFace } from '../classic/cards';
import { ownerName, specialName } from './labels';
import type { BuffaloView, Played, Row, Special } from './view';

/** Where a card may go or come from: `row:at` keys. */
export type Places = Set<string>;
export const place = (row: number, at: number) => `${row}:${at}`;

/** The rows; with `onRow`, the rows in `targets` are buttons; with `onCard`, the cards at the
 *  places in `cardTargets` are; with `onGap`, a gap button stands at each place of `gapTargets`
 *  (before the card at that place, or after the last). `landing`: a card just laid, lit up;
 *  `taking`: a row just taken. */
export function Rows(props: {
  t: T;
  view: { rows: Row[] };
  onRow?: (row: number) => void;
  targets?: number[];
  onCard?: (row: number, at: number) => void;
  cardTargets?: Places;
  selected?: string | null;
  onGap?: (row: number, at: number) => void;
  gapTargets?: Places;
  landing?: number | null;
  taking?: number | null;
}) {
  const { t, view } = props;
  const onRow = props.targets?.length ? props.onRow : undefined;
  const gap = (row: number, at: number) =>
    props.onGap && props.gapTargets?.has(place(row, at)) ? (
      <button
        key={`gap-${at}`}
        type="button"
        class="gap target"
        data-testid="gap"
        data-row={row}
        data-at={at}
        aria-label={t('bf.gapAt', { row: row + 1, at: at + 1 })}
        onClick={() => props.onGap!(row, at)}
      >
        +
      </button>
    ) : null;
  return (
    <div class={`rows${onRow ? ' choosing' : ''}`} data-testid="bf-rows">
      {view.rows.map((r, i) => {
        const places = Math.max(r.capacity + 1, r.cards.length);
        const body = (
          <>
            <span class="rowname">{i + 1}</span>
            {Array.from({ length: places }, (_, p) =>
              r.cards[p] !== undefined ? (
                <span key={p} class="slot">
                  {gap(i, p)}
                  <CardFace
                    card={r.cards[p]}
                    small
                    testid="row-card"
                    selected={props.selected === place(i, p)}
                    class={props.landing === r.cards[p] ? 'landing' : undefined}
                    onClick={props.onCard && props.cardTargets?.has(place(i, p)) ? () => props.onCard!(i, p) : undefined}
                  />
                </span>
              ) : (
                <span key={p} class="slot">
                  {p === r.cards.length && gap(i, p)}
                  <span class={`place${p === r.capacity ? ' takes' : ''}`} title={p === r.capacity ? t('bf.takesPlace') : ''}>
                    {''}
                  </span>
                </span>
              ),
            )}
            {r.capacity > 5 && (
              <span class="marker" data-testid="seven-marker">
                {specialName(t, 'seven_takes')}
              </span>
            )}
            {r.blocked && (
              <span class="marker stop" data-testid="stop-sign">
                {t('bf.stopped')}
              </span>
            )}
          </>
        );
        const cls = `row${props.taking === i ? ' taking' : ''}`;
        return onRow && props.targets?.includes(i) ? (
          <button key={i} type="button" class={`${cls} target`} data-testid={`row-${i}`} aria-label={t('bf.rowN', { row: i + 1 })} onClick={() => onRow(i)}>
            {body}
          </button>
        ) : (
          <div key={i} class={cls} data-testid={`row-${i}`}>
            {body}
          </div>
        );
      })}
    </div>
  );
}

/** The revealed cards in laying order with their owners; with `onCard`, the cards in `targets`
 *  are buttons; `order`: the cards picked so far for *Sortieren*, numbered; `next`: the card the
 *  open window is about. */
export function Queue(props: {
  t: T;
  view: { queue: Played[] };
  names: string[];
  onCard?: (card: number) => void;
  targets?: number[];
  order?: number[];
  next?: number | null;
}) {
  const { t, view, names, onCard } = props;
  if (!view.queue.length) return null;
  return (
    <div class={`revealed bfqueue${onCard ? ' choosing' : ''}`} data-testid="bf-queue">
      <span class="muted">{t('bf.queue')}:</span>
      {view.queue.map((p: Played) => {
        const n = props.order?.indexOf(p.card) ?? -1;
        return (
          <span key={p.card} class={`play${p.owner === 'buffalo' ? ' buffalo' : ''}${props.next === p.card ? ' next' : ''}`} data-testid="queue-play">
            {props.next === p.card && <small class="nexttag">{t('bf.nextCard')}</small>}
            <CardFace card={p.card} small selected={n >= 0} onClick={onCard && props.targets?.includes(p.card) ? () => onCard(p.card) : undefined} testid="queue-card" />
            {n >= 0 && <b class="ordernum">{n + 1}.</b>}
            <small>{p.owner === 'buffalo' ? <b>{t('bf.buffalo')}</b> : ownerName(t, p.owner, names)}</small>
          </span>
        );
      })}
    </div>
  );
}

export function Piles(props: { t: T; view: BuffaloView; shown?: { buffaloPile: number; teamHeads: number; teamPoints: number } }) {
  const { t, view } = props;
  const shown = props.shown ?? { buffaloPile: view.buffalo_pile_size, teamHeads: view.team_heads, teamPoints: view.team_points };
  return (
    <div class="bfpiles" data-testid="bf-piles">
      <span class="pile" data-testid="buffalo-stack">
        {t('bf.stack', { n: view.buffalo_cards_left })}
      </span>
      <span class="pile" data-testid="buffalo-pile">
        {t('bf.buffaloPile', { n: shown.buffaloPile })}
        {view.result && ` · ${view.result.buffalo_pile.join(' ')}`}
      </span>
      {/* The team's pile is open at any time (B6): its cards one click away, so that a long
          pile does not push the hand down. */}
      <details class="pile" data-testid="team-pile">
        <summary>
          {view.doubled ? t('bf.teamPileDoubled', { heads: shown.teamHeads, points: shown.teamPoints }) : t('bf.teamPile', { heads: shown.teamHeads })}
          {view.team_pile.length > 0 && ` · ${t('bf.cards', { n: view.team_pile.length })}`}
        </summary>
        {view.team_pile.join(' ')}
      </details>
      <span class="pile muted">{t('bf.specialStack', { n: view.stack_size })}</span>
      {view.used_specials.length > 0 && (
        <span class="pile muted" data-testid="used-specials" data-kinds={view.used_specials.join(' ')} title={view.used_specials.map((s) => specialName(t, s)).join(', ')}>
          {t('bf.used')}: {view.used_specials.length}
        </span>
      )}
    </div>
  );
}

export function Specials(props: { t: T; view: BuffaloView }) {
  const { t, view } = props;
  if (!view.open_specials.length) return null;
  return (
    <section class="bfspecials" data-testid="bf-specials" aria-label={t('bf.openSpecials')}>
      <h3>{t('bf.openSpecials')}</h3>
      {view.open_specials.map((s: Special, i) => (
        <div key={i} class="special" data-testid="open-special" data-kind={s}>
          <b>{specialName(t, s)}</b> <span class="muted small">{t(`bf.ex.${s}` as Key)}</span>
        </div>
      ))}
    </section>
  );
}

/** Who won, with both scores: "The team beat the buffalo, 15 to 40" (the server's winners). */
export function headline(t: T, view: BuffaloView): string {
  const r = view.result;
  if (!r) return '';
  const score = { team: r.team_points, buffalo: r.buffalo_points };
  return r.outcome.winners.length ? t('bf.teamBeat', score) : t('bf.buffaloBeat', score);
}

/** The team's points as scored, the doubling for one or two players spelled out. */
export function teamPoints(t: T, view: BuffaloView): string {
  const points = view.result?.team_points ?? view.team_points;
  return view.doubled ? t('bf.teamPointsDoubled', { heads: view.team_heads, points }) : t('bf.teamPoints', { points });
}

/** The team against the buffalo, once the game is over: who won, and how the points came. */
export function resultLine(t: T, view: BuffaloView): string {
  const r = view.result;
  if (!r) return '';
  return `${headline(t, view)} · ${t('bf.partyTeam')}: ${teamPoints(t, view)} · ${t('bf.buffalo')}: ${t('bf.buffaloPoints', { points: r.buffalo_points, n: r.buffalo_pile.length })}`;
}
