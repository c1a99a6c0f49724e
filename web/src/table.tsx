import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { swappedDigits } from './classic';
import { AGAIN_PREFIX, type Client } from './client';
import type { Key } from './i18n';
import { gameName, optionsOf, optionSummary } from './lobby';
import { CardFace, ChatBox, DealChart, Rules, RowsView, type T } from './parts';
import { viewerSeat, type ClassicView, type TableInfo } from './protocol';
import type { AtTable } from './store';
import type { HelpView } from './help';
import { HelpBoard } from './helpboard';


export function seatNames(info: TableInfo, players: number): string[] {
  return Array.from({ length: players }, (_, i) => info.seats.find((s) => s.seat === i)?.name ?? `#${i + 1}`);
}

export function TableScreen(props: { client: Client; t: T; id: number; go: (h: string) => void }) {
  const { client, t, id } = props;
  const at = client.state.tables[id];
  const [rules, setRules] = useState(false);
  const [resultClosed, setResultClosed] = useState(false);
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
  const { info, view } = at;
  const frame = client.frame(id);
  const over = !!view?.outcome && !frame;
  return (
    <main class="table-screen" data-testid="table" data-version={at.version}>
      <header class="tablebar">
        <h2>{t('table.title', { id })}</h2>
        <span class="muted">
          {gameName(t, info.game)} · {optionSummary(t, info.game, info.options, info.table_options)}
        </span>
        <span class="spacer" />
        <button type="button" onClick={() => setRules(true)} data-testid="rules-button">
          {t('table.rules')}
        </button>
        <button type="button" onClick={() => props.go('#/')}>
          {t('table.lobby')}
        </button>
        <button
          type="button"
          onClick={() => {
            client.send({ type: 'leave', table: id });
            props.go('#/');
          }}
        >
          {t('table.leave')}
        </button>
      </header>
      <div class="tablegrid">
        <Seats client={client} t={t} at={at} />
        <div class="board">
          {!view ? (
            <Waiting client={client} t={t} at={at} />
          ) : info.game === 'help' ? (
            <HelpBoard client={client} t={t} at={at} view={view as unknown as HelpView} />
          ) : (
            <Board client={client} t={t} at={at} view={view} />
          )}
        </div>
        <ChatBox
          t={t}
          lang={client.lang}
          lines={at.chat}
          title={t('table.chat')}
          testid="table-chat"
          onSend={(text) => client.chat(id, text)}
        />
      </div>
      {over && !resultClosed && view && <Result client={client} t={t} at={at} view={view} onClose={() => setResultClosed(true)} go={props.go} />}
      {rules && <Rules t={t} game={info.game} fan={info.options.fan ?? null} onClose={() => setRules(false)} />}
    </main>
  );
}

function Seats(props: { client: Client; t: T; at: AtTable }) {
  const { t, at, client } = props;
  const { info } = at;
  const hv = info.game === 'help' ? (at.view as unknown as HelpView | null) : null;
  const view = hv ? null : at.view;
  const frame = client.frame(info.id);
  const shown = client.shownPoints(info.id);
  const me = at.you.seat;
  return (
    <section class="seats" aria-label={t('lobby.seats')} data-testid="seats">
      {info.seats.map((s) => {
        const i = s.seat;
        let status = '';
        let points = 0;
        let detail = '';
        const cards = (n: number) => (n === 1 ? t('table.oneCard') : t('table.cards', { n }));
        if (hv) {
          points = hv.totals[i];
          detail = cards(hv.hand_sizes[i]) + (hv.marks[i] && hv.marks[i] !== 'none' ? ` · ${t('help.noMark')}` : '');
          if (hv.waiting_for.includes(i)) status = `… ${t('table.thinking')}`;
        } else if (view) {
          points = shown ? shown[i] : view.totals[i] + (view.outcome ? 0 : view.deal_points[i]);
          detail = `(${t('table.thisDeal')}: ${view.deal_points[i]}) · ${cards(view.hand_sizes[i])}`;
          if (!frame) {
            const waiting = view.waiting_for.includes(i);
            if (view.phase.phase === 'choose') status = view.phase.chosen[i] ? `✓ ${t('table.chosen')}` : `… ${t('table.thinking')}`;
            else if (view.phase.phase === 'draft') status = waiting ? `… ${t('table.picking')}` : '';
            else if (view.phase.phase === 'place') status = waiting ? `… ${t('table.taking')}` : '';
          }
        }
        const taker = frame?.taking?.seat === i;
        return (
          <div key={i} class={`seat${i === me ? ' me' : ''}${taker ? ' hit' : ''}`} data-testid={`seat-${i}`} data-seat={i}>
            <div class="seatname">
              {s.name}
              {i === me && <span class="tag">{t('table.you')}</span>}
              {s.kind === 'bot' && <span class="tag">{t('table.bot')}</span>}
              {info.host === s.name && <span class="tag">{t('table.host')}</span>}
              {!s.connected && <span class="tag warn">{t('table.away')}</span>}
              {s.bot_standing_in && <span class="tag warn">{t('table.standIn')}</span>}
            </div>
            {(view || hv) && (
              <div class="seatscore">
                <b data-testid={`total-${i}`}>{points}</b> {t(points === 1 ? 'table.point' : 'table.points')}
                <span class="muted small"> {detail}</span>
              </div>
            )}
            {status && <div class={`seatstatus${status.startsWith('✓') ? ' done' : ''}`}>{status}</div>}
            {taker && frame?.taking && <div class="pointsin">+{frame.taking.points} 🐮</div>}
          </div>
        );
      })}
    </section>
  );
}

