import { useState } from 'react';
import { createShareLink, revokeShareLink, type SavedReport } from '../../stores/saved-reports';
import { formatDay } from '../../lib/day';

const durations = [7, 30, 90] as const;

/**
 * The public links of a saved report: make one (how long it works, and whether it shows money),
 * copy it, and withdraw any of them.
 */
export function ShareLinks({
  report,
  seesAmounts,
  onChange,
}: {
  report: SavedReport;
  seesAmounts: boolean;
  onChange: (message: string) => void;
}) {
  const [days, setDays] = useState<number>(30);
  const [withAmounts, setWithAmounts] = useState(false);
  const [made, setMade] = useState('');

  async function create() {
    const result = await createShareLink(report.id, days, seesAmounts && withAmounts);
    if (!result.ok) return onChange(`No link made: ${result.message}`);
    setMade(result.link);
    onChange('Link made. Anyone with it can read this report until it expires or you withdraw it.');
  }

  async function revoke(id: string) {
    const result = await revokeShareLink(id);
    onChange(result.ok ? 'Link withdrawn: it no longer opens the report.' : result.message);
  }

  const live = report.shares.filter((s) => !s.revokedAt);
  return (
    <div className="mt-3">
      <p className="mb-1 font-semibold">Share a read-only link</p>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="share-days" className="field-label">
            Works for
          </label>
          <select
            id="share-days"
            className="field-input"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          >
            {durations.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </div>
        {seesAmounts ? (
          <label className="flex items-center gap-2 pb-2">
            <input
              type="checkbox"
              checked={withAmounts}
              onChange={(e) => setWithAmounts(e.target.checked)}
            />
            Show billable amounts and costs
          </label>
        ) : null}
        <button type="button" className="btn-secondary" onClick={() => void create()}>
          Create link
        </button>
      </div>
      {made ? (
        <div className="mt-2">
          <label htmlFor="share-made" className="field-label">
            New link
          </label>
          <input
            id="share-made"
            className="field-input"
            readOnly
            value={made}
            onFocus={(e) => e.target.select()}
          />
        </div>
      ) : null}
      {live.length ? (
        <ul aria-label="Links to this report" className="mt-2 space-y-1">
          {live.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2">
              <span>
                Link {s.withAmounts ? 'with amounts' : 'without amounts'},{' '}
                {linkState(s, new Date())}
              </span>
              <button
                type="button"
                className="text-brand-700 underline"
                aria-label={`Withdraw the link ${linkState(s, new Date())}`}
                onClick={() => void revoke(s.id)}
              >
                Withdraw
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** When a link stops working, for the list of links. */
function linkState(share: { expiresAt: string; revokedAt: string | null }, now: Date) {
  if (share.revokedAt) return 'withdrawn';
  const ends = share.expiresAt.slice(0, 10);
  return new Date(share.expiresAt) <= now
    ? `expired ${formatDay(ends)}`
    : `until ${formatDay(ends)}`;
}
