// A laid card slides from where it waited in the queue of revealed cards to its place in the row:
// the queue remembers where its cards are drawn, the row animates its new card from there.

const places = new Map<number, DOMRect>();

/** Remembers where the queue's cards (`data-queue-card`) are drawn now. */
export function rememberQueue(root: ParentNode | null) {
  root?.querySelectorAll<HTMLElement>('[data-queue-card]').forEach((el) => places.set(Number(el.dataset.queueCard), el.getBoundingClientRect()));
}

/** Animates `el` (a card just laid) from the queue place of `card`, in `ms` milliseconds. */
export function slideFrom(el: HTMLElement | null, card: number, ms: number) {
  const from = places.get(card);
  if (!el || !from || ms <= 0 || typeof el.animate !== 'function') return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const to = el.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(1.1)`, zIndex: 5 }, { transform: 'none', zIndex: 5 }], { duration: ms, easing: 'ease-out' });
}
