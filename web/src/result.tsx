// The result of a finished game: the winners, the ranking in the game's sense, points per deal,
// play again, the replay.

import { useState } from 'preact/hooks';
import type { Client } from './client';
import { outcomeOf, type BaseView, type GameScreen } from './games/screen';
import type { T } from './i18n';
import { descriptorOf } from './options';
import { PlayAgainWith } from './friends/again';
import { DealChart } from './parts';
import { RatingNote, RatingTag } from './players/rating';
import type { AtTable } from './store';
import { NameWithMark } from './bots/mark';

export function Result(props: {
  client: Client;
  t: T;
  at: AtTable;
  view: BaseView;
  screen: GameScreen;
  names: string[];
  onClose: () => void;
  go: (h: string) => void;
}) {
  const { client, t, at, view, names } = props;
  const game = descriptorOf(client.state.games, at.info.game);
  const outcome = outcomeOf(props.screen, view)!;
  const scores = outcome.scores;
  // The server names the winners; the ranking follows the game's sense (classic: fewest points
  // first; HELP!: most first).
  const higher = (outcome.sense ?? game?.sense) === 'higher';
  const best = scores[outcome.winners[0]] ?? (higher ? Math.max(...scores) : Math.min(...scores));
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => (higher ? b[0] - a[0] : a[0] - b[0]));
  const pts = best === 1 ? t('result.onePoint') : t('result.nPoints', { n: best });
  const { history, rule, chart, parties } = props.screen.result(t, view, names);
  const winners = outcome.winners.map((w) => names[w]);
  // Play again at this table: the host starts it, the others ask (the server's `rematch`).
  const [asked, setAsked] = useState(false);
  const again = () => {
    setAsked(true);
    client.command(at.info.id, { name: 'rematch' });
  };
  const endAt = Number(at.info.options.end_at ?? 0) || undefined;
  return (
    <div class="modal" role="dialog" aria-modal="true" aria-label={t('result.title')} data-testid="result">
      <div class="panel result">
        <h2>{t('result.title')}</h2>
        <p class="winner" data-testid="winner">
          ★{' '}
          {props.screen.headline
            ? props.screen.headline(t, view)
            : winners.length === 1
              ? t('result.wins', { name: winners[0], points: pts })
              : t('result.tie', { names: winners.join(', '), points: pts })}
        </p>
        <p class="muted">{rule}</p>
        {parties ? (
          <table class="ranking" data-testid="parties">
            <tbody>
              {parties.map((p) => (
                <tr key={p.name} class={p.won ? 'won' : ''}>
                  <td>{p.name}</td>
                  <td>{p.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <table class="ranking">
            <thead>
              <tr>
                <th>{t('result.rank')}</th>
                <th>{t('result.player')}</th>
                <th>{t('result.points')}</th>
                {at.info.seats.some((x) => x.rating?.change !== undefined) && <th>{t('players.rating')}</th>}
              </tr>
            </thead>
            <tbody>
              {order.map(([s, i]) => (
                <tr key={i} class={outcome.winners.includes(i) ? 'won' : ''}>
                  <td>{order.findIndex(([x]) => x === s) + 1}.</td>
                  <td>
                    <NameWithMark t={t} name={names[i]} bot={at.info.seats.find((x) => x.seat === i)?.bot_account} />
                  </td>
                  <td>{s}</td>
                  {at.info.seats.some((x) => x.rating?.change !== undefined) && (
                    <td data-testid={`rating-change-${i}`}>
                      <RatingTag t={t} rating={at.info.seats.find((x) => x.seat === i)?.rating} change />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {!parties && at.you.seat !== null && at.you.seat !== undefined && <RatingNote t={t} rating={at.info.seats.find((x) => x.seat === at.you.seat)?.rating} />}
        {history.length > 0 && (
          <DealChart t={t} history={history} names={names} me={at.you.seat} endAt={at.info.options.deals ? undefined : endAt} {...chart} />
        )}
        <div class="buttons">
          {at.you.role === 'player' && (
            <button type="button" class="primary" data-testid="again" onClick={again} disabled={asked}>
              {asked && !at.you.host ? t('table.againAsked') : t('table.again')}
            </button>
          )}
          <PlayAgainWith client={client} t={t} at={at} />
          <button type="button" data-testid="watch-replay" onClick={() => props.go(`#/replay/${at.info.id}`)}>
            {t('result.replay')}
          </button>
          <button type="button" onClick={props.onClose}>
            {t('result.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
