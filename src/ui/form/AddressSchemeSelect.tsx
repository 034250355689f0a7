import { addressSchemes } from '../../lib/e-invoice-profile';
import { Field } from './Field';

/** The scheme (EAS) of an electronic address, by code and name ('' for none chosen). */
export function AddressSchemeSelect({
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
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <select
          {...control}
          className="field-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Not set</option>
          {addressSchemes.map((s) => (
            <option key={s.code} value={s.code}>
              {s.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
