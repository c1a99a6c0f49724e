// The end of a deal: each player's points this deal and in total, and the cards each took. The
// table keeps it open until the player closes it (`onClose`), and opens it again on request.

import type { T } from '../../i18n';
import type { Frame } from './anim';
import { CardFace } from './cards';

export function DealSummary(props: { t: T; summary: NonNullable<Frame['summary']>; names: string[]; onClose?: () => void }) {
  const { t, summary: s, names } = props;
  return (
    <section class="dealsummary" data-testid="deal-summary" aria-live="polite">
      <h3>
        {t('classic.dealOver', { deal: s.deal })}
        {props.onClose && (
          <button type="button" class="close" data-testid="close-summary" onClick={props.onClose}>
            {t('table.closeSummary')}
          </button>
        )}
      </h3>
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

/** The summary as the table holds it (a frame's `summary`, kept by the client). */
export function HeldSummary(props: { t: T; summary: unknown; names: string[]; onClose?: () => void }) {
  return <DealSummary t={props.t} summary={props.summary as NonNullable<Frame['summary']>} names={props.names} onClose={props.onClose} />;
}
