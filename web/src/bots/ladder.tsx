// A game's bot ladder (`/ladder/GAME`): the bots that play it with their ratings and games, and
// the ladder's recent games, each with its replay.

import { useEffect, useState } from 'preact/hooks';
import type { T } from '../i18n';
import type { GameDescriptor, Lang } from '../protocol';
import { gameTitle } from '../options';
import { fetchLadder, profilePath, type Answer, type Ladder } from '../players/api';
import { ratedGames } from '../players/leaderboard';
import { ratingText } from '../players/rating';
import { BotMark } from './mark';
import './bots.css';
import '../players/players.css';

export function LadderPage(props: { t: T; lang: Lang; games: GameDescriptor[]; game: string }) {
  const { t, lang } = props;
  const [answer, setAnswer] = useState<Answer<Ladder> | null>(null);
  useEffect(() => {
    setAnswer(null);
    void fetchLadder(props.game).then(setAnswer);
  }, [props.game]);
  const when = (ms: number) => new Date(ms).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <main class="players" data-testid="ladder">
      <p>
        <a href="/#/">{t('players.back')}</a>
      </p>
      <h2>{t('bots.ladderOf', { game: gameTitle(props.games, props.game, lang) })}</h2>
      <nav class="boards">
        {ratedGames(props.games).map((g) => (
          <a key={g} href={`/ladder/${g}`} class={g === props.game ? 'current' : ''}>
            {gameTitle(props.games, g, lang)}
          </a>
        ))}
      </nav>
      <p class="muted small">{t('bots.ladderHelp')}</p>
      {!answer ? (
        <p class="muted">{t('players.loading')}</p>
      ) : 'ok' in answer ? (
        <>
          {answer.ok.bots.length === 0 ? (
            <p class="muted">{t('bots.ladderEmpty')}</p>
          ) : (
            <table class="ranking boardtable" data-testid="ladder-bots">
              <thead>
                <tr>
                  <th>{t('players.place')}</th>
                  <th>{t('players.player')}</th>
                  <th>{t('players.rating')}</th>
                  <th>{t('players.games')}</th>
                </tr>
              </thead>
              <tbody>
                {[...answer.ok.bots]
                  .sort((a, b) => b.rating - a.rating)
                  .map((b, i) => (
                    <tr key={b.name} data-testid={`ladder-${b.name}`}>
                      <td>{i + 1}.</td>
                      <td>
                        <a href={profilePath(b.profile ?? b.name)}>{b.name}</a> <BotMark t={t} />
                      </td>
                      <td>
                        <b title={b.provisional ? t('players.provisional') : undefined}>{ratingText(b)}</b>
                      </td>
                      <td>{b.games}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          )}
          <h3>{t('bots.ladderRecent')}</h3>
          {answer.ok.recent.length === 0 ? (
            <p class="muted">{t('bots.ladderNoGames')}</p>
          ) : (
            <table class="ranking" data-testid="ladder-recent">
              <thead>
                <tr>
                  <th>{t('players.when')}</th>
                  <th>{t('players.at')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {answer.ok.recent.map((g) => (
                  <tr key={g.table}>
                    <td class="small">{when(g.ended_ms)}</td>
                    <td class="small">
                      {[...g.seats]
                        .sort((a, b) => a.place - b.place)
                        .map((s, i) => (
                          <span key={i}>
                            {i > 0 && ', '}
                            {s.place}. <a href={profilePath(s.name)}>{s.name}</a> ({s.points})
                          </span>
                        ))}
                    </td>
                    <td>
                      <a href={g.replay ?? `/#/replay/${g.table}`} data-testid={`ladder-replay-${g.table}`}>
                        {t('players.replay')}
                      </a>
                    </td>
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
