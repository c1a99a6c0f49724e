// The hint button at a table with hints: it asks the server (`/hint`), whose answer (the search's
// choice and every choice's estimate) comes to this player alone as a line of the table's chat.

import type { T } from '../i18n';

export function HintButton(props: { t: T; ask: () => void }) {
  const { t } = props;
  return (
    <button type="button" class="hint" data-testid="hint" title={t('hint.title')} onClick={props.ask}>
      {t('hint.ask')}
    </button>
  );
}