function Waiting(props: { client: Client; t: T; at: AtTable }) {
  const { client, t, at } = props;
  const id = at.info.id;
  const first = optionsOf(at.info.game)[0];
  const [key, setKey] = useState(first.key);
  const [value, setValue] = useState(at.info.options[first.key] ?? first.def);
  const spec = optionsOf(at.info.game).find((x) => x.key === key);
  const cmd = (c: string) => client.chat(id, c);
  const seated = at.you.role === 'player';
  return (
    <div class="waiting" data-testid="waiting">
      <p>{t('table.waiting', { n: at.info.seats.length })}</p>
      <div class="buttons">
        {!seated && at.info.seats.length < at.info.max_seats && (
          <button type="button" onClick={() => client.send({ type: 'join', table: id, role: 'player' })}>
            {t('table.sitDown')}
          </button>
        )}
        {seated && (
          <>
            <button type="button" class="primary" data-testid="start" onClick={() => cmd('/start')}>
              {t('table.start')}
            </button>
            <button type="button" data-testid="add-bot" onClick={() => cmd('/bot add')}>
              {t('table.addBot')}
            </button>
            <button type="button" onClick={() => cmd('/bot remove')}>
              {t('table.removeBot')}
            </button>
          </>
        )}
      </div>
      {at.you.host && (
        <form
          class="setopt"
          onSubmit={(e) => {
            e.preventDefault();
            if (value.trim()) cmd(`/option ${key}=${value.trim()}`);
          }}
        >
          <select
            aria-label={t('lobby.options')}
            value={key}
            onChange={(e) => {
              const k = (e.target as HTMLSelectElement).value;
              setKey(k);
              const o = optionsOf(at.info.game).find((x) => x.key === k);
              setValue(at.info.options[k] ?? at.info.table_options[k] ?? o?.def ?? '');
            }}
          >
            {optionsOf(at.info.game).map((o) => (
              <option key={o.key} value={o.key}>
                {t(`opt.${o.key}` as Key)}
              </option>
            ))}
          </select>
          {spec?.choices ? (
            <select aria-label={t(`opt.${key}` as Key)} value={value} onChange={(e) => setValue((e.target as HTMLSelectElement).value)}>
              {spec.choices.map((c) => (
                <option key={c} value={c}>
                  {t(`opt.${key}.${c}` as Key)}
                </option>
              ))}
            </select>
          ) : (
            <input
              aria-label={t(`opt.${key}` as Key)}
              type="number"
              min={spec?.min}
              max={spec?.max}
              value={value}
              onInput={(e) => setValue((e.target as HTMLInputElement).value)}
            />
          )}
          <button type="submit">{t('table.setOption')}</button>
          <small class="muted">{t(`opt.${key}.help` as Key)}</small>
        </form>
      )}
    </div>
  );
}

