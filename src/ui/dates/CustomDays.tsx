import type { CustomDaysState } from './use-custom-days';

/** The From and To days of a custom date range; `idPrefix` keeps the ids unique on a page. */
export function CustomDays({ idPrefix, days }: { idPrefix: string; days: CustomDaysState }) {
  const ends = [
    ['from', 'From', days.from, days.setFrom],
    ['to', 'To', days.to, days.setTo],
  ] as const;
  return (
    <>
      {ends.map(([end, label, value, set]) => (
        <div key={end}>
          <label htmlFor={`${idPrefix}-${end}`} className="field-label">
            {label}
          </label>
          <input
            id={`${idPrefix}-${end}`}
            type="date"
            className="field-input"
            value={value}
            onChange={(e) => set(e.target.value)}
          />
        </div>
      ))}
    </>
  );
}
