// The table's Add bot control: the built-in levels and the online bot accounts that play this
// table's game (the server checks the rest and refuses with its reason, shown beside it).

import { useState } from 'preact/hooks';
import { LEVELS } from '../analysis/levels';
import { serverText, type T } from '../i18n';
import type { Lang, OnlineBot, TableCommand } from '../protocol';
import type { Line } from '../store';
import { botsFor } from './list';
import './bots.css';

/** A choice of the list: a level (`strong`) or a bot account (`@Name`). */
export function commandOf(choice: string): TableCommand {
  return choice.startsWith('@') ? { name: 'bot_add', account: choice.slice(1) } : { name: 'bot_add', level: choice };
}

/** The server's refusals of a bot account at a table (besides `bot_declines_*`). */
const REFUSALS = ['bot_unavailable', 'bot_busy', 'bot_not_account'];

/** The last refusal of a bot account at this table, unless a bot sat down since. */
export function botRefusal(lines: Line[]): Line | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i];
    if (l.from === null && !l.error && (l.key === 'bot_added' || l.key === 'bot_account_seated')) return null;
    if (l.error && l.key && (REFUSALS.includes(l.key) || l.key.startsWith('bot_declines_'))) return l;
  }
  return null;
}

export function AddBot(props: { t: T; lang: Lang; game: string; bots: OnlineBot[]; chat: Line[]; send: (c: TableCommand) => void }) {
  const { t } = props;
  const [choice, setChoice] = useState<string>('beginner');
  const accounts = botsFor(props.bots, props.game);
  const refused = botRefusal(props.chat);
  // The refusal shown is the one after the last press.
  const [pressedAt, setPressedAt] = useState(-1);
  const shown = refused && props.chat.lastIndexOf(refused) > pressedAt ? refused : null;
  return (
    <span class="addbot">
      <select aria-label={t('level.label')} data-testid="bot-level" value={choice} onChange={(e) => setChoice((e.target as HTMLSelectElement).value)}>
        <optgroup label={t('bots.levels')}>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`level.${l}`)}
            </option>
          ))}
        </optgroup>
        {accounts.length > 0 && (
          <optgroup label={t('bots.accounts')} data-testid="bot-accounts">
            {accounts.map((b) => (
              <option key={b.player} value={`@${b.name}`}>
                {b.name} ({t('bots.mark')})
              </option>
            ))}
          </optgroup>
        )}
      </select>
      <button
        type="button"
        data-testid="add-bot"
        onClick={() => {
          setPressedAt(props.chat.length - 1);
          props.send(commandOf(choice));
        }}
      >
        {t('table.addBot')}
      </button>
      {shown && (
        <span class="error" role="alert" data-testid="bot-refused">
          {' '}
          {serverText(props.lang, shown)}
        </span>
      )}
    </span>
  );
}
