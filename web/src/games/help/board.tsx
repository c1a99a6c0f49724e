// The HELP! table: the shared row, your hand, and the server's legal actions as buttons.

import { useLayoutEffect, useState } from 'preact/hooks';
import type { BoardProps } from '../screen';
import { HelpCardFace, HelpRow } from './cards';
import { actionLabel, helpActions } from './labels';
import { logLines, sinceMine } from './log';
import { DealSummary } from './summary';
import type { HelpView } from './view';

export function HelpBoard(props: BoardProps<HelpView>) {
  const { t, view, names, act } = props;
  const me = typeof view.viewer === 'object' ? view.viewer.seat : null;
  const actions = helpActions(props.legal);
  const p = view.phase;
  const before = view.would_ask === null || view.would_ask === undefined ? null : names[view.would_ask];
  const log = logLines(t, sinceMine(props.events ?? [], me), names, me).slice(-8);
  // The last deal's summary stays until dismissed (a table opened later shows none of the past).
  const lastDeal = view.history[view.history.length - 1];
  const [seenDeal, setSeenDeal] = useState(() => lastDeal?.deal ?? 0);
  const summary = lastDeal && lastDeal.deal > seenDeal ? lastDeal : null;
  const onlyHelp = actions.length === 1 && actions[0].type === 'ask_help';
  let status = '';
  if (view.asked?.type === 'play') status = onlyHelp ? (before === null ? t('help.cannotNobody') : t('help.cannot', { name: before })) : t('help.yourTurn');
  else if (view.asked?.type === 'give_help') status = t('help.giveHelp', { name: names[view.asked.to] });
  else if (view.asked?.type === 'give_back') status = t('help.giveBack', { name: names[view.asked.to] });
  else if (p.phase === 'turn') status = t('help.turnOf', { name: names[p.seat] });
  else if (p.phase === 'give_help') status = t('help.waitHelp', { name: names[p.asker], helper: names[p.helper] });
  // The one helped (the asker) gives the helper a card back.
  else if (p.phase === 'give_back') status = t('help.waitBack', { name: names[p.asker], helper: names[p.helper] });
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
  }, [props.version, props.legal]);
  return (
    <div class="helpboard" data-testid="help-board">
      <div class="dealline">
        <span>{t('table.deal', { deal: view.deal, turn: view.turn })}</span>
        <span class="muted small">
          {t(view.direction === 'clockwise' ? 'help.clockwise' : 'help.counterclockwise')} · {t('help.drawPile', { n: view.draw_size })}
        </span>
      </div>
      {summary && (
        <DealSummary t={t} result={summary} totals={view.totals} names={names} me={me} endAt={view.options.end_at} onClose={() => setSeenDeal(summary.deal)} />
      )}
      <HelpRow t={t} row={view.row} />
      {me !== null && (
        <p class="muted small" data-testid="help-before">
          {before === null ? t('help.beforeNobody') : t('help.before', { name: before })}
        </p>
      )}
      {log.length > 0 && (
        <section class="helplog" aria-label={t('help.log')} data-testid="help-log">
          <h3>{t('help.log')}</h3>
          <ol>
            {log.map((l, i) => (
              <li key={i}>{l}</li>
            ))}
          </ol>
        </section>
      )}
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
