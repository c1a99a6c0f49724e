// The Brettspiel table: the board, the score track, the screens, your tiles and cards, and the
// choices the server's `legal` offers (tiles to choose, cards to play, rows, luck cards).

import { useLayoutEffect, useState } from 'preact/hooks';
import type { Key, T } from '../../i18n';
import type { BoardProps } from '../screen';
import { actionLabel, boardActions, cardName, choiceSets, luckName, setKey } from './labels';
import { Rows, Screens, Stacks, Tile, Track } from './parts';
import { mySeat, type BoardAction, type BoardView } from './view';

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
  const { t, view, names, act } = props;
  const me = mySeat(view);
  const [picked, setPicked] = useState<number[]>([]);
  const sets = choiceSets(props.legal);
  const choosing = view.asked?.type === 'choose' ? view.asked.count : 0;
  const pickable = new Set<number>();
  for (const k of sets.keys()) for (const n of k.split('+')) pickable.add(Number(n));
  // Everything else the server offers is a button, in its order; free rows are also clickable.
  const buttons = boardActions(props.legal).filter((a) => a.type !== 'choose');
  const openable = new Map<number, () => void>();
  for (const a of buttons) if (a.type === 'open_row') openable.set(a.row, () => act(a));
  // A half-made pair survives the others' updates; it goes when the question or the tiles change.
  useLayoutEffect(() => setPicked([]), [choosing, view.hand.join()]);
  // Keyboard: keys 1–9 take the n-th offered choice, or pick the n-th tile you may choose.
  useLayoutEffect(() => {
    if (!buttons.length && !choosing) return;
    const typing = () => ['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement?.tagName ?? '');
    if (buttons.length && !typing() && !document.querySelector('.modal')) document.querySelector<HTMLElement>('.bchoices button')?.focus();
    const key = (e: KeyboardEvent) => {
      if (typing() || e.ctrlKey || e.metaKey || e.altKey || !/^[1-9]$/.test(e.key)) return;
      const i = Number(e.key) - 1;
      const tiles = view.hand.filter((n) => pickable.has(n));
      if (buttons.length ? !buttons[i] : tiles[i] === undefined) return;
      e.preventDefault();
      if (buttons.length) act(buttons[i]);
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

  return (
    <div class="boardgame" data-testid="board-board">
      <div class="dealline">
        <span>{t('board.round', { round: view.round })}</span>
        <span class="muted small">
          {t(`opt.version.${view.version}` as Key)} · {t('board.supply', { n: view.supply_size })}
        </span>
      </div>
      <Rows t={t} view={view} openable={openable} />
      <Pending view={view} names={names} />
      <p class={`status${view.asked ? ' asked' : ''}`} data-testid="status" aria-live="polite">
        {statusText(t, view, names)}
      </p>
      {buttons.length > 0 && (
        <section class="bchoices" aria-label={t('board.choices')} data-testid="board-choices">
          <h3>{t('board.choices')}</h3>
          <div class="buttons">
            {buttons.map((a, i) => (
              <button key={JSON.stringify(a)} type="button" class={i === 0 ? 'primary' : ''} data-testid="board-action" data-type={a.type} onClick={() => act(a)}>
                <kbd>{i < 9 ? i + 1 : ''}</kbd> {actionLabel(t, a, layingTile(view))}
              </button>
            ))}
          </div>
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
              <Tile key={n} n={n} bulls={view.bulls} testid="hand-card" selected={picked.includes(n)} onClick={pickable.has(n) ? () => pick(n) : undefined} />
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
                <span key={`a${i}`} class="bcard action" data-testid="action-card">
                  {cardName(t, c)}
                </span>
              ))}
              {(view.luck_hands[me] ?? []).map((c, i) => (
                <span key={`l${i}`} class="bcard luck" data-testid="luck-card">
                  ☘ {luckName(t, c)}
                </span>
              ))}
            </div>
          )}
        </section>
      )}
      <Track t={t} view={view} names={names} />
      <Stacks t={t} view={view} />
      <Screens t={t} view={view} names={names} />
    </div>
  );
}

/** Revealed tiles still to be laid, and a player's further tiles (*Noch ein Plättchen*). */
export function Pending(props: { view: BoardView; names: string[] }) {
  const { view, names } = props;
  const tile = layingTile(view);
  const st = view.stage;
  const seat = 'seat' in st ? st.seat : null;
  if (tile === null && !view.queue.length && !view.now.length) return null;
  return (
    <div class="revealed" data-testid="pending">
      {tile !== null && seat !== null && (
        <span class="play now">
          <Tile n={tile} bulls={view.bulls} />
          <b>{names[seat]}</b>
        </span>
      )}
      {view.now.map((n) => (
        <span key={`n${n}`} class="play">
          <Tile n={n} bulls={view.bulls} />
          {seat !== null && names[seat]}
        </span>
      ))}
      {view.queue.map(([n, s]) => (
        <span key={`q${n}`} class="play">
          <Tile n={n} bulls={view.bulls} />
          {names[s]}
        </span>
      ))}
    </div>
  );
}

export type { BoardAction };
