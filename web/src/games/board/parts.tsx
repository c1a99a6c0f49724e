// The Brettspiel as drawn: tiles, the rows with their fields, the score track, the luck stacks
// and the players' screens. Shared by the table and the replay.

import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { T } from '../../i18n';
import { cardHelp, cardName, fieldEffect, fieldIcon, luckHelp, luckName } from './labels';
import { slideFrom } from './motion';
import { useCloseOnTap } from './tip';
import type { ActionCard, LuckCard } from './view';
import { isActive, withLuck, type BoardView } from './view';

const COLORS = ['#d94841', '#2f7ed8', '#2a9d55', '#e0a100', '#8e44ad', '#16a3a3'];
export const seatColor = (s: number) => COLORS[s % COLORS.length];

export function Tile(props: { n: number; bulls: number[]; onClick?: () => void; selected?: boolean; lit?: boolean; testid?: string; label?: string }) {
  const b = props.bulls[props.n - 1] ?? 1;
  const cls = `card small tile h${b}${props.onClick ? ' playable' : ''}${props.lit ? ' target' : ''}${props.selected ? ' selected' : ''}`;
  // The heads: one per bull head on a desktop; on a phone the short form (🐮×5) is large enough to read.
  const face = (
    <>
      <span class="num">{props.n}</span>
      <span class="heads full">{'🐮'.repeat(Math.min(b, 5))}</span>
      <span class="heads short">{b > 2 ? `🐮×${b}` : '🐮'.repeat(b)}</span>
    </>
  );
  const click = props.onClick;
  return click ? (
    <button
      type="button"
      class={cls}
      data-testid={props.testid}
      data-tile={props.n}
      aria-pressed={props.selected}
      aria-label={props.label ?? String(props.n)}
      onClick={(e) => {
        // A tile on a field: picking it does not also open the field's tip.
        e.stopPropagation();
        click();
      }}
    >
      {face}
    </button>
  ) : (
    <span class={cls} data-testid={props.testid} data-tile={props.n} role="img" aria-label={props.label ?? String(props.n)}>
      {face}
    </span>
  );
}

/** What the animation points at on the board: a field (or, `field` −1, a whole row) with a label. */
export interface Focus {
  row: number;
  field: number;
  label: string;
  /** The label tells a gain (green) or a loss (red). */
  tone?: 'good' | 'bad';
  /** The tile that just moved there (it slides in from the revealed tiles). */
  tile?: number;
}

/** A row offered as the target of the decision: a button at the row's label. */
export interface RowTarget {
  label: string;
  testid: string;
  run: () => void;
}

/** Tiles of the board to pick (*Positive Hornochsen*): the ones offered, the ones picked so far. */
export interface TilePick {
  tiles: Set<number>;
  picked: number[];
  onPick: (n: number) => void;
}

/**
 * The rows with their fields; a field tells its effect on hover (title) and on tap, in a line
 * right under its row that pushes the rows below down (it covers nothing) and closes on the next
 * tap anywhere. Rows in `targets` are lit with their button; tiles in `pick` are lit and clickable.
 */
