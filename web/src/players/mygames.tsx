// "My games" in the lobby: this identity's finished games, filterable by game, with links to its
// profile and the leaderboards.

import { useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import { gameTitle } from '../options';
import { profilePath } from './api';
import { GameList } from './gamelist';
import { ratedGames } from './leaderboard';
import { GameFilter } from './profile';

export function MyGames(props: { client: Client; t: T }) {
  const { client, t } = props;
  const [game, setGame] = useState('');
  const [open, setOpen] = useState(false);
  const me = client.state.me;
  if (!me) return null;
  const profile = `id:${me.player}`;
  return (
    <section class="panel mygames" data-testid="my-games">
      <h2>
        <button type="button" class="linklike" aria-expanded={open} data-testid="my-games-toggle" onClick={() => setOpen(!open)}>
          {open ? '▾' : '▸'} {t('players.myGames')}
        </button>
      </h2>
      <p class="small">
        <a href={profilePath(profile)}>{t('players.myProfile')}</a> · {t('players.leaderboard')}:{' '}
        {ratedGames(client.state.games).map((g, i) => (
          <span key={g}>
            {i > 0 && ', '}
            <a href={`/leaderboard/${g}`}>{gameTitle(client.state.games, g, client.lang)}</a>
          </span>
        ))}
      </p>
      {open && (
        <>
          <GameFilter t={t} lang={client.lang} games={client.state.games} value={game} onChange={setGame} />
          <GameList t={t} lang={client.lang} games={client.state.games} profile={profile} game={game || undefined} testid="my-game-list" />
        </>
      )}
    </section>
  );
}
