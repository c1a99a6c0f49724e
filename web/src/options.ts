// Table options from the games' descriptors (the server's welcome): the fields of the lobby's
// form and the host's option form, their limits, defaults and explanations, the create message,
// and the one-line summary of a table's options. The schemas are the server's; this file only
// adds the room's own table options (the timer) and the names people read.

import { DICTS, isKey, type T } from './i18n';
import type { ClientMsg, GameDescriptor, Lang, OptionSchema } from './protocol';
import type { Line } from './store';

/** Options of the room's tables beside every game's own. */
export const TABLE_OPTIONS: OptionSchema[] = [
  { key: 'timer', type: 'number', min: 0, max: 600, default: '0', help: { en: DICTS.en['opt.timer.help'], de: DICTS.de['opt.timer.help'] } },
  { key: 'pace', type: 'choice', values: ['realtime', '1h', '12h', '1d', '2d', '3d'], default: 'realtime', help: { en: DICTS.en['opt.pace.help'], de: DICTS.de['opt.pace.help'] } },
  { key: 'rated', type: 'choice', values: ['yes', 'no'], default: 'yes', help: { en: DICTS.en['opt.rated.help'], de: DICTS.de['opt.rated.help'] } },
  { key: 'hints', type: 'choice', values: ['no', 'yes'], default: 'no', help: { en: DICTS.en['opt.hints.help'], de: DICTS.de['opt.hints.help'] } },
  { key: 'private', type: 'choice', values: ['no', 'yes'], default: 'no', help: { en: DICTS.en['opt.private.help'], de: DICTS.de['opt.private.help'] } },
  { key: 'watchers', type: 'choice', values: ['yes', 'no'], default: 'yes', help: { en: DICTS.en['opt.watchers.help'], de: DICTS.de['opt.watchers.help'] } },
  { key: 'vacation', type: 'choice', values: ['no', 'yes'], default: 'no', help: { en: DICTS.en['opt.vacation.help'], de: DICTS.de['opt.vacation.help'] } },
];

/** Whether a field means anything with the other values chosen: the timer only in real time,
 * vacations only at a turn-based table, the watchers only at a private one. */
export function applies(key: string, values: Record<string, string>): boolean {
  const turnBased = (values.pace ?? 'realtime') !== 'realtime' && (values.pace ?? '') !== '';
  if (key === 'timer') return !turnBased;
  if (key === 'vacation') return turnBased;
  if (key === 'watchers') return values.private === 'yes';
  return true;
}

export const TABLE_OPTION_KEYS = TABLE_OPTIONS.map((o) => o.key);

/** The descriptor of a game, if the server named it. */
export function descriptorOf(games: GameDescriptor[], name: string): GameDescriptor | undefined {
  return games.find((g) => g.name === name);
}

/** A game's title in `lang` (its name when the server did not describe it). */
export function gameTitle(games: GameDescriptor[], name: string, lang: Lang): string {
  return descriptorOf(games, name)?.title[lang] ?? name;
}

/** The fields of a new table of this game: its options, then the table options. */
export function fieldsOf(game: GameDescriptor | undefined): OptionSchema[] {
  return [...(game?.options ?? []), ...TABLE_OPTIONS];
}

/** Every field at its default (empty where leaving it out means something of its own). */
export function defaultsOf(game: GameDescriptor | undefined): Record<string, string> {
  return Object.fromEntries(fieldsOf(game).map((o) => [o.key, o.default ?? '']));
}

/** An option's name for people (the key itself when this client has no name for it). */
export function optionName(t: T, key: string): string {
  const k = `opt.${key}`;
  return isKey(k) ? t(k) : key;
}

/** A choice's name for people (the value itself when this client has no name for it). */
export function valueName(t: T, key: string, value: string): string {
  const k = `opt.${key}.${value}`;
  return isKey(k) ? t(k) : value;
}

/** The one-line explanation of an option, in `lang`. */
export function helpOf(o: OptionSchema, lang: Lang): string {
  return o.help[lang] || o.help.en;
}

/** The fewest and most seats (2–10 for a game the server did not describe). */
export function seatLimits(game: GameDescriptor | undefined): [number, number] {
  return game?.players ?? [2, 10];
}

/** The options that differ from their defaults, split into the game's and the table's. */
function chosen(game: GameDescriptor | undefined, values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of fieldsOf(game)) {
    const v = (values[o.key] ?? '').trim();
    if (v === '' || v === (o.default ?? '')) continue;
    out[o.key] = v;
  }
  return out;
}

/** The message that opens a table of `game` with these field values and seats. */
export function createMessage(game: GameDescriptor, values: Record<string, string>, seats: string): ClientMsg {
  const n = Number(seats);
  return { type: 'create_table', game: game.name, options: chosen(game, values), seats: Number.isInteger(n) && n > 0 ? n : undefined };
}

/** A table's options as one line (`Deals: 1, Hand size: 3`); defaults are left out. */
export function optionSummary(t: T, game: GameDescriptor | undefined, o: Record<string, string>, to: Record<string, string> = {}): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries({ ...o, ...to })) {
    const spec = fieldsOf(game).find((s) => s.key === k);
    if (!spec || v === (spec.default ?? '')) continue;
    parts.push(`${optionName(t, k)}: ${spec.type === 'choice' ? valueName(t, k, v) : v}`);
  }
  return parts.join(', ') || t('lobby.defaults');
}

/** A refused option's line with the option and what it takes worded by this client, from the
 * option's schema (the server's `expected` is in English), when the schema is known. */
export function refusalWorded(t: T, fields: OptionSchema[], line: Line): Line {
  const key = line.params?.key;
  const spec = fields.find((o) => o.key === key);
  if (line.key !== 'options_bad_value' || !spec || !key) return line;
  const expected =
    spec.type === 'number'
      ? t('opt.expectNumber', { min: spec.min, max: spec.max })
      : spec.values.map((v) => valueName(t, key, v)).join(t('opt.or'));
  return { ...line, params: { ...line.params, key: optionName(t, key), expected } };
}

/** The last refusal of an option among `lines` (a table's chat, or the errors not about a
 * table), unless an option was set since (then it is fixed). */
export function optionError(lines: Line[]): Line | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i];
    if (l.from === null && l.key === 'option_set') return null;
    if (l.error && l.key && (l.key === 'bad_options' || l.key.startsWith('options_'))) return l;
  }
  return null;
}
