// A table: the seats, the game's board (from the game's screen in the registry), the chat, the
// result when the game is over, the rules in short.

import { HintBox, HintButton } from './analysis/hint';
import { levelName } from './analysis/levels';
import { useState } from 'preact/hooks';
import { LineActions } from './admin/lineactions';
import { withoutMuted } from './admin/muted';
import { SeatReport } from './admin/seatreport';
import type { Client } from './client';
import { DeadlineContext } from './games/countdown';
import { screenFor } from './games/registry';
import { outcomeOf, type BaseView } from './games/screen';
import type { T } from './i18n';
import { descriptorOf, gameTitle, optionSummary } from './options';
import { ChatBox, Confirm, Rules } from './parts';
import type { TableInfo } from './protocol';
import { Result } from './result';
import type { AtTable } from './store';
import { Waiting } from './waiting';
import { RatingTag } from './players/rating';
import { InviteBox } from './invite';
import { BotMark } from './bots/mark';
import { TableTournamentTag } from './tournaments/notice';

/** Seat names by seat, for `players` seats (`#3` for a seat nobody holds). */
export function seatNames(info: TableInfo, players: number): string[] {
  return Array.from({ length: players }, (_, i) => info.seats.find((s) => s.seat === i)?.name ?? `#${i + 1}`);
}

