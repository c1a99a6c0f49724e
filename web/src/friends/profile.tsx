// On an account's profile page: follow or unfollow it, and challenge it (for a logged-in account
// looking at another one).

import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import { ChallengeDialog } from './dialog';
import { Answered } from './panel';
import { friends, request } from './state';

export function FriendActions(props: { client: Client; t: T; name: string }) {
  const { client, t, name } = props;
  const [, redraw] = useState(0);
  const [dialog, setDialog] = useState(false);
  useEffect(() => client.subscribe(() => redraw((n) => n + 1)), [client]);
  const me = client.account;
  if (!me || me.toLowerCase() === name.toLowerCase()) return null;
  const following = friends.following.some((f) => f.name.toLowerCase() === name.toLowerCase());
  return (
    <div class="friends">
      <Answered client={client} t={t} />
      <p class="friendactions" data-testid="friend-actions">
        <button
          type="button"
          data-testid={following ? 'unfollow' : 'follow'}
          onClick={() => request(client, following ? { type: 'unfollow', name } : { type: 'follow', name })}
        >
          {following ? t('friends.unfollow') : t('friends.follow')}
        </button>
        <button type="button" class="primary" data-testid="challenge" onClick={() => setDialog(true)}>
          {t('friends.challenge')}
        </button>
      </p>
      {dialog && <ChallengeDialog client={client} t={t} name={name} onClose={() => setDialog(false)} />}
    </div>
  );
}
