// The form a report is sent with: what is wrong, send, cancel.

import { useState } from 'preact/hooks';
import type { T } from '../i18n';

export function ReportForm(props: { t: T; testid: string; onSend: (reason: string) => Promise<void>; onCancel: () => void }) {
  const { t } = props;
  const [reason, setReason] = useState('');
  return (
    <form
      class="reportform"
      data-testid={props.testid}
      onSubmit={(e) => {
        e.preventDefault();
        void props.onSend(reason);
      }}
    >
      <input
        value={reason}
        maxLength={500}
        required
        aria-label={t('mod.reason')}
        placeholder={t('mod.reason')}
        data-testid="report-reason"
        onInput={(e) => setReason((e.target as HTMLInputElement).value)}
      />
      <button type="submit" data-testid="report-send">
        {t('mod.send')}
      </button>
      <button type="button" onClick={props.onCancel}>
        {t('mod.cancel')}
      </button>
    </form>
  );
}
