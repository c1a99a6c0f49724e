// One option as a form field, from its schema: a choice as a list, a number as a number field
// with the schema's limits; its name, and its explanation in the UI language under it.

import type { T } from './i18n';
import { helpOf, optionName, valueName } from './options';
import type { Lang, OptionSchema } from './protocol';

export function OptionField(props: { t: T; lang: Lang; spec: OptionSchema; value: string; onChange: (v: string) => void; named?: boolean }) {
  const { t, spec: o } = props;
  const label = optionName(t, o.key);
  return (
    <>
      {props.named !== false && <span class="optname">{label}</span>}
      {o.type === 'choice' ? (
        <select name={o.key} aria-label={label} value={props.value} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}>
          {o.values.map((c) => (
            <option key={c} value={c}>
              {valueName(t, o.key, c)}
            </option>
          ))}
        </select>
      ) : (
        <input
          name={o.key}
          aria-label={label}
          type="number"
          min={o.min}
          max={o.max}
          value={props.value}
          onInput={(e) => props.onChange((e.target as HTMLInputElement).value)}
        />
      )}
      <small class="muted" data-testid={`help-${o.key}`}>
        {helpOf(o, props.lang)}
      </small>
    </>
  );
}
