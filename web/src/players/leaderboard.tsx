// A game's leaderboard (`/leaderboard/GAME`): the best settled ratings, bots marked as bots, and
// links to the other rated games' boards.

import { useEffect, useState } from 'preact/hooks';
import { levelName } from '../analysis/levels';
import type { T } from '../i18n';
import type { GameDescriptor, Lang } from '../protocol';
import { gameTitle } from '../options';
import { fetchLeaderboard, profilePath, type Answer, type Leaderboard } from './api';

/** The games that have ratings (the buffalo keeps team records instead). */
export const RATED_GAMES = ['classic', 'help', 'board'];

export function LeaderboardPage(props: { t: T; lang: Lang; games: GameDescriptor[]; game: string }) {
  const { t, lang } = props;
  const [answer, setAnswer] = useState<Answer<Leaderboard> | null>(null);
  useEffect(() => {
    setAnswer(null);
    void fetchLeaderboard(props.game).then(setAnswer);
  }, [props.game]);
  return (
    <main class="players" data-testid="leaderboard">
      <p>
        <a href="/#/">{t('players.back')}</a>
      </p>
      <h2>{t('players.leaderboardOf', { game: gameTitle(props.games, props.game, lang) })}</h2>
      <nav class="boards">
        {RATED_GAMES.map((g) => (
          <a key={g} href={`/leaderboard/${g}`} class={g === props.game ? 'current' : ''}>
            {gameTitle(props.games, g, lang)}
          </a>
        ))}
      </nav>
      {!answer ? (
        <p class="muted">{t('players.loading')}</p>
      ) : 'ok' in answer ? (
        <>
          <p class="muted small">{t('players.minGames', { n: answer.ok.min_games })}</p>
          {answer.ok.players.length === 0 ? (
            <p class="muted">{t('players.empty')}</p>
          ) : (
            <table class="ranking boardtable">
              <thead>
                <tr>
                  <th>{t('players.place')}</th>
                  <th>{t('players.player')}</th>
                  <th>{t('players.rating')}</th>
                  <th>{t('players.ratedGames')}</th>
                  <th>{t('players.won')}</th>
                </tr>
              </thead>
              <tbody>
                {answer.ok.players.map((p) => (
                  <tr key={p.profile} data-testid={`place-${p.place}`}>
                    <td>{p.place}.</td>
                    <td>
                      <a href={profilePath(p.profile)}>{p.bot ? levelName(t, p.name) : p.name}</a> {p.bot && <span class="tag">{t('players.botTag')}</span>}
                    </td>
                    <td>
                      <b>{p.rating}</b>
                    </td>
                    <td>{p.rated_games}</td>
                    <td>{p.won}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : (
        <p>{t('players.failed')}</p>
      )}
    </main>
  );
}
