// The end of a HELP! deal, shown until dismissed: how it ended, each player's points this deal
// and in total, and what wins. All of it from the view's `history` and `totals`.

import type { T } from '../../i18n';
import { dealEndLine } from './dealend';
import type { DealResult } from './view';

export function DealSummary(props: { t: T; result: DealResult; totals: number[]; names: string[]; me: number | null; endAt: number; onClose: () => void }) {
  const { t, result, totals, names, me } = props;
  return (
    <section class="dealsummary" data-testid="deal-summary" aria-live="polite">
      <h3>{t('help.dealOver', { deal: result.deal })}</h3>
      <p data-testid="deal-summary-why">{dealEndLine(t, result, names, me)}</p>
      <table>
        <thead>
          <tr>
            <th>{t('help.player')}</th>
            <th>{t('help.thisDeal')}</th>
            <th>{t('help.total')}</th>
          </tr>
        </thead>
        <tbody>
          {result.points.map((p, i) => (
            <tr key={i} data-testid={`summary-${i}`} class={p > 0 ? 'scored' : ''}>
              <td>
                {names[i] ?? `#${i + 1}`}
                {i === me ? ` (${t('help.you')})` : ''}
              </td>
              <td class="num">{p > 0 ? `+${p}` : '0'}</td>
              <td class="num">
                <b>{totals[i]}</b>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted small">{t('help.reach', { n: props.endAt })}</p>
      <div class="buttons">
        <button type="button" class="primary" data-testid="deal-summary-close" onClick={props.onClose}>
          {t('help.summaryClose')}
        </button>
      </div>
    </section>
  );
}
