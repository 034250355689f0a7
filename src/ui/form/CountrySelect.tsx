import { useMemo } from 'react';
import { countryOptions } from '../../lib/countries';
import { Field } from './Field';

/** A country chosen by name, stored as its ISO 3166-1 alpha-2 code ('' for none yet). */
export function CountrySelect({
  label,
  value,
  error,
  hint,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  onChange: (code: string) => void;
}) {
  const options = useMemo(countryOptions, []);
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <select
          {...control}
          className="field-input"
          autoComplete="country"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Not set</option>
          {options.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
