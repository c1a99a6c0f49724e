// The replay of a finished game, step by step, as the server tells it (`replaydata.ts`): the
// game's screen writes each step's line and draws its board.

import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { screenFor } from './games/registry';
import type { GameScreen } from './games/screen';
import type { T } from './i18n';
import type { Replay } from './protocol';
import { loadReplay, type Loaded } from './replaydata';

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
      {loaded?.kind === 'ready' && screen && <Stepper t={t} replay={loaded.replay} screen={screen} />}
    </main>
  );
}

function Stepper(props: { t: T; replay: Replay; screen: GameScreen }) {
  const { t, replay, screen } = props;
  const [i, setI] = useState(0);
  const n = replay.steps.length - 1;
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
  const step = replay.steps[i];
  const names = Array.from({ length: replay.players }, (_, k) => replay.names[k] ?? `#${k + 1}`);
  const what = screen.stepText(t, step, names, i > 0 ? replay.steps[i - 1] : null);
  return (
    <>
      <nav class="stepper" aria-label={t('replay.step', { i, n })}>
        <button type="button" onClick={() => setI(0)} disabled={i === 0}>
          |◀ {t('replay.first')}
        </button>
        <button type="button" data-testid="replay-back" onClick={() => setI(Math.max(0, i - 1))} disabled={i === 0}>
          ◀ {t('replay.back')}
        </button>
        <span data-testid="replay-step">{t('replay.step', { i, n })}</span>
        <button type="button" data-testid="replay-forward" onClick={() => setI(Math.min(n, i + 1))} disabled={i === n}>
          {t('replay.forward')} ▶
        </button>
        <button type="button" onClick={() => setI(n)} disabled={i === n}>
          {t('replay.last')} ▶|
        </button>
        <input type="range" min={0} max={n} value={i} aria-label={t('replay.step', { i, n })} onInput={(e) => setI(Number((e.target as HTMLInputElement).value))} />
        <small class="muted">{t('replay.keys')}</small>
      </nav>
      <p class="status" data-testid="replay-what">
        {what || t('replay.opening')}
      </p>
      <screen.ReplayBoard t={t} view={step.view as never} events={step.events} names={names} />
    </>
  );
}
