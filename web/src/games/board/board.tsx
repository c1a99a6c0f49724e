// The Brettspiel table: the board, the score track, the screens, your tiles and cards, and the
// choices the server's `legal` offers (tiles to choose, cards to play, rows, luck cards).

import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Key, T } from '../../i18n';
import { factor } from '../../pace';
import { PaceControl } from '../../pacecontrol';
import type { BoardProps } from '../screen';
import type { Frame } from './anim';
import { choicesOf, positivePairs, targetsOf, type Choice, type TargetCard } from './choices';
import { actionLabel, boardActions, cardHelp, cardName, choiceSets, luckHelp, setKey } from './labels';
import { RoundLog } from './log';
import { fly, rememberQueue } from './motion';
import { fieldShort, narrateGroup, signed } from './narrate';
import { CardChip, Rows, Screens, Stacks, Tile, Track, type Focus, type RowTarget } from './parts';
import { RoundSummary } from './summary';
import './board.css';
import { mySeat, type BoardAction, type BoardEvent, type BoardView } from './view';

/** What the frame points at on the board, with its label (the field's effect and the points). */
export function focusOf(t: T, f: Frame): Focus | null {
  if (!f.at) return null;
  const head = f.said[0];
  const pts = f.gain ? signed(f.gain.delta) : '';
  const tone = f.gain ? (f.gain.delta >= 0 ? 'good' : 'bad') : undefined;
  if (head.type === 'row_taken') {
    const label = t('board.taking', { n: head.tiles.length, points: pts || (head.to_screen ? '▸▢' : '0') });
    return { row: f.at.row, field: -1, label, tone };
  }
  const effect = head.type === 'laid' || head.type === 'laid_at_start' || head.type === 'row_opened' ? head.effect : null;
  const named = effect && effect.kind !== 'empty' ? fieldShort(t, effect) : '';
  // A field of plain points that gave just those needs no arrow: "+3", not "+3 → +3".
  const label = named && named === pts ? pts : [named, pts ? `→ ${pts}` : ''].filter(Boolean).join(' ');
  return { ...f.at, label: label || '✓', tone, tile: f.tile };
}

/** The line under the board: what you are asked, or who is doing what. */
export function statusText(t: T, view: BoardView, names: string[]): string {
  const a = view.asked;
  const st = view.stage;
  if (a?.type === 'choose') return t(a.count === 1 ? 'board.ask.choose1' : 'board.ask.choose2', { n: a.count });
  if (a?.type === 'before_laying') return t('board.ask.before', { tile: a.tile });
  if (a?.type === 'count_positive') return t('board.ask.positive', { row: a.row + 1 });
  if (a?.type === 'open_row') return t('board.ask.open', { tile: st.stage === 'open_row' ? st.tile : '?' });
  if (a?.type === 'take_luck') return t('board.ask.luck', { n: a.owed });
  const nm = (s: number) => names[s] ?? `#${s + 1}`;
  switch (st.stage) {
    case 'choosing':
      return t('board.wait.choose');
    case 'before_laying':
      return t('board.wait.lay', { name: nm(st.seat), tile: st.tile });
    case 'count_positive':
      return t('board.wait.positive', { name: nm(st.seat) });
    case 'open_row':
      return t('board.wait.open', { name: nm(st.seat) });
    case 'take_luck':
      return t('board.wait.luck', { name: nm(st.seat) });
    case 'over':
      return '';
  }
}

/** The tile being laid now, if one is. */
export const layingTile = (v: BoardView) => ('tile' in v.stage ? v.stage.tile : null);

