// The end of a round while it is shown: each player's points this round and score after it.

import type { T } from '../../i18n';
import { signed } from './narrate';
import type { BoardEvent } from './view';

export function RoundSummary(props: { t: T; said: BoardEvent[]; names: string[] }) {
  const { t, names } = props;
  const e = props.said.find((x) => x.type === 'round_ended');
  if (!e || e.type !== 'round_ended') return null;
  return (
    <section class="roundsummary" data-testid="round-summary" aria-label={t('board.sum.title', { round: e.round })}>
      <h3>{t('board.sum.title', { round: e.round })}</h3>
      <table>
        <thead>
          <tr>
            <th />
            <th>{t('board.sum.round')}</th>
            <th>{t('board.sum.total')}</th>
          </tr>
        </thead>
        <tbody>
          {e.points.map((p, s) => (
            <tr key={s}>
              <td>{names[s] ?? `#${s + 1}`}</td>
              <td class={p > 0 ? 'good' : p < 0 ? 'bad' : ''}>{signed(p)}</td>
              <td>
                <b>{e.scores[s]}</b>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
