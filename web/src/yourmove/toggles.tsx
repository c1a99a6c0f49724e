// The switches of the page's alerts (sound, notifications in the background), remembered in this
// browser; turning notifications on asks the browser's permission then, never before.

import { useState } from 'preact/hooks';
import type { T } from '../i18n';
import { NOTIFY_KEY, SOUND_KEY, chime, readSettings, saveSetting } from './alerts';

export function AlertToggles(props: { t: T; compact?: boolean }) {
  const { t } = props;
  const [settings, setSettings] = useState(() => readSettings(window.localStorage));
  const [note, setNote] = useState<string | null>(null);
  const supported = typeof Notification !== 'undefined';
  const setSound = (on: boolean) => {
    saveSetting(window.localStorage, SOUND_KEY, on);
    setSettings({ ...settings, sound: on });
    if (on) chime();
  };
  const setNotify = async (on: boolean) => {
    setNote(null);
    if (on) {
      if (!supported) return setNote(t('alerts.unsupported'));
      const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
      if (permission !== 'granted') {
        saveSetting(window.localStorage, NOTIFY_KEY, false);
        setSettings({ ...settings, notify: false });
        return setNote(t('alerts.denied'));
      }
    }
    saveSetting(window.localStorage, NOTIFY_KEY, on);
    setSettings({ ...settings, notify: on });
  };
  return (
    <div class={`alerttoggles${props.compact ? ' muted' : ''}`} data-testid="alert-toggles">
      <label>
        <input type="checkbox" data-testid="alert-sound" checked={settings.sound} onChange={(e) => setSound((e.target as HTMLInputElement).checked)} />
        <span>{t('alerts.sound')}</span>
      </label>
      <label>
        <input
          type="checkbox"
          data-testid="alert-notify"
          checked={settings.notify}
          disabled={!supported}
          onChange={(e) => void setNotify((e.target as HTMLInputElement).checked)}
        />
        <span>{t('alerts.notify')}</span>
      </label>
      {note && (
        <p class="note error small" role="alert">
          {note}
        </p>
      )}
    </div>
  );
}
