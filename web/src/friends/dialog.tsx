// The challenge dialog: the game (of those two can play), its pace and whether it is rated;
// sent as `challenge`, with the server's refusal shown in the dialog.

import { useState } from 'preact/hooks';
import type { Client } from '../client';
import type { Key, T } from '../i18n';
import { gameTitle } from '../options';
import { request } from './state';
import './friends.css';

export const PACES = ['realtime', '1h', '12h', '1d', '2d', '3d'] as const;

export function ChallengeDialog(props: {
  client: Client;
  t: T;
  name: string;
  /** The game and options to start from (playing again); else the first game for two. */
  game?: string;
  options?: Record<string, string>;
  onClose: () => void;
}) {
  const { client, t } = props;
  const games = client.state.games.filter((g) => g.players[0] <= 2 && g.players[1] >= 2);
  const [game, setGame] = useState(props.game ?? games[0]?.name ?? 'classic');
  const [pace, setPace] = useState(props.options?.pace ?? 'realtime');
  const [rated, setRated] = useState(props.options?.rated !== 'no');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const send = (e: Event) => {
    e.preventDefault();
    // Playing again keeps the game's own options; a new challenge takes the game's defaults.
    const own = game === props.game ? { ...props.options } : {};
    const options: Record<string, string> = { ...own, pace, rated: rated ? 'yes' : 'no' };
    request(client, { type: 'challenge', name: props.name, game, options }, (ok, text) =>
      setSaid({ ok, text: ok ? t('friends.sent', { name: props.name }) : (text ?? '') }),
    );
  };
  return (
    <div class="modal" role="dialog" aria-modal="true" aria-label={t('friends.dialogTitle', { name: props.name })} data-testid="challenge-dialog">
      <form class="panel challenge" onSubmit={send}>
        <h2>{t('friends.dialogTitle', { name: props.name })}</h2>
        <label class="opt">
          <span class="optname">{t('friends.game')}</span>
          <select data-testid="challenge-game" value={game} onChange={(e) => setGame((e.target as HTMLSelectElement).value)}>
            {games.map((g) => (
              <option key={g.name} value={g.name}>
                {gameTitle(client.state.games, g.name, client.lang)}
              </option>
            ))}
          </select>
        </label>
        <label class="opt">
          <span class="optname">{t('friends.pace')}</span>
          <select data-testid="challenge-pace" value={pace} onChange={(e) => setPace((e.target as HTMLSelectElement).value)}>
            {PACES.map((p) => (
              <option key={p} value={p}>
                {t(`opt.pace.${p}` as Key)}
              </option>
            ))}
          </select>
        </label>
        <label class="opt check">
          <input type="checkbox" data-testid="challenge-rated" checked={rated} onChange={(e) => setRated((e.target as HTMLInputElement).checked)} />{' '}
          {t('friends.rated')}
        </label>
        {said && (
          <p class={said.ok ? 'ok' : 'error'} role={said.ok ? 'status' : 'alert'} data-testid="challenge-said">
            {said.text}
          </p>
        )}
        <div class="buttons">
          {!said?.ok && (
            <button type="submit" class="primary" data-testid="challenge-send">
              {t('friends.send')}
            </button>
          )}
          <button type="button" data-testid="challenge-close" onClick={props.onClose}>
            {said?.ok ? t('friends.dismiss') : t('friends.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