export function BoardBoard(props: BoardProps<BoardView>) {
  const { t, names, act } = props;
  const frame = props.frame as Frame | null;
  // While an update is shown, the board, scores and revealed tiles are the frame's.
  const view: BoardView = frame
    ? {
        ...props.view,
        rows: frame.rows.length ? frame.rows : props.view.rows,
        scores: frame.scores.length ? frame.scores : props.view.scores,
        round: frame.round || props.view.round,
      }
    : props.view;
  const me = mySeat(view);
  const root = useRef<HTMLDivElement>(null);
  // Points fly from the field to the player's counter on the score track.
  useLayoutEffect(() => {
    const g = frame?.gain;
    if (!g || !g.delta || !root.current) return;
    const at = frame.at;
    const from = at
      ? root.current.querySelector<HTMLElement>(at.field < 0 ? `[data-testid=board-row-${at.row}] .browlabel` : `[data-row="${at.row}"][data-field="${at.field}"]`)
      : root.current.querySelector<HTMLElement>(`[data-testid=screen-${g.seat}]`);
    fly(from, root.current.querySelector<HTMLElement>(`[data-counter="${g.seat}"]`), signed(g.delta), g.delta > 0, 0.7 * frame.ms * factor());
  }, [frame]);
  const [picked, setPicked] = useState<number[]>([]);
  const legal = frame ? [] : boardActions(props.legal);
  const sets = choiceSets(legal);
  const choosing = !frame && view.asked?.type === 'choose' ? view.asked.count : 0;
  const pickable = new Set<number>();
  for (const k of sets.keys()) for (const n of k.split('+')) pickable.add(Number(n));
  // The decision's buttons: one per action that needs nothing more, one per action card that
  // needs a target; the card's targets then light up where they lie (choices.ts).
  const choices = choicesOf(legal);
  const [card, setCard] = useState<TargetCard | null>(null);
  const chosen = choices.find((c): c is Extract<Choice, { kind: 'card' }> => c.kind === 'card' && c.card === card);
  const targets = targetsOf(chosen ? chosen.actions : legal.filter((a) => a.type === 'open_row'));
  const rowTargets = new Map<number, RowTarget>();
  for (const [row, a] of targets.rows)
    rowTargets.set(row, a.type === 'open_row' ? { label: t('board.open'), testid: 'open-row', run: () => act(a) } : { label: t(`board.here.${chosen!.card}` as Key), testid: 'row-target', run: () => act(a) });
  // *Positive Hornochsen*: two tiles of the row, picked on the row.
  const positive = positivePairs(legal);
  const [pair, setPair] = useState<number[]>([]);
  const pickPair = (n: number) => {
    const next = pair.includes(n) ? pair.filter((x) => x !== n) : [...pair, n].slice(-2);
    const a = next.length === 2 ? positive.pairs.get(setKey(next)) : undefined;
    setPair(a ? [] : next);
    if (a) act(a);
  };
  const legalKey = JSON.stringify(props.legal);
  useLayoutEffect(() => {
    setCard(null);
    setPair([]);
  }, [legalKey]);
  const run = (c: Choice) => (c.kind === 'act' ? act(c.action) : setCard(c.card === card ? null : c.card));
  // A card chosen: its first target is brought into view if it is not (on a phone the rows lie
  // above the buttons).
  useLayoutEffect(() => {
    if (!card) return;
    const el = root.current?.querySelector<HTMLElement>('.brow.target, .hand .card.target');
    const r = el?.getBoundingClientRect();
    if (el && r && (r.top < 0 || r.bottom > window.innerHeight)) el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [card]);
  // A half-made pair survives the others' updates; it goes when the question or the tiles change.
  useLayoutEffect(() => setPicked([]), [choosing, view.hand.join()]);
  // Keyboard: keys 1–9 take the n-th offered choice, or pick the n-th tile you may choose.
  useLayoutEffect(() => {
    if (!choices.length && !choosing) return;
    const typing = () => ['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement?.tagName ?? '');
    if (choices.length && !typing() && !document.querySelector('.modal')) document.querySelector<HTMLElement>('.bchoices button')?.focus();
    const key = (e: KeyboardEvent) => {
      if (typing() || e.ctrlKey || e.metaKey || e.altKey || !/^[1-9]$/.test(e.key)) return;
      const i = Number(e.key) - 1;
      const tiles = view.hand.filter((n) => pickable.has(n));
      if (choices.length ? !choices[i] : tiles[i] === undefined) return;
      e.preventDefault();
      if (choices.length) document.querySelectorAll<HTMLElement>('.bchoices button')[i]?.click();
      else document.querySelector<HTMLElement>(`.hand button[data-tile="${tiles[i]}"]`)?.click();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [props.version, props.legal]);

  const pick = (n: number) => {
    const next = picked.includes(n) ? picked.filter((x) => x !== n) : [...picked, n].slice(-choosing);
    const a = next.length === choosing ? sets.get(setKey(next)) : undefined;
    if (a) {
      setPicked([]);
      act(a);
    } else setPicked(next);
  };
  // A tile of the hand is clicked to choose it, or (a card chosen) as the card's target.
  const onTile = (n: number) => {
    const a = targets.tiles.get(n);
    if (chosen && a) return () => act(a);
    return pickable.has(n) ? () => pick(n) : undefined;
  };
  const here = layingTile(view);

  return (
    <div class="boardgame" data-testid="board-board" ref={root} data-anim={frame ? frame.kind : "idle"}>
      <div class="dealline">
        <span data-testid="heading">{t('board.round', { round: view.round })}</span>
        <PaceControl t={t} skipping={!!frame} />
        <span class="muted small">
          {t(`opt.version.${view.version}` as Key)} · {t('board.supply', { n: view.supply_size })}
        </span>
      </div>
      <Rows
        t={t}
        view={view}
        targets={frame ? undefined : rowTargets}
        pick={positive.tiles.size ? { tiles: positive.tiles, picked: pair, onPick: pickPair } : undefined}
        focus={frame ? focusOf(t, frame) : null} slideMs={frame ? 0.5 * frame.ms * factor() : 0} />
      {frame?.kind === 'summary' ? null : <Pending view={view} names={names} queue={frame ? frame.queue : null} />}
      {frame?.kind === 'summary' && <RoundSummary t={t} said={frame.said} names={names} />}
      <p class={`status${view.asked && !frame ? ' asked' : ''}`} data-testid="status" aria-live="polite">
        {frame ? narrateGroup(t, frame.said, names, me) : statusText(t, view, names)}
      </p>
      {choices.length > 0 && (
        <section class="bchoices" aria-label={t('board.choices')} data-testid="board-choices">
          <h3>{t('board.choices')}</h3>
          <div class="buttons">
            {choices.map((c, i) => (
              <button
                key={c.kind === 'act' ? JSON.stringify(c.action) : c.card}
                type="button"
                class={(card === null && i === 0) || (c.kind === 'card' && c.card === card) ? 'primary' : ''}
                data-testid="board-action"
                data-type={c.kind === 'act' ? c.action.type : c.card}
                data-card={c.kind === 'card' ? c.card : undefined}
                aria-pressed={c.kind === 'card' ? c.card === card : undefined}
                title={c.kind === 'act' ? actionHelp(t, c.action) : cardHelp(t, c.card)}
                onClick={() => run(c)}
              >
                <kbd>{i < 9 ? i + 1 : ''}</kbd> {c.kind === 'act' ? actionLabel(t, c.action, here) : t('board.do.card', { card: cardName(t, c.card) })}
              </button>
            ))}
          </div>
          {chosen && (
            <p class="muted small" data-testid="card-hint">
              {t(`board.pick.${chosen.card}` as Key, { tile: here ?? '?' })} {t('board.pick.undo', { card: cardName(t, chosen.card) })}
            </p>
          )}
        </section>
      )}
      {me === null ? (
        <p class="muted" data-testid="spectating">
          {t('table.watching')}
        </p>
      ) : (
        <section class="hand" aria-label={t('board.yourTiles')} data-testid="hand">
          <h3>
            {t('board.yourTiles')}
            {choosing > 1 && <span class="swap">{t('board.pickTwo', { n: picked.length })}</span>}
          </h3>
          <div class="cards">
            {view.hand.map((n) => (
              <Tile key={n} n={n} bulls={view.bulls} testid="hand-card" selected={picked.includes(n)} lit={!!chosen && targets.tiles.has(n)} onClick={onTile(n)} />
            ))}
            {view.chosen.map((n) => (
              <span key={`c${n}`} class="chosen" title={t('board.chosen')}>
                <Tile n={n} bulls={view.bulls} testid="chosen-tile" />
              </span>
            ))}
          </div>
          {(view.action_cards.length > 0 || (view.luck_hands[me] ?? []).length > 0) && (
            <div class="owncards" data-testid="own-cards">
              {view.action_cards.map((c, i) => (
                <CardChip key={`a${i}`} t={t} action={c} testid="action-card" active={c === card} />
              ))}
              {(view.luck_hands[me] ?? []).map((c, i) => (
                <CardChip key={`l${i}`} t={t} luck={c} testid="luck-card" />
              ))}
            </div>
          )}
        </section>
      )}
      <Track t={t} view={view} names={names} />
      <Stacks t={t} view={view} />
      <Screens t={t} view={view} names={names} />
      <RoundLog t={t} events={(props.events ?? []) as BoardEvent[]} names={names} me={me} hold={frame?.rest ?? 0} upto={frame?.said[0] ?? null} />
    </div>
  );
}

/** What the card an action plays does (for the button's hover text). */
function actionHelp(t: T, a: BoardAction): string | undefined {
  switch (a.type) {
    case 'lay':
      return a.luck ? luckHelp(t, a.luck) : undefined;
    case 'take_luck':
      return luckHelp(t, a.card);
    case 'stop':
    case 'swap_tile':
    case 'skip':
    case 'to_start':
    case 'ascending':
    case 'extra_tile':
      return cardHelp(t, a.type);
    default:
      return undefined;
  }
}

/** Revealed tiles still to be laid, and a player's further tiles (*Noch ein Plättchen*); while an
 * update is shown, the frame's `queue` instead. */
export function Pending(props: { view: BoardView; names: string[]; queue?: [number, number][] | null }) {
  const { view, names } = props;
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => rememberQueue(ref.current));
  if (props.queue)
    return (
      <div class="revealed" data-testid="pending" ref={ref}>
        {props.queue.map(([n, s]) => (
          <span key={`q${n}`} class="play" data-queue-tile={n}>
            <Tile n={n} bulls={view.bulls} />
            {names[s]}
          </span>
        ))}
      </div>
    );
  const tile = layingTile(view);
  const st = view.stage;
  const seat = 'seat' in st ? st.seat : null;
  if (tile === null && !view.queue.length && !view.now.length) return <div class="revealed" data-testid="pending" ref={ref} />;
  return (
    <div class="revealed" data-testid="pending" ref={ref}>
      {tile !== null && seat !== null && (
        <span class="play now" data-queue-tile={tile}>
          <Tile n={tile} bulls={view.bulls} />
          <b>{names[seat]}</b>
        </span>
      )}
      {view.now.map((n) => (
        <span key={`n${n}`} class="play" data-queue-tile={n}>
          <Tile n={n} bulls={view.bulls} />
          {seat !== null && names[seat]}
        </span>
      ))}
      {view.queue.map(([n, s]) => (
        <span key={`q${n}`} class="play" data-queue-tile={n}>
          <Tile n={n} bulls={view.bulls} />
          {names[s]}
        </span>
      ))}
    </div>
  );
}

export type { BoardAction };
