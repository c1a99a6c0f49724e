// A player's page (`/players/NAME`): since when it plays here, its rating per game with a chart,
// games played, won and mean score, the buffalo's team records, and its games page by page.

import { useEffect, useState } from 'preact/hooks';
import { levelName } from '../analysis/levels';
import type { Client } from '../client';
import { FriendActions } from '../friends/profile';
import type { T } from '../i18n';
import type { GameDescriptor, Lang } from '../protocol';
import { gameTitle } from '../options';
import { fetchProfile, type Answer, type Profile } from './api';
import { RatingChart } from './chart';
import { GameList } from './gamelist';
import { ratingText, toSettle } from './rating';
import { BotMark } from '../bots/mark';
import { ProfileTournaments } from '../tournaments/profile';

export function ProfilePage(props: { t: T; lang: Lang; games: GameDescriptor[]; profile: string; client?: Client }) {
  const { t, lang } = props;
  const [answer, setAnswer] = useState<Answer<Profile> | null>(null);
  const [game, setGame] = useState<string>('');
  useEffect(() => {
    setAnswer(null);
    void fetchProfile(props.profile).then(setAnswer);
  }, [props.profile]);
  if (!answer) return <main class="players"><p class="muted">{t('players.loading')}</p></main>;
  if ('missing' in answer) return <main class="players"><p data-testid="profile-missing">{t('players.notFound', { name: props.profile })}</p></main>;
  if ('failed' in answer) return <main class="players"><p>{t('players.failed')}</p></main>;
  const p = answer.ok;
  // A team game (the buffalo) keeps team records, not a rating: its descriptor says so.
  const team = (game: string) => props.games.find((d) => d.name === game)?.team ?? false;
  const title = p.kind === 'bot' ? t('players.bot', { name: levelName(t, p.level ?? p.name) }) : p.name;
  return (
    <main class="players" data-testid="profile">
      <p>
        <a href="/#/">{t('players.back')}</a>
      </p>
      <h2>
        {title} {p.kind === 'guest' && <span class="tag">{t('players.guest')}</span>}
        {p.bot && <BotMark t={t} />}
      </h2>
      {props.client && p.kind === 'account' && <FriendActions client={props.client} t={t} name={p.name} />}
      {p.member_since !== undefined && (
        <p class="muted">{t('players.memberSince', { date: new Date(p.member_since * 1000).toLocaleDateString(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long' }) })}</p>
      )}
      <div class="standings">
        {p.games.map((g) => (
          <section class="panel standing" key={g.game} data-testid={`standing-${g.game}`}>
            <h3>
              <a href={`/leaderboard/${g.game}`}>{gameTitle(props.games, g.game, lang)}</a>
            </h3>
            <p class="bigrating">
              {g.rating !== undefined ? (
                <>
                  <b title={g.provisional ? t('players.provisional') : undefined}>{ratingText({ rating: g.rating, provisional: g.provisional })}</b>
                  {g.about_level && <span class="muted"> · {t('players.aboutLevel', { level: levelName(t, g.about_level) })}</span>}
                </>
              ) : (
                <span class="muted">{team(g.game) ? '' : t('players.unrated')}</span>
              )}
            </p>
            {g.games_to_settle !== undefined && !team(g.game) && (
              <p class="small" data-testid={`to-settle-${g.game}`}>
                {toSettle(t, g.games_to_settle)}
              </p>
            )}
            <dl class="counts">
              <dt>{t('players.games')}</dt>
              <dd>{g.games}</dd>
              <dt>{t('players.won')}</dt>
              <dd>{g.won}</dd>
              <dt>{t('players.meanScore')}</dt>
              <dd>{g.mean_score.toFixed(1)}</dd>
              {g.rated_games > 0 && (
                <>
                  <dt>{t('players.ratedGames')}</dt>
                  <dd>{g.rated_games}</dd>
                </>
              )}
            </dl>
            <RatingChart
              points={g.history}
              start={g.start}
              label={g.start !== undefined ? t('players.chartFromStart', { start: g.start }) : t('players.chart', { n: g.history.length })}
            />
            {team(g.game) && p.teams && p.teams.length > 0 && (
              <div data-testid="team-records">
                <h4>{t('players.teams')}</h4>
                <ul>
                  {p.teams.map((r) => (
                    <li key={r.team_size}>
                      {t('players.teamSize', { n: r.team_size })}: {t('players.teamRecord', { won: r.won, games: r.games })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </section>
        ))}
      </div>
      <ProfileTournaments t={t} lang={lang} games={props.games} entries={p.tournaments} />
      <h3>{t('players.recent')}</h3>
      <GameFilter t={t} lang={lang} games={props.games} value={game} onChange={setGame} />
      <GameList t={t} lang={lang} games={props.games} profile={p.profile} game={game || undefined} />
    </main>
  );
}

/** A choice of one game or all. */
export function GameFilter(props: { t: T; lang: Lang; games: GameDescriptor[]; value: string; onChange: (g: string) => void }) {
  return (
    <select aria-label={props.t('lobby.game')} data-testid="game-filter" value={props.value} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}>
      <option value="">{props.t('players.allGames')}</option>
      {props.games.map((g) => (
        <option key={g.name} value={g.name}>
          {gameTitle(props.games, g.name, props.lang)}
        </option>
      ))}
    </select>
  );
}
