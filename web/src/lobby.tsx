// The lobby: the room's tables, the form that opens one (built from the games' descriptors in the
// server's welcome), the replay of a game by number, the lobby chat.

import { useState } from 'preact/hooks';
import type { Client } from './client';
import { serverText, type Key, type T } from './i18n';
import { OptionField } from './optionfield';
import { applies, createMessage, defaultsOf, descriptorOf, fieldsOf, gameTitle, optionError, optionSummary, refusalWorded, seatLimits } from './options';
import { LineActions } from './admin/lineactions';
import { withoutMuted } from './admin/muted';
import { MutedList } from './admin/mutedlist';
import { FriendsPanel } from './friends/panel';
import { BotsPanel } from './bots/panel';
import { TournamentsPanel } from './tournaments/list';
import { ChatBox } from './parts';
import { MyGames } from './players/mygames';
import { SeatNames } from './players/rating';
import type { TableInfo } from './protocol';
import type { Line } from './store';
import { YourMoveList } from './yourmove/list';

export function Lobby(props: { client: Client; t: T; go: (hash: string) => void }) {
  const { client, t } = props;
  const [mutes, mutedNow] = useState(0);
  const s = client.state;
  // An account's followed players and challenges come first; a guest's panel only says to log
  // in, so it waits below the tables.
  const friends = <FriendsPanel client={client} t={t} go={props.go} />;
  return (
    <main class="lobby">
      <YourMoveList client={client} t={t} go={props.go} />
      {client.account && friends}
      <TournamentsPanel client={client} t={t} go={props.go} />
      <section class="tables" aria-label={t('lobby.tables')}>
        <div class="tableshead">
          <h2>{t('lobby.tables')}</h2>
          <button type="button" class="primary" data-testid="quick-play" disabled={s.games.length === 0} onClick={() => client.quickPlay()}>
            {t('lobby.quickPlay')}
          </button>
        </div>
        {s.lobby.length === 0 ? (
          <p class="muted">{t('lobby.none')}</p>
        ) : (
          <table data-testid="table-list">
            <thead>
              <tr>
                <th>#</th>
                <th>{t('lobby.game')}</th>
                <th>{t('lobby.options')}</th>
                <th>{t('lobby.seats')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {s.lobby.map((tb) => (
                <TableRow key={tb.id} tb={tb} {...props} />
              ))}
            </tbody>
          </table>
        )}
        <form
          class="replaygame"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(new FormData(e.target as HTMLFormElement).get('game'));
            if (n > 0) props.go(`#/replay/${n}`);
          }}
        >
          <label>
            {t('lobby.replayGame')} <input name="game" type="number" min={1} style="width: 6em" />
          </label>{' '}
          <button type="submit">{t('lobby.replay')}</button>
        </form>
      </section>
      <BotsPanel client={client} t={t} />
      {!client.account && friends}
      <CreateTable {...props} />
      <MyGames client={client} t={t} />
      <ChatBox
        t={t}
        lang={client.lang}
        lines={withoutMuted(s.lobbyChat)}
        title={t('lobby.chat')}
        testid="lobby-chat"
        onSend={(text) => client.chat(undefined, text)}
        lineActions={(line) => <LineActions client={client} t={t} line={line} onMuted={() => mutedNow((n) => n + 1)} />}
      />
      <MutedList key={mutes} client={client} t={t} />
    </main>
  );
}

