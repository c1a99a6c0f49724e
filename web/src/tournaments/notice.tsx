// Where a tournament seated this player (its `tournament_table`), said once at the top of the
// page; and a tournament table's header line ("Sunday Swiss · round 2 · table 3"), linking to
// the tournament's page.

import type { T } from '../i18n';
import type { TableInfo } from '../protocol';
import { tournamentHash } from './api';
import { dismissSeated, tournaments } from './state';

export function SeatedNotice(props: { t: T; onDismiss: () => void }) {
  const { t } = props;
  const s = tournaments.seated;
  if (!s) return null;
  return (
    <div class="tournotice" role="status" data-testid="tournament-seated">
      <span>{t('tour.seated', { name: s.name, round: s.round, table: s.table })}</span>
      <a href={tournamentHash(s.tournament)}>{t('tour.open')}</a>
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
