// A rating's course as an inline SVG line: one point per rated game, the newest on the right; from
// the start value (a new player's rating, a hollow dot) when the points reach back to it.

import type { ChartPoint } from './api';

export function RatingChart(props: { points: ChartPoint[]; start?: number; label: string }) {
  const points = props.start !== undefined ? [{ seq: 0, at: 0, rating: props.start }, ...props.points] : props.points;
  if (points.length < 2) return null;
  const w = 320;
  const h = 120;
  const pad = 24;
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = Math.max(hi - lo, 20);
  // The axis labels (four digits) stand left of the first point.
  const left = 34;
  const x = (i: number) => left + (i * (w - left - pad)) / (points.length - 1);
  const y = (v: number) => h - pad / 2 - ((v - lo) * (h - pad)) / span;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  return (
    <figure class="ratingchart">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={props.label} data-testid="rating-chart">
        <line x1={left} x2={w - pad} y1={y(hi)} y2={y(hi)} class="grid" />
        <line x1={left} x2={w - pad} y1={y(lo)} y2={y(lo)} class="grid" />
        <text x={2} y={y(hi) + 4} class="axis">
          {hi}
        </text>
        <text x={2} y={y(lo) + 4} class="axis">
          {lo}
        </text>
        {props.start !== undefined && props.start !== hi && props.start !== lo && (
          <text x={2} y={y(props.start) + 4} class="axis">
            {props.start}
          </text>
        )}
        <path d={line} class="course" />
        {props.start !== undefined && <circle cx={x(0)} cy={y(props.start)} r={3} class="start" data-testid="chart-start" />}
        <circle cx={x(points.length - 1)} cy={y(values[values.length - 1])} r={3} class="now" />
      </svg>
      <figcaption class="muted small">{props.label}</figcaption>
    </figure>
  );
}