function TableRow(props: { client: Client; t: T; go: (h: string) => void; tb: TableInfo }) {
  const { client, t, tb } = props;
  const free = tb.max_seats - tb.seats.length;
  const mine = client.state.tables[tb.id];
  // A running game this client left: the bot playing the seat keeps its name.
  const left = tb.state === 'playing' && tb.seats.some((x) => x.kind === 'bot' && x.name === client.name);
  const open = (role: 'player' | 'spectator') => {
    if (!mine) client.send({ type: 'join', table: tb.id, role });
    props.go(`#/table/${tb.id}`);
  };
  return (
    <tr data-testid={`lobby-table-${tb.id}`}>
      <td>{tb.id}</td>
      <td>{gameTitle(client.state.games, tb.game, client.lang)}</td>
      <td>
        {optionSummary(t, descriptorOf(client.state.games, tb.game), tb.options, tb.table_options)}
        <div class="muted small">
          <SeatNames t={t} seats={tb.seats} />
        </div>
      </td>
      <td>
        {tb.state === 'open' ? t('lobby.free', { free, max: tb.max_seats }) : t('lobby.seated', { n: tb.seats.length })}
        <div class="muted small">{t(`lobby.state.${tb.state}` as Key)}</div>
      </td>
      <td class="actions">
        {mine ? (
          <button type="button" onClick={() => props.go(`#/table/${tb.id}`)}>
            {t('lobby.open')}
          </button>
        ) : (
          <>
            {tb.state === 'open' && free > 0 && (
              <button type="button" data-testid={`join-${tb.id}`} onClick={() => open('player')}>
                {t('lobby.join')}
              </button>
            )}
            {left && (
              <button type="button" class="primary" data-testid={`back-${tb.id}`} onClick={() => open('player')}>
                {t('table.seatBack')}
              </button>
            )}
            <button type="button" data-testid={`watch-${tb.id}`} onClick={() => open('spectator')}>
              {t('lobby.watch')}
            </button>
          </>
        )}
        {tb.state === 'finished' && (
          <button type="button" data-testid={`replay-${tb.id}`} onClick={() => props.go(`#/replay/${tb.id}`)}>
            {t('lobby.replay')}
          </button>
        )}
      </td>
    </tr>
  );
}

function CreateTable(props: { client: Client; t: T; go: (h: string) => void }) {
  const { client, t } = props;
  const games = client.state.games;
  const [name, setName] = useState<string | null>(null);
  const game = descriptorOf(games, name ?? '') ?? games[0];
  const [vals, setVals] = useState<Record<string, string> | null>(null);
  const [seats, setSeats] = useState<string | null>(null);
  const values = vals ?? defaultsOf(game);
  const [fewest, most] = seatLimits(game);
  // A refused table shows its reason beside the form until a field is changed.
  const refused = optionError(client.state.errors);
  const [fixed, setFixed] = useState<Line | null>(null);
  const edited = () => setFixed(refused);
  const submit = (e: Event) => {
    e.preventDefault();
    if (!game) return;
    client.pendingOpen = true;
    client.send(createMessage(game, values, seats ?? String(most)));
  };
  return (
    <section class="create" aria-label={t('lobby.create')}>
      <details open={typeof window === 'undefined' || window.innerWidth > 700}>
        <summary>
          <h2>{t('lobby.create')}</h2>
        </summary>
        {!game ? (
          <p class="muted">{t('app.connecting')}</p>
        ) : (
          <form onSubmit={submit} data-testid="create-form">
            <label class="opt">
              <span class="optname">{t('lobby.game')}</span>
              <select
                name="game"
                value={game.name}
                onChange={(e) => {
                  setName((e.target as HTMLSelectElement).value);
                  setVals(null);
                  setSeats(null);
                }}
              >
                {games.map((g) => (
                  <option key={g.name} value={g.name}>
                    {g.title[client.lang]}
                  </option>
                ))}
              </select>
            </label>
            {fieldsOf(game).filter((o) => applies(o.key, values)).map((o) => (
              <label key={`${game.name}.${o.key}`} class="opt">
                <OptionField t={t} lang={client.lang} spec={o} value={values[o.key] ?? ''} onChange={(v) => {
                    edited();
                    setVals({ ...values, [o.key]: v });
                  }}
                />
              </label>
            ))}
            <label class="opt">
              <span class="optname">{t('lobby.players')}</span>
              <input
                name="seats"
                type="number"
                min={fewest}
                max={most}
                value={seats ?? String(most)}
                onInput={(e) => {
                  edited();
                  setSeats((e.target as HTMLInputElement).value);
                }}
              />
              <small class="muted">{t('lobby.playersHelp', { min: fewest, max: most })}</small>
            </label>
            <button type="submit" class="primary" data-testid="create">
              {t('lobby.create.go')}
            </button>
            {refused && refused !== fixed && (
              <p class="error optionerror" role="alert" data-testid="create-error">
                {serverText(client.lang, refusalWorded(t, fieldsOf(game), refused))}
              </p>
            )}
          </form>
        )}
      </details>
    </section>
  );
}
