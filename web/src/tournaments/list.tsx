// The lobby's tournaments: upcoming and running ones (game, format, start, players, phase), the
// recently finished, and "Create tournament" for those the room lets create one. Fetched again
// whenever a tournament changes (`tournament_changed`).

import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import type { TournamentList, TournamentSummary } from '../generated/protocol';
import { gameTitle } from '../options';
import { fetchTournaments, tournamentHash, type Answer } from './api';
import { CreateTournament } from './create';
import { tournaments } from './state';
import { entrantsText, formatText, phaseText, when } from './words';
import './tournaments.css';

export function TournamentsPanel(props: { client: Client; t: T; go: (hash: string) => void }) {
  const { client, t } = props;
  const [answer, setAnswer] = useState<Answer<TournamentList> | null>(null);
  const [creating, setCreating] = useState(false);
  const online = client.status === 'online';
  useEffect(() => {
    if (online) void fetchTournaments(client.lang).then(setAnswer);
  }, [tournaments.all, online, client.account]);
  const list = answer && 'ok' in answer ? answer.ok : null;
  return (
    <section class="tournaments panel" aria-label={t('tour.title')} data-testid="tournaments">
      <div class="tableshead">
        <h2>{t('tour.title')}</h2>
        {list?.may_create && !creating && (
          <button type="button" class="primary" data-testid="create-tournament" onClick={() => setCreating(true)}>
            {t('tour.create')}
          </button>
        )}
      </div>
      {creating && <CreateTournament client={client} t={t} go={props.go} onCancel={() => setCreating(false)} />}
      {!answer ? (
        <p class="muted small">{t('tour.loading')}</p>
      ) : !list ? (
        <p class="muted small">{t('tour.failed')}</p>
      ) : (
        <>
          <h3>{t('tour.upcoming')}</h3>
          {list.upcoming.length === 0 ? <p class="muted small">{t('tour.none')}</p> : <Summaries {...props} list={list.upcoming} testid="tournaments-upcoming" />}
          {list.finished.length > 0 && (
            <>
              <h3>{t('tour.finished')}</h3>
              <Summaries {...props} list={list.finished} testid="tournaments-finished" />
            </>
          )}
        </>
      )}
    </section>
  );
}

function Summaries(props: { client: Client; t: T; go: (hash: string) => void; list: TournamentSummary[]; testid: string }) {
  const { client, t } = props;
  return (
    <ul class="tourlist" data-testid={props.testid}>
      {props.list.map((s) => (
        <li key={s.id} data-testid={`tournament-${s.id}`}>
          <a href={tournamentHash(s.id)} class="tourname">
            {s.name}
          </a>
          <span class="tourfacts">
            {gameTitle(client.state.games, s.game, client.lang)} · {formatText(t, s.format)} · {t('tour.tables', { n: s.table_size })}
          </span>
          <span class="tourfacts muted">
            {s.phase === 'registration' ? t('tour.startsAt', { time: when(client.lang, s.start_ms) }) : when(client.lang, s.start_ms)} · {entrantsText(t, s.entrants)} ·{' '}
            <b class={`phase ${s.phase}`}>{phaseText(t, s)}</b>
            {s.invitation && ` · ${t('tour.invitation')}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
