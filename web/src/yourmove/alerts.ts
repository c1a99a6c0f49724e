// The page's alerts of a new wait: the count in the page title and on the app icon
// (`navigator.setAppBadge` where it exists), and, if the player turned them on in this browser
// (remembered in localStorage), a sound and the browser's notification while the tab is in the
// background. Permission is asked for only when the player turns notifications on.

import { useEffect, useRef } from 'preact/hooks';
import type { Client } from '../client';
import { tFor } from '../i18n';
import { gameTitle } from '../options';
import type { YourMove } from '../protocol';
import { fresh, pageTitle, timeLeft } from './words';

export const SOUND_KEY = 'nimmt.alerts.sound';
export const NOTIFY_KEY = 'nimmt.alerts.notify';

export interface AlertSettings {
  sound: boolean;
  notify: boolean;
}

export function readSettings(storage: Pick<Storage, 'getItem'>): AlertSettings {
  return { sound: storage.getItem(SOUND_KEY) === 'on', notify: storage.getItem(NOTIFY_KEY) === 'on' };
}

export function saveSetting(storage: Pick<Storage, 'setItem'>, key: string, on: boolean) {
  storage.setItem(key, on ? 'on' : 'off');
}

/** A short two-note chime made by the page (no sound file to load). */
export function chime() {
  const Ctx = (window as unknown as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    [660, 880].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const at = ctx.currentTime + i * 0.16;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.32);
    });
    setTimeout(() => void ctx.close(), 1000);
  } catch {
    // No sound where the browser refuses audio without a gesture.
  }
}

function notify(client: Client, m: YourMove) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const t = tFor(client.lang);
  const body = t('alerts.notification', {
    id: m.table,
    game: gameTitle(client.state.games, m.game, client.lang),
    left: timeLeft(t, m.deadline_ms, Date.now()),
  });
  try {
    const n = new Notification(t('yourmove.title'), { body, tag: `table-${m.table}`, icon: '/icon-192.png' });
    n.onclick = () => {
      window.focus();
      window.location.hash = `#/table/${m.table}`;
      n.close();
    };
  } catch {
    // Some mobile browsers only show notifications through the service worker (Web Push does).
  }
}

/** Keeps the title and the badge at the count, and alerts on each new wait. */
export function useYourMoveAlerts(client: Client, baseTitle: string) {
  const list = client.state.yourMove;
  const seen = useRef<YourMove[] | null>(null);
  useEffect(() => {
    document.title = pageTitle(baseTitle, list.length);
    const nav = navigator as Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
    if (list.length > 0) nav.setAppBadge?.(list.length).catch(() => {});
    else nav.clearAppBadge?.().catch(() => {});
    // The first list after loading the page is no news.
    const before = seen.current;
    seen.current = list;
    if (before === null) return;
    const added = fresh(before, list);
    if (added.length === 0) return;
    const settings = readSettings(window.localStorage);
    if (settings.sound) chime();
    if (settings.notify && document.visibilityState === 'hidden') for (const m of added) notify(client, m);
  }, [list, baseTitle]);
}
