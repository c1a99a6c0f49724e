// A tournament's page (`/tournament/ID`, the client's route `#/tournament/ID`): what it is (game,
// format, seats, the points rule, start and phase), registration, withdrawal and "start now" as
// the server's `you` allows (the invitation's code from the link's `?code=`), the invitation link
// for its creator, the standings, each round's tables with their seats, places and points and a
// link to watch or replay each, the byes, and who won once it is over. Fetched again whenever
// the tournament changes (`tournament_changed`).

import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../client';
import { request } from '../friends/state';
import type { T } from '../i18n';
import type { TournamentPage, TournamentRound, TournamentStanding } from '../generated/protocol';
import { descriptorOf, gameTitle, optionSummary } from '../options';
import { NameWithMark } from '../bots/mark';
import { fetchTournament, tournamentPath, type Answer } from './api';
import { tournaments } from './state';
import { entrantsText, formatText, phaseText, pointsRule, pointsText, standingStatus, when, winnerText } from './words';
import './tournaments.css';

/** How often a registration or a running tournament is asked for again besides its changes. */
const REFRESH_MS = 10_000;

export function TournamentScreen(props: { client: Client; t: T; id: number; code?: string; go: (hash: string) => void }) {
  const { client, t, id } = props;
  const [answer, setAnswer] = useState<Answer<TournamentPage> | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asked, setAsked] = useState(0);
  const online = client.status === 'online';
  const changes = tournaments.changes[id] ?? 0;
  useEffect(() => {
    if (online) void fetchTournament(id, client.lang).then(setAnswer);
  }, [id, changes, online, asked, client.account]);
  const live = answer && 'ok' in answer && (answer.ok.summary.phase === 'registration' || answer.ok.summary.phase === 'running');
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => setAsked((n) => n + 1), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [live]);
  if (!answer) return <main class="tournament"><p class="muted">{t('tour.loading')}</p></main>;
  if ('missing' in answer) return <main class="tournament"><p data-testid="tournament-missing">{t('tour.missing', { id })}</p></main>;
  if ('failed' in answer) return <main class="tournament"><p>{t('tour.failed')}</p></main>;
  const page = answer.ok;
  const s = page.summary;
  const ask = (msg: Parameters<typeof request>[1]) => {
    setRefusal(null);
    request(client, msg, (ok, text) => (ok ? setAsked((n) => n + 1) : setRefusal(text ?? t('tour.failed'))));
  };
  const game = descriptorOf(client.state.games, s.game);
  const winner = winnerText(t, client.lang, page);
  const started = s.phase !== 'registration';
  return (
    <main class="tournament" data-testid="tournament" data-phase={s.phase}>
      <p>
        <a href="#/">{t('tour.back')}</a>
      </p>
      <h2 data-testid="tournament-name">{s.name}</h2>
      <p class="tourfacts" data-testid="tournament-facts">
        {gameTitle(client.state.games, s.game, client.lang)} · {formatText(t, s.format)} · {t('tour.tables', { n: s.table_size })} · {t(s.rated ? 'tour.rated' : 'tour.casual')}
        {s.pace !== 'realtime' && ` · ${optionSummary(t, game, {}, { pace: s.pace })}`}
        {s.invitation && ` · ${t('tour.invitation')}`}
        {s.bots_fill && ` · ${t('tour.botsFill')}`}
      </p>
      <p class="muted small">
        {t('tour.eachGame', { options: optionSummary(t, game, page.options) })} {pointsRule(t, page)}
      </p>
      <p data-testid="tournament-phase">
        {started ? when(client.lang, s.start_ms) : t('tour.startsAt', { time: when(client.lang, s.start_ms) })} · {entrantsText(t, s.entrants)} ·{' '}
        <b class={`phase ${s.phase}`}>{s.phase === 'running' && page.rounds_planned ? t('tour.roundOf', { n: s.round, of: page.rounds_planned }) : phaseText(t, s)}</b> ·{' '}
        <span class="muted">{t('tour.by', { name: s.by })}</span>
      </p>
      {winner && (
        <p class="winner" data-testid="tournament-winner">
          {winner}
        </p>
      )}
      {s.phase === 'cancelled' && <p class="muted">{t('tour.cancelledWhy')}</p>}
      <YouBox {...props} page={page} ask={ask} refusal={refusal} />
      {page.invitation_code && s.phase === 'registration' && <InviteLink t={t} id={id} code={page.invitation_code} />}
      <Standings t={t} lang={client.lang} page={page} me={client.name} />
      {started && (
        <div class="rounds" data-testid="rounds">
          {page.rounds.length === 0 ? <p class="muted">{t('tour.noRounds')}</p> : [...page.rounds].reverse().map((r) => <Round key={r.number} {...props} round={r} />)}
        </div>
      )}
    </main>
  );
}

