// Reporting a player from their seat at the table (also one who never says anything).

import { useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import type { TableId } from '../protocol';
import { moderationApi } from './lineactions';
import { ReportForm } from './reportform';

export function SeatReport(props: { client: Client; t: T; table: TableId; seat: number; name: string }) {
  const { client, t, table, seat, name } = props;
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const send = async (reason: string) => {
    try {
      await moderationApi(client).reportSeat(table, seat, reason);
      setSaid(t('mod.reported'));
      setOpen(false);
    } catch (e) {
      setSaid((e as Error).message);
    }
  };
  return (
    <span class="lineactions seatreport">
      <button type="button" class="linkish" aria-label={t('mod.reportPlayer', { name })} title={t('mod.reportPlayer', { name })} data-testid="seat-report" onClick={() => setOpen(!open)}>
        ⚑
      </button>
      {open && <ReportForm t={t} testid="seat-report-form" onSend={send} onCancel={() => setOpen(false)} />}
      {said && (
        <span class="muted small" data-testid="mod-said">
          {' '}
          {said}
        </span>
      )}
    </span>
  );
}
