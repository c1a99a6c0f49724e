// A tip opened by a tap closes on the next tap anywhere (or Escape), so it never stays over the
// board; a tap on `keep` (the thing that opened it) is left to that thing's own handler.

import { useEffect } from 'preact/hooks';

export function useCloseOnTap(open: boolean, close: () => void, keep: (target: Element) => boolean) {
  useEffect(() => {
    if (!open) return;
    const down = (e: Event) => {
      const el = e.target instanceof Element ? e.target : null;
      if (!el || !keep(el)) close();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('keydown', key);
    };
  }, [open]);
}
