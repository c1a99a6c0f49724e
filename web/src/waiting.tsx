// A table before its game starts: sit down, start, bots, and for the host a form that sets one
// option (the `option` command, as `/option KEY=VALUE` in the chat says it), built from the game's
// descriptor.

import { useEffect, useRef, useState } from 'preact/hooks';
import { AddBot } from './bots/addbot';
import type { Client } from './client';
import type { TableCommand } from './protocol';
import { serverText, type T } from './i18n';
import { OptionField } from './optionfield';
import { descriptorOf, fieldsOf, optionError, optionName, refusalWorded } from './options';
import type { AtTable } from './store';

export function Waiting(props: { client: Client; t: T; at: AtTable }) {
  const { client, t, at } = props;
  const id = at.info.id;
  const fields = fieldsOf(descriptorOf(client.state.games, at.info.game));
  const current = (k: string) => at.info.options[k] ?? at.info.table_options[k] ?? fields.find((o) => o.key === k)?.default ?? '';
  const [key, setKey] = useState(fields[0]?.key ?? '');
  const [value, setValue] = useState(current(key));
  const spec = fields.find((x) => x.key === key);
  // The form follows the table: an option set by `/option` (or by another tab) shows here. Only a
  // change of the table's value moves the field; choosing another option already set it, and an
  // effect run late must not undo what the host picked since.
  const now = current(key);
  const seen = useRef({ key, now });
  useEffect(() => {
    const before = seen.current;
    seen.current = { key, now };
    if (before.key === key && before.now !== now) setValue(now);
  }, [key, now]);
  const cmd = (c: TableCommand) => client.command(id, c);
  const refused = optionError(at.chat);
  const seated = at.you.role === 'player';
  return (
    <div class="waiting" data-testid="waiting">
      <p>{t('table.waiting', { n: at.info.seats.length })}</p>
      <div class="buttons">
        {!seated && at.info.seats.length < at.info.max_seats && (
          <button type="button" onClick={() => client.send({ type: 'join', table: id, role: 'player' })}>
            {t('table.sitDown')}
          </button>
        )}
        {seated && (
          <>
            <button type="button" class="primary" data-testid="start" onClick={() => cmd({ name: 'start' })}>
              {t('table.start')}
            </button>
            <AddBot t={t} lang={client.lang} game={at.info.game} bots={client.state.bots} chat={at.chat} send={cmd} />
            <button type="button" onClick={() => cmd({ name: 'bot_remove' })}>
              {t('table.removeBot')}
            </button>
          </>
        )}
      </div>
      {at.you.host && spec && (
        <form
          class="setopt"
          onSubmit={(e) => {
            e.preventDefault();
            if (value.trim()) cmd({ name: 'option', key, value: value.trim() });
          }}
        >
          <select
            aria-label={t('lobby.options')}
            value={key}
            onChange={(e) => {
              const k = (e.target as HTMLSelectElement).value;
              setKey(k);
              setValue(current(k));
            }}
          >
            {fields.map((o) => (
              <option key={o.key} value={o.key}>
                {optionName(t, o.key)}
              </option>
            ))}
          </select>
          <OptionField t={t} lang={client.lang} spec={spec} value={value} onChange={setValue} named={false} />
          <button type="submit">{t('table.setOption')}</button>
          {refused && (
            <p class="error optionerror" role="alert" data-testid="option-error">
              {serverText(client.lang, refusalWorded(t, fields, refused))}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
