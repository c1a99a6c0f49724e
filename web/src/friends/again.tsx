// "Play again with these players" at a finished table: while everyone is there, the table's own
// rematch (the result's "Play again") seats them all; when the one other player has left, a
// challenge to the same game, options and pace asks them (they may answer hours later).

import { useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import type { AtTable } from '../store';
import { ChallengeDialog } from './dialog';

/** The one other human of a finished table who is no longer connected, if that is the case. */
export function goneOpponent(at: AtTable, me: string): string | null {
  const others = at.info.seats.filter((s) => s.kind === 'human' && s.name !== me);
  if (others.length !== 1 || others[0].connected) return null;
  return others[0].name;
}

export function PlayAgainWith(props: { client: Client; t: T; at: AtTable }) {
  const { client, t, at } = props;
  const [open, setOpen] = useState(false);
  const other = client.account && at.you.role === 'player' ? goneOpponent(at, client.name) : null;
  if (!other) return null;
  const options: Record<string, string> = {};
  for (const [k, v] of Object.entries(at.info.options)) if (v !== undefined) options[k] = v;
  for (const k of ['pace', 'rated']) if (at.info.table_options[k] !== undefined) options[k] = at.info.table_options[k]!;
  return (
    <>
      <button type="button" data-testid="again-with" title={t('friends.againHelp', { name: other })} onClick={() => setOpen(true)}>
        {t('friends.again', { name: other })}
      </button>
      {open && <ChallengeDialog client={client} t={t} name={other} game={at.info.game} options={options} onClose={() => setOpen(false)} />}
    </>
  );
}
