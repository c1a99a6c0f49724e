// The HELP! table: the shared row, your hand, and what you may do now as buttons.

import { useLayoutEffect } from 'preact/hooks';
import type { Client } from './client';
import { legalActions, type HelpAction, type HelpCard, type HelpView } from './help';
import type { Key } from './i18n';
import type { T } from './parts';
import type { AtTable } from './store';
import { seatNames } from './table';

function cardName(t: T, c: HelpCard): string {
  return typeof c === 'number' ? String(c) : t(`help.card.${c}` as Key);
}

function HelpCardFace(props: { t: T; card: HelpCard; value?: number }) {
  const special = typeof props.card !== 'number';
  return (
    <span class={`card small help${special ? ' special' : ''}`} role="img" aria-label={cardName(props.t, props.card)}>
      <span class="num">{special ? cardName(props.t, props.card) : props.card}</span>
      {props.value !== undefined && special && <span class="note">= {props.value}</span>}
    </span>
  );
}

export function actionLabel(t: T, v: HelpView, a: HelpAction): string {
  switch (a.type) {
    case 'lay':
      return t('help.lay', { card: a.card });
    case 'joker':
      return t('help.joker', { at: a.at + 1, value: a.at === 0 ? 1 : v.row[a.at - 1].value + 1 });
    case 'switch':
      return t('help.switch', { give: a.give, value: v.row[a.take].value, at: a.take + 1 });
    case 'zap':
      return t('help.zap');
    case 'no':
      return t('help.no');
    case 'ask_help':
      return t('help.ask');
    case 'give_help':
      return t('help.give', { card: cardName(t, a.card) });
    case 'give_back':
      return t('help.back', { card: cardName(t, a.card) });
  }
}

export function HelpBoard(props: { client: Client; t: T; at: AtTable; view: HelpView }) {
  const { client, t, at, view } = props;
  const id = at.info.id;
  const names = seatNames(at.info, view.players);
  const me = typeof view.viewer === 'object' ? view.viewer.seat : null;
  const actions = legalActions(view);
  const act = (a: HelpAction) => client.send({ type: 'act', table: id, version: at.version, action: a as never });
  const p = view.phase;
  let status = '';
  if (view.asked?.type === 'play') status = actions.length === 1 && actions[0].type === 'ask_help' ? t('help.cannot') : t('help.yourTurn');
  else if (view.asked?.type === 'give_help') status = t('help.giveHelp', { name: names[view.asked.to] });
  else if (view.asked?.type === 'give_back') status = t('help.giveBack', { name: names[view.asked.to] });
  else if (p.phase === 'turn') status = t('help.turnOf', { name: names[p.seat] });
  else if (p.phase === 'give_help') status = t('help.waitHelp', { name: names[p.asker], helper: names[p.helper] });
  else if (p.phase === 'give_back') status = t('help.waitBack', { name: names[p.helper], helper: names[p.asker] });
  // Keyboard: keys 1–9 choose the n-th action; the first gets the focus when asked.
  useLayoutEffect(() => {
    if (!actions.length) return;
    const typing = () => ['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement?.tagName ?? '');
    if (!typing() && !document.querySelector('.modal')) document.querySelector<HTMLElement>('.helpactions button')?.focus();
    const key = (e: KeyboardEvent) => {
      if (typing() || e.ctrlKey || e.metaKey || e.altKey || !/^[1-9]$/.test(e.key)) return;
      const a = actions[Number(e.key) - 1];
      if (!a) return;
      e.preventDefault();
      act(a);
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [at.version]);
  return (
    <div class="helpboard" data-testid="help-board">
      <div class="dealline">
        <span>{t('table.deal', { deal: view.deal, turn: view.turn })}</span>
        <span class="muted small">
          {t(view.direction === 'clockwise' ? 'help.clockwise' : 'help.counterclockwise')} · {t('help.drawPile', { n: view.draw_size })}
        </span>
      </div>
      <section class="helprow" aria-label={t('help.row')} data-testid="help-row">
        <h3>{t('help.row')}</h3>
        <div class="cards">
          {view.row.length === 0 && <span class="muted">{t('help.empty')}</span>}
          {view.row.map((c, i) => (
            <span key={i} class="place">
              <HelpCardFace t={t} card={c.card} value={c.value} />
              <small class="muted">{i + 1}</small>
            </span>
          ))}
        </div>
      </section>
      <p class={`status${view.asked ? ' asked' : ''}`} data-testid="status" aria-live="polite">
        {status}
      </p>
      {actions.length > 0 && (
        <section class="helpactions" aria-label={t('help.actions')} data-testid="help-actions">
          <h3>{t('help.actions')}</h3>
          <div class="buttons">
            {actions.map((a, i) => (
              <button key={JSON.stringify(a)} type="button" class={i === 0 ? 'primary' : ''} data-testid="help-action" onClick={() => act(a)}>
                <kbd>{i < 9 ? i + 1 : ''}</kbd> {actionLabel(t, view, a)}
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
        <section class="hand" aria-label={t('table.yourHand')} data-testid="hand">
          <h3>{t('table.yourHand')}</h3>
          <div class="cards">
            {view.hand.map((c, i) => (
              <span key={i} data-testid="hand-card">
                <HelpCardFace t={t} card={c} />
              </span>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