export function TableScreen(props: { client: Client; t: T; id: number; go: (h: string) => void }) {
  const { client, t, id } = props;
  const at = client.state.tables[id];
  const [rules, setRules] = useState(false);
  const [resultClosed, setResultClosed] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [, mutedNow] = useState(0);
  if (!at) {
    return (
      <main class="table-screen">
        <p>{client.status === 'online' ? t('lobby.notHere', { id }) : t('app.connecting')}</p>
        <div class="buttons">
          {client.status === 'online' && (
            <>
              <button type="button" onClick={() => client.send({ type: 'join', table: id, role: 'player' })}>
                {t('lobby.join')}
              </button>
              <button type="button" onClick={() => client.send({ type: 'join', table: id, role: 'spectator' })}>
                {t('lobby.watch')}
              </button>
              <button type="button" onClick={() => props.go(`#/replay/${id}`)}>
                {t('lobby.replay')}
              </button>
            </>
          )}
          <button type="button" onClick={() => props.go('#/')}>
            {t('table.lobby')}
          </button>
        </div>
      </main>
    );
  }
  const { info } = at;
  const view = at.view as BaseView | null;
  const screen = screenFor(info.game);
  const game = descriptorOf(client.state.games, info.game);
  const leave = () => {
    setLeaving(false);
    client.send({ type: 'leave', table: id });
    props.go('#/');
  };
  // A player who left the running game may take the seat back (the bot keeps their name).
  const mySeatBack = at.you.role === 'spectator' && info.state === 'playing' && info.seats.some((x) => x.kind === 'bot' && x.name === client.name);
  const frame = client.frame(id);
  const over = !!outcomeOf(screen, view) && !frame;
  const held = client.summaries[id];
  const mySeat = at.you.seat;
  const names = seatNames(info, view?.players ?? info.max_seats);
  let board;
  if (!view) board = <Waiting client={client} t={t} at={at} />;
  else if (!screen) board = <p class="error">{t('table.unknownGame', { game: info.game })}</p>;
  else
    board = (
      <screen.Board
        t={t}
        view={view}
        legal={at.legal}
        act={(a) => client.act(id, a)}
        names={names}
        frame={frame}
        timer={Number(info.table_options.timer ?? 0)}
        version={at.version}
        events={at.recent}
        hint={client.hints[id] ?? null}
      />
    );
  return (
    <main class="table-screen" data-testid="table" data-version={at.version}>
      <header class="tablebar">
        <h2>{t('table.title', { id })}</h2>
        <TableTournamentTag t={t} info={info} />
        <span class="muted">
          {gameTitle(client.state.games, info.game, client.lang)} · {optionSummary(t, game, info.options, info.table_options)}
        </span>
        <span class="spacer" />
        {info.table_options.hints === 'yes' && info.state === 'playing' && at.you.seat != null && <HintButton t={t} ask={() => client.command(id, { name: 'hint' })} />}
        {screen && (
          <button type="button" onClick={() => setRules(true)} data-testid="rules-button">
            {t('table.rules')}
          </button>
        )}
        <button type="button" onClick={() => props.go('#/')}>
          {t('table.lobby')}
        </button>
        {held && !held.open && screen?.Summary && (
          <button type="button" data-testid="open-summary" onClick={() => client.openSummary(id)}>
            {t('table.lastDeal')}
          </button>
        )}
        {mySeatBack && (
          <button type="button" class="primary" data-testid="seat-back" onClick={() => client.send({ type: 'join', table: id, role: 'player' })}>
            {t('table.seatBack')}
          </button>
        )}
        <button
          type="button"
          data-testid="leave"
          onClick={() => (info.state === 'playing' && at.you.role === 'player' ? setLeaving(true) : leave())}
        >
          {t('table.leave')}
        </button>
      </header>
      <div class="tablegrid">
        <div class="side">
          <Seats client={client} t={t} at={at} />
          <InviteBox client={client} t={t} at={at} />
        </div>
        <div class="board">
          {at.away && (
            <section class="awaynote" data-testid="away-summary" aria-live="polite">
              <h3>{t('table.awayTitle')}</h3>
              <ul>
                {[
                  t(at.away.moves === 1 ? 'table.awayMove' : 'table.awayMoves', { n: at.away.moves }),
                  ...(screen?.away && mySeat !== undefined ? screen.away(t, at.away, mySeat) : []),
                ].map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
              <button type="button" data-testid="close-away" onClick={() => client.closeAway(id)}>
                {t('table.gotIt')}
              </button>
            </section>
          )}
          {held?.open && screen?.Summary && (
            <div class="heldsummary">
              <screen.Summary t={t} summary={held.summary} names={names} onClose={() => client.closeSummary(id)} />
            </div>
          )}
          {client.hints[id] && screen && !screen.hints && <HintBox t={t} hint={client.hints[id]} />}
          <DeadlineContext.Provider value={at.deadline}>{board}</DeadlineContext.Provider>
        </div>
        <ChatBox
          t={t}
          lang={client.lang}
          lines={withoutMuted(at.chat)}
          title={t('table.chat')}
          testid="table-chat"
          onSend={(text) => client.chat(id, text)}
          lineActions={(line) => <LineActions client={client} t={t} table={id} line={line} onMuted={() => mutedNow((n) => n + 1)} />}
        />
      </div>
      {over && !resultClosed && view && screen && (
        <Result client={client} t={t} at={at} view={view} screen={screen} names={names} onClose={() => setResultClosed(true)} go={props.go} />
      )}
      {leaving && (
        <Confirm t={t} title={t('table.leaveTitle')} text={t('table.leaveText')} yes={t('table.leaveYes')} no={t('table.leaveNo')} onYes={leave} onNo={() => setLeaving(false)} />
      )}
      {rules && screen && <Rules t={t} text={screen.rules(t, info.options)} onClose={() => setRules(false)} />}
    </main>
  );
}

function Seats(props: { client: Client; t: T; at: AtTable }) {
  const { t, at, client } = props;
  const { info } = at;
  const screen = screenFor(info.game);
  const view = at.view as BaseView | null;
  const anim = client.animation(info.id);
  const me = at.you.seat;
  return (
    <section class={`seats${info.seats.length > 6 ? ' many' : ''}`} aria-label={t('lobby.seats')} data-testid="seats">
      {info.seats.map((s) => {
        const i = s.seat;
        const line = view && screen ? screen.seat({ t, view, anim }, i) : null;
        return (
          <div key={i} class={`seat${i === me ? ' me' : ''}${line?.gain ? ' hit' : ''}`} data-testid={`seat-${i}`} data-seat={i}>
            <div class="seatname">
              {s.name}
              {s.bot_account && <BotMark t={t} />}
              <RatingTag t={t} rating={s.rating} change />
              {i === me && <span class="tag">{t('table.you')}</span>}
              {s.kind === 'bot' && <span class="tag">{s.level ? `${t('table.bot')} · ${levelName(t, s.level)}` : t('table.bot')}</span>}
              {info.host === s.name && <span class="tag">{t('table.host')}</span>}
              {!s.connected && <span class="tag warn">{t('table.away')}</span>}
              {s.bot_standing_in && <span class="tag warn">{t('table.standIn')}</span>}
              {s.kind === 'human' && i !== me && <SeatReport client={client} t={t} table={info.id} seat={i} name={s.name} />}
            </div>
            {line && (
              <div class="seatscore">
                {line.points !== undefined && (
                  <>
                    <b data-testid={`total-${i}`}>{line.points}</b> {t(line.points === 1 ? 'table.point' : 'table.points')}
                  </>
                )}
                <span class="muted small"> {line.detail}</span>
              </div>
            )}
            {line?.status && <div class={`seatstatus${line.done ? ' done' : ''}`}>{line.status}</div>}
            {line?.gain && <div class="pointsin">{line.gain}</div>}
          </div>
        );
      })}
    </section>
  );
}