export function Rows(props: { t: T; view: BoardView; targets?: Map<number, RowTarget>; pick?: TilePick; focus?: Focus | null; slideMs?: number }) {
  const { t, view, focus, pick } = props;
  const [tip, setTip] = useState<{ row: number; field: number; text: string } | null>(null);
  const ref = useRef<HTMLElement>(null);
  useCloseOnTap(!!tip, () => setTip(null), (el) => !!el.closest('[data-testid=board-field]'));
  // A tile that just moved slides from where it waited among the revealed tiles.
  useLayoutEffect(() => {
    if (!focus?.tile || focus.field < 0) return;
    const el = ref.current?.querySelector<HTMLElement>(`[data-row="${focus.row}"][data-field="${focus.field}"] .tile`);
    slideFrom(el ?? null, focus.tile, props.slideMs ?? 0);
  }, [focus?.row, focus?.field, focus?.tile]);
  return (
    <section class="brows" aria-label={t('board.rows')} data-testid="board-rows" ref={ref}>
      {view.side.rows.map((spec, r) => {
        const row = view.rows[r] ?? { cells: [] };
        const active = isActive(row);
        const target = props.targets?.get(r);
        const rowFocus = focus && focus.row === r && focus.field < 0 ? focus : null;
        const lit = target || (pick && row.cells.some((c) => c !== null && pick.tiles.has(c)));
        return (
          <div
            key={r}
            class={`brow${active ? ' active' : ' free'}${row.stop ? ' stopped' : ''}${rowFocus ? ' taking' : ''}${lit ? ' target' : ''}`}
            data-testid={`board-row-${r}`}
            data-active={active}
          >
            <div class="browlabel">
              <b>{t('board.row', { n: r + 1 })}</b>
              <small>{active ? t('board.active') : t('board.free')}</small>
              {spec.two_tiles && <small class="twotiles">{t('board.twoTiles')}</small>}
              {target && (
                <button type="button" class="primary" data-testid={target.testid} onClick={target.run}>
                  {target.label}
                </button>
              )}
            </div>
            <div class="bfields">
              {spec.fields.map((f, i) => {
                const tile = row.cells[i] ?? null;
                const effect = fieldEffect(t, f);
                const here = focus && focus.row === r && focus.field === i ? focus : null;
                const tipped = tip && tip.row === r && tip.field === i;
                const pickable = tile !== null && !!pick?.tiles.has(tile);
                return (
                  <div
                    key={i}
                    class={`bfield k-${f.kind}${here ? ' landed' : ''}${tipped ? ' tipped' : ''}`}
                    data-testid="board-field"
                    data-kind={f.kind}
                    data-row={r}
                    data-field={i}
                    title={effect}
                    tabIndex={0}
                    role="button"
                    aria-label={`${t('board.row', { n: r + 1 })}, ${i + 1}: ${effect}`}
                    aria-describedby={tipped ? 'bfieldtip' : undefined}
                    onClick={() => setTip(tipped ? null : { row: r, field: i, text: `${t('board.row', { n: r + 1 })} · ${i + 1}: ${effect}` })}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter' && e.key !== ' ') return;
                      e.preventDefault();
                      (e.currentTarget as HTMLElement).click();
                    }}
                  >
                    <span class="ficon">{fieldIcon(f)}</span>
                    {tile !== null && (
                      <Tile
                        key={tile}
                        n={tile}
                        bulls={view.bulls}
                        testid="row-tile"
                        lit={pickable}
                        selected={pickable && pick!.picked.includes(tile)}
                        onClick={pickable ? () => pick!.onPick(tile) : undefined}
                      />
                    )}
                    {here && (
                      <span class={`fxbadge ${here.tone ?? ''}`} data-testid="field-badge">
                        {here.label}
                      </span>
                    )}
                  </div>
                );
              })}
              {row.stop && (
                <span class="stopsign" data-testid="stop-sign" title={t('board.stopSign')} role="img" aria-label={t('board.stopSign')}>
                  STOP
                </span>
              )}
              {rowFocus && (
                <span class={`takebadge ${rowFocus.tone ?? ''}`} data-testid="row-badge">
                  {rowFocus.label}
                </span>
              )}
            </div>
            {tip && tip.row === r && (
              <p class="ftip" id="bfieldtip" role="tooltip" data-testid="field-tip-near">
                {tip.text}
              </p>
            )}
          </div>
        );
      })}
      <p class="fieldtip muted small" data-testid="field-tip" aria-live="polite">
        {tip?.text ?? t('board.tapField')}
      </p>
    </section>
  );
}

