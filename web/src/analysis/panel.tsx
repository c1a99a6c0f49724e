// The analysis beside a replay (beside the board on a desktop, below it on a phone): "Analyse"
// asks the server for it (queued there, once per game); while it waits, where it stands in the
// queue; once done, the decision of the step shown with every choice the search weighed and the
// mark of the choice made, the marked decisions of the game (the worst first, filtered by player
// and by mark) to jump the board to, and a summary per player.

import { useEffect, useState } from 'preact/hooks';
import './analysis.css';
import type { T } from '../i18n';
import { askAnalysis, decisionAt, readAnalysis, type Analysis, type AnalysisState, type Choice, type Decision, type Mark } from './data';

/** How long to wait before asking again while the analysis is queued or running (ms). */
const POLL_MS = 1000;

const SIGN: Record<Mark, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** How bad a mark is: a blunder first. */
const WORST: Record<Mark, number> = { blunder: 0, mistake: 1, inaccuracy: 2 };

/** The marked decisions of `seat` (null: everyone's) with a mark at least as bad as `least`,
 * the worst first (blunders, then mistakes, then inaccuracies; the costlier first, then by step). */
export function markedList(a: Analysis, seat: number | null, least: Mark): Decision[] {
  return a.decisions
    .filter((d) => d.mark && WORST[d.mark] <= WORST[least] && (seat === null || d.seat === seat))
    .sort((x, y) => WORST[x.mark!] - WORST[y.mark!] || y.loss - x.loss || x.index - y.index);
}

/** Actions that name one card or tile: the choice is that card (`play 55` is the 55). */
const ONE_CARD = ['play', 'draft', 'lay', 'choose'];

/** A choice's label in the player's words: `play 55` is the 55, `take_row 1` is row 2. */
export function choiceText(t: T, label: string): string {
  const [kind, ...rest] = label.split(' ');
  if (ONE_CARD.includes(kind) && rest.length >= 1 && rest.every((w) => /^\d+$/.test(w))) return rest.join(' + ');
  if (kind === 'take_row' && rest.length === 1 && /^\d+$/.test(rest[0])) return t('analysis.row', { row: Number(rest[0]) + 1 });
  return label.replace(/_/g, ' ');
}

const fmt = (x: number) => (Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));

export function AnalysisPanel(props: { t: T; id: number; step: number; names: string[]; go: (step: number) => void }) {
  const { t, id } = props;
  const [state, setState] = useState<AnalysisState | null>(null);
  useEffect(() => {
    let live = true;
    readAnalysis(id).then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, [id]);
  const waiting = state?.state === 'queued' || state?.state === 'running';
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => readAnalysis(id).then(setState), POLL_MS);
    return () => window.clearTimeout(timer);
  }, [state, waiting, id]);
  return (
    <section class="analysis" data-testid="analysis" aria-label={t('analysis.title')}>
      <h3>{t('analysis.title')}</h3>
      {(state?.state === 'none' || state?.state === 'failed' || state?.state === 'refused') && (
        <p>
          {state.state === 'none' ? t('analysis.none') : t('analysis.failed', { reason: state.error })}{' '}
          <button type="button" class="primary" data-testid="analysis-ask" onClick={() => askAnalysis(id).then(setState)}>
            {t('analysis.ask')}
          </button>
        </p>
      )}
      {state?.state === 'queued' && (
        <p data-testid="analysis-waiting">{t('analysis.queued', { position: state.position, queue: state.queue })}</p>
      )}
      {state?.state === 'running' && <p data-testid="analysis-waiting">{t('analysis.running', { queue: state.queue })}</p>}
      {state?.state === 'done' && <Done t={t} analysis={state.analysis} names={props.names} step={props.step} go={props.go} />}
    </section>
  );
}

function MarkTag(props: { t: T; mark: Mark | null }) {
  if (!props.mark) return null;
  return (
    <span class={`mark ${props.mark}`} data-testid="analysis-mark">
      {SIGN[props.mark]} {props.t(`analysis.${props.mark}`)}
    </span>
  );
}

/** Jumps the board to a decision's step; on a narrow screen (the analysis below the board)
 * the board comes into view. */
function jump(go: (step: number) => void, step: number) {
  go(step);
  const board = document.querySelector('[data-testid=replay-what]');
  if (board && board.getBoundingClientRect().top < 0) board.scrollIntoView({ block: 'start' });
}