/** Registration, withdrawal, "start now" and the way to one's table, as `you` allows. */
function YouBox(props: { client: Client; t: T; id: number; code?: string; go: (hash: string) => void; page: TournamentPage; ask: (msg: Parameters<typeof request>[1]) => void; refusal: string | null }) {
  const { client, t, id, page } = props;
  const you = page.you;
  const s = page.summary;
  // A visitor or a guest may watch; registering takes an account.
  if (!you || (!client.account && !you.registered)) return s.phase === 'registration' ? <p class="muted" data-testid="tournament-guest">{t('tour.guest')}</p> : null;
  const code = props.code ?? page.invitation_code;
  const over = s.phase === 'finished' || s.phase === 'cancelled';
  // By invitation: registering takes the link's code (the server refuses it without).
  const needsCode = s.invitation && !code && !you.registered;
  const inPlay = you.registered && !you.withdrawn && !over;
  const anything = inPlay || you.withdrawn || (needsCode && s.phase === 'registration') || you.may_register || you.may_start || props.refusal;
  if (!anything) return null;
  const toTable = (table: number) => {
    if (!client.state.tables[table]) {
      client.pendingOpen = true;
      client.send({ type: 'join', table, role: 'player' });
    } else props.go(`#/table/${table}`);
  };
  return (
    <div class="tourYou panel" data-testid="tournament-you">
      {inPlay && <p data-testid="tournament-registered">{t('tour.registered')}</p>}
      {you.withdrawn && <p>{t('tour.withdrawn')}</p>}
      {needsCode && s.phase === 'registration' && <p class="muted">{t('tour.needCode')}</p>}
      <div class="buttons">
        {you.may_register && !needsCode && (
          <button type="button" class="primary" data-testid="tournament-register" onClick={() => props.ask({ type: 'join_tournament', tournament: id, ...(code ? { code } : {}) })}>
            {t('tour.register')}
          </button>
        )}
        {inPlay && (
          <button type="button" data-testid="tournament-withdraw" onClick={() => props.ask({ type: 'leave_tournament', tournament: id })}>
            {t('tour.withdraw')}
          </button>
        )}
        {you.may_start && (
          <button type="button" class="primary" data-testid="tournament-start" onClick={() => props.ask({ type: 'start_tournament', tournament: id })}>
            {t('tour.startNow')}
          </button>
        )}
        {you.table !== undefined && s.phase === 'running' && (
          <button type="button" class="primary" data-testid="tournament-my-table" onClick={() => toTable(you.table!)}>
            {t('tour.toYourTable')}
          </button>
        )}
      </div>
      {props.refusal && (
        <p class="error" role="alert" data-testid="tournament-refusal">
          {props.refusal}
        </p>
      )}
    </div>
  );
}

function InviteLink(props: { t: T; id: number; code: string }) {
  const { t } = props;
  const [copied, setCopied] = useState(false);
  const link = `${window.location.origin}${tournamentPath(props.id, props.code)}`;
  return (
    <div class="panel tourinvite" data-testid="tournament-invite">
      <b>{t('tour.inviteLink')}</b> <span class="muted small">{t('tour.inviteHelp')}</span>
      <div class="invitebox">
        <input readOnly value={link} data-testid="tournament-invite-link" onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {copied ? t('tour.copied') : t('tour.copy')}
        </button>
      </div>
    </div>
  );
}

