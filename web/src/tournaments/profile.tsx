// A profile's tournaments: each with its game, start, and the player's place (or its phase while
// it has none), linking to the tournament's page.

import type { T } from '../i18n';
import type { TournamentEntry } from '../generated/protocol';
import type { GameDescriptor, Lang } from '../protocol';
import { gameTitle } from '../options';
import { tournamentHash } from './api';
import { entryText, when } from './words';
import './tournaments.css';

export function ProfileTournaments(props: { t: T; lang: Lang; games: GameDescriptor[]; entries?: TournamentEntry[] }) {
  const { t, lang } = props;
  const entries = props.entries ?? [];
  if (!entries.length) return null;
  return (
    <section class="panel proftours" data-testid="profile-tournaments">
      <h3>{t('tour.mine')}</h3>
      <ul class="tourlist">
        {entries.map((e) => (
          <li key={e.id} data-testid={`profile-tournament-${e.id}`} data-place={e.place ?? ''}>
            <a href={`/${tournamentHash(e.id)}`} class="tourname">
              {e.name}
            </a>
            <span class="tourfacts">
              {gameTitle(props.games, e.game, lang)} · {when(lang, e.start_ms)}
            </span>
            <b class={e.place === 1 ? 'first' : ''}>{entryText(t, e)}</b>
          </li>
        ))}
      </ul>
    </section>
  );
}
