import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { replaySteps, swappedDigits, type Step } from './classic';
import { CardFace, DealChart, RowsView, type T } from './parts';
import type { GameRecord, TableInfo } from './protocol';

export function ReplayScreen(props: { t: T; id: number; info: TableInfo | undefined; go: (h: string) => void }) {
  const { t, id } = props;
  const [rec, setRec] = useState<GameRecord | null>(null);
  const [err, setErr] = useState<string | null>(null);
  const [i, setI] = useState(0);
  useEffect(() => {
    fetch(`/api/games/${id}/record`)
      .then(async (r) => {
        if (!r.ok) throw new Error(`${r.status} ${(await r.text()).slice(0, 200)}`);
        return (await r.json()) as GameRecord;
      })
      .then(setRec, (e: Error) => setErr(e.message));
  }, [id]);
  const steps = useMemo<Step[] | string | null>(() => {
    if (!rec) return null;
    if (rec.game !== 'classic') return t('replay.unsupported');
    try {
      return replaySteps(rec);
    } catch (e) {
      return (e as Error).message;
    }
  }, [rec]);
  const n = Array.isArray(steps) ? steps.length - 1 : 0;
  useLayoutEffect(() => {
    const key = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement)?.tagName === 'INPUT') return;
      if (e.key === 'ArrowRight') setI((x) => Math.min(n, x + 1));
      else if (e.key === 'ArrowLeft') setI((x) => Math.max(0, x - 1));
      else if (e.key === 'Home') setI(0);
      else if (e.key === 'End') setI(n);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [n]);
  const names = Array.from({ length: rec?.players ?? 0 }, (_, k) => props.info?.seats.find((s) => s.seat === k)?.name ?? `#${k + 1}`);
  return (
    <main class="replay" data-testid="replay">
      <header class="tablebar">
        <h2>{t('replay.title', { id })}</h2>
        <span class="spacer" />
        <button type="button" onClick={() => props.go('#/')}>
          {t('table.lobby')}
        </button>
      </header>
      {err && <p class="error">{t('replay.failed', { reason: err })}</p>}
      {!rec && !err && <p>{t('replay.loading')}</p>}
      {typeof steps === 'string' && <p class="error">{steps}</p>}
      {Array.isArray(steps) && (
        <ReplayStep t={t} steps={steps} i={i} setI={setI} names={names} />
      )}
    </main>
  );
}

function ReplayStep(props: { t: T; steps: Step[]; i: number; setI: (i: number) => void; names: string[] }) {
  const { t, steps, i, names } = props;
  const n = steps.length - 1;
  const step = steps[i];
  const v = step.view;
  let what = '';
  const a = step.action;
  if (a) {
    const name = names[a.seat];
    if (a.action.type === 'play')
      what = a.action.swap
        ? t('replay.swapped', { name, card: a.action.card, value: swappedDigits(a.action.card) })
        : t('replay.played', { name, card: a.action.card });
    else if (a.action.type === 'draft') what = t('replay.drafted', { name, card: a.action.card });
    else what = t('replay.tookRow', { name, row: a.action.row + 1 });
  }
  const taken = step.events.flatMap((e) => (e.type === 'row_taken' ? [t('table.takes', { name: names[e.seat], points: e.points })] : []));
  const revealed = step.events.find((e) => e.type === 'revealed');
  return (
    <>
      <nav class="stepper" aria-label={t('replay.step', { i, n })}>
        <button type="button" onClick={() => props.setI(0)} disabled={i === 0}>
          |◀ {t('replay.first')}
        </button>
        <button type="button" data-testid="replay-back" onClick={() => props.setI(Math.max(0, i - 1))} disabled={i === 0}>
          ◀ {t('replay.back')}
        </button>
        <span data-testid="replay-step">{t('replay.step', { i, n })}</span>
        <button type="button" data-testid="replay-forward" onClick={() => props.setI(Math.min(n, i + 1))} disabled={i === n}>
          {t('replay.forward')} ▶
        </button>
        <button type="button" onClick={() => props.setI(n)} disabled={i === n}>
          {t('replay.last')} ▶|
        </button>
        <input type="range" min={0} max={n} value={i} aria-label={t('replay.step', { i, n })} onInput={(e) => props.setI(Number((e.target as HTMLInputElement).value))} />
        <small class="muted">{t('replay.keys')}</small>
      </nav>
      <p class="status">
        {t('table.deal', { deal: v.deal, turn: v.turn })} · {what} {taken.join(' · ')}
      </p>
      {revealed && revealed.type === 'revealed' && (
        <div class="revealed">
          <span class="muted">{t('table.revealed')}:</span>
          {revealed.plays.map((p) => (
            <span key={p.card} class="play">
              <CardFace card={p.card} small note={p.swap ? `↔ ${swappedDigits(p.card)}` : undefined} />
              <small>{names[p.seat]}</small>
            </span>
          ))}
        </div>
      )}
      {v.phase.phase === 'draft' ? (
        <div class="pool cards">
          {v.phase.pool.map((c) => (
            <CardFace key={c} card={c} small />
          ))}
        </div>
      ) : (
        <RowsView t={t} view={v} frame={null} names={names} />
      )}
      <section class="allhands">
        {names.map((nm, s) => (
          <div key={s} class={`seat${v.waiting_for.includes(s) ? ' hit' : ''}`}>
            <div class="seatname">
              {nm} · <b>{v.totals[s] + (v.outcome ? 0 : v.deal_points[s])}</b>{' '}
              {t(v.totals[s] + (v.outcome ? 0 : v.deal_points[s]) === 1 ? 'table.point' : 'table.points')}
            </div>
            <div class="cards">
              {step.hands[s].map((c) => (
                <CardFace key={c} card={c} small />
              ))}
            </div>
          </div>
        ))}
      </section>
      {v.outcome && <DealChart t={t} history={v.history} names={names} />}
    </>
  );
}
