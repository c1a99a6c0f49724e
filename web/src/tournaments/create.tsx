// The form that creates a tournament: name, game, format (Swiss rounds or how many go on in an
// elimination), seats per table, the start (in N minutes or at a time), rated, by invitation,
// bots filling seats, and the game's options with the pace and timer (the same fields as a
// table's). A mistake is said beside its field; the server's refusal under the form.

import { useState } from 'preact/hooks';
import type { Client } from '../client';
import type { T } from '../i18n';
import { OptionField } from '../optionfield';
import { applies, descriptorOf, TABLE_OPTIONS } from '../options';
import type { GameDescriptor, OptionSchema } from '../protocol';
import { createTournament, tournamentHash } from './api';
import { defaultFields, setupOf, tableLimits, TOURNAMENT_GAMES, type SetupErrors, type SetupFields } from './words';

/** The options every tournament table has beside the game's own: the pace and the timer. */
const TABLE_KEYS = ['pace', 'timer'];

export function optionFields(game: GameDescriptor | undefined): OptionSchema[] {
  return [...(game?.options ?? []), ...TABLE_OPTIONS.filter((o) => TABLE_KEYS.includes(o.key))];
}

export function CreateTournament(props: { client: Client; t: T; go: (hash: string) => void; onCancel: () => void }) {
  const { client, t } = props;
  const games = client.state.games.filter((g) => TOURNAMENT_GAMES.includes(g.name));
  const [f, setF] = useState<SetupFields>(() => defaultFields(games[0]?.name ?? 'classic'));
  const [errors, setErrors] = useState<SetupErrors>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const game = descriptorOf(games, f.game);
  const [lo, hi] = tableLimits(game);
  const set = (patch: Partial<SetupFields>) => {
    setF({ ...f, ...patch });
    setRefused(null);
  };
  const values: Record<string, string> = { ...Object.fromEntries(optionFields(game).map((o) => [o.key, o.default ?? ''])), ...f.options };
  const submit = async (e: Event) => {
    e.preventDefault();
    // Only what differs from the defaults is sent (the tables take the rest).
    const options = Object.fromEntries(optionFields(game).filter((o) => applies(o.key, values) && values[o.key] !== (o.default ?? '')).map((o) => [o.key, values[o.key]]));
    const made = setupOf(t, { ...f, options }, game, Date.now());
    if ('errors' in made) {
      setErrors(made.errors);
      return;
    }
    setErrors({});
    setSending(true);
    const answer = await createTournament(made.setup, client.lang, t('tour.failed'));
    setSending(false);
    if ('error' in answer) setRefused(answer.error);
    else props.go(tournamentHash(answer.id));
  };
  const err = (k: keyof SetupFields) =>
    errors[k] && (
      <small class="error" role="alert" data-testid={`tour-error-${k}`}>
        {errors[k]}
      </small>
    );
  return (
    <form class="tourform" onSubmit={submit} data-testid="tournament-form" aria-label={t('tour.form.title')}>
      <h3>{t('tour.form.title')}</h3>
      <label class="opt wide">
        <span class="optname">{t('tour.name')}</span>
        <input name="name" value={f.name} maxLength={60} onInput={(e) => set({ name: (e.target as HTMLInputElement).value })} />
        {err('name')}
      </label>
      <label class="opt">
        <span class="optname">{t('tour.game')}</span>
        <select name="game" value={f.game} onChange={(e) => set({ game: (e.target as HTMLSelectElement).value, options: {} })}>
          {games.map((g) => (
            <option key={g.name} value={g.name}>
              {g.title[client.lang]}
            </option>
          ))}
        </select>
        {err('game')}
      </label>
      <label class="opt">
        <span class="optname">{t('tour.form.kind')}</span>
        <select name="kind" value={f.kind} onChange={(e) => set({ kind: (e.target as HTMLSelectElement).value as SetupFields['kind'] })}>
          <option value="swiss">{t('tour.form.swiss')}</option>
          <option value="elimination">{t('tour.form.elimination')}</option>
        </select>
      </label>
      {f.kind === 'swiss' ? (
        <label class="opt">
          <span class="optname">{t('tour.form.rounds')}</span>
          <input name="rounds" type="number" min={1} max={20} value={f.rounds} onInput={(e) => set({ rounds: (e.target as HTMLInputElement).value })} />
          <small class="muted">{t('tour.form.roundsHelp')}</small>
          {err('rounds')}
        </label>
      ) : (
        <label class="opt">
          <span class="optname">{t('tour.form.advance')}</span>
          <input name="advance" type="number" min={1} max={4} value={f.advance} onInput={(e) => set({ advance: (e.target as HTMLInputElement).value })} />
          <small class="muted">{t('tour.form.advanceHelp')}</small>
          {err('advance')}
        </label>
      )}
      <label class="opt">
        <span class="optname">{t('tour.form.tableSize')}</span>
        <input name="table_size" type="number" min={lo} max={hi} value={f.tableSize} onInput={(e) => set({ tableSize: (e.target as HTMLInputElement).value })} />
        <small class="muted">{t('tour.form.tableSizeHelp', { min: lo, max: hi })}</small>
        {err('tableSize')}
      </label>
      <div class="opt">
        <span class="optname">{t('tour.start')}</span>
        <span class="startrow">
          <label>
            {t('tour.form.startIn')}{' '}
            <input name="start_in" type="number" min={1} value={f.startIn} style="width: 5em" onInput={(e) => set({ startIn: (e.target as HTMLInputElement).value, startAt: '' })} />
          </label>{' '}
          <label>
            {t('tour.form.startAt')}{' '}
            <input name="start_at" type="datetime-local" value={f.startAt} onInput={(e) => set({ startAt: (e.target as HTMLInputElement).value })} />
          </label>
        </span>
        <small class="muted">{t('tour.form.startHelp')}</small>
        {err('startIn')}
      </div>
      <Check name="rated" label={t('tour.form.rated')} help={t('tour.form.ratedHelp')} value={f.rated} onChange={(v) => set({ rated: v })} />
      <Check name="invitation" label={t('tour.form.invitation')} help={t('tour.form.invitationHelp')} value={f.invitation} onChange={(v) => set({ invitation: v })} />
      <Check name="bots_fill" label={t('tour.form.botsFill')} help={t('tour.form.botsFillHelp')} value={f.botsFill} onChange={(v) => set({ botsFill: v })} />
      <h4 class="wide">{t('tour.form.options')}</h4>
      {optionFields(game)
        .filter((o) => applies(o.key, values))
        .map((o) => (
          <label key={`${f.game}.${o.key}`} class="opt">
            <OptionField t={t} lang={client.lang} spec={o} value={values[o.key] ?? ''} onChange={(v) => set({ options: { ...f.options, [o.key]: v } })} />
          </label>
        ))}
      <div class="buttons wide">
        <button type="submit" class="primary" data-testid="tournament-create" disabled={sending}>
          {sending ? t('tour.form.sending') : t('tour.form.go')}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t('tour.form.cancel')}
        </button>
      </div>
      {refused && (
        <p class="error wide" role="alert" data-testid="tournament-refused">
          {refused}
        </p>
      )}
    </form>
  );
}

function Check(props: { name: string; label: string; help: string; value: boolean; onChange: (v: boolean) => void }) {
  return (
    <label class="opt check">
      <span>
        <input type="checkbox" name={props.name} checked={props.value} onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)} /> <b>{props.label}</b>
      </span>
      <small class="muted">{props.help}</small>
    </label>
  );
}
