import { useState } from 'preact/hooks';
import type { Client } from './client';
import type { Key } from './i18n';
import { ChatBox, type T } from './parts';
import type { TableInfo } from './protocol';

export interface OptionSpec {
  key: string;
  choices?: string[];
  min?: number;
  max?: number;
  def: string;
}

/** The options a new table of each game can take: key, choices (or a number field), default. */
export const GAME_OPTIONS: Record<string, OptionSpec[]> = {
  classic: [
    { key: 'deck', choices: ['full', 'tactic'], def: 'full' },
    { key: 'deal', choices: ['random', 'draft'], def: 'random' },
    { key: 'placement', choices: ['right', 'both-ends'], def: 'right' },
    { key: 'fan', choices: ['none', 'even-odd', 'mountain', 'cow', 'digit-swap'], def: 'none' },
    { key: 'end_at', min: 1, max: 999, def: '66' },
    { key: 'deals', min: 1, max: 99, def: '' },
    { key: 'hand_size', min: 1, max: 10, def: '10' },
    { key: 'timer', min: 0, max: 600, def: '0' },
  ],
  help: [
    { key: 'end_at', min: 1, max: 20, def: '3' },
    { key: 'timer', min: 0, max: 600, def: '0' },
  ],
};

/** Most players of each game. */
export const MAX_PLAYERS: Record<string, number> = { classic: 10, help: 5 };

export const optionsOf = (game: string): OptionSpec[] => GAME_OPTIONS[game] ?? GAME_OPTIONS.classic;

export function gameName(t: T, game: string): string {
  return game === 'classic' || game === 'help' ? t(`game.${game}` as Key) : game;
}

export function optionSummary(t: T, game: string, o: Record<string, string>, to: Record<string, string> = {}): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries({ ...o, ...to })) {
    const spec = optionsOf(game).find((s) => s.key === k);
    if (!spec || v === spec.def || (k === 'fan' && v === 'none') || (k === 'timer' && v === '0')) continue;
    parts.push(spec.choices ? `${t(`opt.${k}` as Key)}: ${t(`opt.${k}.${v}` as Key)}` : `${t(`opt.${k}` as Key)}: ${v}`);
  }
  return parts.join(', ') || t('lobby.defaults');
}

export function Lobby(props: { client: Client; t: T; go: (hash: string) => void }) {
  const { client, t } = props;
  const s = client.state;
  return (
    <main class="lobby">
      <section class="tables" aria-label={t('lobby.tables')}>
        <h2>{t('lobby.tables')}</h2>
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
      <CreateTable {...props} />
      <ChatBox
        t={t}
        lang={client.lang}
        lines={s.lobbyChat}
        title={t('lobby.chat')}
        testid="lobby-chat"
        onSend={(text) => client.chat(undefined, text)}
      />
    </main>
  );
}

function TableRow(props: { client: Client; t: T; go: (h: string) => void; tb: TableInfo }) {
  const { client, t, tb } = props;
  const free = tb.max_seats - tb.seats.length;
  const mine = client.state.tables[tb.id];
  const open = (role: 'player' | 'spectator') => {
    if (!mine) client.send({ type: 'join', table: tb.id, role });
    props.go(`#/table/${tb.id}`);
  };
  return (
    <tr data-testid={`lobby-table-${tb.id}`}>
      <td>{tb.id}</td>
      <td>{gameName(t, tb.game)}</td>
      <td>
        {optionSummary(t, tb.game, tb.options, tb.table_options)}
        <div class="muted small">{tb.seats.map((x) => x.name).join(', ')}</div>
      </td>
      <td>
        {t('lobby.free', { free, max: tb.max_seats })}
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
            {tb.state !== 'finished' && (
              <button type="button" data-testid={`watch-${tb.id}`} onClick={() => open('spectator')}>
                {t('lobby.watch')}
              </button>
            )}
          </>
        )}
        {tb.state === 'finished' && (
          <button type="button" onClick={() => props.go(`#/replay/${tb.id}`)}>
            {t('lobby.replay')}
          </button>
        )}
      </td>
    </tr>
  );
}

function CreateTable(props: { client: Client; t: T; go: (h: string) => void }) {
  const { client, t } = props;
  const defaults = (g: string) => Object.fromEntries(optionsOf(g).map((o) => [o.key, o.def]));
  const [game, setGame] = useState('classic');
  const [vals, setVals] = useState<Record<string, string>>(defaults('classic'));
  const [seats, setSeats] = useState(String(MAX_PLAYERS.classic));
  const set = (k: string, v: string) => setVals({ ...vals, [k]: v });
  const specs = optionsOf(game);
  const submit = (e: Event) => {
    e.preventDefault();
    const options: Record<string, string> = {};
    for (const o of specs) {
      const v = (vals[o.key] ?? '').trim();
      if (v === '' || v === o.def) continue;
      options[o.key] = v;
    }
    if (options.deals) delete options.end_at;
    client.pendingOpen = true;
    client.send({ type: 'create_table', game, options, seats: Number(seats) || undefined });
  };
  return (
    <section class="create" aria-label={t('lobby.create')}>
      <details open={typeof window === 'undefined' || window.innerWidth > 700}>
        <summary>
          <h2>{t('lobby.create')}</h2>
        </summary>
        <form onSubmit={submit} data-testid="create-form">
          <label class="opt">
            <span class="optname">{t('lobby.game')}</span>
            <select
              name="game"
              value={game}
              onChange={(e) => {
                const g = (e.target as HTMLSelectElement).value;
                setGame(g);
                setVals(defaults(g));
                setSeats(String(MAX_PLAYERS[g] ?? 10));
              }}
            >
              <option value="classic">{t('game.classic')}</option>
              <option value="help">{t('game.help')}</option>
            </select>
          </label>
          {specs.map((o) => (
            <label key={o.key} class="opt">
              <span class="optname">{t(`opt.${o.key}` as Key)}</span>
              {o.choices ? (
                <select name={o.key} value={vals[o.key]} onChange={(e) => set(o.key, (e.target as HTMLSelectElement).value)}>
                  {o.choices.map((c) => (
                    <option key={c} value={c}>
                      {t(`opt.${o.key}.${c}` as Key)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  name={o.key}
                  type="number"
                  min={o.min}
                  max={o.max}
                  value={vals[o.key]}
                  onInput={(e) => set(o.key, (e.target as HTMLInputElement).value)}
                />
              )}
              <small class="muted">{t(`opt.${o.key}.help` as Key)}</small>
            </label>
          ))}
          <label class="opt">
            <span class="optname">{t('lobby.players')}</span>
            <input name="seats" type="number" min={game === 'help' ? 3 : 2} max={MAX_PLAYERS[game] ?? 10} value={seats} onInput={(e) => setSeats((e.target as HTMLInputElement).value)} />
          </label>
          <button type="submit" class="primary" data-testid="create">
            {t('lobby.create.go')}
          </button>
        </form>
      </details>
    </section>
  );
}
