/** The From and To days of a custom date range; `idPrefix` keeps the ids unique on a page. */
export function CustomDays({
  idPrefix,
  from,
  to,
  onChange,
}: {
  idPrefix: string;
  from: string;
  to: string;
  onChange: (days: { from?: string; to?: string }) => void;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-from`} className="field-label">
          From
        </label>
        <input
          id={`${idPrefix}-from`}
          type="date"
          className="field-input"
          value={from}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-to`} className="field-label">
          To
        </label>
        <input
          id={`${idPrefix}-to`}
          type="date"
          className="field-input"
          value={to}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
    </>
  );
}