/** The score track from −limit to +limit with its clovers and every player's counter. */
export function Track(props: { t: T; view: BoardView; names: string[] }) {
  const { t, view, names } = props;
  const lim = view.side.track.limit;
  const at = (p: number) => `${((Math.max(-lim, Math.min(lim, p)) + lim) / (2 * lim)) * 100}%`;
  const seen = new Map<number, number>();
  return (
    <section class="btrack" aria-label={t('board.track')} data-testid="score-track">
      <h3>{t('board.track')}</h3>
      <div class="trackbar">
        <div class="trackline" />
        {view.side.track.clovers.map((c) => (
          <span key={c} class="clover" style={{ left: at(c) }} title={t('board.clover', { n: c })} data-testid="clover">
            ☘
          </span>
        ))}
        {[-lim, 0, lim].map((p) => (
          <span key={p} class="tick" style={{ left: at(p) }}>
            {p > 0 ? `+${p}` : p}
          </span>
        ))}
        {view.scores.map((s, i) => {
          const k = seen.get(s) ?? 0;
          seen.set(s, k + 1);
          return (
            <span
              key={i}
              class="counter"
              style={{ left: at(s), background: seatColor(i), top: `${1.4 + k * 1.1}rem` }}
              title={`${names[i] ?? `#${i + 1}`}: ${s}`}
              data-testid="track-counter"
              data-counter={i}
              data-seat={i}
              data-score={s}
            >
              {(names[i] ?? '?').slice(0, 1)}
            </span>
          );
        })}
      </div>
    </section>
  );
}

/** The luck stacks (luck versions) and the action card stack (pro). */
export function Stacks(props: { t: T; view: BoardView }) {
  const { t, view } = props;
  const luck = withLuck(view);
  const pro = view.side.side === 'pro';
  if (!luck && !pro) return null;
  return (
    <section class="bstacks muted small" data-testid="luck-stacks">
      {luck && (
        <span>
          {t('board.luckStacks')}: <CardChip t={t} luck="five_points" /> ×{view.luck_stacks.five_points} · <CardChip t={t} luck="positive_bulls" /> ×
          {view.luck_stacks.positive_bulls}
        </span>
      )}
      {pro && <span>{t('board.actionStack', { n: view.action_stack_size })}</span>}
    </section>
  );
}

/** Every player's screen as the others see it: tiles behind it, action and luck cards. */
export function Screens(props: { t: T; view: BoardView; names: string[] }) {
  const { t, view, names } = props;
  const st = view.stage;
  return (
    <section class="bscreens" data-testid="screens">
      {names.map((nm, s) => (
        <div key={s} class={`bscreen${view.waiting_for.includes(s) ? ' hit' : ''}`} data-testid={`screen-${s}`}>
          <div class="seatname">
            <span class="dot" style={{ background: seatColor(s) }} /> {nm} · <b>{view.scores[s]}</b>
            {st.stage === 'choosing' && st.chosen[s] && <span class="done">✓</span>}
          </div>
          <div class="muted small">
            {t('board.tilesN', { n: view.hand_sizes[s] })}
            {view.side.side === 'pro' && ` · ${t('board.cardsN', { n: view.action_card_counts[s] ?? 0 })}`}
            {(view.luck_hands[s] ?? []).map((c, i) => (
              <span key={i}>
                {' '}
                <CardChip t={t} luck={c} />
              </span>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}

/**
 * A luck or action card by name; its effect shows on hover (title) and, tapped, in a line right
 * after it (in the flow: it covers nothing), until the next tap anywhere. `active`: the card chosen
 * in the window now.
 */
export function CardChip(props: { t: T; luck?: LuckCard; action?: ActionCard; testid?: string; active?: boolean }) {
  const { t } = props;
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  useCloseOnTap(open, () => setOpen(false), (el) => !!ref.current?.contains(el));
  const name = props.luck ? luckName(t, props.luck) : cardName(t, props.action!);
  const help = props.luck ? luckHelp(t, props.luck) : cardHelp(t, props.action!);
  return (
    <>
      <span
        ref={ref}
        class={`bcard ${props.luck ? 'luck' : 'action'}${props.active ? ' active' : ''}`}
        data-testid={props.testid}
        data-card={props.luck ?? props.action}
        title={help}
        tabIndex={0}
        role="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setOpen(!open)}
      >
        {props.luck ? '☘ ' : ''}
        {name}
      </span>
      {open && (
        <span class="ctip" role="tooltip" data-testid="card-tip">
          {help}
        </span>
      )}
    </>
  );
}

export { cardName };
