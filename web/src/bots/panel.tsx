// The lobby's list of online bot accounts: each with the bot mark, the games it plays with its
// rating in each, what it takes (tables now, rated or casual, the ladder), a challenge (for an
// account) and the link to each game's ladder.

import { useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import { gameTitle } from '../options';
import { ChallengeDialog } from '../friends/dialog';
import { profilePath } from '../players/api';
import { ratedGames } from '../players/leaderboard';
import { BotMark } from './mark';
import { challengeGame, gamesOf, whatItTakes } from './list';
import './bots.css';

export function BotsPanel(props: { client: Client; t: T }) {
  const { client, t } = props;
  const [dialog, setDialog] = useState<{ name: string; game?: string } | null>(null);
  const bots = [...client.state.bots].sort((a, b) => a.name.localeCompare(b.name));
  const forTwo = client.state.games.filter((g) => g.players[0] <= 2 && g.players[1] >= 2).map((g) => g.name);
  // Every rated game has its ladder.
  const ladders = ratedGames(client.state.games);
  return (
    <section class="botlist panel" aria-label={t('bots.online')} data-testid="bots-online">
      <h2>{t('bots.online')}</h2>
      {bots.length === 0 ? (
        <p class="muted small">{t('bots.none')}</p>
      ) : (
        <ul>
          {bots.map((b) => {
            const game = challengeGame(b, forTwo);
            return (
              <li key={b.player} data-testid={`bot-${b.name}`}>
                <span class="botname">
                  <a href={profilePath(b.name)}>{b.name}</a> <BotMark t={t} />
                </span>
                <span class="botgames">
                  {gamesOf(b).map((g) => (
                    <span key={g.game} class="botgame">
                      {gameTitle(client.state.games, g.game, client.lang)}
                      {g.rating && <span class="tag rating">{g.rating}</span>}
                    </span>
                  ))}
                </span>
                <span class="botactions">
                  {client.account && client.account !== b.name && game && (
                    <button type="button" data-testid={`challenge-bot-${b.name}`} onClick={() => setDialog({ name: b.name, game })}>
                      {t('bots.challenge')}
                    </button>
                  )}
                </span>
                <span class="botwhat muted small">{whatItTakes(t, b).join(' · ')}</span>
              </li>
            );
          })}
        </ul>
      )}
      {ladders.length > 0 && (
        <p class="small">
          {t('bots.ladderLink')}:{' '}
          {ladders.map((g, i) => (
            <span key={g}>
              {i > 0 && ' · '}
              <a href={`/ladder/${encodeURIComponent(g)}`} data-testid={`ladder-link-${g}`}>
                {gameTitle(client.state.games, g, client.lang)}
              </a>
            </span>
          ))}
        </p>
      )}
      {dialog && <ChallengeDialog client={client} t={t} name={dialog.name} game={dialog.game} onClose={() => setDialog(null)} />}
    </section>
  );
}
