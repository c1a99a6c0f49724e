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

/** The tournament a table belongs to, as the server tells it (`TableInfo.tournament`). */
export type TableTournament = { id: number; name: string; round: number; table: number };

export function tournamentOf(info: TableInfo): TableTournament | undefined {
  return (info as TableInfo & { tournament?: TableTournament }).tournament;
}

export function TableTournamentTag(props: { t: T; info: TableInfo }) {
  const tour = tournamentOf(props.info);
  if (!tour) return null;
  return (
    <a class="tourtag" href={tournamentHash(tour.id)} data-testid="table-tournament">
      {props.t('tour.header', { name: tour.name, round: tour.round, table: tour.table })}
    </a>
  );
}
