// The bot mark: one small tag after the name of a bot account, wherever the name appears (seats,
// the result, chat lines, the lobby's bot list, profiles, leaderboards, the ladder).

import type { T } from '../i18n';
import './bots.css';

export function BotMark(props: { t: T }) {
  const { t } = props;
  return (
    <span class="botmark" title={t('bots.markTitle')} aria-label={t('bots.markTitle')} data-testid="bot-mark">
      {t('bots.mark')}
    </span>
  );
}

/** A name, with the bot mark when it is a bot account's. */
export function NameWithMark(props: { t: T; name: string; bot?: boolean }) {
  return (
    <>
      {props.name}
      {props.bot && (
        <>
          {' '}
          <BotMark t={props.t} />
        </>
      )}
    </>
  );
}