function Standings(props: { t: T; lang: string; page: TournamentPage; me: string }) {
  const { t, page } = props;
  const s = page.summary;
  const before = s.phase === 'registration' || (s.phase === 'cancelled' && page.rounds.length === 0);
  const title = before ? t('tour.registeredList') : s.phase === 'finished' ? t('tour.finalStandings') : t('tour.standings');
  const rows = [...page.standings].sort((a, b) => a.rank - b.rank);
  return (
    <section class="standings" data-testid="standings" aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p class="muted">{entrantsText(t, 0)}</p>
      ) : (
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th>{t('tour.rank')}</th>
                <th>{t('tour.player')}</th>
                {before ? (
                  <th class="num">{t('tour.rating')}</th>
                ) : (
                  <>
                    <th class="num">{t('tour.points')}</th>
                    <th class="num" title={t('tour.tiebreakHelp')}>
                      {t('tour.tiebreak')}
                    </th>
                    <th class="num">{t('tour.games')}</th>
                    <th class="num">{t('tour.byes')}</th>
                    <th class="num">{t('tour.botPlayed')}</th>
                    <th>{t('tour.status')}</th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <StandingRow key={r.name} t={t} lang={props.lang} r={r} before={before} me={r.name === props.me} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!before && <p class="muted small">{t('tour.tiebreakHelp')}</p>}
    </section>
  );
}

function StandingRow(props: { t: T; lang: string; r: TournamentStanding; before: boolean; me: boolean }) {
  const { t, r } = props;
  return (
    <tr data-testid="standing" data-name={r.name} data-points={r.points} class={`${r.withdrawn || r.out_in !== undefined ? 'gone' : ''}${props.me ? ' me' : ''}`}>
      <td>{r.rank}</td>
      <td>
        <NameWithMark t={t} name={r.name} bot={r.bot_account} />
      </td>
      {props.before ? (
        <td class="num">{r.rating}</td>
      ) : (
        <>
          <td class="num">
            <b>{pointsText(props.lang, r.points)}</b>
          </td>
          <td class="num">{pointsText(props.lang, r.opponents)}</td>
          <td class="num">{r.games}</td>
          <td class="num">{r.byes}</td>
          <td class="num">{r.bot_played}</td>
          <td>{standingStatus(t, r)}</td>
        </>
      )}
    </tr>
  );
}

function Round(props: { client: Client; t: T; go: (hash: string) => void; round: TournamentRound }) {
  const { client, t, round } = props;
  const watch = (table: number) => {
    if (!client.state.tables[table]) client.send({ type: 'join', table, role: 'spectator' });
    props.go(`#/table/${table}`);
  };
  return (
    <section class="round" data-testid={`round-${round.number}`}>
      <h3>{t('tour.round', { n: round.number })}</h3>
      <div class="tourtables">
        {round.tables.map((tb) => (
          <div class="tourtable" key={tb.number} data-testid={`round-${round.number}-table-${tb.number}`} data-done={tb.done}>
            <div class="tthead">
              <b>{t('tour.table', { n: tb.number })}</b>
              <span class="muted small">{t(tb.done ? 'tour.tableDone' : tb.table !== undefined ? 'tour.tablePlaying' : 'tour.tableWaiting')}</span>
              <span class="spacer" />
              {tb.table !== undefined && !tb.done && (
                <button type="button" class="small" data-testid="tournament-watch" onClick={() => watch(tb.table!)}>
                  {t('tour.watch')}
                </button>
              )}
              {tb.table !== undefined && tb.done && (
                <a class="small" href={`#/replay/${tb.table}`} data-testid="tournament-replay">
                  {t('tour.replay')}
                </a>
              )}
            </div>
            <ol class="tourseats">
              {[...tb.seats]
                .sort((a, b) => (a.place ?? 99) - (b.place ?? 99))
                .map((seat) => (
                  <li key={seat.name} data-testid="tournament-seat" data-name={seat.name} data-place={seat.place ?? ''} data-points={seat.points ?? ''}>
                    <span>
                      {seat.name}
                      {seat.bot_played && (
                        <>
                          {' '}
                          <span class="tag" title={t('tour.seatBot')} data-testid="seat-bot-played">
                            {t('tour.botPlayed')}
                          </span>
                        </>
                      )}
                    </span>
                    {seat.place !== undefined && (
                      <span class="muted small">
                        {t('tour.place', { place: seat.place })}
                        {seat.points !== undefined && ` · ${t('tour.pointsN', { points: pointsText(client.lang, seat.points) })}`}
                      </span>
                    )}
                  </li>
                ))}
            </ol>
            {tb.bots > 0 && <p class="muted small">{tb.bots === 1 ? t('tour.bot1') : t('tour.bots', { n: tb.bots })}</p>}
          </div>
        ))}
      </div>
      {round.byes.length > 0 && <p class="muted small" data-testid="byes">{t('tour.byeList', { names: round.byes.join(', ') })}</p>}
    </section>
  );
}
