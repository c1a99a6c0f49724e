// A list of finished games as one player saw them: when, which game, the place and score, the
// rating's change, everyone at the table (each a link to their profile) and the replay. Pages on
// with "More games".

import { useEffect, useState } from 'preact/hooks';
import type { T } from '../i18n';
import type { GameDescriptor, Lang } from '../protocol';
import { gameTitle, valueName } from '../options';
import { builtIn, fetchGames, profilePath, type GameEntry } from './api';
import { signed } from './rating';
import { BotMark } from '../bots/mark';

export function when(lang: Lang, secs: number): string {
  return new Date(secs * 1000).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function GameList(props: {
  t: T;
  lang: Lang;
  games: GameDescriptor[];
  profile: string;
  game?: string;
  first?: GameEntry[];
  testid?: string;
}) {
  const { t, lang } = props;
  const [entries, setEntries] = useState<GameEntry[] | null>(props.first ?? null);
  const [next, setNext] = useState<number | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const load = async (before?: number) => {
    const a = await fetchGames(props.profile, props.game, before);
    if ('ok' in a) {
      setEntries((e) => [...(before === undefined ? [] : (e ?? [])), ...a.ok.games]);
      setNext(a.ok.next);
    } else setFailed(true);
  };
  useEffect(() => {
    setEntries(null);
    setNext(undefined);
    void load();
  }, [props.profile, props.game]);
  if (failed) return <p class="muted">{t('players.failed')}</p>;
  if (!entries) return <p class="muted">{t('players.loading')}</p>;
  if (entries.length === 0) return <p class="muted">{t('players.none')}</p>;
  return (
    <div class="gamelist" data-testid={props.testid ?? 'game-list'}>
      <table class="ranking">
        <thead>
          <tr>
            <th>{t('players.when')}</th>
            <th>{t('lobby.game')}</th>
            <th>{t('players.place')}</th>
            <th>{t('players.rating')}</th>
            <th>{t('players.at')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {entries.map((g) => (
            <tr key={g.table} class={g.won ? 'won' : ''} data-testid={`game-${g.table}`}>
              <td class="small">{when(lang, g.finished_at)}</td>
              <td>
                {gameTitle(props.games, g.game, lang)}
                {g.pace && (
                  <span class="muted small" data-testid="pace">
                    {' · '}
                    {valueName(t, 'pace', g.pace)}
                  </span>
                )}
              </td>
              <td>
                {g.place}. <span class="muted small">({g.score})</span>
              </td>
              <td>
                {g.rated && g.rating !== undefined ? (
                  <>
                    {g.rating} <span class={`ratingchange ${(g.rating_change ?? 0) >= 0 ? 'up' : 'down'}`}>{signed(g.rating_change ?? 0)}</span>
                  </>
                ) : (
                  <span class="muted small">{t('players.casual')}</span>
                )}
              </td>
              <td class="small">
                {g.players
                  .filter((p) => p.seat !== g.seat)
                  .map((p, i) => (
                    <span key={p.seat}>
                      {i > 0 && ', '}
                      <a href={profilePath(p.profile)}>{p.name}</a>
                      {p.bot && (builtIn(p.profile) ? <span class="tag">{t('players.botTag')}</span> : <BotMark t={t} />)}
                    </span>
                  ))}
              </td>
              <td>
                <a href={g.replay}>{t('players.replay')}</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {next !== undefined && (
        <button type="button" data-testid="more-games" onClick={() => void load(next)}>
          {t('players.more')}
        </button>
      )}
    </div>
  );
}