function Done(props: { t: T; analysis: Analysis; names: string[]; step: number; go: (step: number) => void }) {
  const { t, analysis: a, names } = props;
  const d = decisionAt(a, props.step);
  const name = (seat: number) => names[seat] ?? `#${seat + 1}`;
  const [seat, setSeat] = useState<number | null>(null);
  const [least, setLeast] = useState<Mark>('inaccuracy');
  const all = a.decisions.filter((x) => x.mark).length;
  const marked = markedList(a, seat, least);
  return (
    <>
      <p class="muted">
        {t(`analysis.unit.${a.measure}`)}. {t('analysis.thresholds', a.thresholds)}
      </p>
      {d ? <DecisionView t={t} d={d} name={name(d.seat)} /> : <p data-testid="analysis-decision">{t('analysis.noDecision')}</p>}
      {all > 0 && (
        <section class="marked" data-testid="analysis-marked">
          <h4>{t('analysis.marked')}</h4>
          <div class="markfilters">
            <label>
              {t('analysis.player')}{' '}
              <select data-testid="analysis-player" value={seat === null ? '' : String(seat)} onChange={(e) => setSeat((e.target as HTMLSelectElement).value === '' ? null : Number((e.target as HTMLSelectElement).value))}>
                <option value="">{t('analysis.everyone')}</option>
                {a.seats.map((s) => (
                  <option key={s.seat} value={String(s.seat)}>
                    {name(s.seat)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('analysis.marks')}{' '}
              <select data-testid="analysis-marks" value={least} onChange={(e) => setLeast((e.target as HTMLSelectElement).value as Mark)}>
                <option value="inaccuracy">{t('analysis.allMarks')}</option>
                <option value="mistake">{t('analysis.mistakesUp')}</option>
                <option value="blunder">{t('analysis.blundersOnly')}</option>
              </select>
            </label>
          </div>
          <p class="muted small" data-testid="analysis-count">
            {t('analysis.count', { n: marked.length, all })}
          </p>
          <ol>
            {marked.map((m) => (
              <li key={m.index}>
                <button
                  type="button"
                  class={m.index === props.step - 1 ? 'current' : ''}
                  data-testid="analysis-jump"
                  data-mark={m.mark}
                  data-seat={m.seat}
                  aria-pressed={m.index === props.step - 1}
                  onClick={() => jump(props.go, m.index + 1)}
                >
                  <MarkTag t={t} mark={m.mark} /> <span class="who">{name(m.seat)}</span> {choiceText(t, m.choices[m.chosen].label)}{' '}
                  <span class="muted small">
                    {t('analysis.goTo', { step: m.index + 1 })} · {t('analysis.loss', { loss: fmt(m.loss) })}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
      <table class="summary" data-testid="analysis-summary">
        <caption>{t('analysis.summary')}</caption>
        <thead>
          <tr>
            <th>{t('analysis.player')}</th>
            <th>{t('analysis.decisions')}</th>
            <th>{t('analysis.meanLoss')}</th>
            <th title={t('analysis.inaccuracy')}>?!</th>
            <th title={t('analysis.mistake')}>?</th>
            <th title={t('analysis.blunder')}>??</th>
          </tr>
        </thead>
        <tbody>
          {a.seats.map((s) => (
            <tr key={s.seat}>
              <td>{name(s.seat)}</td>
              <td>{s.decisions}</td>
              <td>{fmt(s.mean_loss)}</td>
              <td>{s.inaccuracies}</td>
              <td>{s.mistakes}</td>
              <td>{s.blunders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** One decision: the choice made, the best, and every choice with its estimate. */
export function DecisionView(props: { t: T; d: Decision; name: string }) {
  const { t, d } = props;
  const chosen = d.choices[d.chosen];
  return (
    <div class="decision" data-testid="analysis-decision">
      <p>
        {t('analysis.played', { name: props.name, choice: choiceText(t, chosen.label) })}
        {d.chosen > 0 && (
          <>
            {' · '}
            {t('analysis.best', { choice: choiceText(t, d.choices[0].label) })} · {t('analysis.loss', { loss: fmt(d.loss) })}
          </>
        )}{' '}
        <MarkTag t={t} mark={d.mark} />
      </p>
      <Choices t={t} choices={d.choices} chosen={d.chosen} />
    </div>
  );
}

/** Every choice with its estimate, best first; the one made stands out. */
export function Choices(props: { t: T; choices: Choice[]; chosen?: number }) {
  const { t } = props;
  return (
    <table class="choices">
      <thead>
        <tr>
          <th>{t('analysis.choice')}</th>
          <th>{t('analysis.estimate')}</th>
        </tr>
      </thead>
      <tbody>
        {props.choices.map((c, k) => (
          <tr key={k} class={`${k === 0 ? 'best' : ''}${k === props.chosen ? ' chosen' : ''}`}>
            <td>{choiceText(t, c.label)}</td>
            <td>{fmt(c.estimate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
