// A card's bull heads drawn as inline SVG (no emoji font needed): one head per bull, in the
// colour of the card's count (1, 2, 3, 5, 7), set by the card's class in style.css.

/** One bull's head: horns, ears, the face and its nostrils; `currentColor` fills it. */
function Bull() {
  return (
    <svg class="bull" viewBox="0 0 32 28" aria-hidden="true" focusable="false">
      <path d="M3 3 Q4 11 11 10 M29 3 Q28 11 21 10" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" />
      <ellipse cx="6.5" cy="13" rx="4" ry="2.2" fill="currentColor" />
      <ellipse cx="25.5" cy="13" rx="4" ry="2.2" fill="currentColor" />
      <path d="M10 9 Q16 6.5 22 9 L21.5 19 Q21 26 16 26 Q11 26 10.5 19 Z" fill="currentColor" />
      <circle cx="13.6" cy="21.5" r="1.3" fill="#fff" />
      <circle cx="18.4" cy="21.5" r="1.3" fill="#fff" />
    </svg>
  );
}

/** `n` bull heads in rows (7 as 4 over 3, 5 as 3 over 2). */
export function Bulls(props: { n: number }) {
  return (
    <span class={`heads n${props.n}`} aria-hidden="true">
      {Array.from({ length: props.n }, (_, i) => (
        <Bull key={i} />
      ))}
    </span>
  );
}
