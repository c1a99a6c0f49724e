// Where a tournament seated this player (its `tournament_table`), said once at the top of the
// page; and a tournament table's header line ("Sunday Swiss · round 2 · table 3"), linking to
// the tournament's page.

import type { Client } from '../client';
import type { T } from '../i18n';
import type { TableInfo } from '../protocol';
import { tournamentHash } from './api';
import { dismissSeated, tournaments } from './state';

/** Shown until dismissed, or until the game at that table is over. */
export function SeatedNotice(props: { client: Client; t: T; onDismiss: () => void }) {
  const { t } = props;
  const s = tournaments.seated;
  if (!s || props.client.state.tables[s.table]?.info.state === 'finished') return null;
  return (
    <div class="tournotice" role="status" data-testid="tournament-seated">
      <span>{t('tour.seated', { name: s.name, round: s.round })}</span>
      <a href={tournamentHash(s.tournament)}>{t('tour.page')}</a>
      <button
        type="button"
        onClick={() => {
          dismissSeated();
          props.onDismiss();
        }}
      >
        {t('app.dismiss')}
      </button>
    </div>
  );
}

export function TableTournamentTag(props: { t: T; info: TableInfo }) {
  const tour = props.info.tournament;
  if (!tour) return null;
  return (
    <a class="tourtag" href={tournamentHash(tour.id)} data-testid="table-tournament">
      {props.t('tour.header', { name: tour.name, round: tour.round, table: tour.table })}
    </a>
  );
}
