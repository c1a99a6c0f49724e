// The players' pages by their address (`/players/NAME`, `/leaderboard/GAME`, `/ladder/GAME`), which the server
// answers with the client's page.

import type { Client } from '../client';
import type { T } from '../i18n';
import { LeaderboardPage } from './leaderboard';
import { ProfilePage } from './profile';
import { LadderPage } from '../bots/ladder';

export function playersPage(path: string, client: Client, t: T) {
  let m: RegExpMatchArray | null;
  if ((m = path.match(/^\/players\/([^/]+)\/?$/)))
    return <ProfilePage t={t} lang={client.lang} games={client.state.games} profile={decodeURIComponent(m[1])} client={client} />;
  if ((m = path.match(/^\/leaderboard\/([^/]+)\/?$/)))
    return (
      <LeaderboardPage
        t={t}
        lang={client.lang}
        games={client.state.games}
        game={decodeURIComponent(m[1])}
        me={client.state.me ? `id:${client.state.me.player}` : undefined}
      />
    );
  if ((m = path.match(/^\/ladder\/([^/]+)\/?$/)))
    return <LadderPage t={t} lang={client.lang} games={client.state.games} game={decodeURIComponent(m[1])} />;
  return null;
}
