// The actions on another player's chat line: report the line or its speaker to the operators,
// or mute the speaker for oneself.

import { useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import type { TableId } from '../protocol';
import type { Line } from '../store';
import { ModerationApi } from './api';
import { markMuted } from './muted';
import { ReportForm } from './reportform';

export function moderationApi(client: Client): ModerationApi {
  return new ModerationApi(
    () => client.state.me?.token,
    () => client.lang,
  );
}

type Open = null | 'menu' | 'line' | 'player';

/** The actions on `line`; `table`: where it was said (absent: the lobby, whose lines are not
 * numbered, so only their speaker can be reported). */
export function LineActions(props: { client: Client; t: T; table?: TableId; line: Line; onMuted: () => void }) {
  const { client, t, line, table } = props;
  const [open, setOpen] = useState<Open>(null);
  const [said, setSaid] = useState<string | null>(null);
  const name = line.from ?? '';
  if (!line.player || line.player === client.state.me?.player) return null;
  const api = moderationApi(client);
  const run = async (f: () => Promise<unknown>, done: string) => {
    try {
      await f();
      setSaid(done);
      setOpen(null);
    } catch (e) {
      setSaid((e as Error).message);
    }
  };
  const send = (reason: string) =>
    run(
      () =>
        open === 'line' && table !== undefined && line.line !== undefined
          ? api.reportLine(table, line.line, reason)
          : api.reportPlayer(line.player!, reason),
      t('mod.reported'),
    );
  return (
    <span class="lineactions">
      <button type="button" class="linkish" aria-label={t('mod.menu', { name })} data-testid="line-menu" onClick={() => setOpen(open ? null : 'menu')}>
        ⋯
      </button>
      {open === 'menu' && (
        <span class="linemenu" role="menu">
          {table !== undefined && line.line !== undefined && (
            <button type="button" role="menuitem" data-testid="report-line" onClick={() => setOpen('line')}>
              {t('mod.reportLine')}
            </button>
          )}
          <button type="button" role="menuitem" data-testid="report-player" onClick={() => setOpen('player')}>
            {t('mod.reportPlayer', { name })}
          </button>
          <button
            type="button"
            role="menuitem"
            data-testid="mute-player"
            onClick={() =>
              run(async () => {
                await api.mute(line.player!);
                markMuted(line.player!);
                props.onMuted();
              }, t('mod.muted', { name }))
            }
          >
            {t('mod.mute', { name })}
          </button>
        </span>
      )}
      {(open === 'line' || open === 'player') && <ReportForm t={t} testid="report-form" onSend={send} onCancel={() => setOpen(null)} />}
      {said && (
        <span class="muted small" data-testid="mod-said">
          {' '}
          {said}
        </span>
      )}
    </span>
  );
}
