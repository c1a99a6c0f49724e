// The buffalo table: rows, piles, the revealed cards, the open special cards, the window
// ("use a card or pass"), and your hand. Clickable is exactly what `legal` lists.

import { useState } from 'preact/hooks';
import type { BoardProps } from '../screen';
import { CardFace } from '../classic/cards';
import { actionLabel, specialName } from './labels';
import { Piles, Queue, resultLine, Rows, Specials } from './table';
import { isAction, kindOf, targetOf, type BuffaloAction, type BuffaloView, type Special } from './view';

export function BuffaloBoard(props: BoardProps<BuffaloView>) {
  const { t, view, names } = props;
  const me = typeof view.viewer === 'object' ? view.viewer.seat : null;
  const legal = props.legal.filter(isAction);
  const plays = legal.filter((a): a is Extract<BuffaloAction, { type: 'play' }> => a.type === 'play');
  const takes = legal.filter((a): a is Extract<BuffaloAction, { type: 'take_row' }> => a.type === 'take_row');
  const pass = legal.find((a) => a.type === 'pass');
  // The window's uses, grouped by card kind, in the server's order.
  const groups = new Map<Special | 'remove_stop', BuffaloAction[]>();
  for (const a of legal) {
    const k = kindOf(a);
    if (k) groups.set(k, [...(groups.get(k) ?? []), a]);
  }
  // The kind chosen in the window stays chosen while it can be used (others passing change the
  // version, not the choice); acting clears it.
  const [chosen, setChosen] = useState<Special | 'remove_stop' | null>(null);
  const kind = chosen && groups.has(chosen) ? chosen : null;
  const act = (a: BuffaloAction) => {
    setChosen(null);
    props.act(a);
  };
  const uses = kind ? groups.get(kind)! : [];
  const target = kind ? targetOf(kind) : null;

  let onRow: ((row: number) => void) | undefined;
  let rowTargets: number[] = [];
  let cardTargets: number[] = [];
  if (takes.length) rowTargets = takes.map((a) => a.row);
  else if (target === 'row') rowTargets = uses.flatMap((u) => ('row' in u ? [u.row] : []));
  else if (target === 'card') cardTargets = uses.flatMap((u) => ('card' in u ? [u.card] : []));
  if (takes.length) onRow = (row) => takes.some((a) => a.row === row) && act({ type: 'take_row', row });
  else if (target === 'row') {
    onRow = (row) => {
      const a = uses.find((u) => 'row' in u && u.row === row);
      if (a) act(a);
    };
  }
  const onCard =
    target === 'card'
      ? (card: number) => {
          const a = uses.find((u) => 'card' in u && u.card === card);
          if (a) act(a);
        }
      : undefined;

  const p = view.phase;
  let status = '';
  if (view.result) status = resultLine(t, view);
  else if (plays.length) status = t('bf.choose');
  else if (takes.length) status = t('bf.takeRowAsk');
  else if (pass) status = t('bf.window');
  else if (p.phase === 'choose') status = view.my_choice !== null ? t('bf.chose', { card: view.my_choice }) : t('bf.othersChoose');
  else if (p.phase === 'window') status = t('bf.windowOthers');
  else if (p.phase === 'take_row') status = t('bf.takesRow', { name: names[p.seat] ?? '', card: p.card });

  return (
    <div class="bfboard" data-testid="buffalo-board">
      <div class="dealline">
        <span>{t('bf.turn', { turn: view.turn })}</span>
      </div>
      <Piles t={t} view={view} />
      <Queue t={t} view={view} names={names} onCard={onCard} targets={cardTargets} />
      <Rows t={t} view={view} onRow={onRow} targets={rowTargets} />
      <Specials t={t} view={view} />
      <p class={`status${view.asked ? ' asked' : ''}`} data-testid="status" aria-live="polite">
        {status}
      </p>
      {pass && (
        <section class="helpactions bfwindow" data-testid="bf-window" aria-label={t('bf.window')}>
          <div class="buttons">
            {[...groups.keys()].map((k) => (
              <button
                key={k}
                type="button"
                class={k === kind ? 'primary' : ''}
                data-testid="use-kind"
                data-kind={k}
                aria-pressed={k === kind}
                onClick={() => setChosen(k === kind ? null : k)}
              >
                {specialName(t, k)} ({groups.get(k)!.length})
              </button>
            ))}
            <button type="button" data-testid="pass" title={t('bf.passTitle')} onClick={() => act({ type: 'pass' })}>
              {t('bf.pass')}
            </button>
            {legal.some((a) => a.type === 'pass_turn') && (
              <button type="button" data-testid="pass-turn" title={t('bf.passTurnTitle')} onClick={() => act({ type: 'pass_turn' })}>
                {t('bf.passTurn')}
              </button>
            )}
            {legal.some((a) => a.type === 'pass_game') && (
              <button type="button" data-testid="pass-game" title={t('bf.passGameTitle')} onClick={() => act({ type: 'pass_game' })}>
                {t('bf.passGame')}
              </button>
            )}
          </div>
          {kind && (
            <p class="muted small" data-testid="use-hint">
              {target === 'row' ? t('bf.pickRow') : target === 'card' ? t('bf.pickCard') : t('bf.pickList')}
            </p>
          )}
          {kind && target === 'list' && (
            <div class="buttons uselist">
              {uses.map((a) => (
                <button key={JSON.stringify(a)} type="button" data-testid="use-option" onClick={() => act(a)}>
                  {actionLabel(t, a)}
                </button>
              ))}
            </div>
          )}
        </section>
      )}
      {me === null ? (
        <p class="muted" data-testid="spectating">
          {t('table.watching')}
        </p>
      ) : (
        <section class="hand" aria-label={t('table.yourHand')} data-testid="hand">
          <h3>{t('table.yourHand')}</h3>
          <div class="cards">
            {view.hand.map((c) => (
              <CardFace
                key={c}
                card={c}
                testid="hand-card"
                selected={view.my_choice === c}
                onClick={plays.some((a) => a.card === c) ? () => act({ type: 'play', card: c }) : undefined}
              />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
