import { useState } from 'react';
import { formatDuration, parseDuration } from '../../lib/duration';
import { Field } from '../../ui/form/Field';

/**
 * The log form's Duration: says how it reads what is typed ("= 1:30") while typing, asks "Did you
 * mean 15 minutes?" for a bare number more likely meant as minutes, and shows a problem as soon
 * as the field is left (the form's own check on saving wins).
 */
export function DurationField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const [left, setLeft] = useState(false);
  const parsed = parseDuration(value);
  const shown = error ?? (left && !parsed.ok ? parsed.message : undefined);
  const minutes = parsed.minutesInstead;
  const instead = parsed.ok ? parsed.secondsInstead : undefined;
  return (
    <Field
      label="Duration"
      hint="e.g. 1:30, 1h 30m, 20min or 1.5"
      error={shown}
      after={
        <div aria-live="polite" className="mt-1 text-sm text-slate-700">
          {parsed.ok && value.trim() !== '' ? (
            <span>= {formatDuration(parsed.seconds, 'short')}</span>
          ) : null}
          {minutes !== undefined ? (
            <span className="block">
              Did you mean {minutes} minutes?{' '}
              <button
                type="button"
                className="text-brand-700 underline"
                onClick={() => {
                  setLeft(false);
                  onChange(formatDuration(minutes * 60, 'short'));
                }}
              >
                Use {formatDuration(minutes * 60, 'short')}
              </button>
            </span>
          ) : null}
          {instead !== undefined ? (
            <span className="block">
              Did you mean {formatDuration(instead, 'short')}?{' '}
              <button
                type="button"
                className="text-brand-700 underline"
                onClick={() => {
                  setLeft(false);
                  onChange(formatDuration(instead, 'short'));
                }}
              >
                Use {formatDuration(instead, 'short')}
              </button>
            </span>
          ) : null}
        </div>
      }
    >
      {(p) => (
        <input
          {...p}
          className="field-input"
          value={value}
          onChange={(e) => {
            setLeft(false);
            onChange(e.target.value);
          }}
          onBlur={() => setLeft(true)}
        />
      )}
    </Field>
  );
}
