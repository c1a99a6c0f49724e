// A game's leaderboard (`/leaderboard/GAME`): the best settled ratings, bots marked as bots, where
// the viewer stands ("you: 3 of 5 rated games" before they are on it), and links to the other
// rated games' boards.

import { useEffect, useState } from 'preact/hooks';
import { levelName } from '../analysis/levels';
import type { T } from '../i18n';
import type { GameDescriptor, Lang } from '../protocol';
import { gameTitle } from '../options';
import { builtIn, fetchLeaderboard, fetchProfile, profilePath, type Answer, type Leaderboard, type Profile, type Who } from './api';
import { BotMark } from '../bots/mark';

/** The games that have ratings, as their descriptors say: a game whose seats play as one team (the
 * buffalo) keeps team records instead. */
export const ratedGames = (games: GameDescriptor[]) => games.filter((g) => !g.team).map((g) => g.name);

/** `me`: the viewer's profile key, to say where they stand. */
export function LeaderboardPage(props: { t: T; lang: Lang; games: GameDescriptor[]; game: string; me?: string }) {
  const { t, lang } = props;
  const [answer, setAnswer] = useState<Answer<Leaderboard> | null>(null);
  const [mine, setMine] = useState<Answer<Profile> | null>(null);
  const [who, setWho] = useState<Who>(whoFrom(typeof window === 'undefined' ? '' : window.location.search));
  useEffect(() => {
    setAnswer(null);
    void fetchLeaderboard(props.game, who).then(setAnswer);
  }, [props.game, who]);
  const choose = (w: Who) => {
    setWho(w);
    window.history.replaceState(null, '', w === 'people' ? window.location.pathname : `?who=${w}`);
  };
  useEffect(() => {
    setMine(null);
    if (props.me) void fetchProfile(props.me).then(setMine);
  }, [props.me, props.game]);
  return (
    <main class="players" data-testid="leaderboard">
      <p>
        <a href="/#/">{t('players.back')}</a>
      </p>
      <h2>{t('players.leaderboardOf', { game: gameTitle(props.games, props.game, lang) })}</h2>
      <nav class="boards">
        {ratedGames(props.games).map((g) => (
          <a key={g} href={`/leaderboard/${g}${who === 'people' ? '' : `?who=${who}`}`} class={g === props.game ? 'current' : ''}>
            {gameTitle(props.games, g, lang)}
          </a>
        ))}
      </nav>
      <div class="boardfilter" role="group" aria-label={t('bots.show')} data-testid="board-filter">
        <span class="muted">{t('bots.show')}:</span>
        {WHO.map((w) => (
          <button key={w} type="button" aria-pressed={w === who} data-testid={`who-${w}`} onClick={() => choose(w)}>
            {t(`bots.${w}`)}
          </button>
        ))}
        <a href={`/ladder/${encodeURIComponent(props.game)}`}>{t('bots.ladderLink')}</a>
      </div>
      {!answer ? (
        <p class="muted">{t('players.loading')}</p>
      ) : 'ok' in answer ? (
        <>
          <p class="muted small">{t('players.minGames', { n: answer.ok.min_games })}</p>
          {who !== 'bots' && <YouOnBoard t={t} board={answer.ok} me={props.me} mine={mine} />}
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
                  <tr key={p.profile} data-testid={`place-${p.place}`} class={p.profile === props.me || (mine && 'ok' in mine && p.profile === mine.ok.profile) ? 'me' : ''}>
                    <td>{p.place}.</td>
                    <td>
                      <a href={profilePath(p.profile)}>{p.bot && builtIn(p.profile) ? levelName(t, p.name) : p.name}</a>{' '}
                      {p.bot_account || (p.bot && !builtIn(p.profile)) ? <BotMark t={t} /> : p.bot && <span class="tag">{t('players.botTag')}</span>}
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

const WHO: Who[] = ['people', 'bots', 'all'];

/** The filter a page address asks for (`?who=bots`); people when it names none. */
export function whoFrom(search: string): Who {
  const w = new URLSearchParams(search).get('who');
  return w === 'bots' || w === 'all' ? w : 'people';
}

/** Where the viewer stands: their place, or how many of the rated games it takes they have. */
function YouOnBoard(props: { t: T; board: Leaderboard; me?: string; mine: Answer<Profile> | null }) {
  const { t, board, mine } = props;
  if (!props.me || !mine || 'failed' in mine) return null;
  // Nobody of that name yet: a player without a finished game.
  const me = 'ok' in mine ? mine.ok : undefined;
  const at = board.players.find((p) => p.profile === props.me || p.profile === me?.profile);
  if (at) return <p data-testid="you-on-board">{t('players.youAt', { place: at.place })}</p>;
  const rated = me?.games.find((g) => g.game === board.game)?.rated_games ?? 0;
  if (rated >= board.min_games) return <p data-testid="you-on-board">{t('players.youBelow')}</p>;
  const left = board.min_games - rated;
  return (
    <p data-testid="you-on-board">
      <b>{t('players.youOf', { n: rated, min: board.min_games })}</b> {left === 1 ? t('players.oneMoreToBoard') : t('players.moreToBoard', { n: left })}
    </p>
  );
}
