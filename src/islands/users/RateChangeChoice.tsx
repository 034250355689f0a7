import { useId } from 'react';
import { formatDay, toDay } from '../../lib/day';
import type { RateChangeScope, RatePeriod } from '../../lib/member-rates';
import { formatRate } from '../../lib/money';

interface RateChangeChoiceProps {
  name: string;
  /** The rates before this edit. */
  current: { LoborRate: number; BillableRate: number };
  /** The workspace's currency, which the rates are in. */
  currency: string;
  value: RateChangeScope;
  onChange: (scope: RateChangeScope) => void;
}

/**
 * Asked when an edit changes a member's rates (as Harvest and solidtime ask): from today, so
 * work already done keeps its amounts, or for all time not yet invoiced.
 */
export function RateChangeChoice({
  name,
  current,
  currency,
  value,
  onChange,
}: RateChangeChoiceProps) {
  const id = useId();
  const today = formatDay(toDay(new Date()));
  const options: { scope: RateChangeScope; label: string; hint: string }[] = [
    {
      scope: 'from-today',
      label: `From today (${today})`,
      hint: `Logs before today keep ${formatRate(current.LoborRate, currency)} labour and ${formatRate(current.BillableRate, currency)} billable.`,
    },
    {
      scope: 'all-time',
      label: 'To all time not yet invoiced',
      hint: `Every log of ${name} is costed and billed at the new rates.`,
    },
  ];
  return (
    <fieldset className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3">
      <legend className="field-label px-1 uppercase">Apply the new rates</legend>
      {options.map((option) => (
        <div key={option.scope} className="mb-1">
          <label className="flex items-center gap-2 font-semibold">
            <input
              type="radio"
              name="rate-scope"
              checked={value === option.scope}
              aria-describedby={`${id}-${option.scope}`}
              onChange={() => onChange(option.scope)}
            />
            {option.label}
          </label>
          <p id={`${id}-${option.scope}`} className="ml-6 text-sm text-slate-700">
            {option.hint}
          </p>
        </div>
      ))}
    </fieldset>
  );
}

/** A member's earlier rates in `currency`, newest first, so a change never hides what logs used. */
export function EarlierRates({
  history,
  currency,
}: {
  history: readonly RatePeriod[];
  currency: string;
}) {
  if (history.length === 0) return null;
  return (
    <div className="mb-4">
      <h2 className="field-label uppercase">Earlier rates</h2>
      <ul className="text-sm text-slate-700">
        {[...history].reverse().map((period) => (
          <li key={period.until}>
            Until {formatDay(period.until)}: {formatRate(period.LoborRate, currency)} labour,{' '}
            {formatRate(period.BillableRate, currency)} billable
          </li>
        ))}
      </ul>
    </div>
  );
}
