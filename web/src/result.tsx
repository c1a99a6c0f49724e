// The result of a finished game: the winners, the ranking in the game's sense, points per deal,
// play again, the replay.

import { AGAIN_PREFIX, type Client } from './client';
import { outcomeOf, type BaseView, type GameScreen } from './games/screen';
import type { T } from './i18n';
import { againOptions, descriptorOf } from './options';
import { DealChart } from './parts';
import type { AtTable } from './store';

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
  const { history, rule } = props.screen.result(t, view);
  const winners = outcome.winners.map((w) => names[w]);
  const invites = at.chat.filter((l) => l.from !== null && l.text.startsWith(AGAIN_PREFIX));
  const invite = invites.length ? Number(invites[invites.length - 1].text.slice(AGAIN_PREFIX.length)) || null : null;
  const again = () => {
    const options = againOptions(game, at.info.options, at.info.table_options);
    client.againFrom = at.info.id;
    client.pendingOpen = true;
    client.send({ type: 'create_table', game: at.info.game, options, seats: at.info.max_seats });
  };
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
        <table class="ranking">
          <thead>
            <tr>
              <th>{t('result.rank')}</th>
              <th>{t('result.player')}</th>
              <th>{t('result.points')}</th>
            </tr>
          </thead>
          <tbody>
            {order.map(([s, i]) => (
              <tr key={i} class={outcome.winners.includes(i) ? 'won' : ''}>
                <td>{order.findIndex(([x]) => x === s) + 1}.</td>
                <td>{names[i]}</td>
                <td>{s}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {history.length > 0 && <DealChart t={t} history={history} names={names} />}
        <div class="buttons">
          {invite !== null && !client.state.tables[invite] && (
            <button
              type="button"
              class="primary"
              data-testid="join-again"
              onClick={() => {
                client.send({ type: 'join', table: invite, role: 'player' });
                props.go(`#/table/${invite}`);
              }}
            >
              {t('table.joinAgain', { id: invite })}
            </button>
          )}
          {at.you.role === 'player' && invite === null && (
            <button type="button" class="primary" data-testid="again" onClick={again}>
              {t('table.again')}
            </button>
          )}
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