function useCountdown(seconds: number, key: string): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!seconds) {
      setLeft(null);
      return;
    }
    const end = Date.now() + seconds * 1000;
    setLeft(seconds);
    const h = window.setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 250);
    return () => window.clearInterval(h);
  }, [seconds, key]);
  return left;
}

function Board(props: { client: Client; t: T; at: AtTable; view: ClassicView }) {
  const { client, t, at, view } = props;
  const id = at.info.id;
  const frame = client.frame(id);
  const names = seatNames(at.info, view.players);
  const me = viewerSeat(view);
  const [swap, setSwap] = useState(false);
  const asked = frame ? null : view.asked?.type ?? null;
  const timer = Number(at.info.table_options.timer ?? 0);
  // Counted from when the question arrived (the server does not send its deadline), not from the
  // end of the animation.
  const left = useCountdown(view.asked ? timer : 0, `${view.deal}-${view.turn}-${view.asked?.type}-${view.phase.phase}`);
  const phase = view.phase;
  let status = '';
  if (frame) status = '';
  else if (asked === 'play_card') status = t('table.playCard');
  else if (asked === 'take_row' && phase.phase === 'place') status = t('table.takeRow', { card: phase.queue[0]?.card ?? '' });
  else if (asked === 'draft_pick') status = t('table.draftPick');
  else if (phase.phase === 'choose' && phase.mine) status = t('table.youChose', { card: phase.mine.card });
  else if (phase.phase === 'place' && phase.queue[0]) status = t('table.waitRow', { name: names[phase.queue[0].seat], card: phase.queue[0].card });
  else if (phase.phase === 'draft') status = t('table.draftWait', { name: names[phase.next] });
  const canSwap = view.options.fan === 'digit-swap' && me !== null && view.swap_left[me];
  const play = (c: number) => {
    client.act(id, swap && c <= 99 ? { type: 'play', card: c, swap: true } : { type: 'play', card: c });
    setSwap(false);
  };
  // Keyboard: when asked, the first choice gets the focus (unless someone is typing), and the
  // keys 1–9 pick the n-th card of the hand (or of the open cards), 1–4 a row to take.
  useLayoutEffect(() => {
    if (!asked) return;
    const typing = () => {
      const a = document.activeElement;
      return !!a && (a.tagName === 'INPUT' || a.tagName === 'SELECT' || a.tagName === 'TEXTAREA');
    };
    if (!typing() && !document.querySelector('.modal')) {
      document.querySelector<HTMLElement>('.rows.choosing .row, .hand button.card, .pool button.card')?.focus();
    }
    const key = (e: KeyboardEvent) => {
      if (typing() || e.ctrlKey || e.metaKey || e.altKey || !/^[1-9]$/.test(e.key)) return;
      const n = Number(e.key) - 1;
      if (asked === 'play_card' && n < view.hand.length) play(view.hand[n]);
      else if (asked === 'take_row' && n < 4) client.act(id, { type: 'take_row', row: n });
      else if (asked === 'draft_pick' && phase.phase === 'draft' && n < phase.pool.length) client.act(id, { type: 'draft', card: phase.pool[n] });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [asked, view, swap]);
  const pending = frame?.pending ?? [];
  return (
    <>
      <div class="dealline">
        <span>{t('table.deal', { deal: view.deal, turn: view.turn })}</span>
        {left !== null && (
          <span class={`timer${left <= 5 ? ' urgent' : ''}`} data-testid="timer" role="timer">
            ⏱ {t('table.timeLeft', { s: left })}
          </span>
        )}
      </div>
      {phase.phase === 'draft' && !frame ? (
        <section class="pool" aria-label={t('table.draftPool')}>
          <h3>{t('table.draftPool')}</h3>
          <div class="cards">
            {phase.pool.map((c) => (
              <CardFace key={c} card={c} small onClick={asked === 'draft_pick' ? () => client.act(id, { type: 'draft', card: c }) : undefined} />
            ))}
          </div>
        </section>
      ) : (
        <RowsView
          t={t}
          view={view}
          frame={frame}
          names={names}
          onTake={asked === 'take_row' ? (row) => client.act(id, { type: 'take_row', row }) : undefined}
        />
      )}
      <div class="revealed" aria-live="polite" data-testid="revealed">
        {pending.length > 0 && <span class="muted">{t('table.revealed')}:</span>}
        {pending.map((p) => (
          <span key={p.card} class="play">
            <CardFace card={p.card} small note={p.swap ? `↔ ${swappedDigits(p.card)}` : undefined} />
            <small>{names[p.seat]}</small>
          </span>
        ))}
      </div>
      <p class={`status${asked ? ' asked' : ''}`} data-testid="status" aria-live="polite">
        {status}
      </p>
      {me === null ? (
        <p class="muted" data-testid="spectating">
          {t('table.watching')}
        </p>
      ) : (
        <section class="hand" aria-label={t('table.yourHand')} data-testid="hand">
          <h3>
            {t('table.yourHand')}
            {canSwap && (
              <label class="swap" title={t('table.swapHelp')}>
                <input type="checkbox" checked={swap} onChange={(e) => setSwap((e.target as HTMLInputElement).checked)} /> {t('table.swap')}
              </label>
            )}
          </h3>
          <div class="cards">
            {view.hand.map((c) => (
              <CardFace
                key={c}
                card={c}
                testid="hand-card"
                note={swap && c <= 99 ? `↔ ${swappedDigits(c)}` : undefined}
                onClick={asked === 'play_card' ? () => play(c) : undefined}
              />
            ))}
            {phase.phase === 'choose' && phase.mine && <CardFace card={phase.mine.card} selected label={t('table.youChose', { card: phase.mine.card })} />}
          </div>
        </section>
      )}
    </>
  );
}

function Result(props: { client: Client; t: T; at: AtTable; view: ClassicView; onClose: () => void; go: (h: string) => void }) {
  const { client, t, at, view } = props;
  const help = at.info.game === 'help';
  const names = seatNames(at.info, view.players);
  const outcome = view.outcome!;
  const scores = outcome.scores;
  // Classic: fewest points win; HELP!: whoever reaches the mark wins. The server names them.
  const best = scores[outcome.winners[0]] ?? Math.min(...scores);
  const order = scores.map((s, i) => [s, i] as const).sort((a, b) => (help ? b[0] - a[0] : a[0] - b[0]));
  const pts = best === 1 ? t('result.onePoint') : t('result.nPoints', { n: best });
  const history: number[][] = help ? (view as unknown as HelpView).history.map((h) => h.points) : view.history;
  const winners = outcome.winners.map((w) => names[w]);
  const invites = at.chat.filter((l) => l.from !== null && l.text.startsWith(AGAIN_PREFIX));
  const invite = invites.length ? Number(invites[invites.length - 1].text.slice(AGAIN_PREFIX.length)) || null : null;
  const again = () => {
    const o = at.info.options;
    const options: Record<string, string> = {};
    for (const [k, v] of Object.entries(o)) if (!(k === 'fan' && v === 'none')) options[k] = v;
    if (options.deals) delete options.end_at;
    for (const [k, v] of Object.entries(at.info.table_options)) if (k === 'timer' && v !== '0') options[k] = v;
    client.againFrom = id(at);
    client.pendingOpen = true;
    client.send({ type: 'create_table', game: at.info.game, options, seats: at.info.max_seats });
  };
  return (
    <div class="modal" role="dialog" aria-modal="true" aria-label={t('result.title')} data-testid="result">
      <div class="panel result">
        <h2>{t('result.title')}</h2>
        <p class="winner" data-testid="winner">
          ★{' '}
          {winners.length === 1
            ? t('result.wins', { name: winners[0], points: pts })
            : t('result.tie', { names: winners.join(', '), points: pts })}
        </p>
        <p class="muted">{help ? t('result.reach', { n: (view as unknown as HelpView).options.end_at }) : t('result.fewest')}</p>
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
        <DealChart t={t} history={history} names={names} />
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
          {!help && (
            <button type="button" onClick={() => props.go(`#/replay/${at.info.id}`)}>
              {t('result.replay')}
            </button>
          )}
          <button type="button" onClick={props.onClose}>
            {t('result.close')}
          </button>
        </div>
      </div>
    </div>
  );
}

const id = (at: AtTable) => at.info.id;
