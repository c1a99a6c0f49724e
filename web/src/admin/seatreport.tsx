// Reporting a player from their seat at the table (also one who never says anything).

import { useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import type { TableId } from '../protocol';
import { moderationApi } from './lineactions';

export function SeatReport(props: { client: Client; t: T; table: TableId; seat: number; name: string }) {
  const { client, t, table, seat, name } = props;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  const send = async () => {
    try {
      await moderationApi(client).reportSeat(table, seat, reason);
      setSaid(t('mod.reported'));
      setOpen(false);
      setReason('');
    } catch (e) {
      setSaid((e as Error).message);
    }
  };
  return (
    <span class="lineactions seatreport">
      <button type="button" class="linkish" aria-label={t('mod.reportPlayer', { name })} title={t('mod.reportPlayer', { name })} data-testid="seat-report" onClick={() => setOpen(!open)}>
        ⚑
      </button>
      {open && (
        <form
          class="reportform"
          data-testid="seat-report-form"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
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
          <button type="button" onClick={() => setOpen(false)}>
            {t('mod.cancel')}
          </button>
        </form>
      )}
      {said && (
        <span class="muted small" data-testid="mod-said">
          {' '}
          {said}
        </span>
      )}
    </span>
  );
}
