// The end of a deal, shown before the next one begins: each player's points this deal and in
// total, and the cards each took.

import type { T } from '../../i18n';
import type { Frame } from './anim';
import { CardFace } from './cards';

export function DealSummary(props: { t: T; summary: NonNullable<Frame['summary']>; names: string[] }) {
  const { t, summary: s, names } = props;
  return (
    <section class="dealsummary" data-testid="deal-summary" aria-live="polite">
      <h3>{t('classic.dealOver', { deal: s.deal })}</h3>
      <table>
        <thead>
          <tr>
            <th>{t('classic.player')}</th>
            <th>{t('classic.thisDeal')}</th>
            <th>{t('classic.total')}</th>
            <th>{t('classic.took')}</th>
          </tr>
        </thead>
        <tbody>
          {s.points.map((p, i) => (
            <tr key={i} data-testid={`summary-${i}`}>
              <td>{names[i] ?? `#${i + 1}`}</td>
              <td class="num">{p}</td>
              <td class="num">
                <b>{s.totals[i]}</b>
              </td>
              <td class="cards">
                {(s.taken[i] ?? []).length ? (s.taken[i] ?? []).map((c) => <CardFace key={c} card={c} small />) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
