// The replay of a finished game, step by step, as the server tells it (`replaydata.ts`): the
// game's screen writes each step's line and draws its board. It plays by itself at the chosen
// speed (with the game's animation of each step), and steps by event, by turn and by deal.

import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { AnalysisPanel } from './analysis/panel';
import { screenFor } from './games/registry';
import type { GameScreen } from './games/screen';
import type { T } from './i18n';
import type { Replay } from './protocol';
import { FACTOR } from './pace';
import { PaceControl, useSpeed } from './pacecontrol';
import { loadReplay, type Loaded } from './replaydata';
import { nextStart, positionOf, prevStart } from './replaynav';

export function ReplayScreen(props: { t: T; id: number; go: (h: string) => void }) {
  const { t, id } = props;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    setLoaded(null);
    loadReplay(id).then(setLoaded);
  }, [id]);
  const screen = loaded?.kind === 'ready' ? screenFor(loaded.replay.game) : null;
  return (
    <main class="replay" data-testid="replay">
      <header class="tablebar">
        <h2>{t('replay.title', { id })}</h2>
        <span class="spacer" />
        <button type="button" onClick={() => props.go('#/')}>
          {t('table.lobby')}
        </button>
      </header>
      {!loaded && <p>{t('replay.loading')}</p>}
      {loaded?.kind === 'running' && (
        <p class="notice" data-testid="replay-running">
          {t('replay.running')}{' '}
          <button type="button" onClick={() => props.go(`#/table/${id}`)}>
            {t('replay.toTable')}
          </button>
        </p>
      )}
      {loaded?.kind === 'missing' && (
        <p class="error" data-testid="replay-missing">
          {t('replay.missing', { id })}
        </p>
      )}
      {loaded?.kind === 'failed' && <p class="error">{t('replay.failed', { reason: loaded.reason })}</p>}
      {loaded?.kind === 'ready' && !screen && <p class="error">{t('replay.unsupported', { game: loaded.replay.game })}</p>}
      {loaded?.kind === 'ready' && screen && <Stepper t={t} id={id} replay={loaded.replay} screen={screen} />}
    </main>
  );
}

/** Pause between two steps while the replay plays by itself, at normal speed (ms). */
const STEP_MS = 700;

function Stepper(props: { t: T; id: number; replay: Replay; screen: GameScreen }) {
  const { t, replay, screen } = props;
  const steps = replay.steps;
  const [i, setI] = useState(0);
  const [playing, setPlaying] = useState(false);
  // The frame of the step's animation while playing (past the last: the step's own board).
  const [fi, setFi] = useState(0);
  const speed = useSpeed();
  const n = steps.length - 1;
  const go = (j: number) => {
    setFi(0);
    setI(Math.max(0, Math.min(n, j)));
  };
  const frames = useMemo(
    () => (playing && i > 0 && screen.frames ? screen.frames(steps[i - 1].view as never, steps[i].events) : []),
    [playing, i, screen, steps],
  );
  useEffect(() => {
    if (!playing) return;
    const f = FACTOR[speed];
    if (fi < frames.length) {
      const id = window.setTimeout(() => setFi(fi + 1), frames[fi].ms * f);
      return () => window.clearTimeout(id);
    }
    if (i >= n) {
      setPlaying(false);
      return;
    }
    const id = window.setTimeout(() => go(i + 1), Math.max(STEP_MS * f, 80));
    return () => window.clearTimeout(id);
  }, [playing, i, fi, frames, speed, n]);
  useLayoutEffect(() => {
    const key = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement)?.tagName;
      if (tag === 'INPUT' || tag === 'SELECT') return;
      if (e.key === 'ArrowRight') go(i + 1);
      else if (e.key === 'ArrowLeft') go(i - 1);
      else if (e.key === 'Home') go(0);
      else if (e.key === 'End') go(n);
      else if (e.key === ' ') setPlaying((p) => !p);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, [n, i]);
  const step = steps[i];
  const names = Array.from({ length: replay.players }, (_, k) => replay.names[k] ?? `#${k + 1}`);
  const what = screen.stepText(t, step, names, i > 0 ? steps[i - 1] : null);
  const frame = playing && fi < frames.length ? frames[fi] : null;
  const byTurn = positionOf(step) !== null;
  return (
    <>
      <nav class="stepper" aria-label={t('replay.step', { i, n })}>
        <button
          type="button"
          class="primary"
          data-testid="replay-play"
          aria-pressed={playing}
          onClick={() => {
            if (!playing && i >= n) go(0);
            setPlaying(!playing);
          }}
        >
          {playing ? `❚❚ ${t('replay.pause')}` : `▶ ${t('replay.play')}`}
        </button>
        <PaceControl t={t} skipping={!!frame} onSkip={() => setFi(frames.length)} />
        <span data-testid="replay-step">{t('replay.step', { i, n })}</span>
        <input type="range" min={0} max={n} value={i} aria-label={t('replay.step', { i, n })} onInput={(e) => go(Number((e.target as HTMLInputElement).value))} />
      </nav>
      <nav class="stepper" aria-label={t('replay.keys')}>
        <button type="button" onClick={() => go(0)} disabled={i === 0}>
          |◀ {t('replay.first')}
        </button>
        {byTurn && (
          <>
            <button type="button" data-testid="replay-prev-deal" onClick={() => go(prevStart(steps, i, 'deal'))} disabled={i === 0}>
              |◀◀ {t('replay.prevDeal')}
            </button>
            <button type="button" data-testid="replay-prev-turn" onClick={() => go(prevStart(steps, i, 'turn'))} disabled={i === 0}>
              ◀◀ {t('replay.prevTurn')}
            </button>
          </>
        )}
        <button type="button" data-testid="replay-back" onClick={() => go(i - 1)} disabled={i === 0}>
          ◀ {t('replay.back')}
        </button>
        <button type="button" data-testid="replay-forward" onClick={() => go(i + 1)} disabled={i === n}>
          {t('replay.forward')} ▶
        </button>
        {byTurn && (
          <>
            <button type="button" data-testid="replay-next-turn" onClick={() => go(nextStart(steps, i, 'turn'))} disabled={i === n}>
              {t('replay.nextTurn')} ▶▶
            </button>
            <button type="button" data-testid="replay-next-deal" onClick={() => go(nextStart(steps, i, 'deal'))} disabled={i === n}>
              {t('replay.nextDeal')} ▶▶|
            </button>
          </>
        )}
        <button type="button" onClick={() => go(n)} disabled={i === n}>
          {t('replay.last')} ▶|
        </button>
        <small class="muted">{t('replay.keys')}</small>
      </nav>
      <div class="replaygrid">
        <div class="replayboard">
          <p class="status" data-testid="replay-what">
            {what || t('replay.opening')}
          </p>
          <screen.ReplayBoard t={t} view={step.view as never} events={step.events} names={names} frame={frame} />
        </div>
        <AnalysisPanel t={t} id={props.id} step={i} names={names} go={go} />
      </div>
    </>
  );
}
