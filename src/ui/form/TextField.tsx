import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './Field';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id' | 'className'
>;

interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  after?: ReactNode;
}

/** A labelled one-line input with its hint and error beside it: the common case of Field. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  after,
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} after={after}>
      {(control) => (
        <input
          {...input}
          {...control}
          className="field-input disabled:bg-slate-100"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
