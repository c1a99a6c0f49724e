// Movement on the Brettspiel table: a laid tile slides from where it waited among the revealed
// tiles to its field, and the points a field gave fly from the field to the player's counter on
// the score track. Nothing moves for people who ask for reduced motion.

const places = new Map<number, DOMRect>();

const still = () => typeof window === 'undefined' || !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Remembers where the revealed tiles (`data-queue-tile`) are drawn now. */
export function rememberQueue(root: ParentNode | null) {
  root?.querySelectorAll<HTMLElement>('[data-queue-tile]').forEach((el) => places.set(Number(el.dataset.queueTile), el.getBoundingClientRect()));
}

/** Slides `el` (a tile just laid) from the place tile `n` had among the revealed tiles. */
export function slideFrom(el: HTMLElement | null, n: number, ms: number) {
  const from = places.get(n);
  if (!el || !from || ms <= 0 || typeof el.animate !== 'function' || still()) return;
  const to = el.getBoundingClientRect();
  el.animate([{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(1.15)` }, { transform: 'none' }], { duration: ms, easing: 'ease-out' });
}

/** Flies `text` from `from` to `to` (points to a counter), in `ms` milliseconds. */
export function fly(from: HTMLElement | null, to: HTMLElement | null, text: string, good: boolean, ms: number) {
  if (!from || !to || ms <= 0 || still() || typeof document.body.animate !== 'function') return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  const el = document.createElement('span');
  el.className = `bfly ${good ? 'good' : 'bad'}`;
  el.dataset.testid = 'points-fly';
  el.textContent = text;
  el.style.left = `${a.left + a.width / 2 + window.scrollX}px`;
  el.style.top = `${a.top + a.height / 2 + window.scrollY}px`;
  document.body.appendChild(el);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const run = el.animate(
    [
      { transform: 'translate(-50%, -50%) scale(1.3)', opacity: 1 },
      { transform: 'translate(-50%, -50%) scale(1.3)', opacity: 1, offset: 0.35 },
      { transform: `translate(calc(${dx}px - 50%), calc(${dy}px - 50%)) scale(0.8)`, opacity: 0.6 },
    ],
    { duration: ms, easing: 'ease-in', fill: 'forwards' },
  );
  run.onfinish = () => el.remove();
  window.setTimeout(() => el.remove(), ms + 500);
}
