// HELP! cards as drawn: a card (specials by name, with the number they stand for in the row),
// and the shared row with its place numbers.

import type { T } from '../../i18n';
import { cardName } from './labels';
import type { HelpCard, RowCard } from './view';

export function HelpCardFace(props: { t: T; card: HelpCard; value?: number }) {
  const special = typeof props.card !== 'number';
  return (
    <span class={`card small help${special ? ' special' : ''}`} role="img" aria-label={cardName(props.t, props.card)}>
      <span class="num">{special ? cardName(props.t, props.card) : props.card}</span>
      {props.value !== undefined && special && <span class="note">= {props.value}</span>}
    </span>
  );
}

export function HelpRow(props: { t: T; row: RowCard[] }) {
  const { t, row } = props;
  return (
    <section class="helprow" aria-label={t('help.row')} data-testid="help-row">
      <h3>{t('help.row')}</h3>
      <div class="cards">
        {row.length === 0 && <span class="muted">{t('help.empty')}</span>}
        {row.map((c, i) => (
          <span key={i} class="place">
            <HelpCardFace t={t} card={c.card} value={c.value} />
            <small class="muted">{i + 1}</small>
          </span>
        ))}
      </div>
    </section>
  );
}
